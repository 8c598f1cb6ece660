"""The director's pages: who may use them, and an event run through them from creation to pass 2.

Every director URL is refused to everyone but the club's admins and owners, with nothing written on a
refusal; then the pages do what the director asks (through the services), and the dashboard costs the
same number of queries for 2 tables as for 10.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django import forms
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games.models import Club, Game, Player
from tournaments import services
from tournaments.formats import FORMATS
from tournaments.forms import TournamentForm, default_tie_breaks, initial_of, rules_form
from tournaments.models import Bye, Entrant, Format, Pass, Table, TableChange, TableSeat, Tournament
from tournaments.views import director

from ..conftest import play
from .builders import confirm

NAMES = [
    "Anna", "Beat", "Cla", "Dora", "Elsa", "Fritz", "Gian", "Hanna",
    "Ida", "Jonas", "Kathrin", "Luca", "Mia", "Noah", "Olga", "Peter", "Rita",
]  # fmt: skip
HEARTS = {"trump": "hearts", "points": {"A": 90}}
DASHBOARD_MAX_QUERIES = 20


# ---- helpers --------------------------------------------------------------------------------------


def owner() -> User:
    return User.objects.get(username="owner")


def make_tournament(club: Club, format: str = Format.EINZELSCHIEBER, **options: Any) -> Tournament:
    options.setdefault("deals_per_pass", 2 if FORMATS[format].uses_deal_limit else None)
    return services.create_tournament(
        club=club, name="Frühlingsturnier", format=format, by=owner(), **options
    )


def enter(tournament: Tournament, count: int, *, checked_in: bool = True) -> list[Entrant]:
    entrants = [services.register(tournament=tournament, name=name) for name in NAMES[:count]]
    for entrant in entrants:
        services.check_in(entrant=entrant, present=checked_in)
    return entrants


def current_tables(tournament: Tournament) -> list[Table]:
    last = tournament.pass_set.order_by("-number").first()
    return list(last.tables.order_by("number")) if last else []


def finish(table: Table) -> None:
    """Every deal of the pass entered and the table confirmed with a code of each team."""
    game = Game.objects.get(pk=table.game_id)
    play(game, [HEARTS] * game.deal_limit, by=owner())
    confirm(table)


def said(client: Client, response: Any) -> list[str]:
    """The messages the director reads on the page the POST redirected to."""
    assert response.status_code == 302, response.status_code
    return [str(message) for message in client.get(response["Location"]).context["messages"]]


def form_data(*forms_: forms.Form) -> dict[str, str]:
    """What the browser posts for unchanged forms: their initial values, checkboxes only when on."""
    data: dict[str, str] = {}
    for form in forms_:
        for field in form:
            value = field.value()
            if isinstance(field.field, forms.BooleanField):
                if value:
                    data[field.html_name] = "on"
            elif value is not None:  # value() is prepared already: a JSON box's text, a number
                data[field.html_name] = str(value)
    return data


def create_data(club: Club, format: str = Format.EINZELSCHIEBER, **changes: str) -> dict[str, str]:
    form = TournamentForm(format=format, initial={**default_tie_breaks(), "format": format, "name": "Cup"})
    scoring_form = rules_form(None, format=format, settings=None, suit_names=club.suit_names)
    return {**form_data(form, scoring_form), **changes}


def snapshot() -> dict[str, list[Any]]:
    """Every row a director's page could write."""
    return {
        "tournaments": list(
            Tournament.objects.order_by("pk").values_list("pk", "name", "settings", "passes")
        ),
        "entrants": list(
            Entrant.objects.order_by("pk").values_list(
                "pk", "checked_in", "joins_from_pass", "withdrawn_after_pass", "partner"
            )
        ),
        "passes": list(Pass.objects.order_by("pk").values_list("pk", "number", "forced_reason")),
        "tables": list(Table.objects.order_by("pk").values_list("pk", "confirmed_at", "code_failures")),
        "seats": list(TableSeat.objects.order_by("pk").values_list("pk", "entrant", "substitute")),
        "byes": list(Bye.objects.order_by("pk").values_list("pk", "entrant")),
        "changes": list(TableChange.objects.order_by("pk").values_list("pk", "what")),
        "players": list(Player.objects.order_by("pk").values_list("pk", "name")),
        "games": list(Game.objects.order_by("pk").values_list("pk")),
    }


