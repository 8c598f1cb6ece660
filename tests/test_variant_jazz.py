"""Jazz through the pages: the form fitted to each sub-game, the engine's refusals beside the field,
corrections, the end of the game and the new-game page. Every penalty is computed by hand in a comment.

Penalties (defaults): spades, clubs, tricks, honors 2 each; plus -2 each; jacks, queens 5 each; King of
Hearts 10, last trick 10; Fan Tan 3 per card left.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils.html import escape

from scorekeeper.games import members, services
from scorekeeper.games.models import Club, Game, Player
from scorekeeper.games.settings_form import SettingsForm
from scorekeeper.rules import score_game
from tests.scored import deal_scores as scored_deal

from .conftest import play

HTMX = {"HTTP_HX_REQUEST": "true"}
PLAYERS = ("Anna", "Beat", "Cla", "Dora")
NEW_GAME = "/clubs/zuerich/games/new/"


# ---- helpers -----------------------------------------------------------------------------------------


@pytest.fixture
def make_jazz(club: Club, players: list[Player]) -> Callable[..., Game]:
    """A Jazz game for Anna, Beat, Cla, Dora (or the players given), with some deals already played."""

    def make(
        settings: dict[str, Any] | None = None,
        deals: Sequence[dict[str, Any]] = (),
        seated: Sequence[Player] | None = None,
    ) -> Game:
        owner = User.objects.get(username="owner")
        game = services.create_game(
            club=club, variant="jazz", players=list(seated or players), settings=settings or {}, by=owner
        )
        play(game, deals, by=owner)
        game.refresh_from_db()
        return game

    return make


@pytest.fixture
def scorer(client_as: Callable[[str | None], Client]) -> Client:
    return client_as("scorer")


def counts(number: int, game: str, *values: int | str) -> dict[str, Any]:
    """What the form posts for a counted game or Fan Tan: one number per seat, in seat order."""
    data = {"number": number, "client_token": str(uuid.uuid4()), "game": game}
    data.update({f"counts_{index}": value for index, value in enumerate(values)})
    return data


def king(number: int, **fields: Any) -> dict[str, Any]:
    return {"number": number, "client_token": str(uuid.uuid4()), "game": "king_last", **fields}


def html(response: Any) -> str:
    return response.content.decode()


def text(fragment: str) -> str:
    """What a reader sees of an HTML fragment: tags gone, spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


def between(page: str, start: str, end: str) -> str:
    """The text after `start` up to the next `end`: the part of the page a message must be in."""
    begin = page.index(start) + len(start)
    return page[begin : page.index(end, begin)]


def heading(page: str) -> str:
    return text(re.search(r'<h2 class="flush"[^>]*>(.*?)</h2>', page, re.S).group(1))


