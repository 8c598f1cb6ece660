"""Issue 13, point 8: a pass is confirmed when both sides agree, each with a personal code.

The table PIN was printed on the table card beside the QR link, so the team that entered the deals could
confirm them alone. Now every player has a personal code on a slip of their own; a table is confirmed
once a player of each team has entered theirs (without teams: two different players of the table). A
code speaks for the deals as they stood: a deal changed afterwards voids it. The director sees who
entered a code and who confirmed, and may confirm for a table; wrong codes keep the PIN's lockout.

Anchor: Tabbycat's ballot check by a second person, and its duplicate confirmed ballots (issue #1705):
here a table is confirmed once, under the locks every writer takes, and never on deals one side has not
seen.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from scorekeeper.games.models import Club, Game
from tests.club_world import play as play_entries
from tests.test_concurrency import run_together
from tournaments import models, services
from tournaments.models import Entrant, Table, TableChange, TableSignoff, Tournament

from .builders import deal_post, draw, make_event, play, tables, teams


def code_of(entrant: Entrant) -> str:
    return Entrant.objects.get(pk=entrant.pk).code


def enter(phone: Client, table: Table, code: str) -> str:
    """A code typed on the table's phone: the page it lands on."""
    response = phone.post(f"/t/{table.token}/confirm/", {"code": code}, follow=True)
    assert response.redirect_chain == [(f"/t/{table.token}/", 302)]
    return response.content.decode()


def audit(tournament: Tournament) -> list[str]:
    return list(
        TableChange.objects.filter(tournament=tournament).order_by("at", "pk").values_list("what", flat=True)
    )


def locked(table: Table) -> bool:
    return Table.objects.get(pk=table.pk).locked


@pytest.fixture
def table(club: Club) -> Table:
    """Table 1 of pass 1 with both deals entered, waiting for the codes."""
    first = tables(draw(make_event(club)))[0]
    play(first, 100, 60)
    return first


# ---- both teams agree --------------------------------------------------------------------------------------


def test_the_team_that_entered_the_deals_cannot_confirm_alone(table: Table) -> None:
    phone = Client()
    a_first, a_second = teams(table)["A"]
    page = enter(phone, table, code_of(a_first))
    assert f"{a_first.player.name} agrees for team A. Now a player of team B enters their code." in page
    page = enter(phone, table, code_of(a_second))  # the partner's code adds nothing
    assert "Team A has agreed already: now a player of team B enters their code." in page
    page = enter(phone, table, code_of(a_first))
    assert not locked(table) and TableSignoff.objects.filter(table=table).count() == 1
    assert f"✓ {a_first.player.name}" in page and "waiting for" in page
    page = enter(phone, table, code_of(teams(table)["B"][1]))
    assert "this table is locked" in page and locked(table)


def test_a_deal_changed_after_a_code_voids_it(table: Table) -> None:
    """Team A agrees, then a deal is corrected: team B's code alone does not confirm deals team A has not
    seen; A's player is asked again, and the table is confirmed once both agree to the deals as they are."""
    phone = Client()
    a_player, b_player = teams(table)["A"][0], teams(table)["B"][0]
    enter(phone, table, code_of(a_player))
    edited = phone.post(f"/t/{table.token}/deals/2/edit/", {**deal_post(2, 70), "version": 1})
    assert edited.status_code == 302
    page = enter(phone, table, code_of(b_player))
    assert not locked(table)
    assert f"{a_player.player.name} agreed before a deal changed: again, please." in page
    assert f"{b_player.player.name} agrees for team B. Now a player of team A enters their code." in page
    page = enter(phone, table, code_of(a_player))
    assert locked(table) and "this table is locked" in page


def test_without_teams_two_different_players_of_the_table_confirm(club: Club) -> None:
    """Differenzler: everyone plays alone, so "both sides" are two different players of the table."""
    event = make_event(club, players=4, format="differenzler")
    table = tables(draw(event))[0]
    names = table.game.seat_names
    deal = {
        "trump": "hearts",
        "predictions": dict(zip(names, (40, 30, 50, 37), strict=True)),
        "points": dict(zip(names, (50, 20, 50, 37), strict=True)),
    }
    while not Game.objects.get(pk=table.game_id).finished:  # the variant's own game length
        play_entries(table.game, [deal], by=None, guard=services.table_guard(table.token))
    first, second = (seat.entrant for seat in table.seats.order_by("position")[:2])
    phone = Client()
    assert (
        "two players of this table enter their personal codes"
        in phone.get(f"/t/{table.token}/").content.decode()
    )
    page = enter(phone, table, code_of(first))
    assert f"{first.player.name} agrees. Now another player of this table enters their code." in page
    page = enter(phone, table, code_of(first))
    assert (
        f"{first.player.name} has agreed already: now another player of this table enters their code." in page
    )
    assert not locked(table)
    enter(phone, table, code_of(second))
    assert locked(table)


# ---- once, and only once -----------------------------------------------------------------------------------


