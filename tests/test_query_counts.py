"""The number of queries of the hot paths does not grow with the number of deals.

Posting deal 100 costs exactly what posting deal 1 costs; the game page too; an unchanged spectator
poll answers 204 after the session, the user and the game.
"""

from __future__ import annotations

import html as html_module
import json
import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games import services
from scorekeeper.games.models import Deal, Game

from .conftest import play

# BEGIN, session, user, the game locked with its club, role and deals (one read), the deal, the game's
# totals, the audit, COMMIT. The answer is built from the write's result, after the commit.
MAX_POST_QUERIES = 8
MAX_PAGE_QUERIES = 8  # session, user, game with club and role (its seats' names too), entries: 4 today
HIGH_TARGET = {"target": 100_000}  # 99 deals never end the game


def hearts(points_a: int) -> dict[str, Any]:
    """A hearts deal (x1): team A gets `points_a`, team B 157 minus it."""
    return {"trump": "hearts", "points": {"A": points_a}}


@pytest.fixture
def scorer_client(client_as: Callable[[str | None], Client]) -> Client:
    return client_as("scorer")


@pytest.fixture
def game_with(make_game: Callable[..., Game]) -> Callable[[int], Game]:
    """A running game with `count` hearts deals of A 80 / B 77."""

    def make(count: int) -> Game:
        game = make_game(HIGH_TARGET)
        play(game, [hearts(80)] * count, by=User.objects.get(username="owner"))
        game.refresh_from_db()
        assert game.deals.count() == count
        return game

    return make


def next_deal_form(game: Game) -> dict[str, str]:
    """The form the HTMX page posts for the game's next deal: hearts, team A 83."""
    return {
        "number": str(game.deals.count() + 1),
        "client_token": str(uuid.uuid4()),
        "trump": "hearts",
        "team": "A",
        "points": "83",
    }


def post_deal(client: Client, game: Game, form: dict[str, str], **headers: str) -> tuple[int, Any]:
    """Post the form as the page's outbox does; the number of queries and the response."""
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            reverse("games:deal_add", args=[game.pk]), form, HTTP_HX_REQUEST="true", **headers
        )
    return len(queries), response


def services_record(game: Game) -> None:
    """Another phone adds the next deal."""
    number = game.deals.count() + 1
    entry = {"trump": "hearts", "points": {"A": 90}}
    services.record_deal(game_id=game.pk, entry=entry, by=None, number=number, client_token=uuid.uuid4())


def test_posting_deal_100_costs_what_deal_1_costs(
    scorer_client: Client, game_with: Callable[[int], Game], django_assert_max_num_queries: Any
) -> None:
    first, hundredth = game_with(0), game_with(99)
    scorer_client.get(reverse("games:game", args=[first.pk]))  # session and caches warm for both posts

    form_1, form_100 = next_deal_form(first), next_deal_form(hundredth)

    with django_assert_max_num_queries(MAX_POST_QUERIES):
        count_1, response_1 = post_deal(scorer_client, first, form_1)
    with django_assert_max_num_queries(MAX_POST_QUERIES):
        count_100, response_100 = post_deal(scorer_client, hundredth, form_100)

    assert (response_1.status_code, response_100.status_code) == (200, 200)
    assert "deal-saved" in response_100["HX-Trigger"]
    assert 'id="standing"' in response_100.content.decode()  # the board partial, not the whole page
    assert "<html" not in response_100.content.decode()
    assert count_1 == count_100 <= MAX_POST_QUERIES
    assert list(
        Deal.objects.filter(game=hundredth).order_by("-number").values_list("number", "entry")[:1]
    ) == [(100, hearts(83))]
    # 99 x 80 + 83 = 8003 for A; 99 x 77 + 74 = 7697 for B.
    hundredth.refresh_from_db()
    assert hundredth.totals == {"A": 8003, "B": 7697}


def test_game_page_costs_the_same_with_1_and_100_deals(
    scorer_client: Client, game_with: Callable[[int], Game], django_assert_max_num_queries: Any
) -> None:
    games = [game_with(1), game_with(100)]
    scorer_client.get(reverse("games:game", args=[games[0].pk]))

    counts = []
    for game in games:
        with CaptureQueriesContext(connection) as queries:
            response = scorer_client.get(reverse("games:game", args=[game.pk]))
        assert response.status_code == 200
        counts.append(len(queries))

    assert counts[0] == counts[1] <= MAX_PAGE_QUERIES, counts
    with django_assert_max_num_queries(MAX_PAGE_QUERIES):
        page = scorer_client.get(reverse("games:game", args=[games[1].pk]))
    # 100 x 80 = 8000 for A, 100 x 77 = 7700 for B, and the form offers deal 101.
    assert (page.context["board"].sides[0].total, page.context["board"].sides[1].total) == (8000, 7700)
    assert page.context["form"].initial["number"] == 101


def test_repeated_post_saves_nothing_and_rerenders_the_board(
    scorer_client: Client, game_with: Callable[[int], Game], django_assert_max_num_queries: Any
) -> None:
    """A double tap: the second post finds its token and shows the board as it is."""
    game = game_with(2)  # A 160, B 154
    form = next_deal_form(game)
    first_count, first = post_deal(scorer_client, game, form)

    with django_assert_max_num_queries(MAX_POST_QUERIES):
        again_count, again = post_deal(scorer_client, game, form)

    assert (first.status_code, again.status_code) == (200, 200)
    assert again_count <= first_count
    assert json.loads(again["HX-Trigger"]) == {"deal-saved": {"revision": 3}}
    assert game.deals.count() == 3
    # A 160 + 83 = 243; B 154 + 74 = 228.
    assert (again.context["board"].sides[0].total, again.context["board"].sides[1].total) == (243, 228)