# ---- who may ---------------------------------------------------------------------------------------


@pytest.fixture
def running(club: Club) -> Tournament:
    """Four players checked in, pass 1 drawn, table 1 confirmed."""
    tournament = make_tournament(club)
    enter(tournament, 4)
    services.draw_next_pass(tournament=tournament, by=owner())
    finish(current_tables(tournament)[0])
    return tournament


def director_requests(tournament: Tournament) -> list[tuple[str, str, list[Any], dict[str, str]]]:
    table = current_tables(tournament)[0]
    seat = table.seats.first()
    entrant = tournament.entrants.first()
    slug = tournament.slug
    return [
        ("tournaments:tournament_new", "get", [tournament.club.slug], {}),
        ("tournaments:tournament_new", "post", [tournament.club.slug], create_data(tournament.club)),
        ("tournaments:tournament_dashboard", "get", [slug], {}),
        ("tournaments:tournament_settings", "get", [slug], {}),
        ("tournaments:tournament_settings", "post", [slug], {"name": "Renamed"}),
        ("tournaments:tournament_entrants", "get", [slug], {}),
        ("tournaments:tournament_entrants", "post", [slug], {"name": "Zora"}),
        ("tournaments:tournament_entrants", "post", [slug], {"action": "checkin_everyone"}),
        ("tournaments:tournament_entrant", "get", [slug, entrant.pk], {}),
        ("tournaments:tournament_entrant", "post", [slug, entrant.pk], {"action": "checkin", "present": "0"}),
        (
            "tournaments:tournament_entrant",
            "post",
            [slug, entrant.pk],
            {"action": "withdraw", "after_pass": "1"},
        ),
        ("tournaments:tournament_draw", "post", [slug], {"reason": "late table"}),
        ("tournaments:tournament_undo", "post", [slug], {}),
        ("tournaments:tournament_new_link", "post", [slug], {}),
        ("tournaments:tournament_reopen", "post", [slug, table.pk], {}),
        ("tournaments:tournament_confirm", "post", [slug, table.pk], {}),
        ("tournaments:tournament_unblock", "post", [slug, table.pk], {}),
        ("tournaments:tournament_substitute", "post", [slug, seat.pk], {"name": "Sub"}),
    ]


REFUSED = {"viewer": 403, "scorer": 403, "stranger": 404}


@pytest.mark.parametrize("who", ["anonymous", "viewer", "scorer", "stranger"])
def test_every_director_url_is_refused_and_writes_nothing(
    running: Tournament, other_club: Club, client_as: Callable[[str | None], Client], who: str
) -> None:
    client = client_as(None if who == "anonymous" else who)
    before = snapshot()
    for name, method, args, data in director_requests(running):
        url = reverse(name, args=args)
        response = getattr(client, method)(url, data)
        if who == "anonymous":
            assert response.status_code == 302, url
            assert response["Location"].startswith(reverse("login")), url
        else:
            assert response.status_code == REFUSED[who], (url, method)
    assert snapshot() == before


@pytest.mark.parametrize("who", ["admin", "owner"])
def test_every_director_url_is_open_to_admins_and_owners(
    running: Tournament, other_club: Club, client_as: Callable[[str | None], Client], who: str
) -> None:
    client = client_as(who)
    for name, method, args, data in director_requests(running):
        response = getattr(client, method)(reverse(name, args=args), data)
        assert response.status_code in (200, 302, 422), (name, method, response.status_code)
    assert Tournament.objects.count() == 2  # the POST of the new tournament created one


def test_director_views_take_no_other_method(running: Tournament, client_as: Callable[..., Client]) -> None:
    client = client_as("admin")
    for name in ("tournaments:tournament_draw", "tournaments:tournament_undo"):
        assert client.get(reverse(name, args=[running.slug])).status_code == 405
    assert client.delete(reverse("tournaments:tournament_dashboard", args=[running.slug])).status_code == 405


def test_a_table_or_seat_of_another_tournament_is_not_found(
    running: Tournament, club: Club, client_as: Callable[..., Client]
) -> None:
    other = make_tournament(club)
    table = current_tables(running)[0]
    client = client_as("admin")
    before = snapshot()
    assert (
        client.post(reverse("tournaments:tournament_reopen", args=[other.slug, table.pk])).status_code == 404
    )
    seat = table.seats.first()
    response = client.post(
        reverse("tournaments:tournament_substitute", args=[other.slug, seat.pk]), {"name": "X"}
    )
    assert response.status_code == 404
    assert snapshot() == before


