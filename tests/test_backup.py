"""The backup of docs/operations.md, done as written: pg_dump -Fc of the database, pg_restore into a
new database, and every table holds the same rows. PostgreSQL only; CI (REQUIRE_POSTGRES) must run it."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.db import connection
from psycopg import sql

from tests.club_world import build_world
from tests.conftest import require


def client_env(params: dict[str, Any]) -> dict[str, str]:
    """libpq's variables, so no password appears on a command line."""
    env = dict(os.environ)
    env.update(
        PGHOST=str(params.get("HOST") or "localhost"),
        PGPORT=str(params.get("PORT") or 5432),
        PGUSER=str(params.get("USER") or ""),
        PGPASSWORD=str(params.get("PASSWORD") or ""),
    )
    return env


def row_counts(cursor: Any, tables: list[str]) -> dict[str, int]:
    counts = {}
    for table in tables:
        cursor.execute(sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(table)))
        counts[table] = cursor.fetchone()[0]
    return counts


@pytest.fixture
def scratch(postgres_only: None, transactional_db: None) -> Iterator[str]:
    """A new, empty database beside the test database, dropped afterwards."""
    require(
        shutil.which("pg_dump") is not None and shutil.which("pg_restore") is not None,
        env="REQUIRE_POSTGRES",
        reason="needs pg_dump and pg_restore (postgresql-client)",
    )
    name = f"{connection.settings_dict['NAME']}_restore_{os.getpid()}"
    quoted = connection.ops.quote_name(name)
    with connection.cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {quoted}")
        cursor.execute(f"CREATE DATABASE {quoted}")
    yield name
    with connection.cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {quoted}")


def test_pg_dump_and_pg_restore_keep_every_row(scratch: str, tmp_path: Path) -> None:
    build_world()
    params = connection.settings_dict
    env = client_env(params)
    dump = tmp_path / "jass.dump"
    subprocess.run(["pg_dump", "-Fc", "-f", str(dump), params["NAME"]], env=env, check=True, timeout=120)
    subprocess.run(
        ["pg_restore", "--no-owner", "--exit-on-error", "-d", scratch, str(dump)],
        env=env,
        check=True,
        timeout=120,
    )
    tables = connection.introspection.table_names()
    with connection.cursor() as cursor:
        original = row_counts(cursor, tables)
    where = {
        "host": env["PGHOST"],
        "port": env["PGPORT"],
        "user": env["PGUSER"],
        "password": env["PGPASSWORD"],
    }
    with psycopg.connect(dbname=scratch, **where) as restored:
        copied = row_counts(restored.cursor(), tables)
    assert copied == original
    assert original["scorekeeper_deal"] > 10 and original["tournaments_tableseat"] > 10