def test_a_table_is_confirmed_once_whatever_comes_after(
    table: Table, client_as: Callable[..., Client]
) -> None:
    """Tabbycat's issue #1705 was two confirmed ballots for one debate: here every later code, and the
    director's button, finds the table confirmed; the database refuses a second code of one player."""
    a_code, b_code = code_of(teams(table)["A"][0]), code_of(teams(table)["B"][0])
    services.sign_off(token=table.token, code=a_code)
    assert services.sign_off(token=table.token, code=b_code).confirmed
    for late in (a_code, b_code, code_of(teams(table)["B"][1])):
        with pytest.raises(services.TournamentError, match="This table is confirmed already"):
            services.sign_off(token=table.token, code=late)
    director = client_as("owner")
    director.post(f"/events/{table.pass_played.tournament.slug}/manage/tables/{table.pk}/confirm/")
    confirmations = [what for what in audit(table.pass_played.tournament) if "confirmed" in what]
    assert len(confirmations) == 1
    signoff = TableSignoff.objects.filter(table=table).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        TableSignoff.objects.create(
            table=table, entrant=signoff.entrant, side=signoff.side, revision=0, at=timezone.now()
        )


@pytest.mark.django_db(transaction=True)
def test_the_other_teams_two_codes_at_once_confirm_the_table_once(postgres_only: None, club: Club) -> None:
    """Both players of team B type their codes at the same moment on two phones: one confirms, the other
    finds the table confirmed; one confirmation in the audit."""
    table = tables(draw(make_event(club, passes=1)))[0]
    play(table, 100, 60)
    services.sign_off(token=table.token, code=code_of(teams(table)["A"][0]))
    b_first, b_second = teams(table)["B"]
    outcomes = run_together(
        lambda: services.sign_off(token=table.token, code=code_of(b_first)),
        lambda: services.sign_off(token=table.token, code=code_of(b_second)),
    )
    confirmed = [o for o in outcomes if isinstance(o, services.SignedOff) and o.confirmed]
    refused = [o for o in outcomes if isinstance(o, services.TournamentError)]
    assert len(confirmed) == 1 and len(refused) == 1, outcomes
    assert refused[0].message == "This table is confirmed already."
    assert (
        len([what for what in audit(table.pass_played.tournament) if "confirmed by the codes" in what]) == 1
    )


def test_reopening_asks_both_teams_again(table: Table, client_as: Callable[..., Client]) -> None:
    a_code, b_code = code_of(teams(table)["A"][0]), code_of(teams(table)["B"][0])
    services.sign_off(token=table.token, code=a_code)
    services.sign_off(token=table.token, code=b_code)
    client_as("owner").post(f"/events/{table.pass_played.tournament.slug}/manage/tables/{table.pk}/reopen/")
    assert not locked(table) and not TableSignoff.objects.filter(table=table).exists()
    assert not services.sign_off(token=table.token, code=a_code).confirmed
    assert services.sign_off(token=table.token, code=b_code).confirmed


# ---- the codes: personal, on slips, never on a card or a public page ---------------------------------------


def test_every_player_has_a_code_of_their_own_on_a_slip_of_their_own(
    club: Club, client_as: Callable[..., Client]
) -> None:
    event = make_event(club, players=8)
    drawn = draw(event)
    entrants = list(event.entrants.order_by("number"))
    codes = [entrant.code for entrant in entrants]
    assert len(set(codes)) == 8 and all(re.fullmatch(r"\d{6}", code) for code in codes)
    director = client_as("owner")
    slips = director.get(f"/events/{event.slug}/print/codes/").content.decode()
    slip = r'<p class="pr-slipname"><span class="pr-seatno">(\d+)</span> ([^<]+)</p>\s*'
    found = re.findall(slip + r'<p class="pr-code">([\d ]+)</p>', slips)
    assert [(int(n), name, code.replace(" ", "")) for n, name, code in found] == [
        (e.number, e.player.name, e.code) for e in entrants
    ]
    cards = director.get(f"/events/{event.slug}/print/cards/1/").content.decode()
    cards = re.sub(r"<svg.*?</svg>", "", cards, flags=re.S)
    for page in (
        cards,
        director.get(f"/events/{event.slug}/manage/").content.decode(),
        *(
            Client().get(f"/events/{event.slug}/{path}").content.decode()
            for path in ("", "standings/", "seat/?q=a")
        ),
        Client().get(f"/events/{event.slug}/players/{entrants[0].pk}/").content.decode(),
        *(Client().get(f"/t/{t.token}/").content.decode() for t in tables(drawn)),
    ):
        for t in tables(drawn):
            page = page.replace(t.token, "")
        assert not [code for code in codes if code in page]
    assert forbidden_for_others(event)


def forbidden_for_others(event: Tournament) -> bool:
    """The slips are the director's: a player, a viewer or anyone else gets none."""
    return Client().get(f"/events/{event.slug}/print/codes/").status_code == 302


