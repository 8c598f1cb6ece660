"""Handjass through the pages: the deal form per player still in, refusals, ties, drop-outs, the end.

Every score is computed by hand in the comments: two game points to the two best totals (cards and
melds) among those who made 21, -1 to everyone below 21, out at `out_at`, the last one left loses.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils.html import escape

from scorekeeper.games import services
from scorekeeper.games.models import Club, Game, Player
from tests.scored import deal_scores

from .conftest import play

HTMX = {"HTTP_HX_REQUEST": "true"}
SEAT = {"Anna": 1, "Beat": 2, "Cla": 3, "Dora": 4}


def hand(
    number: int,
    tricks: Mapping[str, int] | None = None,
    melds: Mapping[str, int] | None = None,
    passed: Sequence[str] = (),
    ties: Sequence[str] = (),
    **extra: Any,
) -> dict[str, Any]:
    """What the deal form posts: per player by seat number; `ties` the tied players, first first."""
    data: dict[str, Any] = {"number": number, "client_token": str(uuid.uuid4()), **extra}
    for name, points in (tricks or {}).items():
        data[f"tricks_{SEAT[name]}"] = str(points)
    for name, points in (melds or {}).items():
        data[f"melds_{SEAT[name]}"] = str(points)
    for name in passed:
        data[f"passed_{SEAT[name]}"] = "on"
    for place, name in enumerate(ties, start=1):
        data[f"tie_{SEAT[name]}"] = str(place)
    return data


def html(response: Any) -> str:
    return response.content.decode()


def totals_on(page: str) -> dict[str, int]:
    return {side: int(total) for side, total in re.findall(r'data-total="([^"]+)">(-?\d+)<', page)}


def inputs_for(page: str) -> list[int]:
    """The seats that have a card-points input on the page."""
    return sorted(int(seat) for seat in re.findall(r'name="tricks_(\d)"', page))


def snapshot(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (list(game.deals.values_list("number", "entry", "version")), game.revision, game.totals)


@pytest.fixture
def make_handjass(club: Club, players: list[Player]) -> Callable[..., Game]:
    def make(
        settings: dict[str, Any] | None = None, deals: Sequence[dict[str, Any]] = (), seats: int = 4
    ) -> Game:
        owner = User.objects.get(username="owner")
        game = services.create_game(
            club=club, variant="handjass", players=players[:seats], settings=settings or {}, by=owner
        )
        play(game, deals, by=owner)
        game.refresh_from_db()
        return game

    return make


@pytest.fixture
def scorer(client_as: Callable[[str | None], Client]) -> Client:
    return client_as("scorer")


# A four-player game to 2, hand-computed deal by deal (A, B, C, D = Anna, Beat, Cla, Dora):
# 1. A 80, B 50, C 27, D 0: A and B +1, D below 21 -1.            Totals A 1, B 1, C 0, D -1.
# 2. A 80, B 20, C 57, D 0: A and C +1, B and D -1.                Totals A 2, B 0, C 1, D -2: Anna out.
# 3. B 100, C 40, D 17: B and C +1, D -1.                          Totals B 1, C 2, D -3: Cla out.
# 4. B 100, D 57: both made 21, B and D +1.                        Totals B 2, D -2: Beat out, Dora loses.
TO_TWO = {"out_at": 2}
GAME = [
    {"tricks": {"Anna": 80, "Beat": 50, "Cla": 27, "Dora": 0}},
    {"tricks": {"Anna": 80, "Beat": 20, "Cla": 57, "Dora": 0}},
    {"tricks": {"Beat": 100, "Cla": 40, "Dora": 17}},
    {"tricks": {"Beat": 100, "Dora": 57}},
]


# ---- the new-game page -----------------------------------------------------------------------------


def test_new_game_page_offers_handjass_with_its_settings(club: Club, scorer: Client) -> None:
    page = html(scorer.get("/clubs/zuerich/games/new/?variant=handjass"))
    assert '<option value="handjass" selected>Handjass</option>' in page
    assert re.search(r'name="out_at" value="7"', page)
    assert re.search(r'name="min_points" value="21"', page)
    # two to four players: seats 3 and 4 are optional
    assert "Seat 2</label>" in page
    assert "Seat 3 (optional)" in page
    assert "Seat 4 (optional)" in page

    data = {"variant": "handjass", "preset": "standard", "seat_1": "Anna", "seat_2": "Beat"}
    response = scorer.post(
        "/clubs/zuerich/games/new/", {**data, "seat_3": "Cla", "out_at": 3, "min_points": 21}
    )
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    assert (game.variant, game.settings) == ("handjass", {"out_at": 3, "min_points": 21})
    assert list(game.seats.order_by("position").values_list("name", flat=True)) == ["Anna", "Beat", "Cla"]
    page = html(scorer.get(response["Location"]))
    assert inputs_for(page) == [1, 2, 3]
    assert "out at 3" in page


def test_new_game_page_refuses_a_bad_setting_and_creates_nothing(club: Club, scorer: Client) -> None:
    data = {"variant": "handjass", "preset": "standard", "seat_1": "Anna", "seat_2": "Beat"}
    response = scorer.post("/clubs/zuerich/games/new/", {**data, "out_at": 0, "min_points": 21})
    assert response.status_code == 422
    assert "Dropping out at must be a whole number from 1 to 100." in html(response)
    assert not Game.objects.exists()


# ---- a deal --------------------------------------------------------------------------------------------


def test_a_deal_with_melds_and_a_pass_is_saved_with_its_game_points(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass()
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert inputs_for(page) == [1, 2, 3, 4]
    assert 'id="tie-order"' not in page  # no tie yet: not asked
    # Dora passes. Anna 70 + 50 Weis = 120, Beat 60, Cla 27: Anna and Beat +1, Cla 0 (made 21, third).
    response = scorer.post(
        f"/games/{game.pk}/deals/",
        hand(1, tricks={"Anna": 70, "Beat": 60, "Cla": 27}, melds={"Anna": 50}, passed=["Dora"]),
        **HTMX,
    )
    assert response.status_code == 200
    game.refresh_from_db()
    deal = game.deals.get()
    assert deal.entry == {
        "passed": ["Dora"],
        "tricks": {"Anna": 70, "Beat": 60, "Cla": 27},
        "melds": {"Anna": 50},
    }
    assert game.totals == {"Anna": 1, "Beat": 1, "Cla": 0, "Dora": 0}
    assert deal_scores(deal) == game.totals
    page = html(response)
    assert totals_on(page) == game.totals
    assert 'data-deal="1"' in page
    assert "Anna 120" in page  # cards and melds together in the deal list
    assert "Deal 2</h2>" in page


def test_a_player_below_21_gets_an_apple_shown_in_the_panel(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass()
    # Anna 100, Beat 40, Cla 17, Dora 0: Anna and Beat +1, Cla and Dora below 21: -1 each.
    scorer.post(f"/games/{game.pk}/deals/", hand(1, tricks={"Anna": 100, "Beat": 40, "Cla": 17, "Dora": 0}))
    game.refresh_from_db()
    assert game.totals == {"Anna": 1, "Beat": 1, "Cla": -1, "Dora": -1}
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert re.search(r'seat-line in" data-player="Cla"[^>]*>.*?aria-label="1 apple">🍎<', page, re.S)
    assert re.search(r'seat-line in" data-player="Anna"[^>]*>.*?aria-label="0 apples"><', page, re.S)


def test_all_but_one_pass_and_the_last_takes_both_points_without_tricks(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass()
    scorer.post(f"/games/{game.pk}/deals/", hand(1, passed=["Anna", "Beat", "Dora"]))
    game.refresh_from_db()
    assert game.deals.get().entry == {"passed": ["Anna", "Beat", "Dora"]}
    assert game.totals == {"Anna": 0, "Beat": 0, "Cla": 2, "Dora": 0}


def test_a_passed_players_typing_is_ignored(make_handjass: Callable[..., Game], scorer: Client) -> None:
    """The pass toggle hides the player's inputs: what was typed before does not count."""
    game = make_handjass()
    data = hand(1, tricks={"Anna": 100, "Beat": 40, "Cla": 17, "Dora": 33}, passed=["Dora"])
    response = scorer.post(f"/games/{game.pk}/deals/", data)
    assert response.status_code == 302
    assert game.deals.get().entry == {"passed": ["Dora"], "tricks": {"Anna": 100, "Beat": 40, "Cla": 17}}


