"""Settings come from the environment. Each case runs in a fresh Python process, so the test process
(whose settings are already loaded) is not disturbed, and nothing of its environment leaks in."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Variables the settings or Django's checks read: none may come from the environment running the tests
# (test_settings sets some in os.environ, CI sets DATABASE_URL, the browser tests allow async-unsafe
# ORM calls for the session, which `check --deploy` rightly reports).
SETTINGS_VARIABLES = {
    "ALLOWED_HOSTS",
    "CONN_MAX_AGE",
    "CSRF_TRUSTED_ORIGINS",
    "DATABASE_URL",
    "DEBUG",
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "DJANGO_SETTINGS_MODULE",
    "LOG_LEVEL",
    "SECRET_KEY",
    "SECURE_COOKIES",
    "SECURE_HSTS_SECONDS",
    "SECURE_SSL_REDIRECT",
    "TRUSTED_PROXIES",
    "TRUSTED_PROXY_ADDRESSES",
}

SHOW_SETTINGS = """
import json
from scorekeeper.config import settings as s
db = s.DATABASES["default"]
print(json.dumps({
    "DEBUG": s.DEBUG,
    "SECRET_KEY": s.SECRET_KEY,
    "ALLOWED_HOSTS": s.ALLOWED_HOSTS,
    "ENGINE": db["ENGINE"],
    "NAME": str(db["NAME"]),
    "HOST": db.get("HOST", ""),
    "SECURE_SSL_REDIRECT": getattr(s, "SECURE_SSL_REDIRECT", False),
    "SESSION_COOKIE_SECURE": getattr(s, "SESSION_COOKIE_SECURE", False),
    "CSRF_COOKIE_SECURE": getattr(s, "CSRF_COOKIE_SECURE", False),
    "SECURE_HSTS_SECONDS": getattr(s, "SECURE_HSTS_SECONDS", 0),
    "STATICFILES_BACKEND": s.STORAGES["staticfiles"]["BACKEND"],
    "TRUSTED_PROXY_ADDRESSES": s.TRUSTED_PROXY_ADDRESSES,
}))
"""


def environment(**variables: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in SETTINGS_VARIABLES}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.update(variables)
    return env


def run(args: list[str], **variables: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=environment(**variables),
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings_under(**variables: str) -> dict[str, Any]:
    done = run(["-c", SHOW_SETTINGS], **variables)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture
def secret_key() -> str:
    key = secrets.token_urlsafe(45)
    assert len(key) == 60
    return key


def test_check_deploy_reports_nothing_with_debug_off(secret_key: str, tmp_path: Path) -> None:
    done = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        SECRET_KEY=secret_key,
        ALLOWED_HOSTS="example.org",
        DATABASE_URL=f"sqlite:///{tmp_path / 'x.sqlite3'}",
        DJANGO_SETTINGS_MODULE="scorekeeper.config.settings",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "System check identified no issues (0 silenced)."
    assert done.stderr == ""


def test_check_deploy_fails_with_debug_on(tmp_path: Path) -> None:
    """The check above can fail: DEBUG=1 (and its development key) is reported."""
    done = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        DEBUG="1",
        DATABASE_URL=f"sqlite:///{tmp_path / 'x.sqlite3'}",
        DJANGO_SETTINGS_MODULE="scorekeeper.config.settings",
    )
    assert done.returncode == 1
    assert "security.W018" in done.stderr  # DEBUG on in deployment
    assert "security.W009" in done.stderr  # the development SECRET_KEY


def test_without_secret_key_and_debug_the_settings_refuse_to_load() -> None:
    done = run(["-c", SHOW_SETTINGS])
    assert done.returncode == 1
    assert done.stdout == ""
    assert (
        "django.core.exceptions.ImproperlyConfigured: Set SECRET_KEY (or DEBUG=1 for development)."
        in done.stderr.splitlines()
    )


def test_an_empty_secret_key_counts_as_none() -> None:
    done = run(["-c", SHOW_SETTINGS], SECRET_KEY="")
    assert done.returncode == 1
    assert "Set SECRET_KEY" in done.stderr


def test_without_database_url_sqlite_in_the_repository(secret_key: str) -> None:
    settings = settings_under(SECRET_KEY=secret_key)
    assert settings["ENGINE"] == "django.db.backends.sqlite3"
    assert settings["NAME"] == str(ROOT / "db.sqlite3")


def test_database_url_chooses_the_database(secret_key: str) -> None:
    settings = settings_under(SECRET_KEY=secret_key, DATABASE_URL="postgres://jass@db.example.org:5432/jass")
    assert (settings["ENGINE"], settings["NAME"], settings["HOST"]) == (
        "django.db.backends.postgresql",
        "jass",
        "db.example.org",
    )
    sqlite = settings_under(SECRET_KEY=secret_key, DATABASE_URL="sqlite:////tmp/x.sqlite3")
    assert (sqlite["ENGINE"], sqlite["NAME"]) == ("django.db.backends.sqlite3", "/tmp/x.sqlite3")


def test_debug_gives_a_development_key_and_local_hosts() -> None:
    settings = settings_under(DEBUG="1")
    assert settings["DEBUG"] is True
    assert settings["SECRET_KEY"].startswith("django-insecure-")
    assert settings["ALLOWED_HOSTS"] == ["localhost", "127.0.0.1", "[::1]"]
    assert settings["SECURE_SSL_REDIRECT"] is False
    assert settings["STATICFILES_BACKEND"] == "django.contrib.staticfiles.storage.StaticFilesStorage"


@pytest.mark.parametrize("value", ["1", "true", "True", "yes", "on"])
def test_debug_flag_spellings(value: str) -> None:
    assert settings_under(DEBUG=value)["DEBUG"] is True


@pytest.mark.parametrize("value", ["0", "false", "no", "off", ""])
def test_debug_off_spellings_need_a_secret_key(value: str, secret_key: str) -> None:
    assert settings_under(DEBUG=value, SECRET_KEY=secret_key)["DEBUG"] is False
    assert "Set SECRET_KEY" in run(["-c", SHOW_SETTINGS], DEBUG=value).stderr


def test_production_defaults_are_strict(secret_key: str) -> None:
    settings = settings_under(SECRET_KEY=secret_key, ALLOWED_HOSTS="example.org, www.example.org")
    assert settings["DEBUG"] is False
    assert settings["SECRET_KEY"] == secret_key
    assert settings["ALLOWED_HOSTS"] == ["example.org", "www.example.org"]
    assert settings["SECURE_SSL_REDIRECT"] is True
    assert settings["SESSION_COOKIE_SECURE"] is True
    assert settings["CSRF_COOKIE_SECURE"] is True
    assert settings["SECURE_HSTS_SECONDS"] == 31536000
    assert settings["STATICFILES_BACKEND"] == "scorekeeper.config.storage.StaticFiles"


def test_without_allowed_hosts_production_allows_no_host(secret_key: str) -> None:
    assert settings_under(SECRET_KEY=secret_key)["ALLOWED_HOSTS"] == []


def test_trusted_proxies_need_their_addresses(secret_key: str) -> None:
    """Counted but not named, no proxy's X-Forwarded-For would be believed and every visitor would share
    its address: the settings refuse to load, as they do a misspelt address."""
    unnamed = run(["-c", SHOW_SETTINGS], SECRET_KEY=secret_key, TRUSTED_PROXIES="1")
    assert unnamed.returncode == 1
    assert (
        "django.core.exceptions.ImproperlyConfigured: Set TRUSTED_PROXY_ADDRESSES to the proxies' addresses "
        "(TRUSTED_PROXIES is set)." in unnamed.stderr.splitlines()
    )
    misspelt = run(
        ["-c", SHOW_SETTINGS],
        SECRET_KEY=secret_key,
        TRUSTED_PROXIES="1",
        TRUSTED_PROXY_ADDRESSES="10.0.0.2, balancer.example.org",
    )
    assert misspelt.returncode == 1
    assert "TRUSTED_PROXY_ADDRESSES: 'balancer.example.org' is no address or network." in misspelt.stderr
    named = settings_under(
        SECRET_KEY=secret_key, TRUSTED_PROXIES="1", TRUSTED_PROXY_ADDRESSES="10.0.0.2, 10.0.1.0/24, fd00::/8"
    )
    assert named["TRUSTED_PROXY_ADDRESSES"] == ["10.0.0.2", "10.0.1.0/24", "fd00::/8"]
