"""A club's database from before the apps were cut by domain (issue 12) migrates to today's layout with
every row kept.

The old code is taken from git (the last commit of the one-app layout), migrated and filled the way a
club fills it (the demo club with its finished games and ratings, the demo tournament, a season), on
the database engine the suite runs on. Today's code then migrates the same database: every table has
the same rows, and the moved models (ratings) read them through their new app.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import dj_database_url
import pytest

ROOT = Path(__file__).resolve().parents[1]
OLD_LAYOUT = "9ec5e3d"
"""main before the apps were cut: settings in scorekeeper.settings, ratings inside the games app."""

FILL = """
from django.contrib.auth.models import User
from scorekeeper.models import Club, Rating
from tournaments.models import Season, SeasonEvent, Tournament
club = Club.objects.get(slug="demo")
season = Season.objects.create(club=club, name="Winter 2026", best_of=3)
for event in Tournament.objects.filter(club=club):
    SeasonEvent.objects.create(season=season, tournament=event)
assert Rating.objects.exists(), "the demo's finished games are rated"
"""

READ_BACK = """
import json
from django.contrib.contenttypes.models import ContentType
from scorekeeper.games.models import Game
from scorekeeper.ratings.models import Rating, RatingChange
from tournaments.models import Season
own = Game.objects.filter(tournament_table__isnull=True).order_by("created_at", "pk")
tables = Game.objects.filter(tournament_table__isnull=False)
print(json.dumps({
    "numbers": list(own.values_list("number", flat=True)),
    "table_numbers": sorted(set(tables.values_list("number", flat=True)), key=str),
    "ratings": sorted([r.player.name, r.variant] for r in Rating.objects.select_related("player")),
    "changes": RatingChange.objects.count(),
    "seasons": [[s.name, s.events.count()] for s in Season.objects.all()],
    "rating_type": ContentType.objects.get_for_model(Rating).app_label,
    "stale_types": ContentType.objects.filter(app_label="scorekeeper", model__startswith="rating").count(),
}))
"""


def old_source(tmp: Path) -> Path:
    """The old layout's files, from this clone's history."""
    archive = tmp / "old.tar"
    done = subprocess.run(
        ["git", "archive", "--format=tar", "-o", str(archive), OLD_LAYOUT],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, (
        f"git archive {OLD_LAYOUT}: {done.stderr} (a shallow clone lacks the history)"
    )
    source = tmp / "old"
    with tarfile.open(archive) as tar:
        tar.extractall(source, filter="data")
    return source


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    """A database of its own on the suite's engine: a file for SQLite, a new database on PostgreSQL."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        yield f"sqlite:///{tmp_path / 'club.sqlite3'}"
        return
    import psycopg

    config = dj_database_url.parse(url)
    name = f"jass_layout_{uuid.uuid4().hex[:8]}"
    admin = {
        "host": config["HOST"],
        "port": config["PORT"] or 5432,
        "user": config["USER"],
        "dbname": "postgres",
    }
    if config["PASSWORD"]:
        admin["password"] = config["PASSWORD"]
    with psycopg.connect(**admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(**admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(source: Path, settings: str, database_url: str, *args: str) -> str:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": settings,
        "DATABASE_URL": database_url,
        "DEBUG": "1",
        "PYTHONPATH": str(source),
    }
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=source, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"manage.py {' '.join(args)} in {source.name}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def tournament_migrations(source: Path) -> set[str]:
    return {path.name for path in (source / "tournaments" / "migrations").glob("0*.py")}


def games_migrations_since_0006() -> set[str]:
    """The games app's migrations after the old layout's last one (0007 moved the ratings out)."""
    folder = ROOT / "scorekeeper" / "games" / "migrations"
    return {path.name for path in folder.glob("0*.py") if path.name[:4] > "0006"}


def row_counts(source: Path, settings: str, database_url: str) -> dict[str, int]:
    """Every table's row count, read with raw SQL (no model: the models are what moved)."""
    script = (
        "import json\nfrom django.db import connection\n"
        "with connection.cursor() as cursor:\n"
        "    tables = connection.introspection.table_names(cursor)\n"
        "    counts = {}\n"
        "    for table in tables:\n"
        "        cursor.execute(f'SELECT COUNT(*) FROM {connection.ops.quote_name(table)}')\n"
        "        counts[table] = cursor.fetchone()[0]\n"
        "print(json.dumps(counts))"
    )
    return json.loads(manage(source, settings, database_url, "shell", "--no-imports", "-c", script))


@pytest.mark.slow  # git archive, then two checkouts migrate a database in subprocesses
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_database_filled_by_the_old_layout_keeps_every_row(tmp_path: Path, database_url: str) -> None:
    old = old_source(tmp_path)
    shutil.rmtree(old / "tests", ignore_errors=True)
    old_settings = "scorekeeper.settings"
    manage(old, old_settings, database_url, "migrate", "--noinput")
    manage(old, old_settings, database_url, "demo")
    manage(old, old_settings, database_url, "demo_tournament")
    manage(old, old_settings, database_url, "shell", "--no-imports", "-c", FILL)
    before = row_counts(old, old_settings, database_url)
    ratings_before = before["scorekeeper_rating"]

    new_settings = "scorekeeper.config.settings"
    manage(ROOT, new_settings, database_url, "migrate", "--noinput")
    after = row_counts(ROOT, new_settings, database_url)

    migrations, types, permissions = "django_migrations", "django_content_type", "auth_permission"
    added = set(after) - set(before)  # models added since the old layout (a tournament's code entries)
    assert {table: after[table] for table in added} == dict.fromkeys(added, 0)
    dropped = {"scorekeeper_dealscore"}  # derived score rows no page read: the games store their sums (0014)
    assert dropped <= set(before) and not dropped & set(after)
    kept = set(before) - {migrations, types, permissions} - dropped
    assert {table: after[table] for table in kept} == {table: before[table] for table in kept}
    assert (after[types], after[permissions]) == (
        before[types] + len(added),
        before[permissions] + 4 * len(added),
    )
    later = tournament_migrations(ROOT) - tournament_migrations(old)
    # the ratings app's 0001, the games app's since the old layout's 0006, and the tournaments' since then
    assert after[migrations] == before[migrations] + 1 + len(games_migrations_since_0006()) + len(later)
    assert ratings_before > 0 and before["scorekeeper_ratingchange"] > 0
    assert before["tournaments_seasonevent"] > 0 and before["tournaments_tournament"] > 0

    read = json.loads(manage(ROOT, new_settings, database_url, "shell", "--no-imports", "-c", READ_BACK))
    assert len(read["ratings"]) == ratings_before
    assert read["changes"] == before["scorekeeper_ratingchange"]
    assert read["seasons"] == [["Winter 2026", before["tournaments_seasonevent"]]]
    assert read["rating_type"] == "ratings"  # the content type moved with the model: permissions kept
    assert read["stale_types"] == 0
    # the club's own games numbered in the order they started (the demo: one club); a table's game none
    assert read["numbers"] == list(range(1, len(read["numbers"]) + 1)) and read["table_numbers"] == [None]
    manage(ROOT, new_settings, database_url, "makemigrations", "--check", "--dry-run")
