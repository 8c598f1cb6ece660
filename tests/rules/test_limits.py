"""Every number a game's settings take has a maximum, and the largest settings together still keep every
score the app stores inside a 32-bit integer (issue 13, point 1).

A setting past its maximum is refused before any deal, naming the setting (and, inside a map, the key);
then each variant plays its worst game at the maxima, hand-computed in the comments, and every deal's
score and every total must fit 32 bits (-2**31 to 2**31 - 1): the bound set when each deal's score had
an IntegerField row, kept for the totals and side sums the games store now (Game.totals, Game.side_sums).
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from scorekeeper.rules import GameResult, InvalidDeal, score_game
from scorekeeper.rules.base import MODES
from scorekeeper.rules.coiffeur import MAX_ROW_SCORE, MAX_ROWS
from scorekeeper.rules.differenzler import MAX_DEALS_TO_END_AT, MAX_END_AT
from scorekeeper.rules.schieber import (
    MARK_KINDS,
    MAX_DEAL_SCORE,
    MAX_MARKS,
    MAX_MATCH_BONUS,
    MAX_MULTIPLIER,
    MAX_TARGET,
)

INT32_MAX = 2**31 - 1
HUGE = [2**31, 10**20]
P3 = ["Anna", "Beat", "Cla"]
P4 = [*P3, "Dora"]
P5 = [*P4, "Edi"]


def refusal(variant: str, seats: list[str], settings: dict[str, Any]) -> tuple[Any, ...]:
    with pytest.raises(InvalidDeal) as caught:
        score_game(variant, seats, settings, [])
    error = caught.value
    return error.deal, error.field, error.item, error.message


def fits_a_column(result: GameResult) -> bool:
    """Every deal's score and every total, as the game stores them, inside a 32-bit integer."""
    numbers = [*result.totals.values(), *(score for deal in result.deals for score in deal.scores.values())]
    return all(-INT32_MAX - 1 <= number <= INT32_MAX for number in numbers)


# ---- the maxima: refused past them, accepted at them ---------------------------------------------------


@pytest.mark.parametrize("huge", HUGE)
@pytest.mark.parametrize(
    ("settings", "field", "item", "message"),
    [
        (
            {"match_bonus": "HUGE"},
            "match_bonus",
            None,
            "The match bonus must be a whole number from 0 to 1000.",
        ),
        ({"target": "HUGE"}, "target", None, "The target must be a whole number from 1 to 1000000000."),
        *(
            (
                {"multipliers": {mode: "HUGE"}},
                "multipliers",
                mode,
                f"The multiplier of {mode} must be a whole number from 1 to 100.",
            )
            for mode in MODES
        ),
        (
            {"counter_match_bonus": "HUGE"},
            "counter_match_bonus",
            None,
            "The counter-match bonus must be a whole number from 0 to 1000.",
        ),
        (
            {"extra_modes": {"slalom": "HUGE"}},
            "extra_modes",
            "slalom",
            "The multiplier of Slalom must be a whole number from 1 to 100.",
        ),
        (
            {"marks": {"counter_match": "HUGE"}},
            "marks",
            "counter_match",
            "The marks for a counter-match must be a whole number from 0 to 100.",
        ),
        ({"berg_at": "HUGE"}, "berg_at", None, "The Berg must be a whole number from 1 to 1000000000."),
        (
            {"schneider_below": "HUGE"},
            "schneider_below",
            None,
            "The Schneider line must be a whole number from 1 to 1000000000.",
        ),
    ],
)
def test_schieber_refuses_a_setting_past_its_maximum(
    huge: int, settings: dict[str, Any], field: str, item: str | None, message: str
) -> None:
    filled = {
        key: {mode: huge for mode in value} if isinstance(value, dict) else huge
        for key, value in settings.items()
    }
    assert refusal("schieber", P4, filled) == (None, field, item, message)


def test_schieber_takes_its_maxima() -> None:
    settings = {
        "match_bonus": MAX_MATCH_BONUS,
        "target": MAX_TARGET,
        "multipliers": dict.fromkeys(MODES, MAX_MULTIPLIER),
    }
    result = score_game("schieber", P4, settings, [{"trump": "hearts", "points": {"A": 100}}])
    assert result.totals == {"A": 100 * 100, "B": 57 * 100}


