"""The load test's clients on asyncio: table phones that post deals and poll, spectators that poll.

They behave like a browser. A phone loads its table page, reads the CSRF token and the deal form's hidden
fields (the deal number and the submission's client_token), and posts the form with htmx's headers and
the page outbox's `X-Outbox: 1`. A post that gets no answer (a 5xx, a time-out, a dropped connection) is
sent again with the same client_token, as a phone on a flaky Wi-Fi does; only a 2xx carrying the
deal-saved event acknowledges a deal. Meanwhile the phone polls as its page does: the page's one
`id="poll"` element names the URL and `every Ns`, every answer may bring a newer one, and no poll goes
out while a deal post waits for its acknowledgement (the outbox is pending). Requests take turns over the
app servers, as a load balancer without sticky sessions sends them, so nothing may depend on which
process answers. No ORM here: the database is set up before and checked after (event.py).
"""

from __future__ import annotations

import asyncio
import html
import random
import re
import statistics
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import aiohttp

from tournaments.sample import schieber_deal

DROPPED = 0
"""The status of a request that got no HTTP answer: connection refused or reset, server gone."""
TIMED_OUT = -1

CONFLICT = "meanwhile on another phone"
"""In the answer when the deal number was taken or the list changed: the phone reloads the page."""
CONFLICT_STATUS = 409
"""The outbox's refusal when another phone changed the game (422: the rules refuse what was typed)."""

