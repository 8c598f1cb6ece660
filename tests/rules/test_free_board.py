"""Free board (rules.md): players and teams, the rest of `per_deal`, the end by target or deals, the lowest
first, negative points, every refusal by its field and words, and the command line. Numbers by hand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scorekeeper import rules
from scorekeeper.rules import InvalidDeal, score_game
from scorekeeper.rules.__main__ import run
from scorekeeper.rules.base import GameResult, Placing
from scorekeeper.rules.free_board import VARIANT

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Anna", "Beat", "Cla", "Dora"]
SIX = ["Anna", "Beat", "Cla", "Dora", "Edi", "Fritz"]
THREE = ["Anna", "Beat", "Cla"]


def play(seats: list[str], entries: list[Any], /, **settings: Any) -> GameResult:
    return score_game("free_board", seats, settings, entries)


def refusal(seats: list[str], entries: list[Any], /, **settings: Any) -> tuple[int | None, str, str]:
    with pytest.raises(InvalidDeal) as caught:
        play(seats, entries, **settings)
    return caught.value.deal, caught.value.field, caught.value.message


def points(**by_side: int) -> dict[str, Any]:
    return {"points": by_side}


# ---- the facts -------------------------------------------------------------------------------------


def test_the_variants_facts() -> None:
    assert VARIANT.key == "free_board"
    assert VARIANT.name == "Free board"
    assert VARIANT.player_counts == (2, 3, 4, 5, 6, 7, 8)
    assert VARIANT.teams == {}
    assert VARIANT.defaults == {
        "sides": "players",
        "negative": False,
        "per_deal": None,
        "target": 1000,
        "deals": None,
        "lowest_wins": False,
    }
    assert list(rules.VARIANT_MODULES)[-1] == "free_board"


def test_the_presets_are_a_bieter_board_and_a_game_to_21_lowest_first() -> None:
    bieter = VARIANT.presets["157 a deal, teams, to 1000"]
    assert (bieter["sides"], bieter["per_deal"], bieter["target"]) == ("teams", 157, 1000)
    low = VARIANT.presets["players, to 21, lowest wins"]
    assert (low["sides"], low["target"], low["lowest_wins"]) == ("players", 21, True)
    for preset in VARIANT.presets.values():
        play(FOUR, [], **preset)


def test_a_games_teams_and_side_of_seat_follow_its_settings() -> None:
    teams = {"sides": "teams"}
    assert rules.game_teams("free_board", teams, 4) == {"A": (0, 2), "B": (1, 3)}
    assert rules.game_teams("free_board", teams, 6) == {"A": (0, 3), "B": (1, 4), "C": (2, 5)}
    assert rules.game_teams("free_board", {}, 4) == {}
    assert rules.game_teams("free_board", teams, 5) == {}
    assert rules.game_teams("schieber", None, 4) == {"A": (0, 2), "B": (1, 3)}
    assert [rules.side_of_seat("free_board", seat, name, teams, 6) for seat, name in enumerate(SIX, 1)] == [
        "A",
        "B",
        "C",
        "A",
        "B",
        "C",
    ]
    assert rules.side_of_seat("free_board", 2, "Beat", {}, 4) == "Beat"
    assert rules.side_of_seat("schieber", 2, "Beat") == "B"
    assert rules.game_lowest_wins("free_board", {"lowest_wins": True}) is True
    assert rules.game_lowest_wins("free_board", None) is False
    assert rules.game_lowest_wins("jazz", None) is True


# ---- players ---------------------------------------------------------------------------------------


def test_players_write_their_points_and_a_side_left_out_scored_0() -> None:
    # Anna 30 + 0 = 30, Beat 0 + 45 = 45, Cla 12 + 12 = 24: Beat first
    result = play(THREE, [points(Anna=30, Cla=12), points(Beat=45, Cla=12)])
    assert result.sides == ("Anna", "Beat", "Cla")
    assert [deal.scores for deal in result.deals] == [
        {"Anna": 30, "Beat": 0, "Cla": 12},
        {"Anna": 0, "Beat": 45, "Cla": 12},
    ]
    assert result.totals == {"Anna": 30, "Beat": 45, "Cla": 24}
    assert result.ranking == (Placing("Beat", 1, 45), Placing("Anna", 2, 30), Placing("Cla", 3, 24))
    assert (result.finished, result.winner) == (False, None)
    assert result.state == {"deals_left": None, "target": 1000, "per_deal": None}


def test_eight_players_and_two_players_are_a_game() -> None:
    eight = [*SIX, "Gret", "Hans"]
    assert play(eight, [points(Hans=7)]).totals["Hans"] == 7
    assert play(["Anna", "Beat"], [points(Anna=3)]).totals == {"Anna": 3, "Beat": 0}


def test_the_game_ends_in_the_deal_a_side_reaches_the_target() -> None:
    # to 21: Anna 10, then 10 + 11 = 21 reaches it in deal 2; Beat 20 stays below
    result = play(["Anna", "Beat"], [points(Anna=10, Beat=12), points(Anna=11, Beat=8)], target=21)
    assert result.totals == {"Anna": 21, "Beat": 20}
    assert (result.finished, result.winner) == (True, "Anna")
    assert refusal(["Anna", "Beat"], [points(Anna=21), points(Beat=1)], target=21) == (
        2,
        "game",
        "The game ended with deal 1: no more deals.",
    )


def test_equal_totals_at_the_target_share_the_first_rank_and_nobody_wins() -> None:
    result = play(["Anna", "Beat"], [points(Anna=21, Beat=21)], target=21)
    assert result.ranking == (Placing("Anna", 1, 21), Placing("Beat", 1, 21))
    assert (result.finished, result.winner) == (True, None)


def test_a_number_of_deals_ends_the_game_and_the_target_is_ignored() -> None:
    # 2 deals, target 5 ignored: Anna 9 + 1 = 10, Beat 0 + 2 = 2
    entries = [points(Anna=9), points(Anna=1, Beat=2)]
    first = play(["Anna", "Beat"], entries[:1], deals=2, target=5)
    assert (first.finished, first.state) == (False, {"deals_left": 1, "target": None, "per_deal": None})
    result = play(["Anna", "Beat"], entries, deals=2, target=5)
    assert result.totals == {"Anna": 10, "Beat": 2}
    assert (result.finished, result.winner, result.state["deals_left"]) == (True, "Anna", 0)
    assert refusal(["Anna", "Beat"], [*entries, points(Beat=1)], deals=2) == (
        3,
        "game",
        "The game ended with deal 2: no more deals.",
    )
    # the target ignored, so not checked either: a blank target box beside a number of deals is no mistake
    assert play(["Anna", "Beat"], entries, deals=2, target=None).totals == {"Anna": 10, "Beat": 2}


def test_lowest_wins_ranks_the_lowest_total_first_when_someone_reaches_21() -> None:
    # Anna 5 + 17 = 22 reaches 21 and loses; Cla 3 + 4 = 7 wins, Beat 8 + 0 = 8 second
    entries = [points(Anna=5, Beat=8, Cla=3), points(Anna=17, Cla=4)]
    result = play(THREE, entries, **VARIANT.presets["players, to 21, lowest wins"])
    assert result.ranking == (Placing("Cla", 1, 7), Placing("Beat", 2, 8), Placing("Anna", 3, 22))
    assert (result.finished, result.winner) == (True, "Cla")


def test_negative_points_count_when_the_club_allows_them() -> None:
    # Anna -50 + 20 = -30, Beat 80 - 100000 = -99920
    result = play(["Anna", "Beat"], [points(Anna=-50, Beat=80), points(Anna=20, Beat=-100000)], negative=True)
    assert result.totals == {"Anna": -30, "Beat": -99920}
    assert result.ranking[0] == Placing("Anna", 1, -30)


# ---- teams -----------------------------------------------------------------------------------------


def test_teams_of_four_with_157_a_deal_the_side_left_out_gets_the_rest() -> None:
    # 157 a deal, to 1000: A 100 (B 157 - 100 = 57); B 120 (A 37); A 157, B 0 written
    preset = VARIANT.presets["157 a deal, teams, to 1000"]
    result = play(FOUR, [points(A=100), points(B=120), points(A=157, B=0)], **preset)
    assert result.sides == ("A", "B")
    assert [deal.scores for deal in result.deals] == [
        {"A": 100, "B": 57},
        {"A": 37, "B": 120},
        {"A": 157, "B": 0},
    ]
    assert [deal.details["rest"] for deal in result.deals] == ["B", "A", None]
    assert result.totals == {"A": 294, "B": 177}
    assert result.state == {"deals_left": None, "target": 1000, "per_deal": 157}


def test_teams_of_six_are_three_sides_and_the_rest_goes_to_the_one_left_out() -> None:
    # per deal 90: A 40, B 20, C gets 30; then A 90 alone is refused (B and C both left out: total 90 fits)
    result = play(SIX, [points(A=40, B=20), points(A=90)], sides="teams", per_deal=90, target=120)
    assert result.sides == ("A", "B", "C")
    assert [deal.scores for deal in result.deals] == [{"A": 40, "B": 20, "C": 30}, {"A": 90, "B": 0, "C": 0}]
    assert result.totals == {"A": 130, "B": 20, "C": 30}
    assert (result.finished, result.winner) == (True, "A")


def test_a_team_game_reaching_1000() -> None:
    # seven deals: A 157 x 6 = 942, then A 60: 1002 reaches 1000 in deal 7; B 97
    entries = [points(A=157)] * 6 + [points(A=60)]
    result = play(FOUR, entries, **VARIANT.presets["157 a deal, teams, to 1000"])
    assert result.totals == {"A": 1002, "B": 97}
    assert (result.finished, result.winner) == (True, "A")


# ---- refusals --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "seats", "expected"),
    [
        ({"sides": "teams"}, THREE, (None, "sides", "Teams need 4 or 6 players, not 3.")),
        ({"sides": "teams"}, [*FOUR, "Edi"], (None, "sides", "Teams need 4 or 6 players, not 5.")),
        ({"sides": "pairs"}, FOUR, (None, "sides", 'The sides must be "players" or "teams".')),
        (
            {"negative": "yes"},
            FOUR,
            (None, "negative", "Whether points may be negative must be true or false."),
        ),
        (
            {"lowest_wins": 1},
            FOUR,
            (None, "lowest_wins", "Whether the lowest total wins must be true or false."),
        ),
        (
            {"per_deal": -1},
            FOUR,
            (None, "per_deal", "The points of every deal must be a whole number from 0 to 100000."),
        ),
        ({"deals": 0}, FOUR, (None, "deals", "The number of deals must be a whole number from 1 to 100.")),
        ({"target": 0}, FOUR, (None, "target", "The target must be a whole number from 1 to 1000000.")),
        ({"target": None}, FOUR, (None, "target", "The target must be a whole number from 1 to 1000000.")),
        ({"name": "Bieter"}, FOUR, (None, "name", "Unknown setting 'name' for free_board.")),
    ],
)
def test_a_bad_setting_is_refused_on_its_own_field(
    settings: dict[str, Any], seats: list[str], expected: tuple[Any, str, str]
) -> None:
    assert refusal(seats, [], **settings) == expected


def test_seats_are_two_to_eight() -> None:
    assert refusal(["Anna"], []) == (
        None,
        "seats",
        "This variant needs 2 or 3 or 4 or 5 or 6 or 7 or 8 players, not 1.",
    )
    assert refusal([*SIX, "Gret", "Hans", "Ida"], [])[1] == "seats"


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ({}, "Enter the points of at least one side."),
        (points(), "Enter the points of at least one side."),
        ({"points": [3]}, "Points must map each side to a number."),
        (points(Zed=3), "Points: 'Zed' is not in this game."),
        (points(Anna=-1), "The points of Anna must be a whole number from 0 to 100000."),
        (points(Anna=100001), "The points of Anna must be a whole number from 0 to 100000."),
        ({"points": {"Anna": "12"}}, "The points of Anna must be a whole number from 0 to 100000."),
        ({"points": {"Anna": 1.5}}, "The points of Anna must be a whole number from 0 to 100000."),
        ({"points": {"Anna": True}}, "The points of Anna must be a whole number from 0 to 100000."),
    ],
)
def test_a_bad_deal_of_players_is_refused_on_points(entry: dict[str, Any], expected: str) -> None:
    assert refusal(THREE, [points(Beat=3), entry]) == (2, "points", expected)


def test_an_unknown_field_is_refused() -> None:
    assert refusal(THREE, [{"points": {"Anna": 3}, "trump": "hearts"}]) == (
        1,
        "trump",
        "Unknown field 'trump' in this deal.",
    )


def test_negative_points_are_in_range_only_with_negative() -> None:
    assert refusal(THREE, [points(Anna=-100001)], negative=True) == (
        1,
        "points",
        "The points of Anna must be a whole number from -100000 to 100000.",
    )


def test_a_team_game_refuses_a_player_name_and_names_the_team() -> None:
    assert refusal(FOUR, [points(Anna=3)], sides="teams") == (
        1,
        "points",
        "Points: 'Anna' is not in this game.",
    )
    assert refusal(FOUR, [points(C=3)], sides="teams") == (1, "points", "Points: 'C' is not in this game.")
    assert refusal(FOUR, [points(B=-3)], sides="teams") == (
        1,
        "points",
        "The points of team B must be a whole number from 0 to 100000.",
    )


def test_per_deal_refuses_a_total_that_does_not_match() -> None:
    # both written: 100 + 50 = 150, not 157
    assert refusal(FOUR, [points(A=100, B=50)], sides="teams", per_deal=157) == (
        1,
        "points",
        "The points of a deal must total 157; these total 150.",
    )
    # six seats, two left out: A 100 is not 157
    assert refusal(SIX, [points(A=100)], sides="teams", per_deal=157) == (
        1,
        "points",
        "The points of a deal must total 157; these total 100.",
    )


def test_the_rest_is_refused_when_negative_without_negative() -> None:
    # A 160 leaves 157 - 160 = -3 for B
    assert refusal(FOUR, [points(A=160)], sides="teams", per_deal=157) == (
        1,
        "points",
        "These points total 160, more than the 157 of a deal: nothing is left for team B.",
    )
    assert refusal(THREE, [points(Anna=100, Beat=60)], per_deal=157) == (
        1,
        "points",
        "These points total 160, more than the 157 of a deal: nothing is left for Cla.",
    )


def test_a_negative_rest_counts_with_negative_and_a_rest_out_of_range_is_refused() -> None:
    # A 160 leaves B -3
    result = play(FOUR, [points(A=160)], sides="teams", per_deal=157, negative=True)
    assert result.totals == {"A": 160, "B": -3}
    # Anna -100000, Beat -100000: Cla's rest would be 0 + 200000
    assert refusal(THREE, [points(Anna=-100000, Beat=-100000)], per_deal=0, negative=True) == (
        1,
        "points",
        "The rest for Cla would be 200000: points must be from -100000 to 100000.",
    )


def test_a_refusal_names_the_side_as_item() -> None:
    with pytest.raises(InvalidDeal) as caught:
        play(FOUR, [points(A=5, B=100001)], sides="teams")
    assert caught.value.item == "B"


# ---- the command line ------------------------------------------------------------------------------


def test_the_command_line_prints_a_team_game_with_the_rest() -> None:
    game = {
        "variant": "free_board",
        "seats": FOUR,
        "settings": {"sides": "teams", "per_deal": 157, "target": 300},
        "deals": [{"points": {"A": 100}}, {"points": {"B": 157}}, {"points": {"A": 57, "B": 100}}],
    }
    # A 100 + 0 + 57 = 157, B 57 + 157 + 100 = 314 reaches 300 in deal 3
    assert run(json.dumps(game)) == (
        0,
        {
            "variant": "free_board",
            "sides": ["A", "B"],
            "deals": [
                {"number": 1, "scores": {"A": 100, "B": 57}},
                {"number": 2, "scores": {"A": 0, "B": 157}},
                {"number": 3, "scores": {"A": 57, "B": 100}},
            ],
            "totals": {"A": 157, "B": 314},
            "finished": True,
            "winner": "B",
            "ranking": [{"side": "B", "rank": 1, "total": 314}, {"side": "A", "rank": 2, "total": 157}],
        },
    )


def test_the_command_line_prints_a_refusal_and_exits_with_2() -> None:
    game = {
        "variant": "free_board",
        "seats": THREE,
        "settings": {"per_deal": 21},
        "deals": [{"points": {"Anna": 30}}],
    }
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper.rules", "-"],
        input=json.dumps(game),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2
    assert json.loads(done.stdout) == {
        "error": {
            "deal": 1,
            "field": "points",
            "message": "The points of a deal must total 21; these total 30.",
        }
    }