def test_a_counter_match_at_the_maxima_is_the_most_a_deal_scores() -> None:
    """The counter-match bonus has the match bonus's maximum, and an extra mode the multipliers', so the
    largest deal stays MAX_DEAL_SCORE: (157 + 1000 + 600 + 20) x 100 = 177,700; an extra mode has no Stöck,
    (157 + 1000 + 600) x 100 = 175,700."""
    settings = {
        "counter_match_bonus": MAX_MATCH_BONUS,
        "target": MAX_TARGET,
        "multipliers": dict.fromkeys(MODES, MAX_MULTIPLIER),
        "extra_modes": {"slalom": MAX_MULTIPLIER},
        "marks": dict.fromkeys(MARK_KINDS, MAX_MARKS),
    }
    counter = {"trump": "hearts", "match": "B", "announced_by": "A", "weis": {"B": 600}, "stoeck": "B"}
    slalom = {"trump": "slalom", "match": "A", "announced_by": "B", "weis": {"A": 600}}
    result = score_game("schieber", P4, settings, [counter, slalom])
    assert [deal.scores for deal in result.deals] == [{"A": 0, "B": MAX_DEAL_SCORE}, {"A": 175_700, "B": 0}]
    assert MAX_DEAL_SCORE == 177_700
    assert result.marks == {"A": 100, "B": 100}  # a counter-match each: 100 marks


def test_a_negative_or_zero_setting_keeps_its_words() -> None:
    """Refusals older than the maxima say what they always said (the golden test pins them)."""
    assert (
        refusal("schieber", P4, {"match_bonus": -1})[3]
        == "The match bonus must be a whole number, 0 or more."
    )
    assert refusal("schieber", P4, {"target": 0})[3] == "The target must be a whole number, 1 or more."
    assert refusal("schieber", P4, {"multipliers": {"spades": 0}}) == (
        None,
        "multipliers",
        "spades",
        "The multiplier of spades must be a whole number, 1 or more.",
    )


def test_a_coiffeur_board_has_at_most_20_rows() -> None:
    rows = [[f"row {n}", 1] for n in range(1, MAX_ROWS + 2)]
    assert refusal("coiffeur", P4, {"rows": rows}) == (
        None,
        "rows",
        None,
        "A board has at most 20 rows, not 21.",
    )
    assert score_game("coiffeur", P4, {"rows": rows[:MAX_ROWS]}, []).state["open_rows"]["A"][-1] == "row 20"


@pytest.mark.parametrize("huge", HUGE)
def test_a_coiffeur_row_multiplier_past_100_is_refused(huge: int) -> None:
    assert refusal("coiffeur", P4, {"rows": [["hearts", huge]]}) == (
        None,
        "rows",
        None,
        "The multiplier of hearts must be a whole number from 1 to 100.",
    )


@pytest.mark.parametrize("huge", HUGE)
@pytest.mark.parametrize(
    ("variant", "key", "message"),
    [
        ("coiffeur", "round_to", "Rounding must be 1 (card points as they are) or 10 (rounded to tens)."),
        ("differenzler", "end_at", "The total that ends the game must be a whole number from 1 to 1000."),
    ],
)
def test_a_house_rule_number_past_its_maximum_is_refused(
    huge: int, variant: str, key: str, message: str
) -> None:
    assert refusal(variant, P4, {key: huge}) == (None, key, None, message)


@pytest.mark.parametrize("huge", HUGE)
def test_a_jazz_penalty_is_refused_naming_its_key(huge: int) -> None:
    assert refusal("jazz", P4, {"penalties": {"queens": huge}}) == (
        None,
        "penalties",
        "queens",
        "The penalty for a queen must be a whole number from -100 to 100.",
    )


# ---- the worst game of each variant at its maxima ------------------------------------------------------


def test_schieber_worst_game_fits() -> None:
    """Every deal a match of team A with 600 Weis and Stöck, everything x100 and a match bonus of 1000:
    (157 + 1000 + 600 + 20) x 100 = 177,700 a deal, until the target of 1,000,000,000: 5628 deals."""
    settings = {
        "match_bonus": MAX_MATCH_BONUS,
        "target": MAX_TARGET,
        "multipliers": dict.fromkeys(MODES, MAX_MULTIPLIER),
    }
    worst = {"trump": "hearts", "match": "A", "weis": {"A": 600}, "stoeck": "A"}
    deals = math.ceil(MAX_TARGET / MAX_DEAL_SCORE)
    result = score_game("schieber", P4, settings, [worst] * deals)
    assert MAX_DEAL_SCORE == 177_700 == result.deals[0].scores["A"]
    assert (deals, result.finished, result.winner) == (5628, True, "A")
    assert result.totals == {"A": 5628 * 177_700, "B": 0} == {"A": 1_000_095_600, "B": 0}
    assert fits_a_column(result)


