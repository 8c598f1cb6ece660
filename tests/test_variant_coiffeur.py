"""Coiffeur through the pages: the deal form, its refusals (the engine's words, beside the field, nothing
saved), corrections, the board of rows by teams, the end of the game and the new-game settings.

Seats Anna, Beat, Cla, Dora: team A is Anna & Cla, team B Beat & Dora. Every score is computed by hand in
the comments; the default board is hearts x1, diamonds x2, spades x3, clubs x4, obenabe x5, undenufe x6,
match bonus 100, counter-match bonus 100.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils.html import escape

from scorekeeper.games import services
from scorekeeper.games.models import Club, DealChange, Game, Player
from scorekeeper.games.variants.shape import shape_in
from tests.html_forms import forms_on
from tournaments.models import Tournament

from .conftest import play

HTMX = {"HTTP_HX_REQUEST": "true"}
TWO_ROWS = {"rows": [["hearts", 1], ["spades", 3]]}
X = "\u00d7"  # the multiplication sign the page shows


@pytest.fixture
def coiffeur(club: Club, players: list[Player]) -> Callable[..., Game]:
    def make(settings: dict[str, Any] | None = None, deals: tuple[dict[str, Any], ...] = ()) -> Game:
        owner = User.objects.get(username="owner")
        game = services.create_game(
            club=club, variant="coiffeur", players=players, settings=settings or {}, by=owner
        )
        play(game, deals, by=owner)
        game.refresh_from_db()
        return game

    return make


def deal_post(number: int, **fields: Any) -> dict[str, Any]:
    """What the deal form posts: the hidden fields and the typed ones (booleans as a ticked box)."""
    data = {"number": number, "client_token": str(uuid.uuid4())}
    for key, value in fields.items():
        if value is True:
            data[key] = "on"
        elif value is not None:
            data[key] = value
    return data


def add(client: Client, game: Game, number: int, **fields: Any) -> Any:
    return client.post(f"/games/{game.pk}/deals/", deal_post(number, **fields), **HTMX)


def total_of(page: str, side: str) -> int:
    found = re.findall(rf'data-total="{side}">(-?\d+)<', page)
    assert len(found) == 1, found
    return int(found[0])


def error_list(page: str, field: str) -> str:
    """The error list shown beside a field of the deal form."""
    match = re.search(rf'<ul class="errorlist" id="{field}-error">(.*?)</ul>', page, re.S)
    assert match, f"no errors shown beside {field}"
    return match.group(1)


def snapshot(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (
        list(game.deals.values_list("number", "entry", "version")),
        DealChange.objects.filter(game=game).count(),
        game.revision,
        game.totals,
        game.finished,
    )


def expect_refused(
    client: Client, game: Game, number: int, fields: dict[str, Any], field: str, message: str
) -> None:
    """Post deal `number`: refused (422) with the engine's message beside `field`, and nothing saved."""
    before = snapshot(game)
    response = add(client, game, number, **fields)
    assert response.status_code == 422
    assert response.context["form"].errors == {field: [message]}
    assert escape(message) in error_list(response.content.decode(), field)
    assert snapshot(game) == before


def board_cells(page: str, row: str) -> list[str]:
    """The two team cells of a row of the Coiffeur board, as text."""
    match = re.search(rf'<tr data-row="{row}">(.*?)</tr>', page, re.S)
    assert match, row
    cells = re.findall(r"<td[^>]*>(.*?)</td>", match.group(1), re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in cells]


# ---- the page and a valid deal -------------------------------------------------------------------------