def test_deal_posted_from_the_page_as_it_is_answers_with_what_it_changed(
    scorer_client: Client, game_with: Callable[[int], Game]
) -> None:
    """The page's outbox sends the revision it shows and the shape of its form: the answer is the new
    row, the previous row without its Delete button, the totals and the changed strokes, all out of
    band; never the 99 rows the page has, nor the next form, which looks as the phone's does."""
    game = game_with(99)
    page = scorer_client.get(f"/games/{game.pk}/").content.decode()
    shape = re.search(r'data-shape="([0-9a-f]+)"', page).group(1)
    data = {**next_deal_form(game), "revision": str(game.revision)}
    count, response = post_deal(scorer_client, game, data, HTTP_X_FORM_SHAPE=shape, HTTP_X_OUTBOX="1")

    assert response.status_code == 200
    assert count <= MAX_POST_QUERIES
    assert "HX-Retarget" not in response
    assert response["X-Revision"] == str(game.revision + 1)
    html = response.content.decode()
    new = between(html, '<tr data-deal="100"', "</tr>")
    previous = between(html, '<tr data-deal="99"', "</tr>")
    assert "<td>100</td>" in new and "deals/100/delete/" in new
    assert "data-hx-swap-oob=\"outerHTML:#deals tr[data-deal='99']\"" in previous and "delete" not in previous
    assert 'data-hx-swap-oob="afterbegin:#deals tbody"' in html
    assert html.count("<tr data-deal=") == 2
    assert 'id="scorebar" class="scorebar" aria-live="polite" data-hx-swap-oob="true"' in html
    # the game runs on: its winner's section, its actions and its (absent) Undo stay as the phone has them
    assert 'id="standing"' not in html and 'id="game-actions"' not in html and 'id="undo"' not in html
    assert '<div class="score" data-total="A">8003</div>' in html  # 99 x 80 + 83
    assert f'data-revision="{game.revision + 1}"' in html  # the page's poll asks from the new revision on
    assert 'id="dealform"' not in html and 'id="board"' not in html
    # Team A 7920 = 79 x 100 + 1 x 20 -> 8003 = 80 x 100 + 3: its 100s and 20s are redrawn, not its 50s.
    # Team B 7623 = 76 x 100 + 1 x 20 + 3 -> 7697 = 76 x 100 + 1 x 50 + 2 x 20 + 7: its 50s and 20s.
    drawn = set(re.findall(r'id="tafel-([AB]-\d+)" data-hx-swap-oob="true"', html))
    assert drawn == {"A-100", "A-20", "B-50", "B-20"}
    assert '<span class="rest" aria-hidden="true">+3</span>' in html


def test_the_next_form_is_sent_only_when_it_looks_different(
    scorer_client: Client, game_with: Callable[[int], Game]
) -> None:
    """A phone whose form is of another shape (an old page, another variant's state) gets the form."""
    game = game_with(3)
    data = {**next_deal_form(game), "revision": str(game.revision)}
    _, response = post_deal(scorer_client, game, data, HTTP_X_FORM_SHAPE="0" * 16, HTTP_X_OUTBOX="1")

    html = response.content.decode()
    assert '<div id="entry" data-hx-swap-oob="true">' in html and 'id="dealform" data-shape="' in html
    assert 'name="number" value="5"' in html


def test_deal_posted_from_a_stale_page_answers_with_the_whole_list(
    scorer_client: Client, game_with: Callable[[int], Game]
) -> None:
    """A page that missed another phone's change (its revision is older) gets the list as it is."""
    game = game_with(3)
    Game.objects.filter(pk=game.pk).update(revision=game.revision + 1)  # a correction meanwhile
    _, response = post_deal(scorer_client, game, {**next_deal_form(game), "revision": str(game.revision)})

    assert response.status_code == 200
    html = response.content.decode()
    assert '<section id="record" data-hx-swap-oob="true">' in html
    assert all(f'<tr data-deal="{n}">' in html for n in (1, 2, 3, 4))


def between(html: str, start: str, end: str) -> str:
    return html[html.index(start) : html.index(end, html.index(start))]


def test_unchanged_spectator_poll_answers_204_in_one_query(
    client_as: Callable[[str | None], Client],
    game_with: Callable[[int], Game],
    django_assert_num_queries: Any,
) -> None:
    """An idle phone's poll is answered before any session or template work: one query."""
    game = game_with(5)
    viewer = client_as("viewer")
    page = viewer.get(f"/games/{game.pk}/").content.decode()
    url = html_module.unescape(re.search(r'id="poll"[^>]* data-hx-get="([^"]+)"', page).group(1))

    with django_assert_num_queries(1):
        unchanged = viewer.get(url)
    assert unchanged.status_code == 204
    assert unchanged.content == b""

    services_record(game)
    changed = viewer.get(url)
    assert changed.status_code == 200
    assert f'data-revision="{game.revision + 1}"' in changed.content.decode()  # the next poll's stamp