COIFFEUR_ROWS = [[f"row {n}", 100] for n in range(1, MAX_ROWS + 1)]
COIFFEUR_MAXIMA = {
    "rows": COIFFEUR_ROWS,
    "match_bonus": 1000,
    "counter_match_bonus": 1000,
    "weis": True,
    "round_to": 10,
}
COIFFEUR_WORST_ROWS = [
    {"team": "A", "row": name, "match": True, "weis": {"A": 600}, "stoeck": "A"} for name, _ in COIFFEUR_ROWS
]
COIFFEUR_COUNTER_MATCHES = [{"team": "B", "row": name, "counter_match": True} for name, _ in COIFFEUR_ROWS]


def test_coiffeur_worst_game_fits() -> None:
    """20 rows x100, bonuses 1000, Weis counted and rounded to tens: team A makes a match with 600 Weis and
    Stöck in every row, (157 + 600 + 20 = 777, rounded 780, + 1000) x 100 = 178,000 each, and team B a
    counter-match in every row, 1000 each for A: 20 x 178,000 + 20 x 1000 = 3,580,000."""
    result = score_game("coiffeur", P4, COIFFEUR_MAXIMA, COIFFEUR_WORST_ROWS + COIFFEUR_COUNTER_MATCHES)
    assert MAX_ROW_SCORE == 178_000 == result.deals[0].scores["A"]
    assert result.totals == {"A": 3_580_000, "B": 0}
    assert fits_a_column(result)


def test_coiffeur_lowest_game_fits() -> None:
    """The counter-match as a penalty: team B's counter-match in every row costs it 1000 x 100 each,
    20 x -100,000 = -2,000,000; team A's matches score 20 x 178,000 = 3,560,000."""
    settings = {**COIFFEUR_MAXIMA, "counter_match": "penalty"}
    result = score_game("coiffeur", P4, settings, COIFFEUR_WORST_ROWS + COIFFEUR_COUNTER_MATCHES)
    assert result.deals[-1].scores == {"A": 0, "B": -100_000}
    assert result.totals == {"A": 3_560_000, "B": -2_000_000}
    assert fits_a_column(result)


def test_differenzler_worst_game_fits() -> None:
    """100 deals, Anna predicts 157 and takes 0 every time: a miss of 157, 15,700 in all; Cla and Dora
    predict 0 and take 0, with the bonus for an exact 0 (exact_bonus_on_zero): -157 each time."""
    deal = {
        "trump": "hearts",
        "predictions": {"Anna": 157, "Beat": 0, "Cla": 0, "Dora": 0},
        "points": {"Anna": 0, "Beat": 157, "Cla": 0, "Dora": 0},
    }
    settings = {"deals": 100, "exact_bonus": 157, "exact_bonus_on_zero": True}
    result = score_game("differenzler", P4, settings, [deal] * 100)
    assert result.totals == {"Anna": 15_700, "Beat": 15_700, "Cla": -15_700, "Dora": -15_700}
    assert fits_a_column(result)


def test_differenzler_played_to_a_total_fits() -> None:
    """Played to the most, 1000, a game where everyone is exact every deal never gets there: it ends after
    1000 deals, each player at 1000 x -157 = -157,000. The highest total: 999 before the last deal
    (Anna misses by 111 nine times), then a miss of 157: 1156."""
    assert (MAX_END_AT, MAX_DEALS_TO_END_AT) == (1000, 1000)
    exact = differenzler_deal(anna_says=157, anna_takes=157)  # everyone exact, 4 x -157
    settings = {"end_at": 1000, "exact_bonus": 157, "exact_bonus_on_zero": True}
    lowest = score_game("differenzler", P4, settings, [exact] * 1000)
    assert lowest.totals == dict.fromkeys(P4, -157_000)
    assert lowest.finished is True
    assert fits_a_column(lowest)
    near = differenzler_deal(anna_says=111, anna_takes=0)  # Anna 111, Beat 157 for 157: 0
    last = differenzler_deal(anna_says=157, anna_takes=0)  # Anna 157
    highest = score_game("differenzler", P4, {"end_at": 1000}, [near] * 9 + [last])
    assert highest.totals == {"Anna": 999 + 157, "Beat": 0, "Cla": 0, "Dora": 0}
    assert highest.finished is True
    assert fits_a_column(highest)