def test_the_form_offers_the_teams_by_name_and_the_rows_in_the_clubs_suits(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur(deals=({"team": "A", "row": "spades", "points": 83},))
    page = client_as("scorer").get(f"/games/{game.pk}/").content.decode()
    assert "A · Anna &amp; Cla" in page and "B · Beat &amp; Dora" in page
    assert f"🛡 Schilten {X}3" in page and f"⬆ Undenufe {X}6" in page
    # Spades is played by team A only: its button is open for team B, every other row for both.
    assert re.search(r'data-open="B"><input[^>]*value="spades"', page)
    assert re.search(r'data-open="A B"><input[^>]*value="hearts"', page)
    # Team B has played fewer rows, so it is offered first.
    assert re.search(r'<input[^>]*name="team"[^>]*value="B"[^>]*checked', page)
    assert "Coiffeur board" in page


@pytest.mark.parametrize(
    ("fields", "scores", "entry"),
    [
        # 83 x3 (spades) = 249 for A; B writes nothing.
        (
            {"team": "A", "row": "spades", "points": 83},
            {"A": 249, "B": 0},
            {"team": "A", "row": "spades", "points": 83},
        ),
        # 0 points is a score: 0 x6.
        (
            {"team": "B", "row": "undenufe", "points": 0},
            {"A": 0, "B": 0},
            {"team": "B", "row": "undenufe", "points": 0},
        ),
        # Match in obenabe: (157 + 100) x5 = 1285.
        (
            {"team": "B", "row": "obenabe", "match": True},
            {"A": 0, "B": 1285},
            {"team": "B", "row": "obenabe", "match": True},
        ),
        # Counter-match against A in clubs: A writes 0, B gets 100, not multiplied.
        (
            {"team": "A", "row": "clubs", "counter_match": True},
            {"A": 0, "B": 100},
            {"team": "A", "row": "clubs", "counter_match": True},
        ),
    ],
)
def test_a_valid_deal_is_saved_and_scored(
    client_as: Callable[[str | None], Client],
    coiffeur: Callable[..., Game],
    fields: dict[str, Any],
    scores: dict[str, int],
    entry: dict[str, Any],
) -> None:
    game = coiffeur()
    response = add(client_as("scorer"), game, 1, **fields)
    assert response.status_code == 200
    page = response.content.decode()
    assert (total_of(page, "A"), total_of(page, "B")) == (scores["A"], scores["B"])
    assert "Deal 2" in page  # a blank form for the next deal
    game.refresh_from_db()
    assert game.totals == scores
    assert game.deals.get().entry == entry


def test_the_board_shows_each_teams_rows_bonus_totals_and_what_is_open(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur(
        deals=(
            {"team": "A", "row": "spades", "points": 83},  # A 83 x3 = 249
            {"team": "B", "row": "hearts", "points": 120},  # B 120 x1 = 120
            {"team": "A", "row": "obenabe", "match": True},  # A (157 + 100) x5 = 1285
            {"team": "B", "row": "clubs", "counter_match": True},  # B 0 in clubs, A +100
        )
    )
    page = client_as("viewer").get(f"/games/{game.pk}/").content.decode()
    assert board_cells(page, "spades") == [f"249 83 {X} 3", "open"]
    assert board_cells(page, "hearts") == ["open", f"120 120 {X} 1"]
    assert board_cells(page, "obenabe") == [f"1285 match 157 + 100 = 257 {X} 5", "open"]
    assert board_cells(page, "clubs") == ["open", "0 counter-match"]
    assert board_cells(page, "diamonds") == ["open", "open"]
    assert "Counter-match bonus" in page
    # Totals: A 249 + 1285 + 100 = 1634; B 120.
    assert re.search(r'data-board-total="A">1634<', page) and re.search(r'data-board-total="B">120<', page)
    assert (total_of(page, "A"), total_of(page, "B")) == (1634, 120)
    assert re.search(r'data-open-count="A">4 rows<', page) and re.search(r'data-open-count="B">4 rows<', page)
    assert "Team A · Anna &amp; Cla" in page
    assert 'id="dealform"' not in page  # a viewer sees the board, not the form


def test_the_preview_shows_the_score_or_the_engines_objection(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur()
    client = client_as("scorer")
    preview = client.post(
        f"/games/{game.pk}/deals/preview/", deal_post(1, team="A", row="spades", points=83), **HTMX
    ).content.decode()
    assert "A <strong>+249</strong>" in preview  # 83 x3
    preview = client.post(
        f"/games/{game.pk}/deals/preview/", deal_post(1, team="A", row="spades", points=156), **HTMX
    ).content.decode()
    assert "Card points cannot be 156: the other team cannot take 1 point." in preview
    assert game.deals.count() == 0


# ---- refusals: the engine's message beside the field, nothing saved -----------------------------------


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"row": "hearts", "points": 83}, "team", "Name the team that announced: A or B."),
        ({"team": "C", "row": "hearts", "points": 83}, "team", "The team must be A or B, not 'C'."),
        ({"team": "A", "points": 83}, "row", "Name the row that was played."),
        ({"team": "A", "row": "slalom", "points": 83}, "row", "'slalom' is not a row on this board."),
        ({"team": "A", "row": "spades", "points": 70}, "row", "Team A has already played spades."),
        (
            {"team": "A", "row": "hearts"},
            "points",
            "Enter the card points, or mark a match or a counter-match.",
        ),
        (
            {"team": "A", "row": "hearts", "points": 1},
            "points",
            "Card points cannot be 1: no card is worth 1 point.",
        ),
        (
            {"team": "A", "row": "hearts", "points": 156},
            "points",
            "Card points cannot be 156: the other team cannot take 1 point.",
        ),
        (
            {"team": "A", "row": "hearts", "points": 158},
            "points",
            "Card points must be a whole number from 0 to 157.",
        ),
        (
            {"team": "A", "row": "hearts", "points": -3},
            "points",
            "Card points must be a whole number from 0 to 157.",
        ),
        (
            {"team": "A", "row": "hearts", "points": 83, "match": True},
            "match",
            "Enter only one of card points, match and counter-match.",
        ),
        (
            {"team": "A", "row": "hearts", "match": True, "counter_match": True},
            "counter_match",
            "Enter only one of card points, match and counter-match.",
        ),
    ],
)
def test_a_refused_deal_names_the_field_and_saves_nothing(
    client_as: Callable[[str | None], Client],
    coiffeur: Callable[..., Game],
    fields: dict[str, Any],
    field: str,
    message: str,
) -> None:
    game = coiffeur(deals=({"team": "A", "row": "spades", "points": 83},))
    expect_refused(client_as("scorer"), game, 2, fields, field, message)


