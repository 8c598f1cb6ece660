"""The score bar (game.html#scorebar): the totals and the last deal, kept in sight while a deal is typed.

The page draws it, and every answer that changes the score swaps it out of band: a deal saved through
the phone's outbox, a Delete, an Undo, a correction, the spectators' poll. Each number is worked out by
hand in the comments. The browser test (tests/browser/test_score_in_sight.py) checks it stays in sight.
"""

from __future__ import annotations

import html as htmllib
import re
import uuid
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scorekeeper.games import services
from scorekeeper.games.models import Club, Game, Player
from tests.conftest import play

OUTBOX = {"HTTP_HX_REQUEST": "true", "HTTP_X_OUTBOX": "1"}
HEARTS_83 = {"trump": "hearts", "points": {"A": 83}}  # hearts x1: A 83, B 157 - 83 = 74


def bar_of(page: str) -> str:
    """The score bar's markup; exactly one on a page or in an answer."""
    found = re.findall(r'<section id="scorebar".*?</section>', page, re.S)
    assert len(found) == 1, found
    return found[0]


def words(markup: str) -> str:
    """The text a reader gets, its runs of spaces as one."""
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def last_deal(bar: str) -> str:
    found = re.search(r'<p class="last-deal" data-last-deal="(\d+)">(.*?)</p>', bar, re.S)
    assert found, bar
    text = words(found.group(2))
    assert text.startswith(("Deal", "Hand")) and found.group(1) in text.split(" · ")[0]
    return text


def totals(bar: str) -> dict[str, int]:
    return {side: int(total) for side, total in re.findall(r'data-total="([^"]+)">(-?\d+)<', bar)}


def post_deal(client: Client, game: Game, number: int, points: str, team: str = "A") -> str:
    entry = {"number": number, "client_token": str(uuid.uuid4()), "trump": "hearts", "team": team}
    response = client.post(f"/games/{game.pk}/deals/", {**entry, "points": points}, **OUTBOX)
    assert response.status_code == 200 and response["X-Revision"], response.content
    return response.content.decode()


@pytest.fixture
def game(make_game: Callable[..., Game]) -> Game:
    return make_game({}, [HEARTS_83])