def test_the_preview_shows_the_game_points_before_saving(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass()
    data = hand(1, tricks={"Anna": 100, "Beat": 40, "Cla": 17, "Dora": 0})
    page = html(scorer.post(f"/games/{game.pk}/deals/preview/", data, **HTMX))
    assert "Anna <strong>100</strong>" in page
    assert "Cla <strong>17</strong> 🍎" in page
    assert "game points: Anna +1 · Beat +1 · Cla \N{MINUS SIGN}1 · Dora \N{MINUS SIGN}1" in page
    short = hand(1, tricks={"Anna": 100, "Beat": 40, "Cla": 10, "Dora": 0})
    page = html(scorer.post(f"/games/{game.pk}/deals/preview/", short, **HTMX))
    assert "The card points must add up to 157, not 150." in page
    # Nothing typed yet is no mistake yet: the preview keeps quiet.
    assert html(scorer.post(f"/games/{game.pk}/deals/preview/", hand(1), **HTMX)).strip() == ""
    assert not game.deals.exists()


def test_the_preview_of_a_correction_offers_the_players_in_at_that_deal(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass(TO_TWO, GAME)
    # Deal 1 with Weis 20 for Cla: 27 + 20 = 47, still third: the same game points. Anna is out
    # now, but was in at deal 1: her card points count.
    tricks = GAME[0]["tricks"]
    data = {**hand(1, tricks=tricks, melds={"Cla": 20}), "version": 1}
    page = html(scorer.post(f"/games/{game.pk}/deals/preview/", data, **HTMX))
    assert "Cla <strong>47</strong>" in page
    assert "game points: Anna +1 · Beat +1 · Dora \N{MINUS SIGN}1" in page
    # A 80, B 50, C 0, D 27 would keep Cla in to the end, and deal 4 lacks her card points.
    data = {**hand(1, tricks={"Anna": 80, "Beat": 50, "Cla": 0, "Dora": 27}), "version": 1}
    page = html(scorer.post(f"/games/{game.pk}/deals/preview/", data, **HTMX))
    assert "Deal 4: The card points of Cla are missing." in page
    assert snapshot(game)[1] == 4  # a preview saves nothing


# ---- refusals: the engine's message beside the field, nothing saved ----------------------------------------

FULL = {"Anna": 80, "Beat": 50, "Cla": 27, "Dora": 0}
REFUSALS = [
    pytest.param(
        hand(1, passed=["Anna", "Beat", "Cla", "Dora"]),
        "passed",
        "Everybody passed: nothing to record, deal again.",
        id="everybody-passed",
    ),
    pytest.param(
        hand(1, tricks={"Anna": 80, "Beat": 50, "Cla": 20, "Dora": 0}),
        "tricks",
        "The card points must add up to 157, not 150.",
        id="not-157",
    ),
    pytest.param(
        hand(1, tricks={"Anna": 80, "Beat": 77, "Cla": 0}),
        "tricks",
        "The card points of Dora are missing.",
        id="missing",
    ),
    pytest.param(
        hand(1, tricks={"Anna": 80, "Beat": 49, "Cla": 27, "Dora": 1}),
        "tricks",
        "The card points of Dora cannot be 1: no card is worth 1 point.",
        id="one-point",
    ),
    pytest.param(
        hand(1, tricks={"Anna": 180, "Beat": 0, "Cla": 0, "Dora": -23}),
        "tricks",
        "The card points of Anna must be a whole number from 0 to 157.",
        id="over-157",
    ),
    pytest.param(
        hand(1, tricks=FULL, melds={"Beat": 30}),
        "melds",
        "The melds of Beat must be 0, 20 or a multiple of 10 from 40 to 600.",
        id="melds-30",
    ),
    pytest.param(
        hand(1, tricks={"Cla": 157}, passed=["Anna", "Beat", "Dora"]),
        "tricks",
        "Only Cla stayed in and takes both points without play: no card points.",
        id="alone-with-tricks",
    ),
    pytest.param(
        hand(1, melds={"Cla": 20}, passed=["Anna", "Beat", "Dora"]),
        "melds",
        "Only Cla stayed in and takes both points without play: no melds.",
        id="alone-with-melds",
    ),
    pytest.param(
        # Anna 57, Beat 50, Cla 50, Dora 0: the second point hangs on the tie of Beat and Cla.
        hand(1, tricks={"Anna": 57, "Beat": 50, "Cla": 50, "Dora": 0}),
        "tie_order",
        "Beat and Cla are tied for a point: give their order as decided at the table.",
        id="tie-unresolved",
    ),
    pytest.param(
        hand(1, tricks=FULL, ties=["Beat", "Cla"]),
        "tie_order",
        "No tie decides a point in this deal: leave out the tie order.",
        id="tie-order-without-tie",
    ),
    pytest.param(
        hand(1, tricks={"Anna": 57, "Beat": 50, "Cla": 50, "Dora": 0}, ties=["Anna", "Beat"]),
        "tie_order",
        "The tie order must list exactly the tied players: Beat and Cla.",
        id="tie-order-wrong-players",
    ),
    pytest.param(
        {**hand(1, tricks={"Anna": 57, "Beat": 50, "Cla": 50, "Dora": 0}), "tie_2": "1", "tie_3": "1"},
        "tie_order",
        "Give each tied player a different place.",
        id="tie-same-place",
    ),
    pytest.param(
        hand(1, tricks={**FULL, "Anna": "eighty"}),
        "tricks_1",
        "Enter a whole number.",
        id="not-a-number",
    ),
]


@pytest.mark.parametrize(("data", "field", "message"), REFUSALS)
def test_a_refused_deal_names_the_field_and_saves_nothing(
    make_handjass: Callable[..., Game], scorer: Client, data: dict[str, Any], field: str, message: str
) -> None:
    game = make_handjass()
    before = snapshot(game)
    response = scorer.post(f"/games/{game.pk}/deals/", data)
    assert response.status_code == 422
    assert response.context["form"].errors == {field: [message]}
    assert escape(message) in html(response)
    assert snapshot(game) == before


def test_the_tie_order_is_asked_only_when_a_tie_decides_a_point(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass()
    tied = hand(1, tricks={"Anna": 57, "Beat": 50, "Cla": 50, "Dora": 0})
    assert 'id="tie-order"' not in html(scorer.get(f"/games/{game.pk}/"))
    refused = html(scorer.post(f"/games/{game.pk}/deals/", tied, **HTMX))
    assert 'id="tie-order"' in refused
    assert refused.count('name="tie_') == 4 * 4  # four places for each of the four players
    assert 'value="50"' in refused  # what was typed is kept
    # The table cut the cards: Cla before Beat. Anna +1 (best), Cla +1 (wins the tie), Beat 0, Dora -1.
    response = scorer.post(f"/games/{game.pk}/deals/", {**tied, **hand(1, ties=["Cla", "Beat"])}, **HTMX)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.deals.get().entry["tie_order"] == ["Cla", "Beat"]
    assert game.totals == {"Anna": 1, "Beat": 0, "Cla": 1, "Dora": -1}
    assert 'id="tie-order"' not in html(response)  # the next deal starts without the question
    # Correcting that deal shows the question again, with the order as stored.
    edit = html(scorer.get(f"/games/{game.pk}/deals/1/edit/"))
    assert 'id="tie-order"' in edit
    assert re.search(r'name="tie_3" value="1"[^>]*checked', edit)
    assert re.search(r'name="tie_2" value="2"[^>]*checked', edit)


# ---- drop-outs, corrections, the end -------------------------------------------------------------------


def test_players_out_get_no_inputs_and_the_panel_shows_who_went_out(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass(TO_TWO, GAME[:2])
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert totals_on(page) == {"Anna": 2, "Beat": 0, "Cla": 1, "Dora": -2}
    assert inputs_for(page) == [2, 3, 4]
    assert re.search(r'seat-line out" data-player="Anna"[^>]*>\s*<span class="place">1\.</span>', page)
    assert "out after deal 2" in page
    # Anna has no input any more: whatever is posted for her seat is not part of the deal.
    data = hand(3, tricks={"Anna": 10, "Beat": 100, "Cla": 40, "Dora": 17})
    response = scorer.post(f"/games/{game.pk}/deals/", data)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.deals.get(number=3).entry == {"tricks": {"Beat": 100, "Cla": 40, "Dora": 17}}


def test_playing_to_the_end_ranks_by_drop_out_with_the_loser_last(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass(TO_TWO, GAME[:3])
    response = scorer.post(f"/games/{game.pk}/deals/", hand(4, tricks={"Beat": 100, "Dora": 57}), **HTMX)
    page = html(response)
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "Anna")
    assert game.totals == {"Anna": 2, "Beat": 2, "Cla": 2, "Dora": -2}
    assert "🏆 Anna wins!" in page
    ranking = re.findall(r"<li><strong>(\d)\.</strong> (\w+) <span", page)
    assert ranking == [("1", "Anna"), ("2", "Cla"), ("3", "Beat"), ("4", "Dora")]
    assert 'id="dealform"' not in page
    assert re.search(r'seat-line loser" data-player="Dora"[^>]*>', page)
    assert 'id="dealform"' not in html(scorer.get(f"/games/{game.pk}/"))
    # A further deal is refused, and nothing changes.
    before = snapshot(game)
    refused = scorer.post(f"/games/{game.pk}/deals/", hand(5, tricks={"Beat": 100, "Dora": 57}))
    assert refused.status_code == 422
    assert refused.context["form"].non_field_errors() == ["The game ended with deal 4: no more deals."]
    assert snapshot(game) == before


def test_correcting_the_last_deal_reopens_the_game_and_the_end_comes_again(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass(TO_TWO, GAME)
    assert game.finished
    edit = html(scorer.get(f"/games/{game.pk}/deals/4/edit/"))
    assert inputs_for(edit) == [2, 4]  # as it was before deal 4: Beat and Dora still in
    assert 'name="tricks_2" value="100"' in edit
    # Deal 4 was B 20, D 137: Beat below 21 -1, Dora the only one with 21 takes both points.
    # Totals B 1 - 1 = 0, D -3 + 2 = -1: nobody out, the game goes on.
    response = scorer.post(
        f"/games/{game.pk}/deals/4/edit/", {**hand(4, tricks={"Beat": 20, "Dora": 137}), "version": 1}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.finished, game.winner) == (False, "")
    assert game.totals == {"Anna": 2, "Beat": 0, "Cla": 2, "Dora": -1}
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "Deal 4 corrected." in page
    assert 'id="dealform"' in page
    assert inputs_for(page) == [2, 4]
    assert "🏆" not in page
    # Deal 5: Dora passes, Beat alone takes 2: B 2, out. Dora is left and loses.
    scorer.post(f"/games/{game.pk}/deals/", hand(5, passed=["Dora"]))
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals["Beat"]) == (True, "Anna", 2)


def test_a_correction_that_changes_who_dropped_out_is_re_derived(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass(TO_TWO, GAME[:2])
    # Deal 2 corrected to A 20, B 80, C 57, D 0: Beat and Cla +1, Anna and Dora -1.
    # Totals A 0, B 2, C 1, D -2: now Beat is out, not Anna.
    response = scorer.post(
        f"/games/{game.pk}/deals/2/edit/",
        {**hand(2, tricks={"Anna": 20, "Beat": 80, "Cla": 57, "Dora": 0}), "version": 1},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.totals == {"Anna": 0, "Beat": 2, "Cla": 1, "Dora": -2}
    assert deal_scores(game.deals.get(number=2)) == {
        "Anna": -1,
        "Beat": 1,
        "Cla": 1,
        "Dora": -1,
    }
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert inputs_for(page) == [1, 3, 4]
    assert re.search(r'seat-line out" data-player="Beat"[^>]*>\s*<span class="place">1\.</span>', page)


def test_a_correction_that_breaks_a_later_deal_is_refused_naming_that_deal(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass(TO_TWO, GAME)
    before = snapshot(game)
    # The earlier edit form offers everyone who was in then, though Anna is out now.
    assert inputs_for(html(scorer.get(f"/games/{game.pk}/deals/2/edit/"))) == [1, 2, 3, 4]
    # Deal 2 as A 20, B 80, C 57, D 0 puts Beat out instead of Anna; deal 3 still names Beat.
    response = scorer.post(
        f"/games/{game.pk}/deals/2/edit/",
        {**hand(2, tricks={"Anna": 20, "Beat": 80, "Cla": 57, "Dora": 0}), "version": 1},
    )
    assert response.status_code == 422
    assert response.context["form"].non_field_errors() == [
        "Deal 3: Beat is out of the game and plays no more."
    ]
    assert snapshot(game) == before


def test_deleting_the_last_deal_reopens_a_finished_game(
    make_handjass: Callable[..., Game], scorer: Client
) -> None:
    game = make_handjass(TO_TWO, GAME)
    response = scorer.post(f"/games/{game.pk}/deals/4/delete/")
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.finished, game.winner) == (False, "")
    assert game.totals == {"Anna": 2, "Beat": 1, "Cla": 2, "Dora": -3}
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert inputs_for(page) == [2, 4]
    assert "Deal 4</h2>" in page


def test_a_two_player_game_plays_to_its_loser(make_handjass: Callable[..., Game], scorer: Client) -> None:
    game = make_handjass({"out_at": 2}, seats=2)
    assert inputs_for(html(scorer.get(f"/games/{game.pk}/"))) == [1, 2]
    # Anna 137, Beat 20: Beat below 21 -1, Anna the only one with 21 takes both points: out at 2.
    scorer.post(f"/games/{game.pk}/deals/", hand(1, tricks={"Anna": 137, "Beat": 20}))
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals) == (True, "Anna", {"Anna": 2, "Beat": -1})
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert re.search(r'seat-line loser" data-player="Beat"[^>]*>', page)
