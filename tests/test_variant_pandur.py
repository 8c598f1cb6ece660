"""Pandur through the pages: dealer while four are in, soloist, contract, made or points; drop-outs, the end.

Every score is computed by hand in the comments: a bid is worth bid // 50 (at most 6), misère and
trump misère 4, Pandur 5, trump Pandur 6. Made: the soloist gets it; failed: every other player in
the hand, and with four in the dealer too, unless the dealer stands at target - 2 or target - 1.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Sequence
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


def hand(
    number: int,
    *,
    dealer: str | None = None,
    soloist: str | None = None,
    contract: int | str | None = None,
    made: bool | None = None,
    points: int | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """What the deal form posts: a numeric contract goes in the bid input beside the Bid button."""
    data: dict[str, Any] = {"number": number, "client_token": str(uuid.uuid4()), **extra}
    if dealer:
        data["dealer"] = dealer
    if soloist:
        data["soloist"] = soloist
    if isinstance(contract, int):
        data.update(contract="bid", bid=str(contract))
    elif contract:
        data["contract"] = contract
    if made is not None:
        data["made"] = "yes" if made else "no"
    if points is not None:
        data["points"] = str(points)
    return data


def html(response: Any) -> str:
    return response.content.decode()


def totals_on(page: str) -> dict[str, int]:
    return {side: int(total) for side, total in re.findall(r'data-total="([^"]+)">(-?\d+)<', page)}


def choices(page: str, field: str) -> list[str]:
    return re.findall(rf'name="{field}" value="([^"]+)"', page)


def snapshot(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (list(game.deals.values_list("number", "entry", "version")), game.revision, game.totals)


@pytest.fixture
def make_pandur(club: Club, players: list[Player]) -> Callable[..., Game]:
    def make(settings: dict[str, Any] | None = None, deals: Sequence[dict[str, Any]] = ()) -> Game:
        owner = User.objects.get(username="owner")
        game = services.create_game(
            club=club, variant="pandur", players=players, settings=settings or {}, by=owner
        )
        play(game, deals, by=owner)
        game.refresh_from_db()
        return game

    return make


@pytest.fixture
def scorer(client_as: Callable[[str | None], Client]) -> Client:
    return client_as("scorer")


# A game to 6 (dealer protection at 4 and 5), hand by hand (A, B, C, D = Anna, Beat, Cla, Dora):
# 1. Dora deals; Anna 200 (4) made: A +4.                           Totals A 4, B 0, C 0, D 0.
# 2. Anna deals; Beat misère (4) failed: Cla and Dora +4, Anna at 4 = 6 - 2 gets nothing.
#                                                                   Totals A 4, B 0, C 4, D 4.
# 3. Beat deals; Cla 100 (2) with 120 points: made, C +2.            Totals A 4, B 0, C 6, D 4: Cla out.
# 4. Three in, nobody sits out; Anna trump Pandur (6) failed: Beat and Dora +6.
#                                                                   Totals A 4, B 6, C 6, D 10: Beat
#    and Dora out together, Anna is left: she loses.
TO_SIX = {"target": 6}
GAME = [
    {"dealer": "Dora", "soloist": "Anna", "contract": 200, "made": True},
    {"dealer": "Anna", "soloist": "Beat", "contract": "misere", "made": False},
    {"dealer": "Beat", "soloist": "Cla", "contract": 100, "points": 120},
    {"soloist": "Anna", "contract": "trump_pandur", "made": False},
]


# ---- the new-game page -----------------------------------------------------------------------------


def test_new_game_page_offers_pandur_for_four_with_its_target(club: Club, scorer: Client) -> None:
    page = html(scorer.get("/clubs/zuerich/games/new/?variant=pandur"))
    assert '<option value="pandur" selected>Pandur</option>' in page
    assert 'name="target" value="15"' in page
    assert "(optional)" not in page  # exactly four players

    data = {"variant": "pandur", "preset": "standard", "target": 6}
    seats = {f"seat_{n}": name for n, name in enumerate(("Anna", "Beat", "Cla", "Dora"), start=1)}
    response = scorer.post("/clubs/zuerich/games/new/", {**data, **seats})
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert (game.variant, game.settings) == ("pandur", {"target": 6})
    page = html(scorer.get(response["Location"]))
    assert choices(page, "dealer") == ["Anna", "Beat", "Cla", "Dora"]
    assert "out at 6" in page


def test_new_game_page_refuses_three_players_for_pandur(club: Club, scorer: Client) -> None:
    data = {"variant": "pandur", "preset": "standard", "target": 15, "seat_1": "Anna", "seat_2": "Beat"}
    response = scorer.post("/clubs/zuerich/games/new/", {**data, "seat_3": "Cla"})
    assert response.status_code == 422
    assert "This field is required." in html(response)
    assert not Game.objects.exists()


# ---- a hand --------------------------------------------------------------------------------------------


def test_a_made_bid_is_saved_with_its_value(make_pandur: Callable[..., Game], scorer: Client) -> None:
    game = make_pandur()
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert 'id="dealer"' in page
    assert choices(page, "soloist") == ["Anna", "Beat", "Cla", "Dora"]
    assert choices(page, "contract") == ["bid", "misere", "trump_misere", "pandur", "trump_pandur"]
    # Dora deals, Anna bids 170 and makes it: 170 // 50 = 3 for Anna.
    response = scorer.post(
        f"/games/{game.pk}/deals/", hand(1, dealer="Dora", soloist="Anna", contract=170, made=True), **HTMX
    )
    assert response.status_code == 200
    game.refresh_from_db()
    deal = game.deals.get()
    assert deal.entry == {"dealer": "Dora", "soloist": "Anna", "contract": 170, "made": True}
    assert game.totals == {"Anna": 3, "Beat": 0, "Cla": 0, "Dora": 0}
    assert deal_scores(deal) == game.totals
    page = html(response)
    assert totals_on(page) == game.totals
    assert re.search(r"<strong>Anna</strong> 170 <span class=\"pd-made\" title=\"made\">✓</span>", page)
    assert "Dora dealt" in page
    assert "Hand 2</h2>" in page


def test_a_failed_contract_pays_the_others_and_the_dealer(
    make_pandur: Callable[..., Game], scorer: Client
) -> None:
    game = make_pandur()
    # Anna deals, Beat plays Pandur (5) and fails: Cla, Dora and the dealer Anna +5 each.
    scorer.post(
        f"/games/{game.pk}/deals/", hand(1, dealer="Anna", soloist="Beat", contract="pandur", made=False)
    )
    game.refresh_from_db()
    assert game.deals.get().entry == {
        "dealer": "Anna",
        "soloist": "Beat",
        "contract": "pandur",
        "made": False,
    }
    assert game.totals == {"Anna": 5, "Beat": 0, "Cla": 5, "Dora": 5}


def test_points_decide_a_numeric_bid_and_are_ignored_for_a_named_contract(
    make_pandur: Callable[..., Game], scorer: Client
) -> None:
    game = make_pandur()
    # Cla bids 150 and scores 140: failed, value 3 to Anna, Beat and the dealer Dora.
    scorer.post(f"/games/{game.pk}/deals/", hand(1, dealer="Dora", soloist="Cla", contract=150, points=140))
    game.refresh_from_db()
    assert game.totals == {"Anna": 3, "Beat": 3, "Cla": 0, "Dora": 3}
    # Misère with a bid and points left in their (hidden) inputs: only the misère counts. Made: Cla +4.
    data = {
        **hand(2, dealer="Anna", soloist="Cla", contract="misere", made=True),
        "bid": "150",
        "points": "90",
    }
    scorer.post(f"/games/{game.pk}/deals/", data)
    assert game.deals.get(number=2).entry == {
        "dealer": "Anna",
        "soloist": "Cla",
        "contract": "misere",
        "made": True,
    }


def test_the_preview_shows_who_scores_before_saving(make_pandur: Callable[..., Game], scorer: Client) -> None:
    game = make_pandur()
    data = hand(1, dealer="Anna", soloist="Beat", contract="trump_misere", made=False)
    page = html(scorer.post(f"/games/{game.pk}/deals/preview/", data, **HTMX))
    assert "Beat · Trump misère for <strong>4</strong> failed" in page
    assert "Anna +4 · Cla +4 · Dora +4" in page
    page = html(
        scorer.post(f"/games/{game.pk}/deals/preview/", hand(1, dealer="Anna", soloist="Anna"), **HTMX)
    )
    assert "Anna deals this hand and sits it out: not the soloist." in page
    assert not game.deals.exists()


# ---- refusals: the engine's message beside the field, nothing saved ----------------------------------------

BAD_CONTRACT = (
    "The contract must be a bid from 100 to 750 in tens, or misère, trump misère, Pandur or trump Pandur."
)
NO_AMOUNT = "Bid is selected: enter its amount, from 100 to 750 in tens."
REFUSALS = [
    pytest.param(
        hand(1, soloist="Anna", contract=150, made=True),
        "dealer",
        "Four players are in: name the dealer, who sits this hand out.",
        id="no-dealer",
    ),
    pytest.param(
        hand(1, dealer="Dora", contract=150, made=True),
        "soloist",
        "The soloist is missing.",
        id="no-soloist",
    ),
    pytest.param(
        hand(1, dealer="Dora", soloist="Dora", contract=150, made=True),
        "soloist",
        "Dora deals this hand and sits it out: not the soloist.",
        id="dealer-as-soloist",
    ),
    # Issue 13, point 15: Bid chosen without its amount said "The contract is missing."
    pytest.param(
        hand(1, dealer="Dora", soloist="Anna", contract="bid", made=True),
        "bid",
        NO_AMOUNT,
        id="bid-without-amount",
    ),
    pytest.param(
        hand(1, dealer="Dora", soloist="Anna", made=True),
        "bid",
        NO_AMOUNT,
        id="no-contract-button-no-amount",
    ),
    pytest.param(
        hand(1, dealer="Dora", soloist="Anna", contract=155, made=True),
        "contract",
        BAD_CONTRACT,
        id="bid-not-in-tens",
    ),
    pytest.param(
        hand(1, dealer="Dora", soloist="Anna", contract=90, made=True),
        "contract",
        BAD_CONTRACT,
        id="bid-below-100",
    ),
    pytest.param(
        hand(1, dealer="Dora", soloist="Anna", contract=150),
        "made",
        "Say whether the contract was made, or give the soloist's points.",
        id="no-outcome",
    ),
    pytest.param(
        hand(1, dealer="Dora", soloist="Anna", contract=150, made=True, points=160),
        "points",
        "Give either whether the contract was made or the soloist's points, not both.",
        id="made-and-points",
    ),
    pytest.param(
        hand(1, dealer="Dora", soloist="Anna", contract=150, points=1),
        "points",
        "The soloist's points cannot be 1: no card is worth 1 point.",
        id="points-one",
    ),
    pytest.param(
        hand(1, dealer="Dora", soloist="Anna", contract=150, points=800),
        "points",
        "The soloist's points must be a whole number from 0 to 757.",
        id="points-too-many",
    ),
    pytest.param(
        hand(1, dealer="Dora", soloist="Emil", contract=150, made=True),
        "soloist",
        "Select a valid choice. Emil is not one of the available choices.",
        id="stranger",
    ),
    pytest.param(
        {**hand(1, dealer="Dora", soloist="Anna", contract=150), "made": "maybe"},
        "made",
        "Select a valid choice. maybe is not one of the available choices.",
        id="made-garbled",
    ),
]


@pytest.mark.parametrize(("data", "field", "message"), REFUSALS)
def test_a_refused_hand_names_the_field_and_saves_nothing(
    make_pandur: Callable[..., Game], scorer: Client, data: dict[str, Any], field: str, message: str
) -> None:
    game = make_pandur()
    before = snapshot(game)
    response = scorer.post(f"/games/{game.pk}/deals/", data)
    assert response.status_code == 422
    assert response.context["form"].errors == {field: [message]}
    assert escape(message) in html(response)
    assert snapshot(game) == before


def test_the_preview_waits_for_the_bids_amount_and_the_correction_names_it(
    make_pandur: Callable[..., Game], scorer: Client
) -> None:
    """While the amount is not typed yet the preview keeps quiet; a correction that clears it is refused."""
    game = make_pandur(deals=[{"dealer": "Dora", "soloist": "Anna", "contract": 150, "made": True}])
    before = snapshot(game)
    data = hand(2, dealer="Anna", soloist="Beat", contract="bid", made=True)
    assert html(scorer.post(f"/games/{game.pk}/deals/preview/", data, **HTMX)).strip() == ""
    data = {**hand(1, dealer="Dora", soloist="Anna", contract="bid", made=True), "version": 1}
    response = scorer.post(f"/games/{game.pk}/deals/1/edit/", data)
    assert response.status_code == 422
    assert response.context["form"].errors == {"bid": [NO_AMOUNT]}
    assert snapshot(game) == before


# ---- dealer, protection, drop-outs, corrections, the end -----------------------------------------------


def test_the_dealer_is_asked_only_while_four_are_in(make_pandur: Callable[..., Game], scorer: Client) -> None:
    game = make_pandur(TO_SIX, GAME[:3])
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert totals_on(page) == {"Anna": 4, "Beat": 0, "Cla": 6, "Dora": 4}
    assert 'id="dealer"' not in page
    assert "3 players in: everybody plays, nobody sits out." in page
    assert choices(page, "soloist") == ["Anna", "Beat", "Dora"]
    assert re.search(r'seat-line out" data-player="Cla"[^>]*>\s*<span class="place">1\.</span>', page)
    # A dealer posted anyway is no field of this form: it is not part of the hand.
    data = hand(4, dealer="Dora", soloist="Anna", contract="trump_pandur", made=False)
    scorer.post(f"/games/{game.pk}/deals/", data)
    assert game.deals.get(number=4).entry == GAME[3]


def test_the_panel_shows_dealer_protection_and_who_sat_out(
    make_pandur: Callable[..., Game], scorer: Client
) -> None:
    game = make_pandur(TO_SIX, GAME[:2])
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert totals_on(page) == {"Anna": 4, "Beat": 0, "Cla": 4, "Dora": 4}
    protected = re.findall(r'data-player="(\w+)"[^>]*>(?:(?!</li>).)*no points while dealing', page, re.S)
    assert sorted(protected) == ["Anna", "Cla", "Dora"]
    assert re.search(r'data-player="Anna"[^>]*>(?:(?!</li>).)*sat out hand 2', page, re.S)
    assert "Four in: the dealer sits each hand out." in page


def test_playing_to_the_end_ranks_by_drop_out_with_the_loser_last(
    make_pandur: Callable[..., Game], scorer: Client
) -> None:
    game = make_pandur(TO_SIX, GAME[:3])
    response = scorer.post(
        f"/games/{game.pk}/deals/", hand(4, soloist="Anna", contract="trump_pandur", made=False), **HTMX
    )
    page = html(response)
    game.refresh_from_db()
    assert (game.finished, game.winner) == (True, "Cla")
    assert game.totals == {"Anna": 4, "Beat": 6, "Cla": 6, "Dora": 10}
    assert "🏆 Cla wins!" in page
    ranking = re.findall(r"<li><strong>(\d)\.</strong> (\w+) <span", page)
    assert ranking == [("1", "Cla"), ("2", "Dora"), ("3", "Beat"), ("4", "Anna")]
    assert 'id="dealform"' not in page
    assert re.search(r'seat-line loser" data-player="Anna"[^>]*>', page)
    before = snapshot(game)
    refused = scorer.post(f"/games/{game.pk}/deals/", hand(5, soloist="Anna", contract=100, made=True))
    assert refused.status_code == 422
    assert refused.context["form"].non_field_errors() == ["The game ended with deal 4: no more deals."]
    assert snapshot(game) == before


def test_correcting_the_last_hand_reopens_the_game(make_pandur: Callable[..., Game], scorer: Client) -> None:
    game = make_pandur(TO_SIX, GAME)
    edit = html(scorer.get(f"/games/{game.pk}/deals/4/edit/"))
    assert 'id="dealer"' not in edit
    assert choices(edit, "soloist") == ["Anna", "Beat", "Dora"]
    assert re.search(r'name="contract" value="trump_pandur"[^>]*checked', edit)
    # Hand 4 was made after all: Anna +6 = 10, out. Beat 0 and Dora 4 play on, both in every hand.
    data = {**hand(4, soloist="Anna", contract="trump_pandur", made=True), "version": 1}
    assert scorer.post(f"/games/{game.pk}/deals/4/edit/", data).status_code == 302
    game.refresh_from_db()
    assert (game.finished, game.winner) == (False, "")
    assert game.totals == {"Anna": 10, "Beat": 0, "Cla": 6, "Dora": 4}
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "Hand 5</h2>" in page
    assert choices(page, "soloist") == ["Beat", "Dora"]
    # Hand 5: Dora 150 (3) made: 7, out. Beat is left and loses; Cla went out first and wins.
    scorer.post(f"/games/{game.pk}/deals/", hand(5, soloist="Dora", contract=150, made=True))
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals["Dora"]) == (True, "Cla", 7)


def test_a_correction_that_changes_who_dropped_out_is_re_derived(
    make_pandur: Callable[..., Game], scorer: Client
) -> None:
    game = make_pandur(TO_SIX, GAME[:3])
    # Hand 3 corrected: Cla scored 90 against her 100: failed, 2 each to Anna, Dora and the dealer Beat
    # (at 0, not protected). Totals A 6, B 2, C 4, D 6: Anna and Dora out instead of Cla.
    data = {**hand(3, dealer="Beat", soloist="Cla", contract=100, points=90), "version": 1}
    assert scorer.post(f"/games/{game.pk}/deals/3/edit/", data).status_code == 302
    game.refresh_from_db()
    assert game.totals == {"Anna": 6, "Beat": 2, "Cla": 4, "Dora": 6}
    assert deal_scores(game.deals.get(number=3)) == {
        "Anna": 2,
        "Beat": 2,
        "Cla": 0,
        "Dora": 2,
    }
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert choices(page, "soloist") == ["Beat", "Cla"]
    assert re.search(r'seat-line out" data-player="Anna"[^>]*>\s*<span class="place">1\.</span>', page)
    assert re.search(r'seat-line out" data-player="Dora"[^>]*>\s*<span class="place">1\.</span>', page)


def test_a_correction_that_breaks_a_later_hand_is_refused_naming_that_hand(
    make_pandur: Callable[..., Game], scorer: Client
) -> None:
    game = make_pandur(TO_SIX, GAME)
    before = snapshot(game)
    edit = html(scorer.get(f"/games/{game.pk}/deals/3/edit/"))  # as it was then: four in, Beat dealt
    assert choices(edit, "dealer") == ["Anna", "Beat", "Cla", "Dora"]
    assert re.search(r'name="dealer" value="Beat"[^>]*checked', edit)
    assert 'name="points" value="120"' in edit
    data = {**hand(3, dealer="Beat", soloist="Cla", contract=100, points=90), "version": 1}
    response = scorer.post(f"/games/{game.pk}/deals/3/edit/", data)
    assert response.status_code == 422
    assert response.context["form"].non_field_errors() == [
        "Deal 4: Anna is out of the game and plays no more."
    ]
    assert snapshot(game) == before


def test_deleting_the_last_hand_reopens_a_finished_game(
    make_pandur: Callable[..., Game], scorer: Client
) -> None:
    game = make_pandur(TO_SIX, GAME)
    assert scorer.post(f"/games/{game.pk}/deals/4/delete/").status_code == 302
    game.refresh_from_db()
    assert (game.finished, game.winner) == (False, "")
    assert game.totals == {"Anna": 4, "Beat": 0, "Cla": 6, "Dora": 4}
    assert choices(html(scorer.get(f"/games/{game.pk}/")), "soloist") == ["Anna", "Beat", "Dora"]