def differenzler_deal(*, anna_says: int, anna_takes: int) -> dict[str, Any]:
    """Beat takes the rest of 157 and predicted it; Cla and Dora predict 0 and take 0."""
    return {
        "trump": "hearts",
        "predictions": {"Anna": anna_says, "Beat": 157 - anna_takes, "Cla": 0, "Dora": 0},
        "points": {"Anna": anna_takes, "Beat": 157 - anna_takes, "Cla": 0, "Dora": 0},
    }


def test_molotow_worst_game_fits() -> None:
    """100 deals, Anna takes all 157 each time: 3 sticks for her, 3 potatoes each for the others."""
    deal = {"points": {"Anna": 157, "Beat": 0, "Cla": 0, "Dora": 0}}
    result = score_game("molotow", P4, {"deals": 100, "big_hand_others": 3}, [deal] * 100)
    assert result.totals == {"Anna": 300, "Beat": -300, "Cla": -300, "Dora": -300}
    assert fits_a_column(result)


def test_putz_worst_game_fits() -> None:
    """Five players to +100 and -100: Anna takes 157 and the four apples give her 3 a deal, 34 deals."""
    deal = {"points": {"Anna": 157, "Beat": 0, "Cla": 0, "Dora": 0, "Edi": 0}}
    result = score_game("putz", P5, {"win_at": 100, "lose_at": -100}, [deal] * 34)
    assert (result.finished, result.totals["Anna"], result.totals["Edi"]) == (True, 102, -34)
    assert fits_a_column(result)


def test_handjass_worst_game_fits() -> None:
    """Out at 100: Anna takes both points of every deal, the others -1 each, 50 deals."""
    deal = {"tricks": {"Anna": 157, "Beat": 0, "Cla": 0, "Dora": 0}}
    result = score_game("handjass", P4, {"out_at": 100}, [deal] * 50)
    assert result.totals == {"Anna": 100, "Beat": -50, "Cla": -50, "Dora": -50}
    assert fits_a_column(result)


def test_pandur_worst_game_fits() -> None:
    """Target 100: Anna makes a trump Pandur (6) every hand, Dora dealing: 17 hands to 102."""
    hand = {"dealer": "Dora", "soloist": "Anna", "contract": "trump_pandur", "made": True}
    result = score_game("pandur", P4, {"target": 100}, [hand] * 17)
    assert result.totals == {"Anna": 102, "Beat": 0, "Cla": 0, "Dora": 0}
    assert fits_a_column(result)


def test_jazz_worst_game_fits() -> None:
    """Three players (17 tricks a deal), 20 rounds of all nine games, every penalty 100 (Plus -100), the
    fifth trick and the King in the last trick 100 too; Anna takes everything. A round costs her
    spades 1300 + clubs 1200 + tricks 1700 - plus 1700 + honors 1600 + jacks 400 + queens 400
    + King, last and fifth trick and the extra 400 + Fan Tan 17 cards 1700 = 7000; 20 rounds 140,000."""
    games = ["spades", "clubs", "tricks", "plus", "honors", "jacks", "queens", "king_last", "fantan"]
    penalties = dict.fromkeys(
        ["spades", "clubs", "tricks", "honors", "jacks", "queens", "king_of_hearts", "last_trick", "fantan"],
        100,
    )
    settings = {
        "games": games,
        "rounds": 20,
        "penalties": {**penalties, "plus": -100},
        "fifth_trick_penalty": 100,
        "king_in_last_trick_extra": 100,
    }
    taken = {"spades": 13, "clubs": 12, "tricks": 17, "plus": 17, "honors": 16, "jacks": 4, "queens": 4}
    round_ = [{"game": game, "taken": {"Anna": count}} for game, count in taken.items()]
    round_.append(
        {
            "game": "king_last",
            "king_of_hearts": "Anna",
            "last_trick": "Anna",
            "fifth_trick": "Anna",
            "king_in_last": True,
        }
    )
    round_.append({"game": "fantan", "cards_left": {"Anna": 17, "Beat": 0, "Cla": 17}})
    result = score_game("jazz", P3, settings, round_ * 20)
    assert result.finished
    assert result.totals == {"Anna": 140_000, "Beat": 0, "Cla": 34_000}
    assert fits_a_column(result)