def test_a_typed_word_for_points_is_refused_by_the_form(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur()
    response = add(client_as("scorer"), game, 1, team="A", row="hearts", points="many")
    assert response.status_code == 422
    assert "Enter a whole number." in error_list(response.content.decode(), "points")
    assert game.deals.count() == 0


# ---- whose turn it is to announce ---------------------------------------------------------------------

PHONE = {"HTTP_X_OUTBOX": "1", **HTMX}


def ticked_team(page: str) -> str:
    """The team ticked under "Announced by" on the deal form of `page`."""
    ticked = []
    for tag in re.findall(r'<input[^>]*name="team"[^>]*>', page):
        value = re.search(r'value="([^"]*)"', tag)
        assert value, tag
        if re.search(r"\schecked[\s>]", tag):
            ticked.append(value.group(1))
    assert len(ticked) == 1, ticked
    return ticked[0]


def deal_form_of(page: str) -> str:
    match = re.search(r'<form id="dealform".*?</form>', page, re.S)
    assert match, "no deal form"
    return match.group(0)


def saved_by_phone(client: Client, game: Game, number: int, shown: str, **fields: Any) -> str:
    """Deal `number` as the phone's outbox sends it, with the shape of the form it shows (`shown`, the blank
    form the outbox reset to): the answer must carry the next deal's form, whose shape differs."""
    response = client.post(
        f"/games/{game.pk}/deals/", deal_post(number, **fields), HTTP_X_FORM_SHAPE=shape_in(shown), **PHONE
    )
    assert response.status_code == 200, response.content
    form = deal_form_of(response.content.decode())
    assert shape_in(form) != shape_in(shown)
    return form


def test_the_team_that_did_not_announce_the_last_deal_is_offered_after_each_save(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur()
    client = client_as("scorer")
    form = deal_form_of(client.get(f"/games/{game.pk}/").content.decode())
    assert ticked_team(form) == "A"  # the first deal: team A
    form = saved_by_phone(client, game, 1, form, team="A", row="hearts", points=83)
    assert ticked_team(form) == "B"
    form = saved_by_phone(client, game, 2, form, team="B", row="hearts", points=70)
    assert ticked_team(form) == "A"
    form = saved_by_phone(client, game, 3, form, team="A", row="spades", points=60)
    assert ticked_team(form) == "B"
    # The page drawn again says the same.
    assert ticked_team(client.get(f"/games/{game.pk}/").content.decode()) == "B"
    game.refresh_from_db()
    assert [deal.entry["team"] for deal in game.deals.order_by("number")] == ["A", "B", "A"]
    # A 83 x1 + 60 x3 = 263; B 70 x1 = 70.
    assert game.totals == {"A": 263, "B": 70}


def test_a_game_team_b_begins_goes_on_from_b(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    """Both teams one row played after deal 2: the team that announced deal 1 is next (team A was offered
    on such a tie before, whoever began)."""
    game = coiffeur()
    client = client_as("scorer")
    form = deal_form_of(client.get(f"/games/{game.pk}/").content.decode())
    form = saved_by_phone(client, game, 1, form, team="B", row="clubs", points=90)  # tapped over A
    assert ticked_team(form) == "A"
    form = saved_by_phone(client, game, 2, form, team="A", row="clubs", points=40)
    assert ticked_team(form) == "B"
    form = saved_by_phone(client, game, 3, form, team="B", row="obenabe", points=100)
    assert ticked_team(form) == "A"
    game.refresh_from_db()
    assert [deal.entry["team"] for deal in game.deals.order_by("number")] == ["B", "A", "B"]
    # B 90 x4 + 100 x5 = 860; A 40 x4 = 160.
    assert game.totals == {"A": 160, "B": 860}


def test_a_posted_team_wins_over_the_one_offered(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur(deals=({"team": "A", "row": "hearts", "points": 83},))
    client = client_as("scorer")
    assert ticked_team(client.get(f"/games/{game.pk}/").content.decode()) == "B"

    # Refused (1 point), the form comes back with the team that was posted, not the one offered.
    response = add(client, game, 2, team="A", row="spades", points=1)
    assert response.status_code == 422
    assert ticked_team(response.content.decode()) == "A"

    # Saved as posted: team A again, spades 60 x3 = 180. Team A announced last, so B is offered.
    form = deal_form_of(add(client, game, 2, team="A", row="spades", points=60).content.decode())
    assert ticked_team(form) == "B"
    game.refresh_from_db()
    assert game.deals.get(number=2).entry == {"team": "A", "row": "spades", "points": 60}
    assert game.totals == {"A": 83 + 180, "B": 0}


def test_a_team_with_every_row_played_is_not_offered(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    # Team B has played both rows of the board; team A announced last and announces again.
    game = coiffeur(
        TWO_ROWS,
        deals=(
            {"team": "B", "row": "hearts", "points": 50},
            {"team": "B", "row": "spades", "points": 50},
            {"team": "A", "row": "hearts", "points": 50},
        ),
    )
    assert ticked_team(client_as("scorer").get(f"/games/{game.pk}/").content.decode()) == "A"


def test_a_correction_keeps_the_team_of_its_deal(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur(
        deals=({"team": "A", "row": "spades", "points": 83}, {"team": "B", "row": "hearts", "points": 120})
    )
    client = client_as("scorer")
    assert ticked_team(client.get(f"/games/{game.pk}/").content.decode()) == "A"
    assert ticked_team(client.get(f"/games/{game.pk}/deals/2/edit/").content.decode()) == "B"
    assert ticked_team(client.get(f"/games/{game.pk}/deals/1/edit/").content.decode()) == "A"


# ---- corrections -------------------------------------------------------------------------------------


def test_a_correction_rescores_and_reopens_the_row_it_leaves(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur(
        deals=(
            {"team": "A", "row": "spades", "points": 83},  # A 249
            {"team": "B", "row": "hearts", "points": 120},  # B 120
        )
    )
    client = client_as("scorer")
    form = client.get(f"/games/{game.pk}/deals/1/edit/").content.decode()
    assert "Correct deal 1" in form
    assert re.search(r'<input[^>]*name="row"[^>]*value="spades"[^>]*checked', form)
    assert 'value="83"' in form

    # Deal 1 was team A in diamonds with 90: 90 x2 = 180 instead of 249. Totals A 180, B 120.
    response = client.post(
        f"/games/{game.pk}/deals/1/edit/",
        {"number": 1, "version": 1, "team": "A", "row": "diamonds", "points": 90},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.totals == {"A": 180, "B": 120}
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert (total_of(page, "A"), total_of(page, "B")) == (180, 120)
    assert board_cells(page, "spades") == ["open", "open"]
    assert board_cells(page, "diamonds") == [f"180 90 {X} 2", "open"]
    assert re.search(r'data-open="A B"><input[^>]*value="spades"', page)


def test_a_refused_correction_keeps_the_deal_as_it_was(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur(
        deals=({"team": "A", "row": "spades", "points": 83}, {"team": "A", "row": "hearts", "points": 50})
    )
    before = snapshot(game)
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/2/edit/",
        {"number": 2, "version": 1, "team": "A", "row": "spades", "points": 50},
    )
    assert response.status_code == 422
    assert response.context["form"].errors == {"row": ["Team A has already played spades."]}
    assert snapshot(game) == before


def test_deleting_the_last_deal_reopens_its_row(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur(deals=({"team": "A", "row": "spades", "points": 83},))
    response = client_as("scorer").post(f"/games/{game.pk}/deals/1/delete/")
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.deals.count(), game.totals) == (0, {"A": 0, "B": 0})


# ---- the end of the game ------------------------------------------------------------------------------


def test_playing_every_row_ends_the_game_with_the_higher_total_winning(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur(settings=TWO_ROWS)
    client = client_as("scorer")
    # A hearts 100 x1 = 100; B spades 60 x3 = 180; A spades match (157 + 100) x3 = 771; B hearts 157 x1.
    # Totals A 100 + 771 = 871, B 180 + 157 = 337.
    for number, fields in enumerate(
        (
            {"team": "A", "row": "hearts", "points": 100},
            {"team": "B", "row": "spades", "points": 60},
            {"team": "A", "row": "spades", "match": True},
            {"team": "B", "row": "hearts", "points": 157},
        ),
        start=1,
    ):
        assert add(client, game, number, **fields).status_code == 200
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "🏆 Anna &amp; Cla win!" in page
    assert (total_of(page, "A"), total_of(page, "B")) == (871, 337)
    assert 'id="dealform"' not in page
    assert re.search(r'data-open-count="A">done<', page) and re.search(r'data-open-count="B">done<', page)
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals) == (True, "A", {"A": 871, "B": 337})

    before = snapshot(game)
    response = add(client, game, 5, team="A", row="hearts", points=50)
    assert response.status_code == 422
    assert response.context["form"].non_field_errors() == ["The game ended with deal 4: no more deals."]
    assert snapshot(game) == before


def test_correcting_the_last_deal_into_a_tie_leaves_no_winner(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    # A hearts 90, B hearts 30: A 90, B 30; A spades 20 x3 = 60, B spades 40 x3 = 120. A 150, B 150.
    game = coiffeur(
        settings=TWO_ROWS,
        deals=(
            {"team": "A", "row": "hearts", "points": 90},
            {"team": "B", "row": "hearts", "points": 30},
            {"team": "A", "row": "spades", "points": 20},
            {"team": "B", "row": "spades", "points": 50},
        ),
    )
    assert (game.finished, game.winner) == (True, "B")
    client = client_as("scorer")
    response = client.post(
        f"/games/{game.pk}/deals/4/edit/",
        {"number": 4, "version": 1, "team": "B", "row": "spades", "points": 40},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.finished, game.winner, game.totals) == (True, "", {"A": 150, "B": 150})
    assert "🏆 Game over" in client.get(f"/games/{game.pk}/").content.decode()

    # Deleting the last deal reopens the game: the form is back for deal 4.
    client.post(f"/games/{game.pk}/deals/4/delete/")
    game.refresh_from_db()
    assert game.finished is False
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="dealform"' in page and "Save deal 4" in page


# ---- house rules: Weis and Stöck, rounding, the match bonus, the counter-match penalty (issue 14) -----


WEIS = {"weis": True}
NO_WEIS = "This game counts no Weis and no Stöck: its settings leave them out."


def test_weis_and_stoeck_are_offered_only_where_the_game_counts_them(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    client = client_as("scorer")
    plain = client.get(f"/games/{coiffeur().pk}/").content.decode()
    assert 'name="weis"' not in plain and 'name="weis_other"' not in plain and 'name="stoeck"' not in plain
    page = client.get(f"/games/{coiffeur(settings=WEIS).pk}/").content.decode()
    (form,) = [form for form in forms_on(page) if form.action.endswith("/deals/")]
    assert form.choices["weis"] == ["", "20", "50", "100", "150", "200", "other"]
    assert form.fields["weis"] == [""]  # none, until tapped
    assert {"weis_other", "stoeck"} <= set(form.names)
    assert "Weis of the announcing team" in page and "Stöck (King and Queen of trump)" in page


@pytest.mark.parametrize(
    ("settings", "fields", "scores", "entry"),
    [
        # (83 + 50) x3 = 399 for A.
        (
            WEIS,
            {"team": "A", "row": "spades", "points": 83, "weis": "50"},
            {"A": 399, "B": 0},
            {"team": "A", "row": "spades", "points": 83, "weis": {"A": 50}},
        ),
        # "other", 70 typed, and Stöck: (60 + 70 + 20) x4 = 600 for B.
        (
            WEIS,
            {"team": "B", "row": "clubs", "points": 60, "weis": "other", "weis_other": 70, "stoeck": True},
            {"A": 0, "B": 600},
            {"team": "B", "row": "clubs", "points": 60, "weis": {"B": 70}, "stoeck": "B"},
        ),
        # A match with 100 Weis in obenabe: (157 + 100 + 100 bonus) x5 = 1785.
        (
            WEIS,
            {"team": "A", "row": "obenabe", "match": True, "weis": "100"},
            {"A": 1785, "B": 0},
            {"team": "A", "row": "obenabe", "match": True, "weis": {"A": 100}},
        ),
        # Rounded to tens: 83 + 50 = 133 -> 130, x4 = 520.
        (
            {**WEIS, "round_to": 10},
            {"team": "A", "row": "clubs", "points": 83, "weis": "50"},
            {"A": 520, "B": 0},
            {"team": "A", "row": "clubs", "points": 83, "weis": {"A": 50}},
        ),
        # A number typed while a button is tapped counts the button: 20 x1 + 57 = 77.
        (
            WEIS,
            {"team": "A", "row": "hearts", "points": 57, "weis": "20", "weis_other": 300},
            {"A": 77, "B": 0},
            {"team": "A", "row": "hearts", "points": 57, "weis": {"A": 20}},
        ),
        # "none" with 0 typed: no Weis at all.
        (
            WEIS,
            {"team": "A", "row": "hearts", "points": 57, "weis": "other", "weis_other": 0},
            {"A": 57, "B": 0},
            {"team": "A", "row": "hearts", "points": 57},
        ),
    ],
)
def test_a_deal_with_weis_is_stored_and_scored(
    client_as: Callable[[str | None], Client],
    coiffeur: Callable[..., Game],
    settings: dict[str, Any],
    fields: dict[str, Any],
    scores: dict[str, int],
    entry: dict[str, Any],
) -> None:
    game = coiffeur(settings=settings)
    response = add(client_as("scorer"), game, 1, **fields)
    assert response.status_code == 200, response.content.decode()
    page = response.content.decode()
    assert (total_of(page, "A"), total_of(page, "B")) == (scores["A"], scores["B"])
    game.refresh_from_db()
    assert game.totals == scores
    assert game.deals.get().entry == entry


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        (
            {"team": "A", "row": "clubs", "counter_match": True, "weis": "50"},
            "weis",
            "A counter-match leaves the announcing team nothing for the row: enter no Weis or Stöck.",
        ),
        (
            {"team": "A", "row": "obenabe", "points": 80, "stoeck": True},
            "stoeck",
            "No Stöck in obenabe: there is no trump suit.",
        ),
        (
            {"team": "A", "row": "hearts", "points": 80, "weis": "other", "weis_other": 35},
            "weis",
            "Weis of team A must be 0, 20, or a multiple of 10 from 40 to 600.",
        ),
        (
            {"team": "A", "row": "hearts", "points": 80, "weis": "other", "weis_other": 2**31},
            "weis",
            "Weis of team A must be 0, 20, or a multiple of 10 from 40 to 600.",
        ),
        (
            {"team": "A", "row": "hearts", "points": 80, "weis": "other", "weis_other": 10**20},
            "weis",
            "Weis of team A must be 0, 20, or a multiple of 10 from 40 to 600.",
        ),
        (
            {"team": "A", "row": "hearts", "points": 80, "weis": "other"},
            "weis_other",
            "Type the Weis, or tap none.",
        ),
        (
            {"team": "A", "row": "hearts", "points": 80, "weis": "other", "weis_other": "many"},
            "weis_other",
            "Enter a whole number.",
        ),
        (
            {"team": "A", "row": "hearts", "points": 80, "weis": "70"},
            "weis",
            "Choose a Weis: one of the buttons, or other.",
        ),
    ],
)
def test_refused_weis_names_its_field_and_saves_nothing(
    client_as: Callable[[str | None], Client],
    coiffeur: Callable[..., Game],
    fields: dict[str, Any],
    field: str,
    message: str,
) -> None:
    expect_refused(client_as("scorer"), coiffeur(settings=WEIS), 1, fields, field, message)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"team": "A", "row": "spades", "points": 83, "weis": "50"}, "weis"),
        ({"team": "A", "row": "spades", "points": 83, "weis": "other", "weis_other": 70}, "weis"),
        ({"team": "A", "row": "spades", "points": 83, "stoeck": True}, "stoeck"),
    ],
)
def test_weis_posted_to_a_game_without_it_is_refused_by_the_engine(
    client_as: Callable[[str | None], Client],
    coiffeur: Callable[..., Game],
    fields: dict[str, Any],
    field: str,
) -> None:
    game = coiffeur()
    before = snapshot(game)
    client = client_as("scorer")
    # The inputs are drawn with the refusal beside them, so the scorer can clear them.
    expect_refused(client, game, 1, fields, field, NO_WEIS)

    # The phone's outbox gets the same words, named by the field.
    outbox = client.post(f"/games/{game.pk}/deals/", deal_post(1, **fields), HTTP_X_OUTBOX="1", **HTMX)
    assert outbox.status_code == 422
    label = {"weis": "Weis", "stoeck": "Stöck"}[field]
    assert outbox.json()["refused"] == f"{label}: {NO_WEIS}"
    assert snapshot(game) == before


@pytest.mark.parametrize(
    ("entry", "shown", "total"),
    [
        # (83 + 50 + 20) x3 = 459; corrected to 93: (93 + 50 + 20) x3 = 489.
        (
            {"team": "A", "row": "spades", "points": 83, "weis": {"A": 50}, "stoeck": "A"},
            {"weis": ["50"]},
            489,
        ),
        # (83 + 70) x3 = 459; corrected to 93: (93 + 70) x3 = 489.
        ({"team": "A", "row": "spades", "points": 83, "weis": {"A": 70}}, {"weis": ["other"]}, 489),
    ],
)
def test_a_correction_keeps_the_deals_weis_and_stoeck(
    client_as: Callable[[str | None], Client],
    coiffeur: Callable[..., Game],
    entry: dict[str, Any],
    shown: dict[str, list[str]],
    total: int,
) -> None:
    game = coiffeur(settings=WEIS, deals=(entry,))
    client = client_as("scorer")
    page = client.get(f"/games/{game.pk}/deals/1/edit/").content.decode()
    (form,) = [form for form in forms_on(page) if form.action.endswith("/deals/1/edit/")]
    assert form.fields["weis"] == shown["weis"]
    assert form.fields["weis_other"] == ["70" if shown["weis"] == ["other"] else ""]
    assert form.fields.get("stoeck") == (["on"] if "stoeck" in entry else None)

    response = client.post(form.action, form.data(points="93"))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.deals.get().entry == {**entry, "points": 93}
    assert game.totals == {"A": total, "B": 0}


def test_the_board_shows_weis_stoeck_and_rounding_as_the_table_reckons(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur(
        settings={**WEIS, "round_to": 10},
        deals=(
            {"team": "A", "row": "clubs", "points": 83, "weis": {"A": 50}},  # 133 -> 130, x4 = 520
            {"team": "B", "row": "spades", "points": 84},  # 84 -> 80, x3 = 240
            {"team": "A", "row": "obenabe", "match": True, "weis": {"A": 20}},  # 177 -> 180, + 100, x5 = 1400
            {"team": "B", "row": "hearts", "points": 80, "stoeck": "B"},  # 80 + 20 = 100, x1 = 100
            {"team": "A", "row": "hearts", "points": 90},  # 90, x1 = 90
        ),
    )
    page = client_as("viewer").get(f"/games/{game.pk}/").content.decode()
    assert board_cells(page, "clubs") == [f"520 83 + 50 Weis = 133 \u2192 130 {X} 4", "open"]
    assert board_cells(page, "spades") == ["open", f"240 84 \u2192 80 {X} 3"]
    assert board_cells(page, "obenabe") == [
        f"1400 match 157 + 20 Weis = 177 \u2192 180 + 100 = 280 {X} 5",
        "open",
    ]
    assert board_cells(page, "hearts") == [f"90 90 {X} 1", f"100 80 + 20 Stöck = 100 {X} 1"]
    # Totals: A 520 + 1400 + 90 = 2010; B 240 + 100 = 340.
    assert (total_of(page, "A"), total_of(page, "B")) == (2010, 340)
    # The list of deals names the Weis and the Stöck.
    assert '<span class="tag">Weis A 50</span>' in page and '<span class="tag">Stöck B</span>' in page


def test_an_unmultiplied_match_bonus_is_added_after_the_multiplier(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    # 157 x5 + 100 = 885.
    game = coiffeur(
        settings={"match_bonus_multiplied": False}, deals=({"team": "A", "row": "obenabe", "match": True},)
    )
    page = client_as("viewer").get(f"/games/{game.pk}/").content.decode()
    assert board_cells(page, "obenabe") == [f"885 match 157 {X} 5 + 100", "open"]
    assert (total_of(page, "A"), total_of(page, "B")) == (885, 0)


def test_a_counter_match_penalty_is_a_negative_row_score(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur(settings={"counter_match": "penalty"})
    client = client_as("scorer")
    # Counter-match against A in clubs: A pays 100 x4 = -400; B gets nothing.
    preview = client.post(
        f"/games/{game.pk}/deals/preview/", deal_post(1, team="A", row="clubs", counter_match=True), **HTMX
    ).content.decode()
    assert "A <strong>-400</strong>" in preview and "+" not in preview.split("scores")[1]
    assert add(client, game, 1, team="A", row="clubs", counter_match=True).status_code == 200
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert board_cells(page, "clubs") == [f"-400 counter-match -100 {X} 4", "open"]
    assert "Counter-match bonus" not in page  # no team was paid a bonus
    assert (total_of(page, "A"), total_of(page, "B")) == (-400, 0)
    game.refresh_from_db()
    assert game.totals == {"A": -400, "B": 0}


def test_the_preview_reckons_weis_and_rounding_like_the_board(
    client_as: Callable[[str | None], Client], coiffeur: Callable[..., Game]
) -> None:
    game = coiffeur(settings={**WEIS, "round_to": 10})
    preview = (
        client_as("scorer")
        .post(
            f"/games/{game.pk}/deals/preview/",
            deal_post(1, team="A", row="clubs", points=83, weis="50", stoeck=True),
            **HTMX,
        )
        .content.decode()
    )
    # 83 + 50 + 20 = 153 -> 150, x4 = 600.
    assert " ".join(re.sub(r"<[^>]+>", " ", preview).split()).startswith(
        f"83 + 50 Weis + 20 Stöck = 153 \u2192 150 {X} 4"
    )
    assert "A <strong>+600</strong>" in preview
    assert game.deals.count() == 0


# ---- the new-game page --------------------------------------------------------------------------------


HOUSE_RULES_AS_THE_PAGE_FILLS_THEM = {
    "match_bonus_multiplied": "on",
    "counter_match": "bonus",
    "round_to": "1",
}
"""The house rules' inputs at their defaults (issue 14): a box ticked and two buttons tapped; `weis` is an
unticked box, so it is not posted."""


def new_game_post(**settings: Any) -> dict[str, Any]:
    seats = {"seat_1": "Anna", "seat_2": "Beat", "seat_3": "Cla", "seat_4": "Dora"}
    return {
        "variant": "coiffeur",
        "preset": "standard",
        **seats,
        **HOUSE_RULES_AS_THE_PAGE_FILLS_THEM,
        **settings,
    }


def board_post(lines: list[tuple[str, Any]], prefix: str = "rows") -> dict[str, str]:
    """The board editor's lines as the page posts them: a row and its multiplier a line, in order; a line
    ("", "") is one left at "none". The editor has 11 lines: the six modes and five further rows."""
    lines = [*lines, *[("", "")] * (11 - len(lines))]
    data = {}
    for number, (row, multiplier) in enumerate(lines):
        data[f"{prefix}-{number}-row"] = row
        data[f"{prefix}-{number}-multiplier"] = str(multiplier)
    return data


def start(client: Client, lines: list[tuple[str, Any]], **settings: Any) -> Any:
    data = new_game_post(**board_post(lines), **{"match_bonus": 100, "counter_match_bonus": 100, **settings})
    return client.post("/clubs/zuerich/games/new/", data)


def test_the_new_game_page_offers_coiffeurs_settings_and_presets(
    client_as: Callable[[str | None], Client], club: Club
) -> None:
    page = client_as("scorer").get("/clubs/zuerich/games/new/?variant=coiffeur").content.decode()
    assert '<option value="coiffeur" selected>' in page
    assert "Seat 1 · team A" in page and "Seat 2 · team B" in page
    assert '<option value="no match bonus">' in page
    preset = client_as("scorer").get(
        "/clubs/zuerich/games/new/?variant=coiffeur&preset=no+match+bonus", HTTP_HX_TARGET="settings", **HTMX
    )
    assert re.search(r'name="match_bonus" value="0"', preset.content.decode())


def test_the_board_editor_shows_the_default_board_line_by_line_in_the_clubs_suits(
    client_as: Callable[[str | None], Client], club: Club
) -> None:
    """No JSON to type: a line per row, its row picked from a list and its multiplier in a number box."""
    page = client_as("scorer").get("/clubs/zuerich/games/new/?variant=coiffeur").content.decode()
    assert 'name="rows"' not in page and "<legend>Rows</legend>" in page
    picked = re.findall(r'<option value="(\w*)" selected>', page.split('id="settings"')[1])
    assert picked == ["hearts", "diamonds", "spades", "clubs", "obenabe", "undenufe"]
    multipliers = re.findall(r'name="rows-(\d+)-multiplier"[^>]*?value="(\d*)"', page, re.S)
    assert multipliers == [(str(n), str(n + 1)) for n in range(6)] + [(str(n), "") for n in range(6, 11)]
    offered = re.findall(r'<option value="(\w*)">([^<]*)</option>', page.split('name="rows-10-row"')[1])
    assert offered[:12] == [
        ("", "\u2013 none \u2013"),
        ("hearts", "🌹 Rosen"),
        ("diamonds", "🔔 Schellen"),
        ("spades", "🛡 Schilten"),
        ("clubs", "🌰 Eicheln"),
        ("obenabe", "⬇ Obenabe"),
        ("undenufe", "⬆ Undenufe"),
        ("slalom", "Slalom"),
        ("gusti", "Gusti"),
        ("misere", "Misère"),
        ("free", "Free trump"),
        ("wish", "Wish"),
    ]
    assert 'src="/static/scorekeeper/lines.js"' in page and 'type="module"' in page


def test_a_new_game_stores_exactly_the_rows_picked_in_their_order(
    client_as: Callable[[str | None], Client], club: Club, players: list[Player]
) -> None:
    """Lines left at "none" drop out; the order is the lines' order; the further rows are named in words."""
    lines = [("spades", 2), ("", ""), ("slalom", 7), ("hearts", "1"), ("", ""), ("misere", " 10 ")]
    settings = {"preset": "no match bonus", "match_bonus": 0, "counter_match_bonus": 50}
    response = start(client_as("scorer"), lines, **settings)
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.variant == "coiffeur"
    rows = [["spades", 2], ["slalom", 7], ["hearts", 1], ["misere", 10]]
    assert game.settings == {
        "rows": rows,
        "match_bonus": 0,
        "counter_match_bonus": 50,
        "match_bonus_multiplied": True,
        "counter_match": "bonus",
        "round_to": 1,
        "weis": False,  # shown unticked: stored as the rule the game is played by
    }
    assert list(game.seats.values_list("name", flat=True)) == ["Anna", "Beat", "Cla", "Dora"]
    page = client_as("scorer").get(response.url).content.decode()
    assert f"Slalom {X}7" in page and f"Misère {X}10" in page and f"Schilten {X}2" in page


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([("hearts", 1), ("spades", 0)], "The multiplier of spades must be a whole number from 1 to 100."),
        ([("hearts", 2**31)], "The multiplier of hearts must be a whole number from 1 to 100."),
        ([("slalom", "zwei")], "The multiplier of Slalom must be a whole number from 1 to 100."),
        ([("hearts", "1.5")], "The multiplier of hearts must be a whole number from 1 to 100."),
        ([("hearts", "")], "The multiplier of hearts must be a whole number from 1 to 100."),
        ([("hearts", 1), ("hearts", 2)], "The row hearts is on the board twice."),
        ([], "Rows must be a list of [name, multiplier] pairs, at least one."),
        ([("hearts", 1), ("", "3")], "Pick the row of line 2, or clear its multiplier."),
        ([("Slalom", 7)], "Line 1: pick a row from the list."),
    ],
)
def test_a_bad_board_is_refused_beside_the_editor_and_nothing_is_saved(
    client_as: Callable[[str | None], Client], club: Club, lines: list[tuple[str, Any]], message: str
) -> None:
    response = start(client_as("scorer"), lines)
    assert response.status_code == 422
    assert response.context["settings_form"].errors == {"rows": [message]}
    page = response.content.decode()
    assert f'<ul class="errorlist" id="id_rows_error"><li>{escape(message)}</li></ul>' in page
    assert 'name="rows-0-row" id="id_rows-0-row" aria-label="Row 1"' in page
    assert page.count('aria-describedby="id_rows_error"') == 22  # every line's select and number
    assert Game.objects.count() == 0


def test_a_refused_board_comes_back_as_typed(client_as: Callable[[str | None], Client], club: Club) -> None:
    response = start(client_as("scorer"), [("gusti", 8), ("", ""), ("hearts", "zero")])
    assert response.status_code == 422
    page = response.content.decode()
    picked = re.findall(r'<option value="(\w*)" selected>', page.split('id="settings"')[1])
    assert picked == ["gusti", "hearts"]
    assert re.findall(r'name="rows-\d+-multiplier"[^>]*?value="([^"]*)"', page, re.S)[:3] == ["8", "", "zero"]


def test_an_event_takes_its_coiffeur_board_from_the_editor(
    client_as: Callable[[str | None], Client], club: Club
) -> None:
    """The new-event form is the same editor, its inputs named with the event form's prefix."""
    admin = client_as("admin")
    url = "/clubs/zuerich/events/new/?format=coiffeur"
    form = next(f for f in forms_on(admin.get(url).content.decode()) if "name" in f.names)
    assert {"rules-rows-0-row", "rules-rows-10-multiplier"} <= set(form.names)
    data = form.data(name="Coiffeur-Cup", **board_post([("gusti", 9), ("clubs", 4)], prefix="rules-rows"))
    refused = admin.post(url, {**data, "rules-rows-1-multiplier": "0"})
    assert refused.status_code == 422
    assert refused.context["rules_form"].errors == {
        "rows": ["The multiplier of clubs must be a whole number from 1 to 100."]
    }
    assert not Tournament.objects.exists()
    assert admin.post(url, data).status_code == 302
    assert Tournament.objects.get().settings["rows"] == [["gusti", 9], ["clubs", 4]]