def totals(game: Game) -> dict[str, int]:
    game.refresh_from_db()
    return dict(game.totals)


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a refused post must leave as it was."""
    game.refresh_from_db()
    deals = list(game.deals.values_list("number", "entry", "version"))
    return deals, game.revision, dict(game.totals), game.finished


def deal_scores(game: Game, number: int) -> dict[str, int]:
    return scored_deal(game.deals.get(number=number))


def post_deal(client: Client, game: Game, data: dict[str, Any], **headers: Any) -> Any:
    return client.post(f"/games/{game.pk}/deals/", data, **headers)


# ---- valid deals of each sub-game ---------------------------------------------------------------------

COUNTED_CASES = [
    # (game, counts Anna Beat Cla Dora, penalties)
    ("spades", (3, 5, 1, 4), {"Anna": 6, "Beat": 10, "Cla": 2, "Dora": 8}),  # 13 spades, 2 each
    ("clubs", (0, 13, 0, 0), {"Anna": 0, "Beat": 26, "Cla": 0, "Dora": 0}),  # 13 clubs, 2 each
    ("tricks", (4, 3, 2, 4), {"Anna": 8, "Beat": 6, "Cla": 4, "Dora": 8}),  # 13 tricks, 2 each
    ("plus", (5, 0, 6, 2), {"Anna": -10, "Beat": 0, "Cla": -12, "Dora": -4}),  # 13 tricks, -2 each
    ("honors", (5, 3, 4, 4), {"Anna": 10, "Beat": 6, "Cla": 8, "Dora": 8}),  # 16 honors, 2 each
    ("jacks", (2, 1, "", 1), {"Anna": 10, "Beat": 5, "Cla": 0, "Dora": 5}),  # 4 jacks, 5 each; blank = 0
    ("queens", (0, 0, 4, 0), {"Anna": 0, "Beat": 0, "Cla": 20, "Dora": 0}),  # 4 queens, 5 each
]


@pytest.mark.parametrize(("sub_game", "taken", "penalties"), COUNTED_CASES)
def test_a_counted_game_is_saved_with_its_penalties(
    make_jazz: Callable[..., Game],
    scorer: Client,
    sub_game: str,
    taken: tuple[int | str, ...],
    penalties: dict[str, int],
) -> None:
    game = make_jazz({"games": [sub_game, "fantan"]})
    response = post_deal(scorer, game, counts(1, sub_game, *taken))
    assert response.status_code == 302
    entry = game.deals.get(number=1).entry
    assert entry == {
        "game": sub_game,
        "taken": {p: n for p, n in zip(PLAYERS, taken, strict=True) if n != ""},
    }
    assert deal_scores(game, 1) == penalties
    assert totals(game) == penalties
    assert game.revision == 1


def test_king_of_hearts_and_last_trick_by_default(make_jazz: Callable[..., Game], scorer: Client) -> None:
    game = make_jazz({"games": ["king_last"]})
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert 'name="fifth_trick"' not in page
    assert 'name="king_in_last"' not in page
    # Anna took the King of Hearts (10), Beat the last trick (10).
    response = post_deal(scorer, game, king(1, king_of_hearts="Anna", last_trick="Beat"))
    assert response.status_code == 302
    assert game.deals.get().entry == {"game": "king_last", "king_of_hearts": "Anna", "last_trick": "Beat"}
    assert totals(game) == {"Anna": 10, "Beat": 10, "Cla": 0, "Dora": 0}


def test_fifth_trick_and_the_king_in_the_last_trick_with_their_settings(
    make_jazz: Callable[..., Game], scorer: Client
) -> None:
    game = make_jazz({"games": ["king_last"], "fifth_trick_penalty": 15, "king_in_last_trick_extra": 20})
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "Who took the fifth trick? (+15)" in page
    assert 'name="fifth_trick"' in page
    assert "The King of Hearts fell in the last trick (+20)" in page
    # Cla took the King (10) in the last trick (10) and the extra (20); Dora the fifth trick (15).
    data = king(1, king_of_hearts="Cla", last_trick="Cla", fifth_trick="Dora", king_in_last="on")
    assert post_deal(scorer, game, data).status_code == 302
    assert totals(game) == {"Anna": 0, "Beat": 0, "Cla": 40, "Dora": 15}
    assert game.finished is True


def test_fan_tan_charges_the_cards_left(make_jazz: Callable[..., Game], scorer: Client) -> None:
    game = make_jazz({"games": ["fantan"]})
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "Cards left (0 for who went out)" in page
    # Anna went out; Beat 3 x 3 = 9, Cla 5 x 3 = 15, Dora 1 x 3 = 3.
    assert post_deal(scorer, game, counts(1, "fantan", 0, 3, 5, 1)).status_code == 302
    assert game.deals.get().entry == {
        "game": "fantan",
        "cards_left": {"Anna": 0, "Beat": 3, "Cla": 5, "Dora": 1},
    }
    assert totals(game) == {"Anna": 0, "Beat": 9, "Cla": 15, "Dora": 3}


def test_three_players_share_17_tricks_and_12_clubs(
    make_jazz: Callable[..., Game], players: list[Player], scorer: Client
) -> None:
    game = make_jazz({"games": ["tricks", "clubs"]}, seated=players[:3])
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "17 in all · 2 per trick" in page
    assert 'name="counts_3"' not in page
    # Tricks: Anna 6 x 2 = 12, Beat 6 x 2 = 12, Cla 5 x 2 = 10.
    assert post_deal(scorer, game, counts(1, "tricks", 6, 6, 5)).status_code == 302
    # The two of clubs is out: 12 clubs. Anna 2 x 2, Beat 10 x 2.
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert "12 in all · 2 per club" in page
    assert post_deal(scorer, game, counts(2, "clubs", 2, 10, 0)).status_code == 302
    assert totals(game) == {"Anna": 16, "Beat": 32, "Cla": 10}


def test_five_players_play_fan_tan_with_hands_of_ten(
    club: Club, make_jazz: Callable[..., Game], players: list[Player], scorer: Client
) -> None:
    emil = members.add_player(club=club, name="Emil")
    game = make_jazz({"games": ["spades", "fantan"]}, seated=[*players, emil])
    # Spades: 13 in the 50-card deck (the 2s of clubs and diamonds are out). 2 each.
    assert post_deal(scorer, game, counts(1, "spades", 1, 2, 3, 3, 4)).status_code == 302
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert 'name="counts_4"' in page
    assert 'max="10"' in page
    # Fan Tan: Emil went out; Anna 10 x 3 = 30 (a whole hand), the others 1 x 3.
    response = post_deal(scorer, game, counts(2, "fantan", 10, 1, 1, 1, 0))
    assert response.status_code == 302
    assert totals(game) == {"Anna": 32, "Beat": 7, "Cla": 9, "Dora": 9, "Emil": 8}


def test_an_htmx_post_returns_the_board_with_the_next_sub_game(
    make_jazz: Callable[..., Game], scorer: Client
) -> None:
    game = make_jazz()
    # Spades: Anna 3 x 2 = 6, Beat 5 x 2 = 10, Cla 1 x 2 = 2, Dora 4 x 2 = 8.
    response = post_deal(scorer, game, counts(1, "spades", 3, 5, 1, 4), **HTMX)
    assert response.status_code == 200
    page = html(response)
    assert '<section id="record" data-hx-swap-oob="true">' in page
    assert re.findall(r'data-total="(\w+)">(-?\d+)<', page) == [
        ("Anna", "6"),
        ("Beat", "10"),
        ("Cla", "2"),
        ("Dora", "8"),
    ]
    assert heading(page) == "Deal 2 · Tricks"
    assert 'name="counts_0" id="id_counts_0"' in page
    assert 'value=""' in between(page, 'name="counts_0"', ">")


# ---- refusals: the engine's message beside the field, nothing saved ------------------------------------

REFUSALS = [
    # (settings games, posted, field the message is shown beside, the engine's message)
    (["queens"], counts(1, "queens", 1, 1, 1, ""), "counts-error", "Queens: 3 of 4 entered."),
    (["spades"], counts(1, "spades", 13, 1, 0, 0), "counts-error", "Spades: 14 of 13 entered."),
    (
        ["jacks"],
        counts(1, "jacks", 5, 0, 0, 0),
        "counts-error",
        "Jacks for Anna must be a whole number from 0 to 4.",
    ),
    (
        ["fantan"],
        counts(1, "fantan", 0, 0, 2, 3),
        "counts-error",
        "Fan Tan: 2 players have 0 cards left; only one goes out.",
    ),
    (
        ["fantan"],
        counts(1, "fantan", 1, 2, 2, 3),
        "counts-error",
        "Fan Tan: the player who went out has 0 cards left.",
    ),
    (
        ["fantan"],
        counts(1, "fantan", 0, 14, 2, 3),
        "counts-error",
        "Cards left for Beat must be a whole number from 0 to 13.",
    ),
    (["king_last"], king(1, last_trick="Anna"), "king_of_hearts-error", "Enter who took the King of Hearts."),
    (["king_last"], king(1, king_of_hearts="Anna"), "last_trick-error", "Enter who took the last trick."),
]


@pytest.mark.parametrize(("games", "data", "error_id", "message"), REFUSALS)
def test_a_bad_deal_is_refused_beside_its_field_and_nothing_is_saved(
    make_jazz: Callable[..., Game],
    scorer: Client,
    games: list[str],
    data: dict[str, Any],
    error_id: str,
    message: str,
) -> None:
    game = make_jazz({"games": games})
    before = snapshot(game)
    response = post_deal(scorer, game, data)
    assert response.status_code == 422
    page = html(response)
    assert escape(message) in between(page, f'id="{error_id}"', "</ul>")
    assert f'aria-describedby="{error_id}"' in page or error_id != "counts-error"
    assert snapshot(game) == before


def test_the_fifth_trick_is_required_when_it_scores(make_jazz: Callable[..., Game], scorer: Client) -> None:
    game = make_jazz({"games": ["king_last"], "fifth_trick_penalty": 10})
    before = snapshot(game)
    response = post_deal(scorer, game, king(1, king_of_hearts="Anna", last_trick="Beat"))
    assert response.status_code == 422
    assert "Enter who took the fifth trick." in between(html(response), 'id="fifth_trick-error"', "</ul>")
    assert snapshot(game) == before


def test_the_king_in_the_last_trick_needs_one_player_to_take_both(
    make_jazz: Callable[..., Game], scorer: Client
) -> None:
    game = make_jazz({"games": ["king_last"], "king_in_last_trick_extra": 20})
    before = snapshot(game)
    data = king(1, king_of_hearts="Anna", last_trick="Beat", king_in_last="on")
    response = post_deal(scorer, game, data)
    assert response.status_code == 422
    message = "The King of Hearts fell in the last trick: one player took both."
    assert message in between(html(response), 'id="king_in_last-error"', "</ul>")
    assert snapshot(game) == before


def test_a_deal_for_another_sub_game_is_refused_above_the_form(
    make_jazz: Callable[..., Game], scorer: Client
) -> None:
    game = make_jazz({"games": ["jacks", "queens"]})
    before = snapshot(game)
    response = post_deal(scorer, game, counts(1, "queens", 1, 1, 1, 1))
    assert response.status_code == 422
    assert "The next game is Jacks, not Queens." in between(html(response), 'class="form-errors"', "</div>")
    assert snapshot(game) == before


def test_a_count_that_is_not_a_number_is_refused(make_jazz: Callable[..., Game], scorer: Client) -> None:
    game = make_jazz({"games": ["queens"]})
    before = snapshot(game)
    response = post_deal(scorer, game, counts(1, "queens", "two", 2, 0, 0))
    assert response.status_code == 422
    assert "Enter a whole number." in between(html(response), 'id="counts-error"', "</ul>")
    assert snapshot(game) == before


def test_a_viewer_cannot_post_a_deal(
    make_jazz: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_jazz({"games": ["queens"]})
    before = snapshot(game)
    response = post_deal(client_as("viewer"), game, counts(1, "queens", 1, 1, 1, 1))
    assert response.status_code in (403, 404)
    assert snapshot(game) == before


# ---- the live check while typing ------------------------------------------------------------------------


def test_preview_counts_what_is_entered_so_far(make_jazz: Callable[..., Game], scorer: Client) -> None:
    game = make_jazz({"games": ["queens"]})
    response = scorer.post(f"/games/{game.pk}/deals/preview/", counts(1, "queens", 2, 1, "", ""))
    assert "Queens: 3 of 4 entered." in html(response)
    # All four: Anna 2 x 5 = 10, Beat 1 x 5 = 5, Dora 1 x 5 = 5.
    response = scorer.post(f"/games/{game.pk}/deals/preview/", counts(1, "queens", 2, 1, "", 1))
    page = html(response)
    assert "✓ Queens: 4 of 4 entered" in page
    assert text(page).endswith("penalties Anna +10 · Beat +5 · Cla 0 · Dora +5")
    assert not game.deals.exists()


def test_preview_of_the_king_waits_for_every_answer(make_jazz: Callable[..., Game], scorer: Client) -> None:
    game = make_jazz({"games": ["king_last"], "fifth_trick_penalty": 10})
    response = scorer.post(
        f"/games/{game.pk}/deals/preview/", king(1, king_of_hearts="Anna", last_trick="Anna")
    )
    assert html(response).strip() == ""  # an answer not given yet is not a mistake yet
    data = king(1, king_of_hearts="Anna", last_trick="Anna", fifth_trick="Dora")
    page = html(scorer.post(f"/games/{game.pk}/deals/preview/", data))
    assert "✓ King ♥ Anna · last trick Anna · 5th trick Dora" in page
    assert "Anna <strong>+20</strong>" in page


# ---- the form fits the next sub-game -------------------------------------------------------------------


def test_the_form_follows_the_schedule(make_jazz: Callable[..., Game], scorer: Client) -> None:
    game = make_jazz({"games": ["honors", "king_last", "fantan"]})
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert heading(page) == "Deal 1 · Honors"
    assert "16 in all · 2 per 10, J, Q or K" in page
    assert "10s, Jacks, Queens and Kings taken" in page
    assert len(re.findall(r'name="counts_\d"', page)) == 4
    assert 'name="king_of_hearts"' not in page
    # The score sheet: Honors is next, the rest open.
    assert 'class="next" data-sheet="1" aria-current="step"' in page
    assert 'class="open" data-sheet="2"' in page

    play(game, [{"game": "honors", "taken": {"Anna": 16}}], by=User.objects.get(username="owner"))
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert heading(page) == "Deal 2 · King of Hearts and the last trick"
    assert "Who took the King of Hearts? (+10)" in page
    assert "Who took the last trick? (+10)" in page
    assert 'name="counts_0"' not in page
    assert 'class="played" data-sheet="1"' in page
    assert 'class="next" data-sheet="2"' in page

    play(
        game,
        [{"game": "king_last", "king_of_hearts": "Beat", "last_trick": "Cla"}],
        by=User.objects.get(username="owner"),
    )
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert heading(page) == "Deal 3 · Fan Tan"
    assert "3 per card left · one player goes out" in page
    assert 'max="13"' in page


def test_rounds_are_shown_on_the_form_and_the_sheet(make_jazz: Callable[..., Game], scorer: Client) -> None:
    game = make_jazz(
        {"games": ["jacks", "fantan"], "rounds": 2}, deals=[{"game": "jacks", "taken": {"Anna": 4}}]
    )
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert heading(page) == "Deal 2 · Fan Tan"
    assert "Round 1 · 3 per card left" in page
    assert page.count('<tr class="jazz-round">') == 2
    play(
        game,
        [{"game": "fantan", "cards_left": {"Anna": 0, "Beat": 1, "Cla": 1, "Dora": 1}}],
        by=User.objects.get(username="owner"),
    )
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert heading(page) == "Deal 3 · Jacks"
    assert "Round 2 · 4 in all · 5 per jack" in page


# ---- corrections ---------------------------------------------------------------------------------------


def test_a_correction_shows_its_own_sub_game_and_re_derives_the_totals(
    make_jazz: Callable[..., Game], scorer: Client
) -> None:
    game = make_jazz(
        {"games": ["queens", "king_last", "fantan"]},
        deals=[
            {"game": "queens", "taken": {"Anna": 1, "Beat": 1, "Cla": 1, "Dora": 1}},  # 5 each
            {"game": "king_last", "king_of_hearts": "Anna", "last_trick": "Beat"},  # Anna 10, Beat 10
        ],
    )
    assert totals(game) == {"Anna": 15, "Beat": 15, "Cla": 5, "Dora": 5}
    page = html(scorer.get(f"/games/{game.pk}/deals/1/edit/"))
    assert heading(page) == "Correct deal 1 · Queens"
    assert re.findall(r'name="counts_\d" id="id_counts_\d"[^>]*value="(\d*)"', page) == ["1", "1", "1", "1"]
    # Dora took all four queens: Dora 20; with deal 2, Anna 10, Beat 10, Cla 0, Dora 20.
    data = counts(1, "queens", "", 0, 0, 4) | {"version": 1}
    response = scorer.post(f"/games/{game.pk}/deals/1/edit/", data)
    assert response.status_code == 302
    assert totals(game) == {"Anna": 10, "Beat": 10, "Cla": 0, "Dora": 20}
    assert deal_scores(game, 1) == {"Anna": 0, "Beat": 0, "Cla": 0, "Dora": 20}
    # The page goes on with the next sub-game, Fan Tan.
    assert heading(html(scorer.get(f"/games/{game.pk}/"))) == "Deal 3 · Fan Tan"


def test_a_correction_of_the_king_keeps_its_questions(make_jazz: Callable[..., Game], scorer: Client) -> None:
    game = make_jazz(
        {"games": ["king_last", "fantan"], "king_in_last_trick_extra": 20},
        deals=[{"game": "king_last", "king_of_hearts": "Cla", "last_trick": "Cla", "king_in_last": True}],
    )
    assert totals(game) == {"Anna": 0, "Beat": 0, "Cla": 40, "Dora": 0}  # 10 + 10 + 20
    page = html(scorer.get(f"/games/{game.pk}/deals/1/edit/"))
    assert heading(page) == "Correct deal 1 · King of Hearts and the last trick"
    assert re.search(r'name="king_of_hearts" value="Cla"[^>]*checked', page)
    assert re.search(r'name="king_in_last"[^>]*checked', page)
    # The King did not fall in the last trick, and Dora took the last trick: Cla 10, Dora 10.
    data = king(1, king_of_hearts="Cla", last_trick="Dora", version=1)
    response = scorer.post(f"/games/{game.pk}/deals/1/edit/", data)
    assert response.status_code == 302
    assert totals(game) == {"Anna": 0, "Beat": 0, "Cla": 10, "Dora": 10}


def test_a_refused_correction_changes_nothing(make_jazz: Callable[..., Game], scorer: Client) -> None:
    game = make_jazz({"games": ["queens", "fantan"]}, deals=[{"game": "queens", "taken": {"Anna": 4}}])
    before = snapshot(game)
    data = counts(1, "queens", 4, 1, 0, 0) | {"version": 1}
    response = scorer.post(f"/games/{game.pk}/deals/1/edit/", data)
    assert response.status_code == 422
    assert "Queens: 5 of 4 entered." in between(html(response), 'id="counts-error"', "</ul>")
    assert snapshot(game) == before


# ---- the end of the game ---------------------------------------------------------------------------------

SHORT = {"games": ["queens", "king_last", "fantan"]}


def test_playing_to_the_end_ranks_lowest_first_and_closes_the_form(
    make_jazz: Callable[..., Game], scorer: Client
) -> None:
    game = make_jazz(SHORT)
    # Queens: Anna 1 x 5 = 5, Beat 2 x 5 = 10, Dora 1 x 5 = 5.
    assert post_deal(scorer, game, counts(1, "queens", 1, 2, 0, 1)).status_code == 302
    # King Beat 10, last trick Dora 10: Anna 5, Beat 20, Cla 0, Dora 15.
    assert post_deal(scorer, game, king(2, king_of_hearts="Beat", last_trick="Dora")).status_code == 302
    assert game.deals.count() == 2
    # Fan Tan: Cla out; Anna 2 x 3 = 6, Beat 1 x 3 = 3, Dora 4 x 3 = 12. Anna 11, Beat 23, Cla 0, Dora 27.
    response = post_deal(scorer, game, counts(3, "fantan", 2, 1, 0, 4), **HTMX)
    assert response.status_code == 200
    assert totals(game) == {"Anna": 11, "Beat": 23, "Cla": 0, "Dora": 27}
    assert (game.finished, game.winner) == (True, "Cla")
    for page in (html(response), html(scorer.get(f"/games/{game.pk}/"))):
        assert "🏆 Cla wins!" in page
        ranking = text(between(page, 'aria-label="Final ranking">', "</ol>"))
        assert ranking == "1. Cla 0 2. Anna 11 3. Beat 23 4. Dora 27"
        assert 'id="dealform"' not in page
        assert 'aria-current="step"' not in page

    before = snapshot(game)
    response = post_deal(scorer, game, counts(4, "queens", 1, 1, 1, 1))
    assert response.status_code == 422
    assert "The game ended with deal 3: no more deals." in html(response)
    assert snapshot(game) == before


def test_deleting_the_last_deal_reopens_a_finished_game(
    make_jazz: Callable[..., Game], scorer: Client
) -> None:
    game = make_jazz(
        SHORT,
        deals=[
            {"game": "queens", "taken": {"Anna": 4}},  # Anna 20
            {"game": "king_last", "king_of_hearts": "Beat", "last_trick": "Beat"},  # Beat 20
            {"game": "fantan", "cards_left": {"Anna": 0, "Beat": 1, "Cla": 1, "Dora": 1}},  # 3 each but Anna
        ],
    )
    assert (game.finished, game.winner) == (True, "")  # Anna 20, Beat 23, Cla 3, Dora 3: a tie
    assert "🏆 Game over" in html(scorer.get(f"/games/{game.pk}/"))
    assert scorer.post(f"/games/{game.pk}/deals/3/delete/").status_code == 302
    assert totals(game) == {"Anna": 20, "Beat": 20, "Cla": 0, "Dora": 0}
    assert (game.finished, game.winner) == (False, "")
    page = html(scorer.get(f"/games/{game.pk}/"))
    assert heading(page) == "Deal 3 · Fan Tan"
    assert "🏆" not in page


def test_a_correction_after_the_end_can_change_the_winner(
    make_jazz: Callable[..., Game], scorer: Client
) -> None:
    game = make_jazz(
        {"games": ["queens", "fantan"]},
        deals=[
            {"game": "queens", "taken": {"Anna": 4}},  # Anna 20
            {"game": "fantan", "cards_left": {"Anna": 0, "Beat": 1, "Cla": 2, "Dora": 3}},  # 3, 6, 9
        ],
    )
    assert game.winner == "Beat"  # Anna 20, Beat 3, Cla 6, Dora 9
    # Dora took the four queens, not Anna: Anna 0, Beat 3, Cla 6, Dora 29.
    response = scorer.post(
        f"/games/{game.pk}/deals/1/edit/", counts(1, "queens", 0, 0, 0, 4) | {"version": 1}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.finished, game.winner, dict(game.totals)) == (
        True,
        "Anna",
        {"Anna": 0, "Beat": 3, "Cla": 6, "Dora": 29},
    )


# ---- the new-game page ---------------------------------------------------------------------------------


def new_jazz_post(names: Sequence[str], **settings: Any) -> dict[str, Any]:
    """The new-game form as the page fills it: the standard preset's values, then the changes typed."""
    form = SettingsForm(variant="jazz", preset="standard")
    data: dict[str, Any] = {"variant": "jazz", "preset": "standard"}
    for name, field in form.fields.items():
        value = field.initial
        data[name] = "" if value is None else json.dumps(value) if isinstance(value, list) else value
    data.update({f"seat_{seat}": name for seat, name in enumerate(names, start=1)})
    data.update(settings)
    return data


