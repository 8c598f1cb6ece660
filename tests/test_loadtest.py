"""`make loadtest`'s clients against the live server, briefly: the phones' deals are stored once each.

The full run (two gunicorn servers on PostgreSQL, a worker killed, the database restarted) is `make
loadtest`; here the driver's core runs for a few seconds on a tiny event.
"""

from __future__ import annotations

import asyncio
import random
import threading
import uuid
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import aiohttp
import pytest

from scorekeeper import services
from scorekeeper.loadtest import driver, event
from scorekeeper.models import Deal

pytestmark = pytest.mark.django_db(transaction=True)
T = TypeVar("T")


def run_apart(make: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """asyncio.run in a thread of its own: the browser tests' Playwright keeps a loop in this one."""
    outcome: list[T] = []
    thread = threading.Thread(target=lambda: outcome.append(asyncio.run(make())))
    thread.start()
    thread.join()
    assert outcome, "the driver failed: see the thread's exception above"
    return outcome[0]


def _plan(live_server: Any, built: event.Event, **options: Any) -> driver.Plan:
    defaults = {"tables": built.tables, "spectators": 2, "duration": 2.0, "think": (0.05, 0.2), "poll": 0.5}
    return driver.Plan(
        servers=[live_server.url],
        standings=f"/events/{built.slug}/standings/",
        **{**defaults, "grace": 5.0, **options},
    )


def test_phones_and_spectators_lose_and_double_nothing(live_server: Any) -> None:
    """Three tables; table 1 has two phones, so they take each other's deal numbers now and then."""
    built = event.build(tables=3, deals=4, seed=7)
    plan = _plan(live_server, built, tables=[*built.tables, built.tables[0]])
    outcome = run_apart(lambda: driver.drive(plan))
    verdict = event.check(built, outcome.posts)
    acknowledged = sum(post.acknowledged for post in outcome.posts.values())
    assert acknowledged >= 3
    assert (verdict.lost, verdict.duplicates, verdict.inconsistent) == (0, 0, 0)
    assert verdict.stored == acknowledged
    assert {hit.status for hit in outcome.hits} <= {200, 204, 422}  # 422: "entered meanwhile"
    assert outcome.conflicts == sum(hit.status == 422 for hit in outcome.hits) >= 1  # both began at deal 1
    assert outcome.refused == 0
    assert any(hit.kind == "standings" for hit in outcome.hits)


def test_a_post_sent_again_is_acknowledged_and_stored_once(live_server: Any) -> None:
    """The answer to the first post was lost: the phone sends the very same form again."""
    built = event.build(tables=1, deals=4, seed=7)
    link = built.tables[0]

    async def post_twice() -> list[driver.Answer | None]:
        run = driver.Run(_plan(live_server, built))
        async with aiohttp.TCPConnector() as connector:
            browser = driver.Browser(run, connector, 0)
            phone = driver.Phone(run, browser, link, random.Random(1))
            try:
                form = await phone.open()
                assert form is not None
                fields = driver.form_fields({"trump": "hearts", "points": {"A": 80}}, form)
                path = f"/t/{link.token}/deals/"
                return [await browser.request("deal", "POST", path, data=fields, htmx=True) for _ in range(2)]
            finally:
                await browser.session.close()

    answers = run_apart(post_twice)
    assert all(answer is not None and "deal-saved" in answer.trigger for answer in answers)
    assert Deal.objects.filter(game_id=link.game).count() == 1


def test_the_check_counts_lost_and_doubled_deals() -> None:
    """What the verdict calls lost (acknowledged, not stored as sent) and duplicate (no post explains it)."""
    built = event.build(tables=1, deals=4, seed=7)
    game = built.tables[0].game
    entry = {"trump": "hearts", "points": {"A": 80}}
    stored = services.record_deal(game_id=game, entry=entry, by=None, number=1, client_token=uuid.uuid4())
    token = str(stored.deal.client_token)
    fine = {token: driver.Post(game, entry, acknowledged=True)}
    assert event.check(built, fine) == event.Verdict(lost=0, duplicates=0, inconsistent=0, stored=1)
    other = {token: driver.Post(game, {**entry, "trump": "clubs"}, acknowledged=True)}
    missing = {str(uuid.uuid4()): driver.Post(game, entry, acknowledged=True)}
    assert event.check(built, other).lost == 1
    assert (event.check(built, missing).lost, event.check(built, missing).duplicates) == (1, 1)
