"""Entry frictions of issue 19: 157 typed with Match ticked is the match.

A scorer who ticks Match and types 157, the card points of all nine tricks, for the team the Match is ticked
for says the match twice: the deal form turns it into the match entry, scored exactly as a match entered
with the points left empty. 157 without Match stays card points (a trick worth nothing may have gone to
the other team), and any other number beside Match keeps the engine's refusal.

Seats Anna, Beat, Cla, Dora (team A Anna & Cla, team B Beat & Dora). Schieber's default multipliers: Rosen
(hearts) and Eicheln (clubs) x1, Schellen (diamonds) and Schilten (spades) x2, Obenabe and Undenufe x3,
match bonus 100. Coiffeur's default board: hearts x1, diamonds x2, spades x3, clubs x4, obenabe x5,
undenufe x6, match bonus 100. Every score is computed by hand in the comments.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils.html import escape

from scorekeeper import rules
from scorekeeper.games import services
from scorekeeper.games.models import Club, Deal, DealChange, Game, Player

HTMX = {"HTTP_HX_REQUEST": "true"}
OUTBOX = {"HTTP_X_OUTBOX": "1", **HTMX}
SCHIEBER_BOTH = "Enter the card points or a match, not both."
COIFFEUR_ONE = "Enter only one of card points, match and counter-match."


def new_game(club: Club, players: list[Player], variant: str, settings: dict[str, Any] | None = None) -> Game:
    owner = User.objects.get(username="owner")
    return services.create_game(
        club=club, variant=variant, players=players, settings=settings or {}, by=owner
    )


def form_post(**fields: Any) -> dict[str, Any]:
    """What the deal form posts for the game's first deal: a ticked box is "on", None is left out."""
    data: dict[str, Any] = {"number": 1, "client_token": str(uuid.uuid4())}
    for key, value in fields.items():
        if value is True:
            data[key] = "on"
        elif value is not None:
            data[key] = value
    return data


def saved(game: Game) -> tuple[Any, ...]:
    """What the game kept of its deals: each entry, what each deal scores, the totals and the result."""
    game.refresh_from_db()
    entries = [deal.entry for deal in Deal.objects.filter(game=game).order_by("number")]
    result = rules.score_game(game.variant, game.names_by_seat(), game.settings, entries)
    return (
        entries,
        [sorted(scored.scores.items()) for scored in result.deals],
        game.totals,
        game.finished,
        game.winner,
    )


def snapshot(game: Game) -> tuple[Any, ...]:
    game.refresh_from_db()
    return (
        list(game.deals.values_list("number", "entry", "version")),
        DealChange.objects.filter(game=game).count(),
        game.revision,
        game.totals,
    )


# ---- Schieber -----------------------------------------------------------------------------------------


def match_with_157_is_saved_as_the_match(
    client: Client,
    typed: Game,
    usual: Game,
    fields: dict[str, Any],
    entry: dict[str, Any],
    scores: tuple[int, int],
    headers: dict[str, str],
) -> None:
    """Match ticked with 157 typed (in `typed`) saves what Match ticked alone saves (in `usual`)."""
    response = client.post(
        f"/games/{typed.pk}/deals/", form_post(**fields, match=True, points="157"), **headers
    )
    assert response.status_code == (302 if not headers else 200)
    response = client.post(f"/games/{usual.pk}/deals/", form_post(**fields, match=True), **headers)
    assert response.status_code == (302 if not headers else 200)

    a, b = scores
    assert saved(typed) == ([entry], [[("A", a), ("B", b)]], {"A": a, "B": b}, False, "")
    assert saved(typed) == saved(usual)


SCHIEBER_MATCHES = [
    # A Match of team A in Rosen (x1): (157 + 100) x1 = 257 for A, 0 for B.
    pytest.param(
        {}, {"trump": "hearts", "team": "A"}, {"trump": "hearts", "match": "A"}, (257, 0), id="rosen"
    ),
    # A Match of team B in Schellen (x2), team A with Stöck: B (157 + 100) x2 = 514; A keeps its Stöck
    # against the match, 20 x2 = 40.
    pytest.param(
        {},
        {"trump": "diamonds", "team": "B", "stoeck": "A"},
        {"trump": "diamonds", "match": "B", "stoeck": "A"},
        (40, 514),
        id="schellen-b-stoeck",
    ),
    # A Match of team A in Obenabe (x3) with Weis 100: (157 + 100 + 100) x3 = 1071 for A.
    pytest.param(
        {},
        {"trump": "obenabe", "team": "A", "weis_a": "100"},
        {"trump": "obenabe", "match": "A", "weis": {"A": 100}},
        (1071, 0),
        id="obenabe-weis",
    ),
    # A counter-match bonus of its own (50): B announced, A takes every trick in Schilten (x2):
    # (157 + 50) x2 = 414 for A.
    pytest.param(
        {"counter_match_bonus": 50},
        {"trump": "spades", "team": "A", "announced_by": "B"},
        {"trump": "spades", "match": "A", "announced_by": "B"},
        (414, 0),
        id="counter-match-bonus",
    ),
]


@pytest.mark.parametrize(("settings", "fields", "entry", "scores"), SCHIEBER_MATCHES)
@pytest.mark.parametrize("headers", [{}, HTMX, OUTBOX], ids=["plain", "htmx", "outbox"])
def test_schieber_match_with_157_is_saved_as_the_match(
    club: Club,
    players: list[Player],
    client_as: Callable[[str | None], Client],
    settings: dict[str, Any],
    fields: dict[str, Any],
    entry: dict[str, Any],
    scores: tuple[int, int],
    headers: dict[str, str],
) -> None:
    typed, usual = (new_game(club, players, "schieber", settings) for _ in range(2))
    match_with_157_is_saved_as_the_match(client_as("scorer"), typed, usual, fields, entry, scores, headers)


