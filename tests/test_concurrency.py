"""Two phones at once, as real threads against PostgreSQL: no duplicate deal, no lost update, no
duplicate membership.

Each thread has its own database connection (Django's are per thread), so the game row lock in the
services is what orders them. SQLite cannot run writers side by side: these tests need PostgreSQL.
"""

from __future__ import annotations

import threading
import uuid
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from scorekeeper import rules
from scorekeeper.games import invite_links, services
from scorekeeper.games.models import Club, Deal, DealChange, Game, Invite, Membership
from scorekeeper.games.services import DealConflict, Recorded

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("postgres_only")]

STALE_EDIT = "This deal was changed meanwhile on another phone. Check it and save again."
SEATS = ["Anna", "Beat", "Cla", "Dora"]


def run_together(*calls: Callable[[], Any]) -> list[Any]:
    """Start each call in its own thread at the same moment; each one's result, or the exception it raised."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[Any] = [None] * len(calls)

    def worker(index: int, call: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=60)  # a safety net against a hang, not a timing assumption
            outcomes[index] = call()
        except BaseException as error:  # handed to the test, which asserts on it
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=worker, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not any(thread.is_alive() for thread in threads), "a thread is stuck"
    return outcomes


def score_sums(game: Game) -> dict[str, int]:
    """Each side's score over the deals as the game stores it for the standings (Game.side_sums): written
    by the same locked write as the totals, so a lost update shows as the two disagreeing."""
    return {side: sums[0] for side, sums in Game.objects.get(pk=game.pk).side_sums.items()}


def hearts(points_a: int) -> dict[str, Any]:
    """A hearts deal (x1): team A gets `points_a`, team B 157 minus it."""
    return {"trump": "hearts", "points": {"A": points_a}}


@pytest.fixture
def scorer(club: Club) -> User:
    return User.objects.get(username="scorer")


def test_same_number_from_two_phones_saves_one_deal(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game()

    def post(points: int) -> Callable[[], Recorded]:
        return lambda: services.record_deal(
            game_id=game.pk, entry=hearts(points), by=scorer, number=1, client_token=uuid.uuid4()
        )

    outcomes = run_together(post(100), post(60))

    saved = [o for o in outcomes if isinstance(o, Recorded)]
    conflicts = [o for o in outcomes if isinstance(o, DealConflict)]
    assert (len(saved), len(conflicts)) == (1, 1), outcomes
    assert saved[0].repeated is False
    assert conflicts[0].message == (
        "Deal 1 was entered meanwhile on another phone. Check the list, then enter deal 2."
    )
    deal = Deal.objects.get(game=game)
    assert deal.client_token == saved[0].deal.token
    points_a = deal.entry["points"]["A"]  # whichever phone won: 100/57 or 60/97
    game.refresh_from_db()
    assert game.totals == score_sums(game) == {"A": points_a, "B": 157 - points_a}
    assert (game.revision, DealChange.objects.filter(game=game).count()) == (1, 1)


def test_same_token_from_two_requests_saves_one_deal(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game()
    token = uuid.uuid4()

    def post() -> Recorded:
        return services.record_deal(
            game_id=game.pk, entry=hearts(83), by=scorer, number=1, client_token=token
        )

    outcomes = run_together(post, post)

    assert all(isinstance(o, Recorded) for o in outcomes), outcomes
    assert sorted(o.repeated for o in outcomes) == [False, True]
    assert outcomes[0].deal == outcomes[1].deal
    assert Deal.objects.filter(game=game).count() == 1
    game.refresh_from_db()
    assert game.totals == score_sums(game) == {"A": 83, "B": 74}  # 157 - 83 = 74
    assert (game.revision, DealChange.objects.filter(game=game).count()) == (1, 1)


def test_two_edits_from_the_same_version_one_wins(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game({}, [hearts(100), hearts(50)])  # A 150, B 164

    def edit(points: int) -> Callable[[], Recorded]:
        return lambda: services.edit_deal(
            game_id=game.pk, number=1, entry=hearts(points), by=scorer, version=1
        )

    outcomes = run_together(edit(120), edit(30))

    saved = [o for o in outcomes if isinstance(o, Recorded)]
    conflicts = [o for o in outcomes if isinstance(o, DealConflict)]
    assert (len(saved), len(conflicts)) == (1, 1), outcomes
    assert conflicts[0].message == STALE_EDIT
    deal = Deal.objects.get(game=game, number=1)
    assert deal.version == 2
    assert deal.entry == saved[0].deal.entry
    # Deal 2 is A 50, B 107; deal 1 is whichever edit won: 120/37 (A 170, B 144) or 30/127 (A 80, B 234).
    points_a = deal.entry["points"]["A"]
    assert points_a in (120, 30)
    game.refresh_from_db()
    assert game.totals == score_sums(game) == {"A": points_a + 50, "B": 157 - points_a + 107}
    assert list(game.changes.filter(action="edited").values_list("after", flat=True)) == [deal.entry]


THREADS = 8
DEALS_EACH = 3


def test_many_phones_leave_numbers_without_gap_or_duplicate(
    make_game: Callable[..., Game], scorer: User
) -> None:
    game = make_game({"target": 5000})  # never reached: 24 deals give B at most 24 x 147 = 3528

    def phone(index: int) -> Callable[[], int]:
        def play() -> int:
            for _ in range(DEALS_EACH):
                token = uuid.uuid4()
                for _attempt in range(THREADS * DEALS_EACH * 4):
                    number = Deal.objects.filter(game_id=game.pk).count() + 1
                    try:
                        services.record_deal(
                            game_id=game.pk,
                            entry=hearts(10 + index),
                            by=scorer,
                            number=number,
                            client_token=token,
                        )
                    except DealConflict:  # another phone took that number: look again
                        continue
                    break
                else:
                    raise AssertionError(f"phone {index} never got a deal in")
            return index

        return play

    outcomes = run_together(*(phone(i) for i in range(THREADS)))

    assert outcomes == list(range(THREADS))
    total = THREADS * DEALS_EACH
    numbers = list(Deal.objects.filter(game=game).order_by("number").values_list("number", flat=True))
    assert numbers == list(range(1, total + 1))
    entries = list(Deal.objects.filter(game=game).order_by("number").values_list("entry", flat=True))
    assert Counter(entry["points"]["A"] for entry in entries) == {10 + i: DEALS_EACH for i in range(THREADS)}
    # A: 3 x (10 + 11 + ... + 17) = 3 x 108 = 324; B: 24 x 157 - 324 = 3768 - 324 = 3444.
    game.refresh_from_db()
    assert game.totals == score_sums(game) == {"A": 324, "B": 3444}
    expected = rules.score_game("schieber", SEATS, game.settings, entries)
    assert (game.totals, game.state) == (dict(expected.totals), dict(expected.state))
    assert (game.revision, game.changes.count()) == (total, total)


def test_same_form_posted_from_two_phones_over_http(make_game: Callable[..., Game], scorer: User) -> None:
    game = make_game()
    phones = [Client(), Client()]
    for phone in phones:
        phone.force_login(scorer)
    url = reverse("games:deal_add", args=[game.pk])

    def post(phone: Client, points: int) -> Callable[[], Any]:
        form = {
            "number": "1",
            "client_token": str(uuid.uuid4()),
            "trump": "hearts",
            "team": "A",
            "points": points,
        }
        return lambda: phone.post(url, form)

    outcomes = run_together(post(phones[0], 100), post(phones[1], 60))

    assert sorted(response.status_code for response in outcomes) == [302, 422], outcomes
    refused = next(response for response in outcomes if response.status_code == 422)
    assert "Deal 1 was entered meanwhile on another phone." in refused.content.decode()
    saved = next(response for response in outcomes if response.status_code == 302)
    assert saved["Location"] == reverse("games:game", args=[game.pk])
    assert Deal.objects.filter(game=game).count() == 1
    points_a = Deal.objects.get(game=game).entry["points"]["A"]
    game.refresh_from_db()
    assert game.totals == score_sums(game) == {"A": points_a, "B": 157 - points_a}


def test_one_user_joining_through_two_invites_at_once_joins_once(club: Club) -> None:
    """Two invites of the club opened by one person at once (two tabs): one membership, one welcome and
    one "a member already", never a server error. Repeated, since a race shows only some of the time."""
    owner = User.objects.get(username="owner")

    def join(tab: Client, token: str) -> Callable[[], Any]:
        return lambda: tab.post(f"/join/{token}/", follow=True)

    for attempt in range(5):
        made = [
            invite_links.create_invite(club=club, role=role, days=1, max_uses=None, player=None, by=owner)
            for role in ("scorer", "viewer")
        ]
        newcomer = User.objects.create_user(username=f"newcomer{attempt}")
        tabs = [Client(raise_request_exception=False), Client(raise_request_exception=False)]
        for tab in tabs:
            tab.force_login(newcomer)

        outcomes = run_together(*(join(tab, token) for tab, (_invite, token) in zip(tabs, made, strict=True)))

        assert [response.status_code for response in outcomes] == [200, 200], outcomes
        pages = [response.content.decode() for response in outcomes]
        assert sum("Welcome to Jassclub Zürich!" in page for page in pages) == 1
        assert sum("You are a member of Jassclub Zürich already." in page for page in pages) == 1
        assert Membership.objects.filter(club=club, user=newcomer).count() == 1
        uses = [Invite.objects.get(pk=invite.pk).uses for invite, _token in made]
        assert sorted(uses) == [0, 1]
