"""A club's data leaves as one JSON document and comes back whole: exported, imported into a new (empty)
database, exported again, and the two documents are equal. Scores are derived again, never copied."""

from __future__ import annotations

import copy
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from django.test import Client

from scorekeeper import rules
from scorekeeper.clubdata import schema
from scorekeeper.clubdata.exporting import export_club
from scorekeeper.clubdata.importing import ImportRefused, import_club
from scorekeeper.games.models import Club, Deal, Game
from scorekeeper.ratings.models import Rating
from tests.club_world import build_world
from tests.db_snapshot import counts, project_models

# every test, even one that reads the module's export only: pytest-django sets the test database up
# for marked tests, and the module fixture builds in it
pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Original:
    """The club as built through the services, exported; what the database held next to it."""

    document: dict[str, Any]
    scores: list[tuple[Any, ...]]
    ratings: list[tuple[str, str, float, float, int]]
    counts: dict[str, int]

    def copy(self) -> dict[str, Any]:
        return copy.deepcopy(self.document)


@pytest.fixture(scope="module")
def original(django_db_setup: None, django_db_blocker: Any) -> Original:
    """Built once for the module, then rolled back: every test starts from an empty database."""
    with django_db_blocker.unblock(), transaction.atomic():
        world = build_world()
        made = Original(export_club(world.club), scores(), ratings(), counts())
        transaction.set_rollback(True)
    return made


def without_time(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key != "exported_at"}


def ratings() -> list[tuple[str, str, float, float, int]]:
    rows = Rating.objects.order_by("player__name", "variant").values_list(
        "player__name", "variant", "mu", "sigma", "games"
    )
    return [(name, variant, round(mu, 9), round(sigma, 9), n) for name, variant, mu, sigma, n in rows]


def scores() -> list[tuple[Any, ...]]:
    """Each game's derived numbers, which the document does not carry (but the totals, checked): the
    import derives them again from the entries, so a round trip that lost or changed a deal shows."""
    return list(
        Game.objects.order_by("created_at", "number", "variant", "pk").values_list(
            "created_at", "number", "totals", "side_sums", "state", "finished", "winner"
        )
    )


def test_export_import_export_gives_the_same_document(original: Original, db: None) -> None:
    """Into a new database (this test's is empty), and out again: equal, and so are the derived rows."""
    assert not Club.objects.exists()
    imported = import_club(json.loads(json.dumps(original.document)))
    assert imported.warnings == []
    again = export_club(Club.objects.get(slug="zuerich"))
    assert without_time(again) == without_time(original.document)
    assert scores() == original.scores
    assert ratings() == original.ratings
    # the other club (and its owner, and a user of no club) were not exported, nor the invite links (keys
    # to the old instance): everything else is back
    lost = {label for label, count in original.counts.items() if counts()[label] != count}
    assert lost == {"auth.User", "scorekeeper.Club", "scorekeeper.Membership", "scorekeeper.Invite"}
    assert original.counts["scorekeeper.Invite"] == 1 and counts()["scorekeeper.Invite"] == 0


def test_the_document_holds_everything_listed_and_no_secret(original: Original) -> None:
    document = original.document
    club = document["club"]
    assert document["users"] == ["admin", "owner", "scorer", "viewer"]
    assert {m["user"]: m["role"] for m in club["members"]} == {
        "owner": "owner",
        "admin": "admin",
        "scorer": "scorer",
        "viewer": "viewer",
    }
    assert {g["variant"] for g in club["games"]} >= {"schieber", "coiffeur", "differenzler", "putz"}
    schieber = club["games"][0]
    assert [d["number"] for d in schieber["deals"]] == [1, 2]
    assert [c["action"] for c in schieber["changes"]] == ["added", "added", "edited", "added", "deleted"]
    event = next(t for t in club["tournaments"] if t["format"] == "einzelschieber")
    assert len(event["entrants"]) == 9
    assert [len(p["byes"]) for p in event["drawn_passes"]] == [1, 1]
    assert event["drawn_passes"][1]["forced_reason"] == "Table 2 went home"
    seats = [seat for table in event["drawn_passes"][1]["tables"] for seat in table["seats"]]
    assert any(seat["substitute"] == "Mia" for seat in seats)
    pairs = next(t for t in club["tournaments"] if t["format"] == "team_schieber")["entrants"]
    assert sum(1 for e in pairs if e["partner"] is not None) == 4
    assert club["seasons"][0]["final"] == event["slug"]
    text = json.dumps(document)
    assert "password" not in text and "md5$" not in text and '"id"' not in text


