"""Every page of the club world as every role sees it, written to files: to show that a refactoring
(issue 20) leaves each page's HTML as it was for the same data, asset URLs aside. A dev tool, not a test.

    python -m tests.tools.page_snapshots OUTDIR [--seed N]
    tests/tools/page_snapshots.sh BASE_COMMIT      (both commits, then diff -r into /tmp/snap.diff)

A fresh SQLite database in a temporary folder, migrated; tests/club_world.py's world built in it (a public
club, as the escaping crawl has it); every named route, and every variant's game page, fetched (GET) as
owner, admin, scorer, viewer, stranger and anonymous, as a table's phone (the table's own links, as in the
escaping crawl) and as the owner asking for a part (HX-Request). Each answer goes to
OUTDIR/<who>/<route>.html: the path, status, content type and redirect, then the body.

Two runs on the same code write the same bytes: the randomness is seeded (random, secrets, uuid4, one
stream each, so one extra draw of one kind shifts no other), the clock stands still, and every request is
rolled back (no page depends on the pages fetched before it). What a change of code could still shift is
normalised: CSRF tokens, live-poll stamps (signed with the time), CSP nonces, UUIDs (a form's
client_token), hashes in static URLs, a deal form's shape (a hash of the form's HTML, shown anyway), and
the world's secret links (tables, invite, share links) named by what they open. Personal codes (six
digits) and the tables' QR codes stay as drawn. `--seed` draws everything anew: a run with another seed
that differs only in those shows the normalisation misses nothing.
"""

from __future__ import annotations

import logging
import os
import random
import re
import secrets
import sys
import tempfile
import uuid
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

FROZEN_NOW = datetime(2026, 11, 21, 18, 30, tzinfo=UTC)  # a Saturday evening's tournament
ROLES = ("owner", "admin", "scorer", "viewer", "stranger")


def seed_everything(seed: int) -> None:
    """Before Django loads: model defaults (uuid.uuid4, new_token) are looked up when called or imported."""
    random.seed(seed)
    streams = {name: random.Random(f"{seed}/{name}") for name in ("bytes", "below", "choice", "uuid")}
    secrets.token_bytes = lambda n=None: streams["bytes"].randbytes(32 if n is None else n)
    secrets.randbelow = streams["below"].randrange
    secrets.randbits = streams["below"].getrandbits
    secrets.choice = streams["choice"].choice  # Django's get_random_string: CSRF, sessions, salts
    uuid.uuid4 = lambda: uuid.UUID(int=streams["uuid"].getrandbits(128), version=4)

    from django.utils import timezone

    timezone.now = lambda: FROZEN_NOW


def set_up_django(folder: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/snapshots.sqlite3"
    os.environ["CACHE_URL"] = ""  # the database cache: rolled back with each request
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.config.test_settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)

    import scorekeeper

    here = Path(__file__).resolve().parents[2]
    print(f"scorekeeper from {scorekeeper.__file__}", file=sys.stderr)
    if Path(scorekeeper.__file__).resolve().parents[1] != here:
        sys.exit(f"scorekeeper is not imported from {here}: run from there (PYTHONPATH={here})")


def secret_names(world: Any) -> dict[str, str]:
    """The world's secret links, by what they open: they would shift with any extra random draw."""
    from tournaments.models import Table, Tournament

    names = {world.invite_token: "<invite-token>", world.evening_token: "<evening-share-token>"}
    for table in Table.objects.select_related("pass_played__tournament"):
        drawn = table.pass_played
        names[table.token] = f"<table-token:{drawn.tournament.slug}/{drawn.number}/{table.number}>"
    for tournament in Tournament.objects.all():
        names[tournament.share_key] = f"<share-key:{tournament.slug}>"
    return names


PATTERNS = [
    (re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]*'), r"\1<csrf>"),
    (re.compile(r'("X-CSRFToken": ")[^"]*'), r"\1<csrf>"),
    (re.compile(r'(?m)^(\{"token": ")[^"]*'), r"\1<csrf>"),  # csrf_token's answer
    (re.compile(r'(nonce=")[^"]*'), r"\1<nonce>"),
    (re.compile(r"([?&;]v=)[^\"'&\s<]+"), r"\1<stamp>"),
    (re.compile(r"(/static/[\w/.@-]*?)\.[0-9a-f]{12}(\.[\w.]+)"), r"\1\2"),  # ManifestStaticFilesStorage
    # a deal form's hash of its own HTML (variants/shape.py), which holds its script's URL and table link
    (re.compile(r'(<form id="dealform" data-shape=")[0-9a-f]+'), r"\1<shape>"),
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<uuid>"),
]


