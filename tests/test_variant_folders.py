"""A variant whole in its folder (issue 20): its styles and scripts are served from
scorekeeper/games/variants/<key>/static as scorekeeper/variants/<key>/..., in development and after
collectstatic; the pages that show one of its games link its stylesheet, the others do not; the event
formats come from the variants, and an event stores a format's key with no choices in its column."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client, override_settings

from scorekeeper import rules
from scorekeeper.games import services
from scorekeeper.games.models import Club, Game, Player
from scorekeeper.games.variants import FOLDER, playable_variants, stylesheet
from tournaments.formats import FORMATS, Format, format_label
from tournaments.models import Tournament

VARIANTS = playable_variants()
OWN_FILES = sorted(path for path in FOLDER.glob("*/static/*") if path.is_file())


def served_as(path: Path) -> str:
    return f"scorekeeper/variants/{path.parent.parent.name}/{path.name}"


def test_every_variant_has_its_own_stylesheet_and_every_moved_script_is_found() -> None:
    assert [key for key in VARIANTS if stylesheet(key) is None] == []
    assert {"schieber.js", "jazz.js", "predictions.js"} <= {path.name for path in OWN_FILES}
    assert [path for path in OWN_FILES if finders.find(served_as(path)) != str(path)] == []
    assert stylesheet("no_such_variant") is None


def test_the_shared_static_folder_holds_no_variant_script() -> None:
    shared = Path(finders.find("scorekeeper/app.css")).parent
    assert {"schieber.js", "jazz.js", "predictions.js"} & {path.name for path in shared.iterdir()} == set()


@pytest.fixture
def game_of(club: Club, players: list[Player]) -> Callable[[str], Game]:
    def make(key: str) -> Game:
        seated = players[: min(rules.get_variant(key).player_counts)]
        owner = User.objects.get(username="owner")
        return services.create_game(club=club, variant=key, players=seated, settings={}, by=owner)

    return make


@pytest.mark.parametrize("key", VARIANTS)
def test_a_games_pages_link_its_variants_stylesheet_and_no_other(
    key: str, game_of: Callable[[str], Game], client_as: Callable[[str | None], Client]
) -> None:
    game = game_of(key)
    owner = client_as("owner")
    link = f'<link rel="stylesheet" href="/static/scorekeeper/variants/{key}/{key}.css">'
    for url in (f"/games/{game.pk}/", f"/games/{game.pk}/history/"):
        page = owner.get(url).content.decode()
        assert page.count(link) == 1, url
        assert re.findall(r'href="/static/scorekeeper/variants/(\w+)/', page) == [key], url
    served = Client().get(f"/static/scorekeeper/variants/{key}/{key}.css")
    assert served.status_code == 200
    assert b"".join(served.streaming_content) == (FOLDER / key / "static" / f"{key}.css").read_bytes()


def test_a_page_without_a_game_links_no_variant(client_as: Callable[[str | None], Client]) -> None:
    page = client_as("owner").get("/clubs/zuerich/games/new/").content.decode()
    assert "/static/scorekeeper/variants/" not in page


def test_collectstatic_finds_the_variants_files(tmp_path: Path) -> None:
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
        for path in OWN_FILES:
            url = staticfiles_storage.url(served_as(path))
            hashed = tmp_path / url.removeprefix("/static/")
            assert hashed.read_bytes() == path.read_bytes(), url
            assert re.fullmatch(rf"{path.stem}\.[0-9a-f]{{12}}{path.suffix}", hashed.name), hashed.name


# ---- the event formats ------------------------------------------------------------------------------


def test_every_playable_variant_is_an_event_format() -> None:
    assert {format_.variant for format_ in FORMATS.values()} == set(VARIANTS)
    assert [value for value, _ in Format.choices] == list(FORMATS)
    field = Tournament._meta.get_field("format")
    assert field.choices is None and all(len(key) <= field.max_length for key in FORMATS)
    assert field.default == "einzelschieber" in FORMATS


def test_the_formats_keep_the_keys_and_rules_events_stored() -> None:
    """The values rows already hold, and what each plays: derived now, as they were written by hand."""
    played = {key: (f.variant, f.table_size, f.fixed_pairs, f.uses_deal_limit) for key, f in FORMATS.items()}
    assert played == {
        "einzelschieber": ("schieber", 4, False, True),
        "team_schieber": ("schieber", 4, True, True),
        "differenzler": ("differenzler", 4, False, False),
        "molotow": ("molotow", 4, False, False),
        "putz": ("putz", 3, False, False),
        "handjass": ("handjass", 4, False, False),
        "pandur": ("pandur", 4, False, False),
        "jazz": ("jazz", 4, False, False),
        "guggitaler": ("guggitaler", 4, False, False),
        "coiffeur": ("coiffeur", 4, True, False),
        "free_board": ("free_board", 4, False, False),
    }
    flat = {"multipliers": "flat", "match_bonus": 100, "target": 10**9}
    assert {key: f.settings for key, f in FORMATS.items() if f.settings} == {
        "einzelschieber": flat,
        "team_schieber": flat,
    }


def test_an_events_format_shows_by_its_name() -> None:
    assert Tournament(format="team_schieber").get_format_display() == "Team Schieber (fixed pairs)"
    assert Tournament(format="jazz").get_format_display() == "Jazz"
    assert format_label("gone") == "gone"  # a format no variant declares any more: its key


def test_the_column_refuses_a_format_no_variant_declares() -> None:
    """As its choices did (an imported club's events are checked by their columns)."""
    field = Tournament._meta.get_field("format")
    assert field.clean("team_schieber", None) == "team_schieber"
    with pytest.raises(ValidationError) as refused:
        field.clean("nope", None)
    assert refused.value.messages == ["Value 'nope' is not a valid choice."]