def test_a_lost_code_is_replaced_and_the_old_one_stops_working(
    table: Table, client_as: Callable[..., Client]
) -> None:
    event = table.pass_played.tournament
    player = teams(table)["B"][0]
    old = code_of(player)
    director = client_as("owner")
    entrant_page = f"/events/{event.slug}/manage/entrants/{player.pk}/"
    assert old in director.get(entrant_page).content.decode()
    response = director.post(entrant_page, {"action": "newcode"})
    assert response.status_code == 302
    new = code_of(player)
    assert new != old and f"New personal code for {player}" in audit(event)
    services.sign_off(token=table.token, code=code_of(teams(table)["A"][0]))
    with pytest.raises(services.TournamentError, match="Wrong code"):
        services.sign_off(token=table.token, code=old)
    assert services.sign_off(token=table.token, code=new).confirmed


# ---- what the director sees --------------------------------------------------------------------------------


def test_the_director_sees_who_entered_a_code_and_who_confirmed(
    table: Table, client_as: Callable[..., Client]
) -> None:
    event = table.pass_played.tournament
    a_player, b_player = teams(table)["A"][0], teams(table)["B"][0]
    director = client_as("owner")

    def card() -> str:
        page = director.get(f"/events/{event.slug}/manage/").content.decode()
        return re.search(r'<article[^>]*id="table-1">.*?</article>', page, re.S).group(0)  # type: ignore[union-attr]

    assert "Waiting for the codes" in card()
    services.sign_off(token=table.token, code=code_of(a_player))
    assert re.search(rf"<b>A</b>\s*✓ {a_player.player.name}\s*<b>B</b>\s*\N{{EN DASH}}", card())
    services.sign_off(token=table.token, code=code_of(b_player))
    shown = card()
    assert (
        f"✓ {a_player.player.name}" in shown
        and f"✓ {b_player.player.name}" in shown
        and "Confirmed ✓" in shown
    )
    names = f"{a_player.player.name}, {b_player.player.name}"
    assert audit(event)[-3:] == [
        f"Table 1 of Pass 1: code of {a_player.player.name}, team A",
        f"Table 1 of Pass 1: code of {b_player.player.name}, team B",
        f"Table 1 of Pass 1 confirmed by the codes of {names}",
    ]


def test_a_wrong_code_is_audited_and_blocks_after_five(table: Table) -> None:
    for _ in range(services.MAX_CODE_FAILURES):
        with pytest.raises(services.TournamentError):
            services.sign_off(token=table.token, code="not a code")
    assert audit(table.pass_played.tournament)[-1] == "Table 1 of Pass 1: wrong code (5)"
    with pytest.raises(services.TournamentError, match="Too many wrong codes"):
        services.sign_off(token=table.token, code=code_of(teams(table)["A"][0]))


def test_a_players_own_code_ends_the_warning_but_not_the_count_of_wrong_ones(table: Table) -> None:
    """A right code after a typo ends the "tries left" warning under the code field; the wrong codes still
    count, or a player could guess the others' codes for ever, typing their own between guesses."""
    phone = Client()
    page = enter(phone, table, "000000")
    assert (
        "Wrong code. 4 tries left." in page and page.count("4 tries left.") == 2
    )  # the message, the warning
    page = enter(phone, table, code_of(teams(table)["A"][0]))
    assert "tries left" not in page and "try left" not in page
    assert Table.objects.values_list("code_failures", flat=True).get(pk=table.pk) == 1
    for _ in range(4):
        page = enter(phone, table, "000000")
    assert Table.objects.values_list("code_failures", flat=True).get(pk=table.pk) == 5
    assert "Too many wrong codes" in page or "Try again in" in page


# ---- the migration -----------------------------------------------------------------------------------------


def test_the_migration_gives_each_existing_player_a_code_of_their_own(club: Club) -> None:
    migration = importlib.import_module("tournaments.migrations.0007_personal_codes_and_signoffs")
    events = [make_event(club, players=6), make_event(club, players=6, seed=5)]
    for event in events:  # no digits: whatever the migration gives them is new
        for number, entrant in enumerate(event.entrants.all()):
            Entrant.objects.filter(pk=entrant.pk).update(code=f"old-{number}")
    migration.codes_of_their_own(apps, None)
    for event in events:
        codes = list(event.entrants.values_list("code", flat=True))
        assert len(set(codes)) == 6 and all(re.fullmatch(r"\d{6}", code) for code in codes)


def test_codes_drawn_alike_are_drawn_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Six random digits for 2000 players give about two pairs alike (the bench's event once failed on
    one): a code already taken, or drawn twice in one go, is drawn again."""
    drawn = iter(["111111", "222222", "111111", "222222", "333333", "444444"])
    monkeypatch.setattr(models, "new_code", lambda: next(drawn))
    assert models.free_codes({"222222"}, 3) == ["111111", "333333", "444444"]


def test_a_generated_event_gives_every_player_a_code_of_their_own(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = iter(["000001", "000001", *(f"{n:06d}" for n in range(2, 100))])
    monkeypatch.setattr(models, "new_code", lambda: next(drawn))
    call_command("generate_tournament", players=8, passes=1, deals=2, seed=3, club=club.slug, stdout=None)
    codes = list(Entrant.objects.filter(tournament__club=club).values_list("code", flat=True))
    assert sorted(codes) == [f"{n:06d}" for n in range(1, 9)]
