"""`make loadtest`'s clients against the live server, briefly: the phones' deals are stored once each, and
the phones poll as their page does.

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

from scorekeeper.games import services
from scorekeeper.games.models import Deal
from tests.tools.loadtest import command as loadtest
from tests.tools.loadtest import driver, event, gunicorn_cpu

db = pytest.mark.django_db(transaction=True)
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


@db
def test_phones_and_spectators_lose_and_double_nothing(live_server: Any) -> None:
    """Three tables; table 1 has two phones, so they take each other's deal numbers now and then. The
    phones poll 10 times as often as their page says, so that 2 s see polls."""
    built = event.build(tables=3, deals=4, seed=7)
    plan = _plan(live_server, built, tables=[*built.tables, built.tables[0]], phone_poll_speedup=10)
    outcome = run_apart(lambda: driver.drive(plan))
    verdict = event.check(built, outcome.posts)
    acknowledged = sum(post.acknowledged for post in outcome.posts.values())
    assert acknowledged >= 3
    assert (verdict.lost, verdict.duplicates, verdict.inconsistent) == (0, 0, 0)
    assert verdict.stored == acknowledged
    assert {hit.status for hit in outcome.hits} <= {200, 204, 409, 422}  # 409 (422 before): "meanwhile"
    refusals = sum(hit.kind == "deal" and hit.status in (409, 422) for hit in outcome.hits)
    assert outcome.conflicts == refusals >= 1  # both began at deal 1
    assert outcome.refused == 0
    assert any(hit.kind == "standings" for hit in outcome.hits)
    polls = [hit for hit in outcome.hits if hit.kind == "poll"]
    assert polls, "the phones never polled"
    assert any(hit.status == 204 for hit in polls), "no poll was answered 'unchanged'"
    assert outcome.polls_ended == 0
    posting = [hit for hit in outcome.hits if hit.kind == "deal"]
    for poll in polls:  # the page's outbox holds a post: no poll starts until it is acknowledged
        assert not any(
            post.client == poll.client and post.started <= poll.started <= post.started + post.ms / 1000
            for post in posting
        )


@db
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


@db
def test_the_check_counts_lost_and_doubled_deals() -> None:
    """What the verdict calls lost (acknowledged, not stored as sent) and duplicate (no post explains it)."""
    built = event.build(tables=1, deals=4, seed=7)
    game = built.tables[0].game
    entry = {"trump": "hearts", "points": {"A": 80}}
    stored = services.record_deal(game_id=game, entry=entry, by=None, number=1, client_token=uuid.uuid4())
    token = str(stored.deal.token)
    fine = {token: driver.Post(game, entry, acknowledged=True)}
    assert event.check(built, fine) == event.Verdict(lost=0, duplicates=0, inconsistent=0, stored=1)
    other = {token: driver.Post(game, {**entry, "trump": "clubs"}, acknowledged=True)}
    missing = {str(uuid.uuid4()): driver.Post(game, entry, acknowledged=True)}
    assert event.check(built, other).lost == 1
    assert (event.check(built, missing).lost, event.check(built, missing).duplicates) == (1, 1)


def test_the_phone_follows_the_newest_poll_element_whatever_the_order_of_its_attributes() -> None:
    """The page's one `id="poll"`, not another poll beside it (#table-status); an answer's oob one too."""
    page = """<section id="table-status" data-hx-get="/t/x/?state=1.1"
      data-hx-trigger="deal-saved from:body, every 5s">
      <div data-hx-trigger="every 4s" data-hx-swap="outerHTML" id="poll"
        data-hx-get="/t/x/live/?v=3&amp;page=2"></div>"""
    assert driver.poll_element(page) == driver.PollElement("/t/x/live/?v=3&page=2", 4.0)
    answer = """<div id="entry"></div><div id='poll' data-hx-swap-oob="true" data-hx-get='http://a:1/t/x/live/?v=4'
      data-hx-trigger="load delay:1s, every 500ms"></div>"""
    assert driver.poll_element(page + answer) == driver.PollElement("/t/x/live/?v=4", 0.5)
    not_poll = '<div data-id="poll" data-hx-get="/a/" data-hx-trigger="every 4s"></div>'
    assert driver.poll_element(not_poll) is None
    revealed = '<div id="poll" data-hx-get="/t/x/live/" data-hx-trigger="revealed"></div>'
    assert driver.poll_element(revealed) == driver.PollElement("/t/x/live/", None)


def test_after_a_saved_deal_the_phone_shows_the_answers_form_or_resets_its_own() -> None:
    """As the page's outbox does when the answer leaves the form out (it looks the same)."""
    sent = driver.DealForm({"csrfmiddlewaretoken": "c", "number": "3", "client_token": "t", "revision": "2"})
    carried = '<div id="entry" data-hx-swap-oob="true"><form id="dealform" data-shape="ab">' + "".join(
        f'<input type="hidden" name="{name}" value="{value}">'
        for name, value in {"csrfmiddlewaretoken": "c", "number": "4", "client_token": "u"}.items()
    )
    assert driver.next_form(driver.Answer(200, carried + "</form></div>", "deal-saved"), sent).token == "u"
    empty = '<div id="entry" data-hx-swap-oob="true"></div>'
    assert driver.next_form(driver.Answer(200, empty, ""), sent) is None
    reset = driver.next_form(driver.Answer(200, '<div id="poll"></div>', "deal-saved", revision="3"), sent)
    assert reset is not None
    assert (reset.number, reset.hidden["revision"], reset.hidden["csrfmiddlewaretoken"]) == (4, "3", "c")
    assert reset.token not in ("t", "u")