# ---- create and settings ----------------------------------------------------------------------------


def test_the_club_page_offers_new_tournaments_to_admins_only(
    club: Club, client_as: Callable[..., Client]
) -> None:
    make_tournament(club)
    new = reverse("tournaments:tournament_new", args=[club.slug])
    admin_page = client_as("admin").get(reverse("games:club", args=[club.slug])).content.decode()
    assert new in admin_page and "Frühlingsturnier" in admin_page
    scorer_page = client_as("scorer").get(reverse("games:club", args=[club.slug])).content.decode()
    assert new not in scorer_page and "Frühlingsturnier" in scorer_page


def test_creating_an_einzelschieber_tournament_stores_the_preset(
    club: Club, client_as: Callable[..., Client]
) -> None:
    data = create_data(club, name="Herbst-Cup", pass_word="Passe")
    response = client_as("admin").post(reverse("tournaments:tournament_new", args=[club.slug]), data)
    tournament = Tournament.objects.get(name="Herbst-Cup")
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:tournament_entrants", args=[tournament.slug])
    assert tournament.settings == FORMATS[Format.EINZELSCHIEBER].settings
    assert (tournament.passes, tournament.deals_per_pass, tournament.pass_word) == (4, 12, "Passe")
    assert tournament.tie_breaks == ["best_pass", "next_best_pass", "matches", "lots"]
    assert tournament.table_points == [3, 2, 1, 0]
    assert tournament.created_by.username == "admin"


def test_an_adjusted_setting_is_stored_over_the_preset(club: Club, client_as: Callable[..., Client]) -> None:
    data = create_data(
        club,
        **{"rules-match_bonus": "100", "rules-multipliers.obenabe": "2"},
        scoring="table_points",
        table_points="4, 2, 1",
        tie_break_1="head_to_head",
        tie_break_2="lots",
        tie_break_3="",
        tie_break_4="",
        seating="by_standings",
        by_standings_from="3",
        capacity="40",
        public_registration="on",
    )
    assert (
        client_as("owner").post(reverse("tournaments:tournament_new", args=[club.slug]), data).status_code
        == 302
    )
    tournament = Tournament.objects.get()
    preset = FORMATS[Format.EINZELSCHIEBER].settings
    multipliers = {**dict.fromkeys(["hearts", "diamonds", "spades", "clubs", "undenufe"], 1), "obenabe": 2}
    assert tournament.settings == {**preset, "match_bonus": 100, "multipliers": multipliers}
    assert tournament.table_points == [4, 2, 1]
    assert tournament.tie_breaks == ["head_to_head", "lots"]
    assert (tournament.seating, tournament.by_standings_from) == ("by_standings", 3)
    assert (tournament.capacity, tournament.public_registration) == (40, True)


def test_a_refused_form_says_why_and_creates_nothing(club: Club, client_as: Callable[..., Client]) -> None:
    data = create_data(club, name="", tie_break_2="best_pass", **{"rules-match_bonus": "-5"})
    response = client_as("admin").post(reverse("tournaments:tournament_new", args=[club.slug]), data)
    assert response.status_code == 422
    page = response.content.decode()
    assert "This field is required" in page
    assert "listed twice" in page
    assert not Tournament.objects.exists()


def test_a_bad_scoring_setting_is_refused_by_the_rules_engine(
    club: Club, client_as: Callable[..., Client]
) -> None:
    data = create_data(club, Format.DIFFERENZLER, **{"rules-deals": "0"})
    response = client_as("admin").post(reverse("tournaments:tournament_new", args=[club.slug]), data)
    assert response.status_code == 422
    assert not Tournament.objects.exists()


