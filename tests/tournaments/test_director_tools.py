"""Issue 13, point 10: what the director lacked on the day.

Unblock a table's codes and confirm for a table (both audited), correct a table of an earlier pass from the
dashboard, the winner and podium on a finished event's page, the projector paging through the whole
standings, and "where do I sit?" by start number.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games.models import Club, Game
from tournaments import services
from tournaments.models import Table, TableChange, Tournament

from .builders import HTMX, confirm, draw, make_event, play, play_pass, tables, teams
from .test_public import PASS_1, PASS_1_TEAMS, cells, row_of, team_points


def url(name: str, tournament: Tournament, *args: Any) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.slug, *args])


def messages_after(client: Client, response: Any) -> list[str]:
    assert response.status_code == 302, response.status_code
    return [str(m) for m in client.get(response["Location"]).context["messages"]]


def audit(tournament: Tournament) -> list[tuple[str, str | None]]:
    changes = TableChange.objects.filter(tournament=tournament).select_related("by")
    return [(change.what, change.by.username if change.by else None) for change in changes]


@pytest.fixture
def owner(client_as: Callable[[str | None], Client]) -> Client:
    return client_as("owner")


# ---- unblock the PIN, confirm for the table ---------------------------------------------------------------


def test_the_director_unblocks_a_table_that_used_up_its_code_tries(club: Club, owner: Client) -> None:
    event = make_event(club)
    first, second = tables(draw(event))
    play(second, 100, 60)
    Table.objects.filter(pk=second.pk).update(code_failures=services.MAX_CODE_FAILURES)
    dashboard = owner.get(url("tournament_dashboard", event)).content.decode()
    assert dashboard.count("Unblock the codes") == 1
    assert f'action="{url("tournament_unblock", event, second.pk)}"' in dashboard
    said = messages_after(owner, owner.post(url("tournament_unblock", event, second.pk)))
    assert said == ["Table 2 may enter codes again."]
    second.refresh_from_db()
    assert (second.code_failures, second.code_failed_at, second.locked) == (0, None, False)
    assert ("Table 2 of Pass 1: codes unblocked", "owner") in audit(event)
    phone = Client().get(f"/t/{second.token}/").content.decode()
    assert f'action="/t/{second.token}/confirm/"' in phone
    again = messages_after(owner, owner.post(url("tournament_unblock", event, first.pk)))
    assert again == ["Table 1 has no wrong code to forgive."]


def test_the_director_confirms_for_a_table_once_and_the_audit_says_who(club: Club, owner: Client) -> None:
    event = make_event(club, passes=1)
    first, second = tables(draw(event))
    play(first, 100, 60)
    play(second, 30)
    dashboard = owner.get(url("tournament_dashboard", event)).content.decode()
    assert dashboard.count("Confirm for the table") == 2
    assert "Table 2 has not entered every deal. Confirm it as it is?" in dashboard  # asked before it goes
    assert messages_after(owner, owner.post(url("tournament_confirm", event, first.pk))) == [
        "Table 1 is confirmed and locked."
    ]
    first.refresh_from_db()
    assert first.locked and first.confirmed_by == User.objects.get(username="owner")
    assert messages_after(owner, owner.post(url("tournament_confirm", event, first.pk))) == [
        "This table is confirmed already."
    ]
    dashboard = owner.get(url("tournament_dashboard", event)).content.decode()
    assert "confirmed by owner for the table" in dashboard
    owner.post(url("tournament_confirm", event, second.pk))
    assert audit(event)[:2] == [
        ("Table 2 of Pass 1 confirmed by the director with 1 of 2 deals", "owner"),
        ("Table 1 of Pass 1 confirmed by the director", "owner"),
    ]
    event.refresh_from_db()
    assert event.finished  # the last pass's every table confirmed
    locked = Client().post(f"/t/{first.token}/deals/", {"number": 3}, **HTMX)
    assert locked.status_code == 422


# ---- an earlier pass's table -------------------------------------------------------------------------------


def test_a_table_of_an_earlier_pass_is_reopened_corrected_and_confirmed_from_the_dashboard(
    club: Club, owner: Client
) -> None:
    event = make_event(club, tie_breaks=["best_pass"])
    earlier = draw(event)
    play_pass(earlier, PASS_1)
    draw(event)
    table = tables(earlier)[0]
    dashboard = url("tournament_dashboard", event)
    page = owner.get(dashboard, {"pass": "1"}).content.decode()
    assert "Tables of Pass 1" in page and 'href="?pass=1#tables"' in page and 'href="?#tables"' in page
    assert page.count("Reopen table") == 2 and "Substitute…" not in page
    assert f'href="/games/{table.game_id}/"' in page  # its game page, not the phone's link
    reopened = owner.post(url("tournament_reopen", event, table.pk))
    assert reopened["Location"] == f"{dashboard}?pass=1#table-1"
    edit = owner.post(
        f"/games/{table.game_id}/deals/1/edit/",
        {"number": 1, "version": 1, "trump": "hearts", "team": "A", "points": "157"},
    )
    assert edit.status_code == 302, edit.content.decode()[:500]
    assert Game.objects.get(pk=table.game_id).totals == {"A": 197, "B": 117}
    confirmed = owner.post(url("tournament_confirm", event, table.pk))
    assert confirmed["Location"] == f"{dashboard}?pass=1#table-1"
    table.refresh_from_db()
    assert table.locked
    assert [what for what, _ in audit(event)[:2]] == [
        "Table 1 of Pass 1 confirmed by the director",
        "Table 1 of Pass 1 reopened",
    ]
    standings = Client().get(f"/events/{event.slug}/standings/").content.decode()
    for entrant in teams(table)["A"]:
        assert cells(row_of(standings, entrant))["pass 1"] == "197"
    jump = owner.get(dashboard, {"pass": "1", "table": "2"})
    assert jump["Location"] == f"{dashboard}?pass=1&page=1#table-2"


def test_an_earlier_pass_on_the_dashboard_costs_the_same_for_2_tables_as_for_10(
    club: Club, owner: Client
) -> None:
    def queries(players: int) -> int:
        event = make_event(club, players=players, deals=1, seed=players)
        play_pass(draw(event), [(100,)] * (players // 4))
        draw(event)
        owner.get(url("tournament_dashboard", event), {"pass": "1"})
        with CaptureQueriesContext(connection) as captured:
            assert owner.get(url("tournament_dashboard", event), {"pass": "1"}).status_code == 200
        return len(captured)

    assert queries(8) == queries(12)


# ---- the finished event's page -----------------------------------------------------------------------------


def test_a_finished_event_shows_its_winners_and_podium(club: Club) -> None:
    """Pass 1 of test_public: team A of table 2 wins with 247 (two players, tied on the one tie-break),
    team B of table 1 shares third place with 174; nothing shows before the end, nor while frozen."""
    event = make_event(club, passes=1, tie_breaks=["best_pass"])
    drawn = draw(event)
    play(tables(drawn)[0], *PASS_1[0])
    page = Client().get(f"/events/{event.slug}/").content.decode()
    assert "tp-podium" not in page
    confirm(tables(drawn)[0])
    play(tables(drawn)[1], *PASS_1[1])
    confirm(tables(drawn)[1])
    scores = team_points(tables(drawn), PASS_1_TEAMS)
    winners = sorted(e.player.name for e, total in scores.items() if total == 247)
    third = sorted(e.player.name for e, total in scores.items() if total == 174)
    page = Client().get(f"/events/{event.slug}/").content.decode()
    podium = re.search(r'<section class="card tp-podium".*?</section>', page, re.S).group(0)  # type: ignore[union-attr]
    assert "Winners</h2>" in podium
    place = r'data-place="(\d)">.*?"tp-placename">([^<]+)<.*?"tp-placetotal">(\d+)<'
    places = re.findall(place, podium, re.S)
    assert sorted(places) == sorted(
        [("1", name, "247") for name in winners] + [("3", name, "174") for name in third]
    )
    for name in winners:
        assert name in re.search(r'class="tp-winner">(.*?)</p>', podium, re.S).group(1)  # type: ignore[union-attr]
    Tournament.objects.filter(pk=event.pk).update(frozen_from_pass=1)
    frozen = Client().get(f"/events/{event.slug}/").content.decode()
    assert "tp-podium" not in frozen
    assert "The standings stay frozen until the director reveals them." in frozen


def test_a_fixed_pair_stands_on_the_podium_together(club: Club) -> None:
    event = make_event(club, format="team_schieber", passes=1, players=8)
    entrants = list(event.entrants.order_by("number"))
    for first, second in zip(entrants[::2], entrants[1::2], strict=True):
        services.pair(first=first, second=second)
    drawn = draw(event)
    play_pass(drawn, PASS_1)
    page = Client().get(f"/events/{event.slug}/").content.decode()
    podium = re.search(r'<section class="card tp-podium".*?</section>', page, re.S).group(0)  # type: ignore[union-attr]
    winners = {e.player.name for e in teams(tables(drawn)[1])["A"]}
    names = re.findall(r'"tp-placename">([^<]+)<', podium)
    assert len(names) == 3 and all(" &amp; " in name for name in names)
    assert set(names[0].split(" &amp; ")) == winners
    assert re.findall(r'data-place="(\d)"', podium) == ["1", "2", "3"]
    assert "Winners</h2>" in podium


# ---- the projector -----------------------------------------------------------------------------------------


def test_the_projector_pages_through_the_whole_standings(club: Club) -> None:
    event = make_event(club, players=12)
    play_pass(draw(event), [(100, 40), (157, 90), (30, 20)])
    projector = f"/events/{event.slug}/projector/"

    def screen(query: str) -> tuple[list[str], str]:
        page = Client().get(projector + query, **HTMX).content.decode()
        ranks = re.findall(r'<td class="pj-rank">(\d+)</td>', page)
        following = re.search(r'data-hx-get="[^"]*ranks=(\d+)"', page).group(1)  # type: ignore[union-attr]
        return ranks, following

    first, following = screen("?top=5")
    assert len(first) == 5 and following == "1"
    second, following = screen("?top=5&ranks=1")
    assert len(second) == 5 and following == "2"
    last, following = screen("?top=5&ranks=2")
    assert len(last) == 2 and following == "0"
    assert screen("?top=5&ranks=99")[0] == first  # past the end: the top again
    whole = Client().get(projector + "?top=5&ranks=1").content.decode()
    assert "6\N{EN DASH}10 of 12" in whole


# ---- where do I sit? ---------------------------------------------------------------------------------------


def test_where_do_i_sit_takes_a_start_number(club: Club) -> None:
    event = make_event(club, players=12)
    drawn = draw(event)
    seventh = event.entrants.get(number=7)
    seat = drawn.tables.get(seats__entrant=seventh).seats.get(entrant=seventh)
    page = Client().get(f"/events/{event.slug}/seat/").content.decode()
    assert '<label for="q">Your name or start number</label>' in page
    for query in ("7", " #7 "):
        found = Client().get(f"/events/{event.slug}/seat/", {"q": query}).content.decode()
        assert found.count('class="card tp-found"') == 1, query
        assert f">{seventh.player.name}</a>" in found
        assert f"Table {seat.table.number}</span>" in found and f"Seat {seat.position}</span>" in found


# ---- a link-only event's link renewed -------------------------------------------------------------------


def test_the_director_renews_a_link_that_went_too_far(club: Club, owner: Client) -> None:
    event = make_event(club)
    Tournament.objects.filter(pk=event.pk).update(visibility="link")
    old_key = Tournament.objects.get(pk=event.pk).share_key
    dashboard = owner.get(url("tournament_dashboard", event)).content.decode()
    assert f'action="{url("tournament_new_link", event)}"' in dashboard
    said = messages_after(owner, owner.post(url("tournament_new_link", event)))
    assert said == ["The event has a new link: the old one no longer opens it."]
    new_key = Tournament.objects.get(pk=event.pk).share_key
    assert new_key != old_key and len(new_key) >= 16
    refused = Client().get(f"/events/{event.slug}/?key={old_key}")
    assert refused.status_code == 302 and refused["Location"].startswith("/accounts/login/")
    assert Client().get(f"/events/{event.slug}/?key={new_key}").status_code == 200
    assert ("New link for the event: the old one no longer opens it", "owner") in audit(event)


def test_a_public_event_has_no_link_to_renew(club: Club, owner: Client) -> None:
    event = make_event(club)
    key = event.share_key
    assert "tournament_new_link" not in owner.get(url("tournament_dashboard", event)).content.decode()
    said = messages_after(owner, owner.post(url("tournament_new_link", event)))
    assert said == ["Only an event seen by its link has a link to renew."]
    assert Tournament.objects.get(pk=event.pk).share_key == key and audit(event) == []