def test_the_page_draws_the_bar_with_the_totals_the_last_deal_and_the_offline_note(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    page = client_as("scorer").get(f"/games/{game.pk}/").content.decode()
    bar = bar_of(page)
    assert totals(bar) == {"A": 83, "B": 74}
    assert last_deal(bar) == "Deal 1 · 83 : 74"
    # Schieber plays to 2500 by default: 2500 - 83 = 2417, 2500 - 74 = 2426
    assert re.findall(r'<div class="togo">\s*(\d+) to go\s*</div>', bar) == ["2417", "2426"]
    # the outbox (outbox.js) says there what the totals count while deals wait on the phone
    assert '<p class="totals-basis" data-totals-basis hidden></p>' in bar
    # the totals are drawn once, in the bar, which holds the deal form's place: the two stay together
    assert page.count('data-total="A"') == 1
    standing = re.search(r'<section id="standing".*?</section>', page, re.S).group(0)  # type: ignore[union-attr]
    assert "data-total" not in standing
    order = [page.index(mark) for mark in ('class="at-table"', 'id="scorebar"', 'id="entry"', 'id="record"')]
    assert order == sorted(order)


def test_before_the_first_deal_the_bar_has_the_totals_and_no_last_deal(
    make_game: Callable[..., Game], client_as: Callable[[str | None], Client]
) -> None:
    game = make_game({}, [])
    bar = bar_of(client_as("viewer").get(f"/games/{game.pk}/").content.decode())
    assert totals(bar) == {"A": 0, "B": 0}
    assert "data-last-deal" not in bar and "data-totals-basis" in bar


def test_a_deal_saved_through_the_outbox_answers_the_bar_with_that_deal(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    answer = post_deal(client_as("scorer"), game, 2, "100")
    bar = bar_of(answer)
    assert bar.startswith(
        '<section id="scorebar" class="scorebar" aria-live="polite" data-hx-swap-oob="true">'
    )
    # deal 2 hearts x1: A 100, B 57; totals A 83 + 100 = 183, B 74 + 57 = 131
    assert last_deal(bar) == "Deal 2 · 100 : 57"
    assert totals(bar) == {"A": 183, "B": 131}
    assert "data-totals-basis hidden" in bar


def test_a_delete_an_undo_and_a_correction_each_answer_the_bar(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    scorer = client_as("scorer")
    post_deal(scorer, game, 2, "100")  # A 100, B 57
    token = str(game.deals.get(number=2).client_token)
    deleted = scorer.post(f"/games/{game.pk}/deals/2/delete/", {"client_token": token}, **OUTBOX)
    assert deleted.status_code == 200
    bar = bar_of(deleted.content.decode())
    assert (last_deal(bar), totals(bar)) == ("Deal 1 · 83 : 74", {"A": 83, "B": 74})

    restored = scorer.post(f"/games/{game.pk}/deals/2/restore/", {}, **OUTBOX)
    assert restored.status_code == 200
    bar = bar_of(restored.content.decode())
    assert (last_deal(bar), totals(bar)) == ("Deal 2 · 100 : 57", {"A": 183, "B": 131})

    # deal 1 corrected to B 90: A 67, B 90; the last deal is still deal 2; totals A 67 + 100, B 90 + 57
    fix = {"number": 1, "client_token": "", "trump": "hearts", "team": "B", "points": "90", "version": 1}
    edited = scorer.post(f"/games/{game.pk}/deals/1/edit/", fix, **OUTBOX)
    assert edited.status_code == 200
    bar = bar_of(edited.content.decode())
    assert (last_deal(bar), totals(bar)) == ("Deal 2 · 100 : 57", {"A": 167, "B": 147})

    # the only deal deleted: no last deal at all
    for number in (2, 1):
        token = str(game.deals.get(number=number).client_token)
        scorer.post(f"/games/{game.pk}/deals/{number}/delete/", {"client_token": token}, **OUTBOX)
    bar = bar_of(scorer.get(f"/games/{game.pk}/").content.decode())
    assert "data-last-deal" not in bar and totals(bar) == {"A": 0, "B": 0}


def test_the_poll_swaps_the_bar_for_a_spectator(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    viewer = client_as("viewer")
    page = viewer.get(f"/games/{game.pk}/").content.decode()
    poll = htmllib.unescape(re.search(r'id="poll"[^>]* data-hx-get="([^"]+)"', page).group(1))  # type: ignore[union-attr]
    play(game, [{"trump": "hearts", "points": {"B": 100}}], by=User.objects.get(username="scorer"))
    answer = viewer.get(poll)
    assert answer.status_code == 200
    bar = bar_of(answer.content.decode())
    # deal 2 hearts x1: B 100, A 57; totals A 83 + 57 = 140, B 74 + 100 = 174
    assert 'data-hx-swap-oob="true"' in bar.split(">", 1)[0]
    assert (last_deal(bar), totals(bar)) == ("Deal 2 · 57 : 100", {"A": 140, "B": 174})


def make(club: Club, players: list[Player], variant: str, seats: int, settings: dict[str, Any]) -> Game:
    owner = User.objects.get(username="owner")
    return services.create_game(
        club=club, variant=variant, players=players[:seats], settings=settings, by=owner
    )


def test_a_game_of_players_names_each_one_in_the_last_deal(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    game = make(club, players, "putz", 3, {})
    # Cla's 17 is below 21: an apple, -1; Anna and Beat a point each
    play(game, [{"points": {"Anna": 80, "Beat": 60, "Cla": 17}}], by=User.objects.get(username="owner"))
    bar = bar_of(client_as("viewer").get(f"/games/{game.pk}/").content.decode())
    assert last_deal(bar) == "Deal 1 · Anna 1 · Beat 1 · Cla -1"
    assert totals(bar) == {"Anna": 1, "Beat": 1, "Cla": -1}
    assert 'data-sides="3"' in bar


def test_pandur_calls_its_deals_hands_in_the_bar(
    club: Club, players: list[Player], client_as: Callable[[str | None], Client]
) -> None:
    game = make(club, players, "pandur", 4, {})
    # Dora deals, Anna bids 200 and makes it: 200 // 50 = 4 for Anna
    entry = {"dealer": "Dora", "soloist": "Anna", "contract": 200, "made": True}
    play(game, [entry], by=User.objects.get(username="owner"))
    bar = bar_of(client_as("viewer").get(f"/games/{game.pk}/").content.decode())
    assert last_deal(bar) == "Hand 1 · Anna 4 · Beat 0 · Cla 0 · Dora 0"


def test_a_deal_entered_after_a_delete_takes_the_undo_away_on_the_page(
    game: Game, client_as: Callable[[str | None], Client]
) -> None:
    """The phone posts the revision it shows, so the answer is the new row alone: it must still empty the
    Undo bar the Delete put up; a deal with no Undo offered leaves the bar out (fewer bytes)."""
    scorer = client_as("scorer")
    post_deal(scorer, game, 2, "100")
    token = str(game.deals.get(number=2).client_token)
    scorer.post(f"/games/{game.pk}/deals/2/delete/", {"client_token": token}, **OUTBOX)
    game.refresh_from_db()
    assert game.undo_deal == 2
    entry = {"number": 2, "client_token": str(uuid.uuid4()), "trump": "hearts", "team": "A", "points": "60"}
    answer = scorer.post(
        f"/games/{game.pk}/deals/", {**entry, "revision": str(game.revision)}, **OUTBOX
    ).content.decode()
    assert 'data-hx-swap-oob="afterbegin:#deals tbody"' in answer  # the new row alone, not the list
    undo = re.search(r'<div id="undo"[^>]*data-hx-swap-oob="true">(.*?)</div>', answer, re.S)
    assert undo and "restore" not in undo.group(1) and not undo.group(1).strip()
    game.refresh_from_db()
    entry = {"number": 3, "client_token": str(uuid.uuid4()), "trump": "hearts", "team": "A", "points": "50"}
    answer = scorer.post(
        f"/games/{game.pk}/deals/", {**entry, "revision": str(game.revision)}, **OUTBOX
    ).content.decode()
    assert 'data-hx-swap-oob="afterbegin:#deals tbody"' in answer and 'id="undo"' not in answer