def test_schieber_preview_of_a_match_with_157_is_the_matchs(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    game = new_game(club, players, "schieber")
    client = client_as("scorer")
    url = f"/games/{game.pk}/deals/preview/"
    fields = {"trump": "hearts", "team": "A", "match": True}
    typed = client.post(url, form_post(**fields, points="157"), **HTMX).content.decode()
    usual = client.post(url, form_post(**fields), **HTMX).content.decode()
    assert typed == usual
    assert "257" in typed and SCHIEBER_BOTH not in typed
    assert game.deals.count() == 0


def test_schieber_correction_to_a_match_with_157_is_the_match(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    game = new_game(club, players, "schieber")
    services.record_deal(
        game_id=game.pk,
        entry={"trump": "hearts", "points": {"A": 83}},
        by=User.objects.get(username="owner"),
        number=1,
        client_token=uuid.uuid4(),
    )
    data = {"number": 1, "version": 1, "trump": "hearts", "team": "A", "match": "on", "points": "157"}
    response = client_as("scorer").post(f"/games/{game.pk}/deals/1/edit/", data)
    assert response.status_code == 302
    # A Match of team A in Rosen (x1): 257 for A, 0 for B.
    assert saved(game) == (
        [{"trump": "hearts", "match": "A"}],
        [[("A", 257), ("B", 0)]],
        {"A": 257, "B": 0},
        False,
        "",
    )


@pytest.mark.parametrize("points", ["0", "100", "156"])
def test_schieber_other_points_beside_a_match_are_refused_as_before(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client], points: str
) -> None:
    game = new_game(club, players, "schieber")
    before = snapshot(game)
    client = client_as("scorer")
    fields = {"trump": "hearts", "team": "A", "match": True, "points": points}
    response = client.post(f"/games/{game.pk}/deals/", form_post(**fields), **HTMX)
    assert response.status_code == 422
    assert response.context["form"].errors == {"points": [SCHIEBER_BOTH]}
    assert escape(SCHIEBER_BOTH) in response.content.decode()
    outbox = client.post(f"/games/{game.pk}/deals/", form_post(**fields), **OUTBOX)
    assert outbox.status_code == 422
    assert outbox.json()["refused"] == f"Card points: {SCHIEBER_BOTH}"
    assert snapshot(game) == before


def test_schieber_157_without_a_match_stays_card_points(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    """All the card points are no Match: a trick worth nothing may have gone to the other team."""
    game = new_game(club, players, "schieber")
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/", form_post(trump="hearts", team="A", points="157")
    )
    assert response.status_code == 302
    # 157 x1 for A, no match bonus; B 0.
    assert saved(game) == (
        [{"trump": "hearts", "points": {"A": 157}}],
        [[("A", 157), ("B", 0)]],
        {"A": 157, "B": 0},
        False,
        "",
    )


# ---- Coiffeur -----------------------------------------------------------------------------------------

COIFFEUR_MATCHES = [
    # A Match of team A in Schilten (x3): (157 + 100) x3 = 771.
    pytest.param(
        {},
        {"team": "A", "row": "spades"},
        {"team": "A", "row": "spades", "match": True},
        (771, 0),
        id="schilten",
    ),
    # A Match of team B in Eicheln (x4): (157 + 100) x4 = 1028.
    pytest.param(
        {},
        {"team": "B", "row": "clubs"},
        {"team": "B", "row": "clubs", "match": True},
        (0, 1028),
        id="eicheln-b",
    ),
    # Weis counted (house rule): a Match with Weis 100 in Schellen (x2): (157 + 100 + 100) x2 = 714.
    pytest.param(
        {"weis": True},
        {"team": "A", "row": "diamonds", "weis": "100"},
        {"team": "A", "row": "diamonds", "match": True, "weis": {"A": 100}},
        (714, 0),
        id="weis",
    ),
]


@pytest.mark.parametrize(("settings", "fields", "entry", "scores"), COIFFEUR_MATCHES)
@pytest.mark.parametrize("headers", [{}, OUTBOX], ids=["plain", "outbox"])
def test_coiffeur_match_with_157_is_saved_as_the_match(
    club: Club,
    players: list[Player],
    client_as: Callable[[str | None], Client],
    settings: dict[str, Any],
    fields: dict[str, Any],
    entry: dict[str, Any],
    scores: tuple[int, int],
    headers: dict[str, str],
) -> None:
    typed, usual = (new_game(club, players, "coiffeur", settings) for _ in range(2))
    match_with_157_is_saved_as_the_match(client_as("scorer"), typed, usual, fields, entry, scores, headers)


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"match": True, "points": "100"}, "match"),
        ({"match": True, "points": "0"}, "match"),
        # 157 for the announcing team beside a counter-match (the other team took every trick)
        ({"counter_match": True, "points": "157"}, "counter_match"),
        ({"match": True, "counter_match": True, "points": "157"}, "match"),
    ],
    ids=["match-100", "match-0", "counter-match-157", "both-ticked-157"],
)
def test_coiffeur_other_claims_beside_card_points_are_refused_as_before(
    club: Club,
    players: list[Player],
    client_as: Callable[[str | None], Client],
    fields: dict[str, Any],
    field: str,
) -> None:
    game = new_game(club, players, "coiffeur")
    before = snapshot(game)
    response = client_as("scorer").post(
        f"/games/{game.pk}/deals/", form_post(team="A", row="spades", **fields), **HTMX
    )
    assert response.status_code == 422
    assert response.context["form"].errors == {field: [COIFFEUR_ONE]}
    assert snapshot(game) == before
