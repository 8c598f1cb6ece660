"""Lean answers on a slow hall network: HTML pages and htmx answers gzipped (GZipMiddleware, with Django's
BREACH mitigation) when the browser accepts it; static files pre-compressed with brotli by collectstatic
and served as .br by whitenoise."""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from typing import Any

import brotli
import pytest
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import Client, override_settings

from scorekeeper.games.models import Club
from tournaments.models import Tournament

from .tournaments.builders import HTMX, draw, make_event, play_pass

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br"}
CSRF = re.compile(rb'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+')


def same_page(body: bytes) -> bytes:
    """The page without its CSRF token, which is masked afresh for every answer."""
    return CSRF.sub(rb"\1-", body)


@pytest.fixture
def event(club: Club) -> Tournament:
    tournament = make_event(club)
    play_pass(draw(tournament), [(100, 40), (157, 90)])
    return tournament


def gunzipped(response: Any) -> bytes:
    assert response.status_code == 200, response.status_code
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    # the BREACH mitigation: a file name of random length in the gzip header, so the size leaks nothing
    assert response.content[3] & gzip.FNAME
    return gzip.decompress(response.content)


def test_an_html_page_comes_gzipped_and_unpacks_to_the_same_page(event: Tournament) -> None:
    spectator = Client()
    plain = spectator.get(f"/events/{event.slug}/standings/")
    assert plain.status_code == 200 and not plain.has_header("Content-Encoding")  # asked for no gzip
    packed = spectator.get(f"/events/{event.slug}/standings/", **GZIP)
    page = gunzipped(packed)
    assert same_page(page) == same_page(plain.content) and b'data-total="247"' in page
    assert len(packed.content) * 3 < len(plain.content)


def test_an_htmx_answer_comes_gzipped_and_unpacks_to_the_same_fragment(event: Tournament) -> None:
    poll = f"/events/{event.slug}/standings/?since=before"
    plain = Client().get(poll, **HTMX)
    fragment = gunzipped(Client().get(poll, **HTMX, **GZIP))
    assert fragment == plain.content and fragment.lstrip().startswith(b'<table class="list tp-standings"')


def test_an_unchanged_poll_stays_an_empty_204(event: Tournament) -> None:
    page = Client().get(f"/events/{event.slug}/standings/").content.decode()
    version = re.search(r"since=([\w.]+)", page).group(1)  # type: ignore[union-attr]
    answer = Client().get(f"/events/{event.slug}/standings/?since={version}", **HTMX, **GZIP)
    assert (answer.status_code, answer.content, answer.has_header("Content-Encoding")) == (204, b"", False)


def test_collectstatic_writes_brotli_and_whitenoise_serves_it(tmp_path: Path) -> None:
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(
        STATIC_ROOT=tmp_path,
        STORAGES=storages,
        WHITENOISE_USE_FINDERS=False,
        WHITENOISE_AUTOREFRESH=False,
    ):
        # The project's own files only: brotli at its best takes seconds for the admin's and htmx's
        # (1,000 files), and theirs go through the same storage as ours.
        call_command(
            "collectstatic", interactive=False, verbosity=0, ignore_patterns=["admin", "django_htmx"]
        )
        url = staticfiles_storage.url("scorekeeper/app.css")
        hashed = tmp_path / url.removeprefix("/static/")
        assert re.fullmatch(r"app\.[0-9a-f]{12}\.css", hashed.name), hashed.name
        assert all(hashed.with_name(f"{hashed.name}.{kind}").is_file() for kind in ("br", "gz"))
        source = hashed.read_bytes()
        phone = Client()  # a new client loads the middleware, and whitenoise reads the new STATIC_ROOT
        served = phone.get(url, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
        assert served.status_code == 200 and served["Content-Encoding"] == "br"
        body = b"".join(served.streaming_content)
        assert brotli.decompress(body) == source and len(body) * 3 < len(source)
        assert "immutable" in served["Cache-Control"]
        older = phone.get(url, HTTP_ACCEPT_ENCODING="gzip")  # a browser without brotli gets gzip
        assert older["Content-Encoding"] == "gzip"
        assert gzip.decompress(b"".join(older.streaming_content)) == source