_DEAL_FORM = re.compile(r'<form id="dealform".*?</form>', re.S)
_ASSET = re.compile(r'(?:src|href)="(/static/[^"]+)"')
_SINCE = re.compile(r'\?since=([^"&]+)"')
_INPUT = re.compile(r"<input\b[^>]*>")
_ATTRIBUTE = re.compile(r'(?<![\w-])(type|name|value)="([^"]*)"')
_NEEDED = {"number", "client_token", "csrfmiddlewaretoken"}
_POLL_TAG = re.compile(r"""<[a-zA-Z][\w-]*\s[^>]*?(?<![\w:.-])id\s*=\s*(?:"poll"|'poll')[^>]*>""")
"""The start tag of the page's live poll, whatever the order of its attributes; not #table-status."""
_TAG_ATTRIBUTE = re.compile(r"""([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_EVERY = re.compile(r"(?<![\w-])every\s+(\d+(?:\.\d+)?)(ms|s|m)?(?!\w)")
_UNIT = {"ms": 0.001, "s": 1.0, "m": 60.0, "": 0.001}
"""htmx's time units; a bare number is milliseconds."""
_ON_DEAL_SAVED = re.compile(
    r"""<[a-zA-Z][\w-]*\s[^>]*?data-hx-trigger\s*=\s*"[^"]*(?<![\w-])deal-saved(?![\w-])[^>]*>"""
)
"""A start tag whose htmx request fires on the deal-saved event (the table's status panel)."""
_ENTRY = re.compile(r"""(?<![\w:.-])id\s*=\s*(?:"entry"|'entry')""")


@dataclass(frozen=True)
class TableLink:
    token: str
    game: int


@dataclass(frozen=True)
class Fault:
    """Something done to the servers at `at` seconds into the run (blocking: it runs in a thread).

    5xx answers to requests in flight from its start until `settle` seconds after it returned are
    counted apart from the others."""

    name: str
    at: float
    action: Callable[[], Any]
    settle: float = 3.0


@dataclass(frozen=True)
class Plan:
    servers: Sequence[str]
    """Base URLs, e.g. http://127.0.0.1:8101."""
    tables: Sequence[TableLink]
    standings: str
    """The path of the event's public standings."""
    spectators: int = 200
    duration: float = 60.0
    think: tuple[float, float] = (10.0, 30.0)
    """Seconds a table takes between two deals (uniform). A real Schieber deal takes 2 to 3 minutes:
    the default is about 6 times a tournament's pace, 25 deals a second from 500 tables."""
    poll: float = 10.0
    """The standings page polls every 10 s (templates/tournaments/standings.html)."""
    phone_poll_speedup: float = 1.0
    """The phones poll this many times as often as their page says (the page's interval is parsed, never
    assumed): a test of a few seconds raises it to see polls at all."""
    timeout: float = 20.0
    """A phone gives up waiting for an answer after this, then sends the same post again (htmx itself
    waits for ever; a scorer taps Save again)."""
    grace: float = 30.0
    """After `duration`, posts already sent may retry this long; then everything stops."""
    faults: Sequence[Fault] = ()
    seed: int = 1
    on_start: Callable[[], Any] | None = None
    """Called as the clock starts, once every phone has opened its table."""


@dataclass(frozen=True)
class Hit:
    kind: str
    started: float
    """Seconds into the run."""
    ms: float
    status: int
    client: int = -1
    """Which browser sent it (its index): a phone's polls can be told from its posts."""


@dataclass
class Post:
    """One deal a phone entered, under its client_token; acknowledged once a 200 said it was saved."""

    game: int
    entry: dict[str, Any]
    acknowledged: bool = False
    attempts: int = 0
    last_sent: float = 0.0
    """When the last attempt was sent (epoch seconds): a deal stored before it was stored by an earlier
    attempt, whose answer got lost, and the last one was recognised as a repeat."""


@dataclass
class Outcome:
    duration: float
    elapsed: float = 0.0
    """The run's length: the duration, then the posts still retrying."""
    opening: tuple[float, int] = (0.0, 0)
    """Seconds and requests it took every phone to open its table, before the clock started."""
    hits: list[Hit] = field(default_factory=list)
    posts: dict[str, Post] = field(default_factory=dict)
    windows: list[tuple[str, float, float]] = field(default_factory=list)
    retries: int = 0
    conflicts: int = 0
    refused: int = 0
    polls_held: int = 0
    """Poll ticks a phone let pass because a deal post of its own was not acknowledged yet."""
    polls_ended: int = 0
    """Phones whose poll element went away (an answer without a new one, or 286): they poll no more."""


@dataclass(frozen=True)
class DealForm:
    """The deal form's hidden fields, as a browser posts them back: the CSRF token, the deal number, the
    submission's client_token, the revision the page shows; and its shape (data-shape), which the
    outbox sends so that an answer leaves out a next form that would look the same."""

    hidden: Mapping[str, str]
    shape: str = ""

    @property
    def number(self) -> int:
        return int(self.hidden["number"])

    @property
    def token(self) -> str:
        return self.hidden["client_token"]

    def again(self, page: DealForm) -> DealForm:
        """The same deal, under the same key, on a page loaded afresh (the number it expects now)."""
        return DealForm({**page.hidden, "client_token": self.token}, page.shape)


@dataclass(frozen=True)
class Answer:
    status: int
    text: str
    trigger: str
    """The HX-Trigger header: "deal-saved" when a deal post was stored (or recognised as repeated)."""
    refresh: bool = False
    """HX-Refresh: true, htmx reloads the whole page."""
    revision: str = ""
    """X-Revision: the game's revision after a saved deal, which the outbox puts in the next form."""


@dataclass(frozen=True)
class PollElement:
    """The page's live poll: what it GETs, and how often (None: it has no `every` trigger); and the
    revision of the game it shows (data-revision), which the outbox sends with a deal."""

    url: str
    every: float | None
    revision: str = ""


def poll_element(text: str) -> PollElement | None:
    """The newest `id="poll"` element of a page or an answer (the last one: htmx swaps them in order)."""
    tags = _POLL_TAG.findall(text)
    if not tags:
        return None
    attributes = _attributes(tags[-1])
    path = _path(attributes.get("data-hx-get", ""))
    every = _EVERY.search(attributes.get("data-hx-trigger", ""))
    seconds = float(every.group(1)) * _UNIT[every.group(2) or ""] if every else 0.0
    return PollElement(path, seconds if path and seconds > 0 else None, attributes.get("data-revision", ""))


def _attributes(tag: str) -> dict[str, str]:
    found = _TAG_ATTRIBUTE.findall(tag)
    return {name.lower(): html.unescape(double or single) for name, double, single in found}


def _path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def on_deal_saved(text: str) -> dict[str, str]:
    """The elements (by id) that GET their data-hx-get once the deal-saved event fires: the newest of each."""
    found = (_attributes(tag) for tag in _ON_DEAL_SAVED.findall(text))
    return {
        element["id"]: _path(element["data-hx-get"])
        for element in found
        if "id" in element and "data-hx-get" in element
    }


def next_form(answer: Answer, sent: DealForm) -> DealForm | None:
    """The form the page shows after a saved deal: the answer's, if it carries one; none if the answer
    empties the entry (the game is over); else the form sent, reset as the page's outbox resets it: the
    next number, a new client_token, the revision the answer names."""
    form = deal_form(answer.text)
    if form is not None:
        return form
    if _ENTRY.search(answer.text):
        return None
    hidden = {**sent.hidden, "number": str(sent.number + 1), "client_token": str(uuid.uuid4())}
    if answer.revision and "revision" in hidden:
        hidden["revision"] = answer.revision
    return DealForm(hidden, sent.shape)


def deal_form(page: str) -> DealForm | None:
    """The next deal's form as the page shows it; None once the table's deals are all entered."""
    found = _DEAL_FORM.search(page)
    if found is None:
        return None
    hidden = {}
    for tag in _INPUT.findall(found.group()):
        attributes = dict(_ATTRIBUTE.findall(tag))
        if attributes.get("type") == "hidden" and "name" in attributes:
            hidden[attributes["name"]] = html.unescape(attributes.get("value", ""))
    shape = _attributes(found.group().partition(">")[0]).get("data-shape", "")
    return DealForm(hidden, shape) if hidden.keys() >= _NEEDED else None


def form_fields(entry: Mapping[str, Any], form: DealForm) -> dict[str, str]:
    """What the Schieber form posts for a deal entry of tournaments.sample (a trump and card points or a
    match), with the hidden fields that make the post safe to repeat."""
    fields = {**form.hidden, "trump": entry["trump"]}
    if "match" in entry:
        return {**fields, "team": entry["match"], "match": "on"}
    ((team, points),) = entry["points"].items()
    return {**fields, "team": team, "points": str(points)}


class Run:
    """What every client shares: the plan, the clock, and what happened."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.outcome = Outcome(plan.duration)
        self.start = asyncio.get_running_loop().time()

    def now(self) -> float:
        return asyncio.get_running_loop().time() - self.start

    def accepting(self) -> bool:
        """New deals and polls start until `duration`."""
        return self.now() < self.plan.duration

    async def pause(self, seconds: float) -> None:
        """Sleep, but not past `duration`: nobody waits to start what would not start anyway."""
        await asyncio.sleep(max(0.0, min(seconds, self.plan.duration - self.now())))

    def live(self) -> bool:
        """A post already sent keeps retrying until `duration + grace`."""
        return self.now() < self.plan.duration + self.plan.grace


class Browser:
    """One device: its own cookies; its requests take turns over the servers."""

    def __init__(self, run: Run, connector: aiohttp.BaseConnector, turn: int) -> None:
        self.run = run
        self.index = turn
        self.turn = turn
        self.session = aiohttp.ClientSession(
            connector=connector,
            connector_owner=False,
            cookie_jar=aiohttp.CookieJar(unsafe=True),  # unsafe: keep cookies of an IP address host
            timeout=aiohttp.ClientTimeout(total=run.plan.timeout),
        )

    async def request(
        self,
        kind: str,
        method: str,
        path: str,
        *,
        data: Mapping[str, str] | None = None,
        htmx: bool = False,
        page: str | None = None,
        extra: Mapping[str, str] | None = None,
    ) -> Answer | None:
        """One request; `page` is the page htmx sends it from (HX-Current-URL), `extra` more headers."""
        servers = self.run.plan.servers
        base = servers[self.turn % len(servers)]
        self.turn += 1
        # English pages: the driver recognises the conflict answer by its English words
        headers = {"HX-Request": "true", "HX-Current-URL": base + (page or path)} if htmx else {}
        headers.update(extra or {})
        headers["Accept-Language"] = "en"
        if method == "POST":
            headers["Origin"] = base
        if htmx and data and "csrfmiddlewaretoken" in data:  # htmx sends it from <body data-hx-headers> too
            headers["X-CSRFToken"] = data["csrfmiddlewaretoken"]
        started = self.run.now()
        answer = None
        try:
            async with self.session.request(
                method, base + path, data=data, headers=headers, allow_redirects=False
            ) as response:
                trigger = response.headers.get("HX-Trigger", "")
                refresh = response.headers.get("HX-Refresh", "") == "true"
                revision = response.headers.get("X-Revision", "")
                answer = Answer(response.status, await response.text(), trigger, refresh, revision)
                status = response.status
        except TimeoutError:
            status = TIMED_OUT
        except (aiohttp.ClientError, OSError):  # refused, reset, cut mid-answer
            status = DROPPED
        hit = Hit(kind, started, (self.run.now() - started) * 1000, status, self.index)
        self.run.outcome.hits.append(hit)
        return answer


async def _backoff(attempt: int, rng: random.Random) -> None:
    await asyncio.sleep(min(0.25 * 2**attempt, 4.0) * rng.uniform(0.5, 1.5))


class Phone:
    """A table's phone: opens the table link (before the clock starts), then enters deals until the run
    ends or the pass is full, and polls as its page does until the run ends."""

    def __init__(self, run: Run, browser: Browser, link: TableLink, rng: random.Random) -> None:
        self.run, self.browser, self.link, self.rng = run, browser, link, rng
        self.path = f"/t/{link.token}/"
        self.assets_loaded = False
        self.form: DealForm | None = None
        self.poll: PollElement | None = None
        """The page's poll element as the phone last got it (from the page or any answer)."""
        self.next_poll = 0.0
        """When it fires next (run clock): its interval after it was swapped in, then every interval."""
        self.swapped = asyncio.Event()
        self.pending = False
        """A deal post is not acknowledged yet: the page's outbox holds it, and the page does not poll."""
        self.on_saved: dict[str, str] = {}
        """What the page GETs once a deal is saved (its deal-saved listeners by id, e.g. #table-status)."""
        self.follow_ups: set[asyncio.Task[None]] = set()

    async def play(self) -> None:
        poller = asyncio.create_task(self.keep_polling())
        try:
            await self.run.pause(self.rng.uniform(0, self.run.plan.think[1]))  # each table at its own pace
            while self.form is not None and self.run.accepting():
                self.form = await self.enter(self.form)
                await self.run.pause(self.rng.uniform(*self.run.plan.think))
            await poller
            await asyncio.gather(*self.follow_ups)
        finally:
            poller.cancel()
            for task in self.follow_ups:
                task.cancel()

    async def open(self) -> DealForm | None:
        """The table page as a browser loads it (its stylesheet and script once): the next deal's form."""
        attempt = 0
        while self.run.live():
            answer = await self.browser.request("page", "GET", self.path)
            if answer is not None and answer.status == 200:
                if not self.assets_loaded:
                    self.assets_loaded = True
                    for asset in dict.fromkeys(_ASSET.findall(answer.text)):
                        await self.browser.request("static", "GET", asset)
                self._take(answer.text)
                return deal_form(answer.text)
            attempt += 1
            await _backoff(attempt, self.rng)
        return None

    async def enter(self, form: DealForm) -> DealForm | None:
        """Post one deal until it is acknowledged; the next form comes with the answer. No poll goes out
        meanwhile, as on the page while its outbox holds the deal."""
        entry = schieber_deal(self.rng)
        post = self.run.outcome.posts[form.token] = Post(self.link.game, entry)
        attempt = 0
        self.pending = True
        try:
            while self.run.live():
                post.attempts += 1
                post.last_sent = time.time()
                fields = form_fields(entry, form)
                if self.poll is not None and self.poll.revision and "revision" in fields:
                    fields["revision"] = self.poll.revision  # the outbox sends what the page shows
                answer = await self.browser.request(
                    "deal",
                    "POST",
                    f"{self.path}deals/",
                    data=fields,
                    htmx=True,
                    page=self.path,
                    extra={"X-Outbox": "1", **({"X-Form-Shape": form.shape} if form.shape else {})},
                )
                if answer is not None:
                    self._take(answer.text)
                if answer is not None and 200 <= answer.status < 300 and "deal-saved" in answer.trigger:
                    post.acknowledged = True
                    for element, url in self.on_saved.items():  # the deal-saved event fires at once
                        task = asyncio.create_task(self._follow_up(element, url))
                        self.follow_ups.add(task)
                        task.add_done_callback(self.follow_ups.discard)
                    return next_form(answer, form)
                if answer is not None and answer.status < 500:
                    page = await self._after_refusal(answer)
                    if page is None:
                        return None
                    form = form.again(page)
                    continue
                attempt += 1
                self.run.outcome.retries += 1
                await _backoff(attempt, self.rng)
            return None
        finally:
            self.pending = False

    async def _after_refusal(self, answer: Answer) -> DealForm | None:
        """A conflict or a lost CSRF cookie: reload the page for the number and token the server expects
        now, and send the same deal again (same client_token). Anything else gives the deal up."""
        if answer.status == CONFLICT_STATUS or (answer.status == 422 and CONFLICT in answer.text):
            self.run.outcome.conflicts += 1
        elif answer.status != 403:
            self.run.outcome.refused += 1
            return None
        self.run.outcome.retries += 1
        return await self.open()

    async def keep_polling(self) -> None:
        """htmx's `every N s` on the poll element: a tick N s after the element was swapped in, then every
        N s while it stays. A tick while its request is in flight queues one more (htmx's default); a
        tick while the outbox is pending sends nothing. Each phone starts at a random phase: the pages
        were opened at different times."""
        if self.poll is not None and self.poll.every is not None:
            self.next_poll = self.rng.uniform(0, self._interval(self.poll))
        queued = False
        while self.run.accepting():
            element = self.poll
            if element is None or element.every is None:  # nothing polls until an answer brings one
                await self._until_swapped(self.run.plan.duration)
                continue
            if not queued:
                if await self._until_swapped(self.next_poll - self.run.now()):
                    continue  # a newer element, with its own clock
                if not self.run.accepting():
                    break
                self.next_poll += self._interval(element)
                if self.pending:
                    self.run.outcome.polls_held += 1
                    continue
            await self._send_poll(element)
            queued = False
            late = self.run.now() - self.next_poll
            if self.poll is element and late >= 0:  # ticks passed while it was in flight
                self.next_poll += (late // self._interval(element) + 1) * self._interval(element)
                queued = not self.pending

    def _interval(self, element: PollElement) -> float:
        return (element.every or 0.0) / self.run.plan.phone_poll_speedup

    async def _until_swapped(self, seconds: float) -> bool:
        """Wait `seconds`, not past the run's duration; True as soon as an answer brings a poll element."""
        self.swapped.clear()
        seconds = max(0.0, min(seconds, self.run.plan.duration - self.run.now()))
        try:
            await asyncio.wait_for(self.swapped.wait(), seconds)
        except TimeoutError:
            return False
        return True

    def _take(self, text: str) -> None:
        """What a page or an answer swaps in: the newest poll element replaces the page's, and its clock
        starts afresh; deal-saved listeners replace theirs."""
        self.on_saved.update(on_deal_saved(text))
        element = poll_element(text)
        if element is not None:
            self.poll = element
            self.next_poll = self.run.now() + self._interval(element)
            self.swapped.set()

    async def _send_poll(self, element: PollElement) -> None:
        """One poll with the headers htmx sends for it. 204: unchanged. A swapped answer (2xx, 422) puts
        its poll element in the old one's place; without one, the page polls no more. HX-Refresh reloads
        the page. Other answers, and answers for an element already replaced, change nothing."""
        answer = await self.browser.request(
            "poll",
            "GET",
            element.url,
            htmx=True,
            page=self.path,
            extra={"HX-Target": "poll", "HX-Trigger": "poll"},
        )
        if answer is None or answer.status == 204:
            return
        if answer.refresh:
            form = await self.open()
            if not self.pending:
                self.form = form
            return
        if self.poll is not element:  # an answer swapped in a newer element meanwhile: this one is gone
            return
        if 200 <= answer.status < 300 or answer.status == 422:
            if poll_element(answer.text) is None:
                self.poll = None
                self.run.outcome.polls_ended += 1
            self._take(answer.text)

    async def _follow_up(self, element: str, url: str) -> None:
        """A deal-saved listener's request (not a poll): what it swaps in is taken like any answer."""
        answer = await self.browser.request(
            "follow_up",
            "GET",
            url,
            htmx=True,
            page=self.path,
            extra={"HX-Target": element, "HX-Trigger": element},
        )
        if answer is not None and answer.refresh:
            form = await self.open()
            if not self.pending:
                self.form = form
        elif answer is not None and 200 <= answer.status < 300:
            self._take(answer.text)


class Spectator:
    """Someone in the hall with the public standings open: the page once, then htmx's poll."""

    def __init__(self, run: Run, browser: Browser, rng: random.Random) -> None:
        self.run, self.browser, self.rng = run, browser, rng

    async def watch(self) -> None:
        poll, path = self.run.plan.poll, self.run.plan.standings
        await self.run.pause(self.rng.uniform(0, poll))
        version = None
        while self.run.accepting():
            if version is None:
                answer = await self.browser.request("standings", "GET", path)
            else:
                answer = await self.browser.request("standings", "GET", f"{path}?since={version}", htmx=True)
            if answer is not None and answer.status == 200:
                found = _SINCE.search(answer.text)
                version = found.group(1) if found else version
            await self.run.pause(poll)


async def _fault(run: Run, fault: Fault) -> None:
    await asyncio.sleep(max(0.0, fault.at - run.now()))
    began = run.now()
    await asyncio.to_thread(fault.action)
    run.outcome.windows.append((fault.name, began, run.now() + fault.settle))


async def _open(phones: Sequence[Phone], at_once: int = 32) -> None:
    """Every table opens its link before play starts (a pass's seating takes minutes, not seconds)."""
    gate = asyncio.Semaphore(at_once)

    async def open_one(phone: Phone) -> None:
        async with gate:
            phone.form = await phone.open()

    await asyncio.gather(*(open_one(phone) for phone in phones))


async def drive(plan: Plan) -> Outcome:
    """The phones open their tables; then, on the clock, every phone and spectator at once and the
    faults on their schedule, bounded by the plan's time."""
    run = Run(plan)
    rng = random.Random(plan.seed)
    connector = aiohttp.TCPConnector(limit=0, keepalive_timeout=1.0)  # the servers keep alive 5 s
    browsers = [Browser(run, connector, index) for index in range(len(plan.tables) + plan.spectators)]
    try:
        phones = [
            Phone(run, browser, link, random.Random(rng.random()))
            for browser, link in zip(browsers, plan.tables, strict=False)
        ]
        await _open(phones)
        run.outcome.opening = (run.now(), len(run.outcome.hits))
        run.outcome.hits.clear()
        run.start = asyncio.get_running_loop().time()
        if plan.on_start is not None:
            plan.on_start()
        tasks = [asyncio.create_task(_fault(run, fault)) for fault in plan.faults]
        tasks += [asyncio.create_task(phone.play()) for phone in phones]
        for browser in browsers[len(phones) :]:
            spectator = Spectator(run, browser, random.Random(rng.random()))
            tasks.append(asyncio.create_task(spectator.watch()))
        _, pending = await asyncio.wait(tasks, timeout=plan.duration + plan.grace + plan.timeout)
        for task in pending:
            task.cancel()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        for result in results:
            if isinstance(result, Exception):
                raise result
    finally:
        for browser in browsers:
            await browser.session.close()
        await connector.close()
    run.outcome.elapsed = run.now()
    return run.outcome


def _overlaps(hit: Hit, windows: Sequence[tuple[str, float, float]]) -> bool:
    end = hit.started + hit.ms / 1000
    return any(hit.started <= until and end >= since for _, since, until in windows)


def _percentile(values: Sequence[float], share: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]


def figures(outcome: Outcome) -> Iterator[tuple[str, float | int]]:
    """The printed lines. Latency counts every request that got an answer or timed out (at the time it
    waited), not the ones refused outright by a dead server (DROPPED). Shares are percentages."""
    hits = outcome.hits
    errors = [hit for hit in hits if hit.status >= 500]
    during = [hit for hit in errors if _overlaps(hit, outcome.windows)]
    timed = sorted(hit.ms for hit in hits if hit.status != DROPPED)
    acknowledged = sum(post.acknowledged for post in outcome.posts.values())
    sent_again = sum(post.acknowledged and post.attempts > 1 for post in outcome.posts.values())
    yield "load_opening_s", round(outcome.opening[0], 1)
    yield "load_opening_requests", outcome.opening[1]
    yield "load_elapsed_s", round(outcome.elapsed, 1)
    polls = [hit for hit in hits if hit.kind == "poll"]
    yield "load_requests", len(hits)
    for kind in ("deal", "follow_up", "page", "static", "standings"):
        yield f"load_requests_{kind}", sum(hit.kind == kind for hit in hits)
    yield "load_polls", len(polls)
    yield "load_polls_per_s", round(len(polls) / outcome.duration, 1)
    yield "load_poll_204_share", round(100 * sum(hit.status == 204 for hit in polls) / max(1, len(polls)), 1)
    yield "load_polls_held", outcome.polls_held
    yield "load_polls_ended", outcome.polls_ended
    yield "load_errors_5xx", len(errors) - len(during)
    yield "load_errors_5xx_during_faults", len(during)
    yield "load_timeouts", sum(hit.status == TIMED_OUT for hit in hits)
    yield "load_dropped", sum(hit.status == DROPPED for hit in hits)
    yield "load_p50_ms", round(_percentile(timed, 0.50), 1)
    yield "load_p99_ms", round(_percentile(timed, 0.99), 1)
    for kind in ("deal", "poll", "standings"):
        times = sorted(hit.ms for hit in hits if hit.kind == kind and hit.status != DROPPED)
        yield f"load_{kind}_p50_ms", round(_percentile(times, 0.50), 1)
        yield f"load_{kind}_p99_ms", round(_percentile(times, 0.99), 1)
    yield "load_deals_acknowledged", acknowledged
    yield "load_deals_per_s", round(acknowledged / outcome.duration, 1)
    yield "load_deals_sent_again", sent_again
    yield "load_retries", outcome.retries
    yield "load_conflicts", outcome.conflicts
    yield "load_refused", outcome.refused