def test_switching_the_format_reloads_its_fields_and_preset(
    club: Club, client_as: Callable[..., Client]
) -> None:
    url = reverse("tournaments:tournament_new", args=[club.slug])
    response = client_as("admin").get(url, {"format": "differenzler", "name": "Kept"}, HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert page.lstrip().startswith('<form method="post" id="tournament-form"')
    assert 'name="deals_per_pass"' not in page  # a Differenzler pass is its own game
    assert 'name="rules-deals"' in page and 'value="Kept"' in page
    schieber = client_as("admin").get(url).content.decode()
    assert 'name="deals_per_pass"' in schieber and 'name="rules-target"' not in schieber


def test_settings_are_edited_and_the_format_is_fixed_once_drawn(
    running: Tournament, client_as: Callable[..., Client]
) -> None:
    url = reverse("tournaments:tournament_settings", args=[running.slug])
    client = client_as("admin")
    assert "Fixed once the first pass is drawn" in client.get(url).content.decode()
    form = TournamentForm(
        format=running.format, drawn=1, editing=True, initial={**initial_of(running), "name": "Renamed"}
    )
    scoring_form = rules_form(None, format=running.format, settings=running.settings, suit_names="german")
    data = {
        **form_data(form, scoring_form),
        "format": "differenzler",
        "pass_word": "Runde",
        "frozen_from_pass": "3",
    }
    assert client.post(url, data).status_code == 302
    running.refresh_from_db()
    assert (running.name, running.pass_word, running.frozen_from_pass) == ("Renamed", "Runde", 3)
    assert running.format == Format.EINZELSCHIEBER
    assert running.settings == FORMATS[Format.EINZELSCHIEBER].settings


# ---- entrants ---------------------------------------------------------------------------------------


def test_everyone_not_here_yet_is_checked_in_with_one_tap(
    club: Club, client_as: Callable[..., Client]
) -> None:
    tournament = make_tournament(club)
    for name in NAMES[:6]:
        services.register(tournament=tournament, name=name)
    first, gone = tournament.entrants.order_by("number")[:2]
    services.check_in(entrant=first)
    services.withdraw(entrant=gone, after_pass=0)
    client = client_as("admin")
    url = reverse("tournaments:tournament_entrants", args=[tournament.slug])
    assert "Check in all 4 not here yet" in client.get(url).content.decode()
    response = client.post(url, {"action": "checkin_everyone"})
    assert response.status_code == 302
    assert said(client, response) == ["4 players checked in."]
    assert sorted(tournament.entrants.filter(checked_in=False).values_list("number", flat=True)) == [
        gone.number
    ]
    assert "not here yet" not in client.get(url).content.decode()  # nobody left to check in: no button


def test_registering_sixteen_players_checking_in_and_drawing_pass_1(
    club: Club, client_as: Callable[..., Client]
) -> None:
    tournament = make_tournament(club)
    client = client_as("admin")
    entrants_url = reverse("tournaments:tournament_entrants", args=[tournament.slug])
    response = client.post(entrants_url, {"name": NAMES[0], "names": "\n".join(NAMES[1:16])})
    assert response.status_code == 302
    assert list(tournament.entrants.values_list("number", flat=True)) == list(range(1, 17))
    assert "16 players registered" in said(client, response)[0]
    for entrant in tournament.entrants.all():
        url = reverse("tournaments:tournament_entrant", args=[tournament.slug, entrant.pk])
        tapped = client.post(url, {"action": "checkin", "present": "1"}, HTTP_HX_REQUEST="true")
        assert tapped.status_code == 200
        assert "✓ Here" in tapped.content.decode() and 'data-hx-swap-oob="true"' in tapped.content.decode()
    assert tournament.entrants.filter(checked_in=True).count() == 16
    assert "<strong>16</strong> of 16 checked in" in client.get(entrants_url).content.decode()

    response = client.post(reverse("tournaments:tournament_draw", args=[tournament.slug]))
    assert response.status_code == 302
    assert said(client, response) == ["Pass 1 drawn: 4 tables."]
    drawn = tournament.pass_set.get()
    assert drawn.tables.count() == 4
    assert TableSeat.objects.filter(table__pass_played=drawn).count() == 16
    assert not drawn.byes.exists()
    page = client.get(reverse("tournaments:tournament_dashboard", args=[tournament.slug])).content.decode()
    for table in drawn.tables.all():
        assert reverse("tournaments:table", args=[table.token]) in page


def test_a_guest_joins_the_roster_and_a_full_event_refuses(
    club: Club, client_as: Callable[..., Client]
) -> None:
    tournament = make_tournament(club, capacity=2)
    client = client_as("admin")
    url = reverse("tournaments:tournament_entrants", args=[tournament.slug])
    response = client.post(url, {"names": "Gast Eins\nGast Zwei\nGast Drei"})
    assert said(client, response) == [
        "The tournament is full: 2 players.",
        "2 players registered: start numbers 1 to 2.",
    ]
    assert club.players.filter(name="Gast Eins").exists()
    assert "capacity 2" in client.get(url).content.decode()
    assert client.post(url, {"name": "  "}).status_code == 422


def test_finding_a_player_at_the_door(club: Club, client_as: Callable[..., Client]) -> None:
    tournament = make_tournament(club)
    enter(tournament, 8, checked_in=False)
    url = reverse("tournaments:tournament_entrants", args=[tournament.slug])
    page = client_as("admin").get(url, {"q": "an"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="entrant-list")
    text = page.content.decode()
    assert text.lstrip().startswith('<div id="entrant-list"')
    assert "Anna" in text and "Hanna" in text and "Beat" not in text
    by_number = client_as("admin").get(url, {"q": "3"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="entrant-list")
    assert "Cla" in by_number.content.decode() and "Anna" not in by_number.content.decode()


def test_a_long_list_comes_in_pages_of_start_numbers(
    club: Club, client_as: Callable[..., Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(director, "ENTRANTS_PER_PAGE", 5)
    tournament = make_tournament(club)
    enter(tournament, 8, checked_in=False)
    url = reverse("tournaments:tournament_entrants", args=[tournament.slug])
    client = client_as("admin")
    first = client.get(url).content.decode()
    assert ">1-5</a>" in first and ">6-8</a>" in first and "Elsa" in first and "Fritz" not in first
    assert "Fritz" in client.get(url, {"page": "2"}).content.decode()
    found = client.get(url, {"q": "Fritz"}).content.decode()
    assert "Fritz" in found and ">1-5</a>" not in found


def test_late_arrival_and_withdrawal_change_the_next_draw(
    club: Club, client_as: Callable[..., Client]
) -> None:
    tournament = make_tournament(club)
    entrants = enter(tournament, 17)
    late, leaving = entrants[16], entrants[0]
    services.check_in(entrant=late, present=False)
    services.draw_next_pass(tournament=tournament, by=owner())
    first = {seat.entrant_id for seat in TableSeat.objects.filter(table__pass_played__number=1)}
    assert late.pk not in first and leaving.pk in first

    client = client_as("admin")
    url = reverse("tournaments:tournament_entrant", args=[tournament.slug, late.pk])
    assert said(client, client.post(url, {"action": "late", "from_pass": "2"})) == [
        "Rita plays from Pass 2 on."
    ]
    url = reverse("tournaments:tournament_entrant", args=[tournament.slug, leaving.pk])
    response = client.post(url, {"action": "withdraw", "after_pass": "1"})
    assert said(client, response) == ["Anna plays no pass after Pass 1."]
    assert client.post(url, {"action": "withdraw", "after_pass": "9"}).status_code == 422

    client.post(reverse("tournaments:tournament_draw", args=[tournament.slug]), {"reason": "test"})
    second = {seat.entrant_id for seat in TableSeat.objects.filter(table__pass_played__number=2)}
    assert late.pk in second and leaving.pk not in second
    assert len(second) == 16 and not Bye.objects.filter(pass_played__number=2).exists()
    page = client.get(reverse("tournaments:tournament_entrants", args=[tournament.slug])).content.decode()
    assert "from Pass 2" in page and "withdrawn after Pass 1" in page


def test_team_schieber_pairs_are_picked_and_drawn_together(
    club: Club, client_as: Callable[..., Client]
) -> None:
    tournament = make_tournament(club, Format.TEAM_SCHIEBER)
    entrants = enter(tournament, 8)
    client = client_as("admin")
    response = client.post(reverse("tournaments:tournament_draw", args=[tournament.slug]))
    assert said(client, response)[0].startswith("Without a partner: Anna")
    assert not tournament.pass_set.exists()
    for first, second in zip(entrants[::2], entrants[1::2], strict=True):
        url = reverse("tournaments:tournament_entrant", args=[tournament.slug, first.pk])
        assert client.post(url, {"action": "partner", "partner": str(second.number)}).status_code == 302
    url = reverse("tournaments:tournament_entrant", args=[tournament.slug, entrants[0].pk])
    assert client.post(url, {"action": "partner", "partner": "1"}).status_code == 422  # themselves
    assert (
        "pair with 2 Beat"
        in client.get(reverse("tournaments:tournament_entrants", args=[tournament.slug])).content.decode()
    )

    client.post(reverse("tournaments:tournament_draw", args=[tournament.slug]))
    pairs = {frozenset((e.pk, e.partner_id)) for e in Entrant.objects.filter(partner__isnull=False)}
    for table in current_tables(tournament):
        seats = list(table.seats.order_by("position").values_list("entrant_id", flat=True))
        assert {frozenset(seats[0::2]), frozenset(seats[1::2])} <= pairs


def test_seventeen_players_leave_one_bye(club: Club, client_as: Callable[..., Client]) -> None:
    tournament = make_tournament(club)
    enter(tournament, 17)
    client = client_as("admin")
    response = client.post(reverse("tournaments:tournament_draw", args=[tournament.slug]))
    assert said(client, response) == ["Pass 1 drawn: 4 tables, 1 bye."]
    bye = Bye.objects.get()
    page = client.get(reverse("tournaments:tournament_dashboard", args=[tournament.slug])).content.decode()
    assert "Byes" in page and bye.entrant.player.name in page


# ---- draw, undo, reopen, substitute ------------------------------------------------------------------


def test_pass_2_waits_for_every_table_unless_forced_with_a_reason(
    club: Club, client_as: Callable[..., Client]
) -> None:
    tournament = make_tournament(club)
    enter(tournament, 16)
    client = client_as("admin")
    draw = reverse("tournaments:tournament_draw", args=[tournament.slug])
    assert said(client, client.post(draw)) == ["Pass 1 drawn: 4 tables."]
    finish(current_tables(tournament)[0])
    response = client.post(draw, {"reason": "   "})
    assert said(client, response) == [
        "Tables 2, 3, 4 have not confirmed Pass 1: wait, or force the draw with a reason."
    ]
    assert tournament.pass_set.count() == 1
    dashboard = client.get(
        reverse("tournaments:tournament_dashboard", args=[tournament.slug])
    ).content.decode()
    assert "Force the draw of Pass 2" in dashboard
    assert (
        'Waiting: <a href="?table=2">2</a>, <a href="?table=3">3</a>, <a href="?table=4">4</a>' in dashboard
    )

    response = client.post(draw, {"reason": "Tables 2-4 play on paper"})
    assert said(client, response) == ["Pass 2 drawn: 4 tables."]
    assert tournament.pass_set.get(number=2).forced_reason == "Tables 2-4 play on paper"
    assert TableChange.objects.filter(what="Pass 2 drawn (forced: Tables 2-4 play on paper)").exists()


def test_undo_of_a_draw_with_no_results_and_refusal_with_results(
    club: Club, client_as: Callable[..., Client]
) -> None:
    tournament = make_tournament(club)
    enter(tournament, 8)
    client = client_as("admin")
    draw, undo = (
        reverse(name, args=[tournament.slug])
        for name in ("tournaments:tournament_draw", "tournaments:tournament_undo")
    )
    dashboard = reverse("tournaments:tournament_dashboard", args=[tournament.slug])
    client.post(draw)
    assert "Undo the draw of Pass 1" in client.get(dashboard).content.decode()
    assert said(client, client.post(undo)) == ["The draw of Pass 1 is undone."]
    assert not Pass.objects.exists() and not Game.objects.exists()
    assert TableChange.objects.filter(what="Pass 1 draw undone").exists()

    client.post(draw)
    game = Game.objects.get(pk=current_tables(tournament)[0].game_id)
    play(game, [HEARTS], by=owner())
    assert "Undo the draw" not in client.get(dashboard).content.decode()
    before = snapshot()
    assert said(client, client.post(undo)) == ["Results were entered in Pass 1: the draw stays."]
    assert snapshot() == before


def test_reopening_a_confirmed_or_blocked_table(club: Club, client_as: Callable[..., Client]) -> None:
    tournament = make_tournament(club)
    enter(tournament, 8)
    services.draw_next_pass(tournament=tournament, by=owner())
    confirmed, blocked = current_tables(tournament)
    finish(confirmed)
    Table.objects.filter(pk=blocked.pk).update(code_failures=services.MAX_CODE_FAILURES)
    client = client_as("admin")
    page = client.get(reverse("tournaments:tournament_dashboard", args=[tournament.slug])).content.decode()
    assert "Reopen table 1" in page and "Codes blocked" in page and "Unblock the codes" in page
    for table in (confirmed, blocked):
        response = client.post(reverse("tournaments:tournament_reopen", args=[tournament.slug, table.pk]))
        assert response["Location"].endswith(f"#table-{table.number}")
        table.refresh_from_db()
        assert table.confirmed_at is None and table.code_failures == 0
    assert TableChange.objects.filter(what="Table 1 of Pass 1 reopened").exists()


def test_a_substitute_is_set_and_removed(running: Tournament, client_as: Callable[..., Client]) -> None:
    seat = current_tables(running)[0].seats.get(position=2)
    url = reverse("tournaments:tournament_substitute", args=[running.slug, seat.pk])
    client = client_as("admin")
    name = seat.entrant.player.name
    assert said(client, client.post(url, {"name": ""})) == [f"Enter who plays for {name}."]
    client.post(url, {"name": "  Vreni  Muster "})
    seat.refresh_from_db()
    assert seat.substitute.name == "Vreni Muster"
    assert (
        "sub: Vreni Muster"
        in client.get(reverse("tournaments:tournament_dashboard", args=[running.slug])).content.decode()
    )
    client.post(url, {"remove": "1"})
    seat.refresh_from_db()
    assert seat.substitute is None
    assert TableChange.objects.filter(what__startswith="Substitute for").exists()


def test_the_dashboard_shows_the_control_total(running: Tournament, client_as: Callable[..., Client]) -> None:
    page = (
        client_as("admin")
        .get(reverse("tournaments:tournament_dashboard", args=[running.slug]))
        .content.decode()
    )
    assert "card points 314 / 314 ✓" in page  # 2 deals of 157
    assert "Confirmed ✓" in page and "All tables confirmed" in page


def test_the_tables_come_a_page_at_a_time_and_a_table_number_finds_its_page(
    club: Club, client_as: Callable[..., Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(director, "TABLES_PER_PAGE", 2)
    tournament = make_tournament(club)
    enter(tournament, 16)
    services.draw_next_pass(tournament=tournament, by=owner())
    client = client_as("admin")
    url = reverse("tournaments:tournament_dashboard", args=[tournament.slug])
    first = client.get(url).content.decode()
    assert 'id="table-2"' in first and 'id="table-3"' not in first
    assert 'href="?page=2#tables"' in first and ">3-4</a>" in first
    assert client.get(url, {"table": "3"})["Location"] == f"{url}?page=2#table-3"
    assert 'id="table-3"' in client.get(url, {"page": "2"}).content.decode()
    assert said(client, client.get(url, {"table": "9"})) == ["There is no table 9 in this Pass."]


# ---- the dashboard's queries --------------------------------------------------------------------------


def _dashboard_queries(club: Club, client: Client, players: int) -> int:
    tournament = make_tournament(club)
    for name in [f"Spieler {n}" for n in range(players)]:
        services.check_in(entrant=services.register(tournament=tournament, name=name))
    services.draw_next_pass(tournament=tournament, by=owner())
    tables = current_tables(tournament)
    finish(tables[0])
    play(Game.objects.get(pk=tables[1].game_id), [HEARTS], by=owner())
    services.set_substitute(seat=tables[1].seats.first(), name="Ersatz", by=owner())
    url = reverse("tournaments:tournament_dashboard", args=[tournament.slug])
    client.get(url)  # the session is warm
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    assert len(current_tables(tournament)) == players // 4
    return len(queries)


def test_the_dashboard_costs_the_same_for_2_tables_as_for_10(
    club: Club, client_as: Callable[..., Client], django_assert_max_num_queries: Any
) -> None:
    client = client_as("admin")
    small = _dashboard_queries(club, client, 8)
    large = _dashboard_queries(club, client, 40)
    assert small == large
    with django_assert_max_num_queries(DASHBOARD_MAX_QUERIES):
        client.get(reverse("tournaments:tournament_dashboard", args=[Tournament.objects.first().slug]))