def test_derived_numbers_are_computed_again_not_copied(original: Original, db: None) -> None:
    document = original.copy()
    first = document["club"]["games"][0]
    first["derived"]["totals"] = {"A": 9999, "B": 0}
    imported = import_club(document)
    assert len(imported.warnings) == 1 and "9999" in imported.warnings[0]
    game = Game.objects.order_by("created_at", "pk").first()
    assert game.variant == first["variant"] == "schieber"
    assert game.totals != {"A": 9999, "B": 0}
    entries = list(game.deals.order_by("number").values_list("entry", flat=True))
    result = rules.score_game(game.variant, game.names_by_seat(), game.settings, entries)
    assert game.totals == dict(result.totals)
    # Schieber's totals are its deals' scores added up; the document carries no side sums to copy
    assert {side: sums[0] for side, sums in game.side_sums.items()} == game.totals
    assert game.state == dict(result.state)


def test_an_import_that_would_clash_changes_nothing(original: Original, db: None) -> None:
    import_club(original.copy())
    before = counts()
    with pytest.raises(ImportRefused, match="A club 'zuerich' exists here already"):
        import_club(original.copy())
    Club.objects.filter(slug="zuerich").update(slug="renamed")
    with pytest.raises(ImportRefused, match="Tournaments exist here already"):
        import_club(original.copy())
    assert counts() == before


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(format="something else"),
        lambda d: d.update(version=99),
        lambda d: d["club"].pop("players"),
        lambda d: d["club"]["games"][0]["deals"][0].update(entry={"trump": "nonsense"}),
        lambda d: d["club"]["games"][0].update(variant="x" * 100),
        lambda d: d["club"]["members"][0].update(role="emperor"),
        lambda d: d["club"]["tournaments"][0]["entrants"][0].update(player="Nobody"),
        lambda d: d["club"]["games"][0]["deals"].append(dict(d["club"]["games"][0]["deals"][0])),
        # one member, two roster players (an export made before a member had one player per club)
        lambda d: [player.update(user="viewer") for player in d["club"]["players"][:2]],
    ],
    ids=[
        "format",
        "version",
        "missing",
        "bad-entry",
        "too-long",
        "bad-choice",
        "dangling",
        "duplicate",
        "member-twice",
    ],
)
def test_a_damaged_export_imports_nothing(original: Original, db: None, damage: Any) -> None:
    document = original.copy()
    damage(document)
    with pytest.raises(ImportRefused):
        import_club(document)
    assert not Club.objects.exists() and not Deal.objects.exists()


def nested(depth: int) -> list[Any]:
    """A list in a list ... `depth` levels deep, built without recursion."""
    inner: list[Any] = []
    for _ in range(depth - 1):
        inner = [inner]
    return inner


@pytest.mark.parametrize("depth", [65, 50_000])
def test_a_deeply_nested_export_is_refused_in_words(original: Original, db: None, depth: int) -> None:
    """Issue 13, point 5: nesting a deal's entry 50,000 deep ended in a bare RecursionError."""
    document = original.copy()
    document["club"]["games"][0]["deals"][0]["entry"]["note"] = nested(depth)
    with pytest.raises(ImportRefused) as refused:
        import_club(document)
    assert str(refused.value) == "The document nests deeper than 64 levels: it is no club export."
    assert not Club.objects.exists() and not Deal.objects.exists()