def test_the_new_game_page_offers_jazz_with_its_settings(scorer: Client, club: Club) -> None:
    page = html(scorer.get(f"{NEW_GAME}?variant=jazz"))
    assert '<option value="jazz" selected>Jazz</option>' in page
    assert 'name="seat_3"' in page
    assert "Seat 4 (optional)" in page
    assert "Seat 5 (optional)" in page
    assert 'name="seat_6"' not in page
    assert escape('["spades", "tricks", "honors", "jacks", "queens", "king_last", "fantan"]') in page
    assert 'name="penalties.plus" value="-2"' in page
    assert 'name="fifth_trick_penalty" value="0"' in page
    short = html(scorer.get(f"{NEW_GAME}?variant=jazz&preset=short", HTTP_HX_TARGET="settings", **HTMX))
    assert escape('["spades", "tricks", "queens", "king_last", "fantan"]') in short


@pytest.mark.parametrize(
    ("names", "deck"),
    [
        (["Anna", "Beat", "Cla"], {"cards": 51, "tricks": 17, "spades": 13, "clubs": 12}),
        (["Anna", "Beat", "Cla", "Dora", "Emil"], {"cards": 50, "tricks": 10, "spades": 13, "clubs": 12}),
    ],
)
def test_the_new_game_page_starts_jazz_for_three_and_for_five(
    scorer: Client, players: list[Player], names: list[str], deck: dict[str, int]
) -> None:
    data = new_jazz_post(names, games='["queens", "king_last", "fantan"]', fifth_trick_penalty="10")
    response = scorer.post(NEW_GAME, data)
    assert response.status_code == 302
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert game.variant == "jazz"
    assert list(game.seats.order_by("position").values_list("name", flat=True)) == names
    assert game.settings["games"] == ["queens", "king_last", "fantan"]
    assert game.settings["fifth_trick_penalty"] == 10
    assert game.settings["penalties"]["plus"] == -2
    page = html(scorer.get(response["Location"]))
    assert heading(page) == "Deal 1 · Queens"
    assert len(re.findall(r'name="counts_\d"', page)) == len(names)
    assert score_game("jazz", names, game.settings, []).state["deck"] == deck


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ('["queens", "poker"]', "Games: 'poker' is not a Jazz game."),
        ('["fantan", "queens"]', "Games: Fan Tan must be the last game."),
        ('["queens", "queens"]', "Games: Queens is listed twice."),
        ("[]", "Games must list at least one game."),
    ],
)
def test_a_bad_schedule_gets_the_engines_message(
    scorer: Client, players: list[Player], games: str, message: str
) -> None:
    response = scorer.post(NEW_GAME, new_jazz_post(["Anna", "Beat", "Cla"], games=games))
    assert response.status_code == 422
    assert escape(message) in between(html(response), 'name="games"', "</div>")
    assert not Game.objects.exists()


def test_a_schedule_that_is_not_json_is_refused(scorer: Client, players: list[Player]) -> None:
    response = scorer.post(NEW_GAME, new_jazz_post(["Anna", "Beat", "Cla"], games="queens, fantan"))
    assert response.status_code == 422
    assert "Enter a valid JSON." in between(html(response), 'name="games"', "</div>")
    assert not Game.objects.exists()


def test_jazz_needs_three_players(scorer: Client, players: list[Player]) -> None:
    response = scorer.post(NEW_GAME, new_jazz_post(["Anna", "Beat"]))
    assert response.status_code == 422
    assert "This field is required." in between(html(response), 'name="seat_3"', "</div>")
    assert not Game.objects.exists()
