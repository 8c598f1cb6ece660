"""Molotow (rules.md): every case of sticks and potatoes by hand, every refusal, properties, command line."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import InvalidDeal, score_game
from scorekeeper.rules.__main__ import run
from scorekeeper.rules.base import GameResult, Placing
from scorekeeper.rules.molotow import VARIANT

SEATS = ["Anna", "Beat", "Cla", "Dora"]


def play(entries: list[Any], /, **settings: Any) -> GameResult:
    return score_game("molotow", SEATS, settings, entries)


def refusal(entries: list[Any], /, **settings: Any) -> tuple[int | None, str, str]:
    with pytest.raises(InvalidDeal) as caught:
        play(entries, **settings)
    return caught.value.deal, caught.value.field, caught.value.message


def deal(points: list[int], high_card: str | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"points": dict(zip(SEATS, points, strict=True))}
    if high_card is not None:
        entry["high_card"] = high_card
    return entry


def by_seat(values: list[int]) -> dict[str, int]:
    return dict(zip(SEATS, values, strict=True))


EXAMPLE = deal([40, 50, 30, 37])  # rules.md: Beat highest, Cla lowest


def test_defaults_and_presets() -> None:
    assert VARIANT.key == "molotow"
    assert VARIANT.player_counts == (4,)
    assert VARIANT.defaults == {"big_hand_others": 3, "deals": 12}
    assert VARIANT.presets == {
        "standard": {"big_hand_others": 3, "deals": 12},
        "seed (3 each)": {"big_hand_others": 3, "deals": 12},
        "zero-sum (1 each)": {"big_hand_others": 1, "deals": 12},
    }


# ---- one deal: every case of rules.md, by hand (points, sticks and potatoes in seat order A B C D) ----
# Two pairs (2a + 2b) and a four-way tie (4a) cannot total 157, which is odd: those cases cannot occur.


@pytest.mark.parametrize(
    ("entry", "settings", "sticks", "potatoes"),
    [
        pytest.param(
            deal([157, 0, 0, 0]), {}, [3, 0, 0, 0], [0, 3, 3, 3], id="157:3-sticks,others-3-potatoes"
        ),
        pytest.param(
            deal([157, 0, 0, 0]),
            {"big_hand_others": 1},
            [3, 0, 0, 0],
            [0, 1, 1, 1],
            id="157-zero-sum:others-1",
        ),
        pytest.param(
            deal([0, 0, 0, 157]), {"big_hand_others": 2}, [0, 0, 0, 3], [2, 2, 2, 0], id="157-Dora:2"
        ),
        pytest.param(
            deal([157, 0, 0, 0]), {"big_hand_others": 0}, [3, 0, 0, 0], [0, 0, 0, 0], id="157:others-0"
        ),
        pytest.param(
            deal([20, 100, 37, 0]), {}, [3, 0, 3, 3], [0, 3, 0, 0], id="100:3-potatoes,others-3-sticks"
        ),
        pytest.param(
            deal([20, 100, 37, 0]),
            {"big_hand_others": 1},
            [1, 0, 1, 1],
            [0, 3, 0, 0],
            id="100-zero-sum:others-1",
        ),
        pytest.param(deal([0, 0, 155, 2]), {}, [3, 3, 0, 3], [0, 0, 3, 0], id="155:big-hand"),
        pytest.param(
            deal([0, 0, 155, 2]), {"big_hand_others": 1}, [1, 1, 0, 1], [0, 0, 3, 0], id="155:1-each"
        ),
        pytest.param(deal([40, 50, 30, 37]), {}, [0, 1, 1, 0], [1, 0, 0, 1], id="clear:rules-md-example"),
        pytest.param(deal([99, 50, 8, 0]), {}, [1, 0, 0, 1], [0, 1, 1, 0], id="clear:99-is-below-100"),
        pytest.param(
            deal([50, 40, 40, 27]), {}, [1, 0, 0, 1], [0, 1, 1, 0], id="clear:middle-tie-potatoes-too"
        ),
        pytest.param(
            deal([27, 40, 50, 40]), {}, [1, 0, 1, 0], [0, 1, 0, 1], id="clear:middle-tie-other-seats"
        ),
        pytest.param(
            deal([50, 50, 30, 27]), {}, [0, 0, 0, 1], [0, 0, 1, 0], id="tie-highest:lowest-stick,other-potato"
        ),
        pytest.param(deal([27, 65, 0, 65]), {}, [0, 0, 1, 0], [1, 0, 0, 0], id="tie-highest:Beat-Dora"),
        pytest.param(
            deal([60, 47, 25, 25]), {}, [1, 0, 0, 0], [0, 1, 0, 0], id="tie-lowest:highest-stick,other-potato"
        ),
        pytest.param(deal([99, 58, 0, 0]), {}, [1, 0, 0, 0], [0, 1, 0, 0], id="tie-lowest:at-0"),
        pytest.param(deal([0, 0, 80, 77]), {}, [0, 0, 1, 0], [0, 0, 0, 1], id="tie-lowest:Anna-Beat"),
        pytest.param(
            deal([40, 40, 40, 37], "Cla"),
            {},
            [0, 0, 0, 1],
            [0, 0, 1, 0],
            id="three-top:fourth-stick,Cla-potato",
        ),
        pytest.param(
            deal([40, 40, 40, 37], "Anna"), {}, [0, 0, 0, 1], [1, 0, 0, 0], id="three-top:Anna-drew"
        ),
        pytest.param(deal([4, 51, 51, 51], "Beat"), {}, [1, 0, 0, 0], [0, 1, 0, 0], id="three-top:51x3+4"),
        pytest.param(
            deal([97, 20, 20, 20], "Beat"),
            {},
            [1, 0, 0, 0],
            [0, 1, 0, 0],
            id="three-low:fourth-stick,Beat-potato",
        ),
        pytest.param(deal([39, 39, 39, 40], "Cla"), {}, [0, 0, 0, 1], [0, 0, 1, 0], id="three-low:39x3+40"),
        pytest.param(
            {**EXAMPLE, "high_card": None}, {}, [0, 1, 1, 0], [1, 0, 0, 1], id="null-high-card-is-not-given"
        ),
    ],
)
def test_one_deal(
    entry: dict[str, Any], settings: dict[str, Any], sticks: list[int], potatoes: list[int]
) -> None:
    scored = play([entry], **settings).deals[0]
    assert scored.details["sticks"] == by_seat(sticks)
    assert scored.details["potatoes"] == by_seat(potatoes)
    assert scored.scores == by_seat([s - p for s, p in zip(sticks, potatoes, strict=True)])


def test_details_show_points_high_card_sticks_and_potatoes() -> None:
    assert play([deal([40, 40, 40, 37], "Beat")]).deals[0].details == {
        "points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37},
        "high_card": "Beat",
        "sticks": {"Anna": 0, "Beat": 0, "Cla": 0, "Dora": 1},
        "potatoes": {"Anna": 0, "Beat": 1, "Cla": 0, "Dora": 0},
    }
    assert play([EXAMPLE]).deals[0].details["high_card"] is None


# ---- whole games -----------------------------------------------------------------------------------


def test_sticks_and_potatoes_are_kept_apart_and_net_is_the_total() -> None:
    # deal 1 example: Beat, Cla a stick; Anna, Dora a potato
    # deal 2 Anna 120: Anna 3 potatoes, the others 3 sticks each
    result = play([EXAMPLE, deal([120, 0, 37, 0])])
    assert result.deals[1].scores == {"Anna": -3, "Beat": 3, "Cla": 3, "Dora": 3}
    assert result.state == {
        "deals_left": 10,
        "sticks": {"Anna": 0, "Beat": 4, "Cla": 4, "Dora": 3},
        "potatoes": {"Anna": 4, "Beat": 0, "Cla": 0, "Dora": 1},
    }
    assert result.totals == {"Anna": -4, "Beat": 4, "Cla": 4, "Dora": 2}
    assert result.ranking == (
        Placing("Beat", 1, 4),
        Placing("Cla", 1, 4),
        Placing("Dora", 3, 2),
        Placing("Anna", 4, -4),
    )
    assert result.finished is False
    assert result.winner is None


def test_tie_for_most_net_sticks_has_no_winner() -> None:
    result = play([EXAMPLE, deal([120, 0, 37, 0])], deals=2)
    assert result.finished is True
    assert result.winner is None
    assert result.state["deals_left"] == 0


def test_twelve_deals_make_the_game_and_most_net_sticks_wins() -> None:
    # 11 x example: Anna -11, Beat +11, Cla +11, Dora -11; then Anna highest, Cla lowest:
    # Anna +1, Beat -1, Cla +1, Dora -1
    result = play([EXAMPLE] * 11 + [deal([50, 40, 30, 37])])
    assert result.totals == {"Anna": -10, "Beat": 10, "Cla": 12, "Dora": -12}
    assert result.finished is True
    assert result.winner == "Cla"
    assert result.ranking == (
        Placing("Cla", 1, 12),
        Placing("Beat", 2, 10),
        Placing("Anna", 3, -10),
        Placing("Dora", 4, -12),
    )
    assert result.state == {
        "deals_left": 0,
        "sticks": {"Anna": 1, "Beat": 11, "Cla": 12, "Dora": 0},
        "potatoes": {"Anna": 11, "Beat": 1, "Cla": 0, "Dora": 12},
    }


def test_empty_game() -> None:
    result = play([], deals=5)
    assert result.totals == dict.fromkeys(SEATS, 0)
    assert result.state == {
        "deals_left": 5,
        "sticks": dict.fromkeys(SEATS, 0),
        "potatoes": dict.fromkeys(SEATS, 0),
    }
    assert result.ranking[0] == Placing("Anna", 1, 0)
    assert [p.rank for p in result.ranking] == [1, 1, 1, 1]


# ---- refusals --------------------------------------------------------------------------------------

TIED_ABC = "Three players tied: name who drew the highest card (Anna, Beat or Cla)."
ONLY_AFTER_TIE = "A high card is drawn only after a three-way tie."
CLA_RANGE = "Cla's card points must be a whole number from 0 to 157."


def points(**values: Any) -> dict[str, Any]:
    return {"points": values}


@pytest.mark.parametrize(
    ("entries", "settings", "error"),
    [
        pytest.param(
            [EXAMPLE, EXAMPLE],
            {"deals": 1},
            (2, "game", "The game ended with deal 1: no more deals."),
            id="end",
        ),
        pytest.param(
            [EXAMPLE] * 13, {}, (13, "game", "The game ended with deal 12: no more deals."), id="deal-13"
        ),
        pytest.param([7], {}, (1, "deal", "Each deal must be an object of named fields."), id="number"),
        pytest.param(
            [{**EXAMPLE, "trump": "hearts"}],
            {},
            (1, "trump", "Unknown field 'trump' in this deal."),
            id="trump",
        ),
        pytest.param([{}], {}, (1, "points", "Enter every player's card points."), id="no-points"),
        pytest.param(
            [{"points": [40, 50, 30, 37]}],
            {},
            (1, "points", "Card points must map each player to a number."),
            id="points-list",
        ),
        pytest.param(
            [points(Anna=40, Beat=50, Cla=30, Dora=37, Xaver=0)],
            {},
            (1, "points", "Card points: 'Xaver' is not in this game."),
            id="stranger",
        ),
        pytest.param(
            [points(Anna=40, Beat=50, Cla=30, Xaver=37)],
            {},
            (1, "points", "Card points: 'Xaver' is not in this game."),
            id="stranger-instead-of-Dora",
        ),
        pytest.param(
            [points(Anna=40, Beat=50, Dora=67)], {}, (1, "points", "Cla has no card points."), id="miss"
        ),
        pytest.param(
            [points(Anna=1, Beat=50, Cla=50, Dora=56)],
            {},
            (1, "points", "Anna's card points cannot be 1: no card is worth 1 point."),
            id="points-1",
        ),
        pytest.param(
            [points(Anna=156, Beat=1, Cla=0, Dora=0)],
            {},
            (1, "points", "Beat's card points cannot be 1: no card is worth 1 point."),
            id="156+1",
        ),
        pytest.param(
            [points(Anna=156, Beat=0, Cla=0, Dora=0)],
            {},
            (1, "points", "Card points must total 157; these total 156."),
            id="156-alone",
        ),
        pytest.param([points(Anna=0, Beat=0, Cla=158, Dora=0)], {}, (1, "points", CLA_RANGE), id="158"),
        pytest.param(
            [points(Anna=40, Beat=50, Cla=-3, Dora=70)], {}, (1, "points", CLA_RANGE), id="negative"
        ),
        pytest.param([points(Anna=40, Beat=50, Cla=30.0, Dora=37)], {}, (1, "points", CLA_RANGE), id="float"),
        pytest.param([points(Anna=40, Beat=50, Cla=True, Dora=66)], {}, (1, "points", CLA_RANGE), id="bool"),
        pytest.param([points(Anna=40, Beat=50, Cla="30", Dora=37)], {}, (1, "points", CLA_RANGE), id="text"),
        pytest.param(
            [points(Anna=40, Beat=50, Cla=30, Dora=30)],
            {},
            (1, "points", "Card points must total 157; these total 150."),
            id="total-150",
        ),
        pytest.param(
            [{**points(Anna=40, Beat=50, Cla=30, Dora=30), "high_card": "Cla"}],
            {},
            (1, "points", "Card points must total 157; these total 150."),
            id="points-checked-before-high-card",
        ),
        pytest.param(
            [EXAMPLE, deal([40, 40, 40, 37])], {}, (2, "high_card", TIED_ABC), id="three-way-needs-high-card"
        ),
        pytest.param(
            [{**deal([40, 40, 40, 37]), "high_card": None}],
            {},
            (1, "high_card", TIED_ABC),
            id="null-high-card",
        ),
        pytest.param(
            [deal([97, 20, 20, 20])],
            {},
            (1, "high_card", "Three players tied: name who drew the highest card (Beat, Cla or Dora)."),
            id="three-low-needs-high-card",
        ),
        pytest.param(
            [deal([40, 40, 40, 37], "Dora")],
            {},
            (1, "high_card", "Dora did not tie: the high card is drawn by Anna, Beat or Cla."),
            id="high-card-not-tied",
        ),
        pytest.param(
            [deal([40, 40, 40, 37], "Xaver")],
            {},
            (1, "high_card", "High card: 'Xaver' is not in this game."),
            id="high-card-stranger",
        ),
        pytest.param(
            [{**deal([40, 40, 40, 37]), "high_card": 2}],
            {},
            (1, "high_card", "High card: 2 is not in this game."),
            id="high-card-number",
        ),
        pytest.param(
            [deal([40, 50, 30, 37], "Cla")], {}, (1, "high_card", ONLY_AFTER_TIE), id="refused:clear"
        ),
        pytest.param(
            [deal([50, 40, 40, 27], "Beat")], {}, (1, "high_card", ONLY_AFTER_TIE), id="refused:middle"
        ),
        pytest.param(
            [deal([50, 50, 30, 27], "Anna")], {}, (1, "high_card", ONLY_AFTER_TIE), id="refused:top-2"
        ),
        pytest.param(
            [deal([60, 47, 25, 25], "Cla")], {}, (1, "high_card", ONLY_AFTER_TIE), id="refused:low-2"
        ),
        pytest.param([deal([157, 0, 0, 0], "Beat")], {}, (1, "high_card", ONLY_AFTER_TIE), id="refused:157"),
        pytest.param(
            [deal([20, 100, 37, 0], "Anna")], {}, (1, "high_card", ONLY_AFTER_TIE), id="refused:big-hand"
        ),
    ],
)
def test_refused_deals(entries: list[Any], settings: dict[str, Any], error: tuple[int, str, str]) -> None:
    assert refusal(entries, **settings) == error


OTHERS = "Sticks or potatoes for the others around a big hand must be a whole number from 0 to 3."
DEALS = "The number of deals must be a whole number from 1 to 100."


@pytest.mark.parametrize(
    ("settings", "field", "message"),
    [
        ({"big_hand_others": 4}, "big_hand_others", OTHERS),
        ({"big_hand_others": -1}, "big_hand_others", OTHERS),
        ({"big_hand_others": True}, "big_hand_others", OTHERS),
        ({"big_hand_others": "3"}, "big_hand_others", OTHERS),
        ({"big_hand_others": 1.0}, "big_hand_others", OTHERS),
        ({"deals": 0}, "deals", DEALS),
        ({"deals": 101}, "deals", DEALS),
        ({"deals": "12"}, "deals", DEALS),
        ({"exact_bonus": 0}, "exact_bonus", "Unknown setting 'exact_bonus' for molotow."),
    ],
)
def test_refused_settings(settings: dict[str, Any], field: str, message: str) -> None:
    assert refusal([], **settings) == (None, field, message)


@pytest.mark.parametrize("seats", [SEATS[:3], [*SEATS, "Emil"]])
def test_refused_table_size(seats: list[str]) -> None:
    with pytest.raises(InvalidDeal) as caught:
        score_game("molotow", seats, {}, [])
    assert (caught.value.deal, caught.value.field) == (None, "seats")
    assert caught.value.message == f"This variant needs 4 players, not {len(seats)}."


# ---- properties ------------------------------------------------------------------------------------


@st.composite
def any_split(draw: st.DrawFn) -> list[int]:
    """Any split of 157 among four without a 1: cut the 157 at three sorted places."""
    cuts = sorted(draw(st.lists(st.integers(0, 157), min_size=3, max_size=3)))
    return [b - a for a, b in zip([0, *cuts], [*cuts, 157], strict=True)]


SPECIAL = [
    [157, 0, 0, 0],
    [100, 57, 0, 0],
    [155, 2, 0, 0],
    [50, 50, 30, 27],
    [60, 47, 25, 25],
    [50, 40, 40, 27],
    [40, 40, 40, 37],
    [97, 20, 20, 20],
    [51, 51, 51, 4],
]
SPLITS = (
    st.one_of(any_split(), st.sampled_from(SPECIAL)).flatmap(st.permutations).filter(lambda p: 1 not in p)
)


@st.composite
def entries(draw: st.DrawFn) -> dict[str, Any]:
    """A valid deal: the high card is named exactly when three players below 100 tie."""
    split = draw(SPLITS)
    entry = deal(split)
    value, count = Counter(split).most_common(1)[0]
    if count == 3 and max(split) < 100:
        entry["high_card"] = draw(
            st.sampled_from([name for name, p in entry["points"].items() if p == value])
        )
    return entry


@st.composite
def games(draw: st.DrawFn) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    settings = {"big_hand_others": draw(st.integers(0, 3)), "deals": draw(st.integers(1, 15))}
    return settings, draw(st.lists(entries(), max_size=settings["deals"]))


Game = tuple[dict[str, Any], list[dict[str, Any]]]


@given(st.lists(entries(), max_size=12))
def test_one_each_keeps_every_deal_zero_sum(deals: list[dict[str, Any]]) -> None:
    for scored in play(deals, big_hand_others=1).deals:
        assert sum(scored.scores.values()) == 0


@given(games())
def test_totals_are_the_sum_of_the_deal_scores(game: Game) -> None:
    settings, deals = game
    result = play(deals, **settings)
    for name in SEATS:
        assert result.totals[name] == sum(d.scores[name] for d in result.deals)
        sticks = sum(d.details["sticks"][name] for d in result.deals)
        potatoes = sum(d.details["potatoes"][name] for d in result.deals)
        assert (result.state["sticks"][name], result.state["potatoes"][name]) == (sticks, potatoes)
        assert result.totals[name] == sticks - potatoes
    assert result.finished is (len(deals) == settings["deals"])


@given(games())
def test_a_deal_gives_a_player_sticks_or_potatoes_never_both(game: Game) -> None:
    settings, deals = game
    for scored in play(deals, **settings).deals:
        for name in SEATS:
            assert scored.details["sticks"][name] == 0 or scored.details["potatoes"][name] == 0
            assert scored.scores[name] == scored.details["sticks"][name] - scored.details["potatoes"][name]


@given(games())
def test_replaying_the_entries_gives_the_same_result(game: Game) -> None:
    settings, deals = game
    assert play(json.loads(json.dumps(deals)), **settings) == play(deals, **settings)


@given(games(), st.data())
def test_a_prefix_scores_the_same_deals(game: Game, data: st.DataObject) -> None:
    settings, deals = game
    cut = data.draw(st.integers(0, len(deals)))
    assert play(deals[:cut], **settings).deals == play(deals, **settings).deals[:cut]


# ---- command line ----------------------------------------------------------------------------------


def test_command_line_scores_a_whole_game() -> None:
    game = {
        "variant": "molotow",
        "seats": SEATS,
        "settings": {"deals": 2, "big_hand_others": 1},
        "deals": [
            {"points": {"Anna": 40, "Beat": 50, "Cla": 30, "Dora": 37}},  # -1 +1 +1 -1
            {"points": {"Anna": 0, "Beat": 0, "Cla": 0, "Dora": 157}},  # -1 -1 -1 +3
        ],
    }
    assert run(json.dumps(game)) == (
        0,
        {
            "variant": "molotow",
            "sides": SEATS,
            "deals": [
                {"number": 1, "scores": {"Anna": -1, "Beat": 1, "Cla": 1, "Dora": -1}},
                {"number": 2, "scores": {"Anna": -1, "Beat": -1, "Cla": -1, "Dora": 3}},
            ],
            "totals": {"Anna": -2, "Beat": 0, "Cla": 0, "Dora": 2},
            "finished": True,
            "winner": "Dora",
            "ranking": [
                {"side": "Dora", "rank": 1, "total": 2},
                {"side": "Beat", "rank": 2, "total": 0},
                {"side": "Cla", "rank": 2, "total": 0},
                {"side": "Anna", "rank": 4, "total": -2},
            ],
        },
    )


def test_command_line_asks_for_the_high_card() -> None:
    game = {
        "variant": "molotow",
        "seats": SEATS,
        "deals": [
            {"points": {"Anna": 40, "Beat": 50, "Cla": 30, "Dora": 37}},
            {"points": {"Anna": 40, "Beat": 40, "Cla": 40, "Dora": 37}},
        ],
    }
    assert run(json.dumps(game)) == (2, {"error": {"deal": 2, "field": "high_card", "message": TIED_ABC}})