def test_the_phone_asks_what_listens_for_a_saved_deal() -> None:
    """The table's status panel asks again once a deal is saved (htmx's `deal-saved from:body`)."""
    page = """<section id="table-status" class="tp-status"
      data-hx-get="/t/x/?state=1.1&amp;a=b" data-hx-trigger="deal-saved from:body" data-hx-swap="outerHTML">
      <div id="poll" data-revision="7" data-hx-get="/t/x/live/?v=1"
        data-hx-trigger="every 5s, page-visible from:body">"""
    assert driver.on_deal_saved(page) == {"table-status": "/t/x/?state=1.1&a=b"}
    assert driver.poll_element(page) == driver.PollElement("/t/x/live/?v=1", 5.0, revision="7")


def test_the_cpu_figures_are_per_minute_of_wall_time_and_share_of_the_cores() -> None:
    """120 s of wall on 2 cores: 48 s of app CPU is 24 s a minute; with 12 s of PostgreSQL, 25 %."""
    used = {
        "load_servers_cpu_s": 48.0,
        "load_postgres_cluster_cpu_s": 12.0,
        "load_client_cpu_s": 6.0,
        "load_machine_cpu_s": 90.0,
        "load_wall_s": 120.0,
    }
    assert dict(loadtest.per_minute(used, 2)) == {
        "cores": 2,
        "app_cpu_s_per_min": 24.0,
        "postgres_cpu_s_per_min": 6.0,
        "client_cpu_s_per_min": 3.0,
        "other_cpu_s_per_min": 12.0,
        "machine_share": 25.0,
        "machine_busy_share": 37.5,
    }
    split = {"poll": (1000, 2.0), "deal": (100, 3.0)}  # requests and CPU seconds inside them, per kind
    assert loadtest.by_kind(split, 10.0) == [
        ("app_cpu_ms_deal", 30.0),
        ("app_cpu_share_deal", 30.0),
        ("app_cpu_ms_poll", 2.0),
        ("app_cpu_share_poll", 20.0),
        ("app_cpu_share_outside_requests", 50.0),
    ]


def test_the_servers_count_each_request_under_its_kind() -> None:
    """The names the driver gives its requests, from the URL the server sees."""
    kinds = {
        ("GET", "/t/abc/live/", "v=1"): "poll",
        ("POST", "/t/abc/deals/", ""): "deal",
        ("GET", "/t/abc/", "state=3.1"): "follow_up",
        ("GET", "/t/abc/", ""): "page",
        ("GET", "/events/e/standings/", "since=4"): "standings",
        ("GET", "/static/scorekeeper/app.css", ""): "static",
    }
    assert {key: gunicorn_cpu.kind_of(*key) for key in kinds} == kinds