def test_the_command_refuses_a_file_nested_too_deep_to_read(db: None, tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    path.write_text("[" * 100_000 + "]" * 100_000, "utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("import_club", str(path), stdout=io.StringIO())
    assert str(refused.value) == (
        "Cannot read the export. The document nests deeper than 64 levels: it is no club export."
    )
    assert not Club.objects.exists()


def test_the_commands_round_trip_through_a_file(original: Original, db: None, tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    path.write_text(json.dumps(original.document), "utf-8")
    done = io.StringIO()
    call_command("import_club", str(path), stdout=done)
    assert done.getvalue().startswith("Imported club zuerich: ")
    out = io.StringIO()
    call_command("export_club", "zuerich", stdout=out)
    assert without_time(json.loads(out.getvalue())) == without_time(original.document)
    with pytest.raises(CommandError, match=r"Nothing was imported\. A club 'zuerich' exists"):
        call_command("import_club", str(path), stdout=io.StringIO())
    with pytest.raises(CommandError, match="No club 'nowhere'"):
        call_command("export_club", "nowhere", stdout=io.StringIO())


def test_owners_download_the_same_document(original: Original, db: None) -> None:
    imported = import_club(original.copy())
    client = Client()
    client.force_login(User.objects.get(username="owner"))
    response = client.get("/clubs/zuerich/export.json")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="zuerich-')
    assert "no-store" in response["Cache-Control"]
    assert without_time(response.json()) == without_time(original.document)
    assert imported.club.memberships.get(user__username="owner").user.has_usable_password() is False


def test_every_model_and_column_is_exported_or_derived() -> None:
    """A new model or foreign key must be added to the export (or declared derived), or it is lost."""
    exported = {part.model for part in schema.parts()}
    assert {m.__name__ for m in project_models()} - {
        m.__name__ for m in (*exported, *schema.DERIVED_MODELS, *schema.LEFT_BEHIND_MODELS)
    } == set()
    for part in schema.parts():
        for column in part.model._meta.concrete_fields:
            if column.is_relation:
                assert column.name in {part.parent, *part.ref_kinds(), *part.derived}, (part.key, column.name)


# ---- hostile files: the import applies the rules the forms apply -----------------------------------------


def first_entrants(document: dict[str, Any]) -> list[dict[str, Any]]:
    return document["club"]["tournaments"][0]["entrants"]


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (
            lambda d: d["club"]["players"][0].update(name="Anna\u202e"),
            "Record club.players[0]: name 'Anna\\u202e': "
            "A name cannot contain characters that change the direction of the text.",
        ),
        (
            lambda d: d["club"]["players"].append({"name": "\u3164", "user": None}),
            "Record club.players[13]: name '\u3164': Enter a name with at least one visible character.",
        ),
        (
            lambda d: d["club"]["players"].append({"name": "Ed\u200bi", "user": None}),
            "Record club.players[13]: name 'Ed\\u200bi' is not as the forms save it: 'Edi'.",
        ),
        (
            lambda d: d["club"].update(name=["Jassclub", "Zürich"]),
            "Record club: name must be text, not a list.",
        ),
        (
            lambda d: d["club"].update(name="\u2800\u034f"),
            "Record club: name '\u2800\u034f': Enter a name with at least one visible character.",
        ),
        (
            lambda d: d["club"]["tournaments"][0].update(name="Cup \u2067"),
            "Record club.tournaments[0]: name 'Cup \\u2067': "
            "A name cannot contain characters that change the direction of the text.",
        ),
        (
            lambda d: first_entrants(d)[0].update(code="12a456"),
            "Record club.tournaments[0].entrants[0]: code '12a456' is not a personal code of 6 digits.",
        ),
        (
            lambda d: first_entrants(d)[1].update(code="\uff11\uff12\uff13\uff14\uff15\uff16"),
            "Record club.tournaments[0].entrants[1]: "
            "code '\uff11\uff12\uff13\uff14\uff15\uff16' is not a personal code of 6 digits.",
        ),
        (
            lambda d: first_entrants(d)[0].update(code=123456),
            "Record club.tournaments[0].entrants[0]: code must be text, not a number.",
        ),
        (
            lambda d: d["club"]["games"][0].update(number=True),
            "Record club.games[0]: number must be a whole number, not true or false.",
        ),
        (
            lambda d: d["club"].update(is_public="yes"),
            "Record club: is_public must be true or false, not text.",
        ),
        (
            lambda d: d["club"]["tournaments"][0].update(entrants={"1": {}}),
            "Record club.tournaments[0]: entrants must be a list, not dict.",
        ),
        (
            lambda d: d["club"]["players"].append(["Zoe", None]),
            "Record club.players[13]: must be an object, not list.",
        ),
        (
            lambda d: first_entrants(d)[0].update(player="Nobody"),
            "Record club.tournaments[0].entrants[0]: 'Nobody' is missing or names nothing.",
        ),
        (lambda d: d.update(users={"owner": 1}), "Record users: must be a list of usernames (text)."),
    ],
    ids=[
        "direction-override",
        "hangul-filler",
        "zero-width-inside",
        "list-as-club-name",
        "blank-club-name",
        "isolate-in-event-name",
        "letter-in-code",
        "full-width-code",
        "number-as-code",
        "bool-as-number",
        "text-as-bool",
        "rows-as-object",
        "row-as-list",
        "dangling-player",
        "users-as-object",
    ],
)
def test_a_hostile_export_is_refused_naming_the_record(
    original: Original, db: None, damage: Any, message: str
) -> None:
    document = original.copy()
    damage(document)
    before = counts()
    with pytest.raises(ImportRefused) as refused:
        import_club(document)
    assert str(refused.value) == message
    assert counts() == before and not Club.objects.exists()


def test_the_command_refuses_a_hostile_file_and_imports_nothing(
    original: Original, db: None, tmp_path: Path
) -> None:
    document = original.copy()
    document["club"]["players"][0]["name"] = "Anna\u202e"
    path = tmp_path / "club.json"
    path.write_text(json.dumps(document), "utf-8")
    before = counts()
    with pytest.raises(CommandError) as refused:
        call_command("import_club", str(path), stdout=io.StringIO())
    assert str(refused.value) == (
        "Nothing was imported. Record club.players[0]: name 'Anna\\u202e': "
        "A name cannot contain characters that change the direction of the text."
    )
    assert counts() == before and not User.objects.exists()


def test_look_alike_players_of_an_older_export_are_imported_and_said(original: Original, db: None) -> None:
    """Made before the forms refused them: the club's history stays whole, the owner is told."""
    document = original.copy()
    document["club"]["players"].append({"name": "\u0410nna", "user": None})
    imported = import_club(document)
    assert imported.warnings == ["Players 'Anna' and '\u0410nna' look alike: rename one of them."]