def normalise(text: str, secrets_named: dict[str, str]) -> str:
    for pattern, replacement in PATTERNS:
        text = pattern.sub(replacement, text)
    for secret, name in secrets_named.items():
        text = text.replace(secret, name)
    return text


def snapshot(path: str, response: Any) -> str:
    body = b"".join(response.streaming_content) if response.streaming else response.content
    head = [f"GET {path}", f"{response.status_code} {response.get('Content-Type', '')}"]
    if response.has_header("Location"):
        head.append(f"Location: {response['Location']}")
    return "\n".join(head) + "\n\n" + body.decode(errors="replace")


def pages(world: Any) -> Iterator[tuple[str, str | None]]:
    """Every named route with ROUTE_ARGS' arguments (those without a row take none), then what those leave
    out: every variant's game page and deal edit (ROUTE_ARGS has the Schieber's), the Differenzler table."""
    from django.urls import NoReverseMatch, reverse

    from tests.club_world import ROUTE_ARGS, named_routes

    for route in sorted(named_routes()):
        try:
            yield route, reverse(route, kwargs=ROUTE_ARGS[route](world) if route in ROUTE_ARGS else {})
        except NoReverseMatch:
            yield route, None
    for variant, game in sorted(world.games.items()):
        yield f"games:game@{variant}", reverse("games:game", kwargs={"pk": game.pk})
        yield f"games:deal_edit@{variant}", reverse("games:deal_edit", kwargs={"pk": game.pk, "number": 1})
    yield "tournaments:table@differenzler", reverse("tournaments:table", args=[world.dz_table.token])


def crawl(out: Path) -> Counter[str]:
    from django.db import transaction
    from django.test import Client
    from django.urls import reverse
    from django.utils import translation

    from tests.club_world import build_world

    world = build_world(public=True)
    clients = {who: Client(raise_request_exception=False) for who in (*ROLES, "anonymous", "phone")}
    clients["owner-htmx"] = Client(raise_request_exception=False, headers={"HX-Request": "true"})
    for role in ROLES:
        clients[role].force_login(world.users[role])
    clients["owner-htmx"].force_login(world.users["owner"])
    clients["phone"].get(reverse("tournaments:table", args=[world.current.token]))
    names = secret_names(world)
    statuses: Counter[str] = Counter()
    for route, path in pages(world):
        for who, client in clients.items():
            if who == "phone" and not (path or "").startswith("/t/"):
                continue  # elsewhere the phone is anonymous
            if path is None:
                page = f"no arguments for {route} in ROUTE_ARGS"
            else:
                with transaction.atomic():
                    response = client.get(path)
                    page = snapshot(path, response)
                    transaction.set_rollback(True)
                translation.deactivate()
                statuses[str(response.status_code)] += 1
                if response.status_code >= 500:
                    print(f"{response.status_code}: GET {path} as {who}", file=sys.stderr)
            file = out / who / f"{route.replace(':', '.')}.html"
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_text(normalise(page, names), encoding="utf-8")
    return statuses


def main() -> None:
    args = sys.argv[1:]
    if len(args) not in (1, 3) or (len(args) == 3 and args[1] != "--seed"):
        sys.exit("usage: python -m tests.tools.page_snapshots OUTDIR [--seed N]")
    out = Path(args[0])
    if out.exists() and any(out.iterdir()):
        sys.exit(f"{out} is not empty")
    seed_everything(int(args[2]) if len(args) == 3 else 20)
    with tempfile.TemporaryDirectory(prefix="page-snapshots-") as folder:
        set_up_django(folder)
        logging.disable(logging.CRITICAL)  # 403s, 404s and 405s by the hundred: the files have them
        statuses = crawl(out)
        from django.db import connections

        connections.close_all()
    print(f"{statuses.total()} pages in {out}, by status: {dict(sorted(statuses.items()))}", file=sys.stderr)


if __name__ == "__main__":
    main()
