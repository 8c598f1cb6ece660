"""A table's phone through HTTP, with no account: the live page, deals through the table link, the
control total, the personal codes that lock the table, and every way the link is refused."""

from __future__ import annotations

import html as htmllib
import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from scorekeeper.games.models import Club, Deal, DealChange, Game
from tournaments import services
from tournaments.models import Table
from tournaments.services import MAX_CODE_FAILURES

from .builders import (
    HTMX,
    TIMES,
    codes_of_two_sides,
    confirm,
    deal_post,
    draw,
    make_event,
    play,
    tables,
    teams,
)

LOCKED = "This table is confirmed and locked: ask the director for corrections."
PASS_OVER = "This pass is over: the next one is drawn."
FULLWIDTH = str.maketrans("0123456789", "\uff10\uff11\uff12\uff13\uff14\uff15\uff16\uff17\uff18\uff19")
"""Digits from a phone's other keyboard: read as the digits they are, never an error page."""


def poll_url(page: str) -> str:
    return htmllib.unescape(re.search(r'id="poll"[^>]* data-hx-get="([^"]+)"', page).group(1))


def html(response: Any) -> str:
    return response.content.decode()


def deals_of(table: Table) -> list[tuple[int, dict[str, Any]]]:
    return list(Deal.objects.filter(game=table.game_id).order_by("number").values_list("number", "entry"))


def game_of(table: Table) -> Game:
    return Game.objects.get(pk=table.game_id)


@pytest.fixture
def event_tables(club: Club) -> list[Table]:
    """8 players, pass 1 drawn: two tables of 2 deals each."""
    return tables(draw(make_event(club)))


@pytest.fixture
def first(event_tables: list[Table]) -> Table:
    return event_tables[0]


@pytest.fixture
def phone() -> Client:
    return Client()


# ---- the page ------------------------------------------------------------------------------------------


def test_the_page_shows_the_event_the_table_who_sits_where_and_the_control_total(
    first: Table, phone: Client
) -> None:
    page = html(phone.get(f"/t/{first.token}/"))
    assert "Herbstturnier" in page
    assert 'Table 1 <span class="muted">· Pass 1</span>' in page
    team = teams(first)
    for side in ("A", "B"):
        for entrant in team[side]:
            assert f"<strong>{entrant.player.name}</strong>" in page
    assert (
        page.count('<span class="tag">Team A</span>') == 2
        and page.count('<span class="tag">Team B</span>') == 2
    )
    assert f'2 {TIMES} 157 = <strong data-control="expected">314</strong>' in page
    assert 'data-control="entered">0</strong> in 0 of 2 deals' in page
    assert 'id="dealform"' in page and f'action="/t/{first.token}/deals/"' in page
    assert "/confirm/" not in page  # the confirmation waits for the last deal
    for seat in first.seats.select_related("entrant"):
        assert seat.entrant.code not in page.replace(first.token, "")


def test_the_table_link_enters_a_deal_through_htmx_as_a_club_game_does(first: Table, phone: Client) -> None:
    response = phone.post(f"/t/{first.token}/deals/", deal_post(1, 100), **HTMX)
    assert response.status_code == 200
    assert '<section id="record" data-hx-swap-oob="true">' in html(response)
    assert deals_of(first) == [(1, {"trump": "hearts", "points": {"A": 100}})]
    assert game_of(first).totals == {"A": 100, "B": 57}
    assert DealChange.objects.get(game=first.game_id).by is None  # no account: nobody by name
    page = html(phone.get(f"/t/{first.token}/"))
    assert 'data-control="entered">157</strong> in 1 of 2 deals' in page
    assert 'aria-label="adds up"' in page


def test_a_plain_post_saves_and_goes_back_to_the_table(first: Table, phone: Client) -> None:
    response = phone.post(f"/t/{first.token}/deals/", deal_post(1, 90))
    assert response.status_code == 302 and response["Location"] == f"/t/{first.token}/"
    assert game_of(first).totals == {"A": 90, "B": 67}


def test_the_control_total_names_what_weis_adds_over_the_card_points(first: Table, phone: Client) -> None:
    """100 + 57 card points, and 50 Weis for team A: the teams' totals make 207, not 157."""
    phone.post(f"/t/{first.token}/deals/", {**deal_post(1, 100), "weis_a": 50}, **HTMX)
    page = html(phone.get(f"/t/{first.token}/"))
    assert 'data-control="entered">157</strong> in 1 of 2 deals' in page
    assert "Team totals 207: Weis, Stöck, a match bonus or multipliers add 50." in page


def test_preview_live_correction_and_deletion_go_through_the_table_link(first: Table, phone: Client) -> None:
    token = first.token
    preview = phone.post(f"/t/{token}/deals/preview/", deal_post(1, 100), **HTMX)
    assert preview.status_code == 200 and "57" in html(preview)
    assert deals_of(first) == []
    stale_poll = poll_url(html(phone.get(f"/t/{token}/")))
    phone.post(f"/t/{token}/deals/", deal_post(1, 100), **HTMX)
    poll = poll_url(html(phone.get(f"/t/{token}/")))
    assert phone.get(poll).status_code == 204
    assert phone.get(stale_poll).status_code == 200
    assert phone.get(f"/t/{token}/deals/1/edit/").status_code == 200
    edited = phone.post(f"/t/{token}/deals/1/edit/", {**deal_post(1, 80), "version": 1})
    assert edited.status_code == 302 and edited["Location"] == f"/t/{token}/"
    assert game_of(first).totals == {"A": 80, "B": 77}
    assert phone.post(f"/t/{token}/deals/1/delete/").status_code == 302
    assert deals_of(first) == []


def test_the_deal_views_keep_their_methods(first: Table, phone: Client) -> None:
    token = first.token
    assert phone.get(f"/t/{token}/deals/").status_code == 405
    assert phone.get(f"/t/{token}/deals/preview/").status_code == 405
    assert phone.get(f"/t/{token}/deals/1/delete/").status_code == 405
    assert phone.get(f"/t/{token}/confirm/").status_code == 405
    assert phone.post(f"/t/{token}/").status_code == 405
    assert phone.post(f"/t/{token}/live/").status_code == 405


# ---- refusals ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", ""),
        ("get", "live/"),
        ("post", "deals/"),
        ("post", "deals/preview/"),
        ("get", "deals/1/edit/"),
        ("post", "deals/1/delete/"),
        ("post", "confirm/"),
    ],
)
def test_a_wrong_token_is_404(event_tables: list[Table], phone: Client, method: str, path: str) -> None:
    first = event_tables[0]
    play(first, 100)
    guess = first.token[:-1] + ("A" if first.token[-1] != "A" else "B")
    code = codes_of_two_sides(first)[0]
    response = getattr(phone, method)(f"/t/{guess}/{path}", {**deal_post(2, 90), "code": code})
    assert response.status_code == 404
    assert [t.code_failures for t in Table.objects.all()] == [0, 0]
    assert len(deals_of(first)) == 1


def test_another_tables_token_reaches_only_its_own_table(event_tables: list[Table], phone: Client) -> None:
    first, second = event_tables
    play(first, 100)
    assert phone.get(f"/t/{second.token}/deals/1/edit/").status_code == 404  # table 2 has no deal 1
    phone.post(f"/t/{second.token}/deals/1/delete/")
    assert deals_of(first) == [(1, {"trump": "hearts", "points": {"A": 100}})]
    phone.post(f"/t/{second.token}/deals/", deal_post(1, 30), **HTMX)
    assert deals_of(second) == [(1, {"trump": "hearts", "points": {"A": 30}})]
    assert len(deals_of(first)) == 1
    assert first.token not in html(phone.get(f"/t/{second.token}/"))


def test_nothing_is_entered_after_the_lock_even_from_a_page_loaded_before_it(
    first: Table, phone: Client
) -> None:
    """The race the guard is for: one phone still shows the form of deal 2 when the other phone enters
    deal 2 and the other team confirms. Its post, correction and deletion are refused, nothing saved."""
    play(first, 100)
    stale = html(phone.get(f"/t/{first.token}/"))
    assert "Save deal 2" in stale
    play(first, 60)
    confirm(first)
    before = deals_of(first), game_of(first).revision

    added = phone.post(f"/t/{first.token}/deals/", deal_post(2, 10), **HTMX)
    assert added.status_code == 422
    assert LOCKED in html(added)
    edited = phone.post(f"/t/{first.token}/deals/1/edit/", {**deal_post(1, 10), "version": 1})
    assert edited.status_code == 422
    assert LOCKED in html(edited)
    deleted = phone.post(f"/t/{first.token}/deals/2/delete/", follow=True)
    assert LOCKED in html(deleted)
    assert (deals_of(first), game_of(first).revision) == before

    refused = phone.get(f"/t/{first.token}/deals/1/edit/", follow=True)
    assert refused.redirect_chain == [(f"/t/{first.token}/", 302)]
    assert LOCKED in html(refused)
    page = html(phone.get(f"/t/{first.token}/"))
    assert "Confirmed, locked" in page
    assert 'id="dealform"' not in page and "/edit/" not in page and "/confirm/" not in page


def test_a_previous_pass_table_is_read_only_once_the_next_pass_is_drawn(
    event_tables: list[Table], phone: Client
) -> None:
    first, second = event_tables
    play(first, 100, 60)
    confirm(first)
    play(second, 20)
    draw(first.pass_played.tournament, force_reason="Table 2 went home early")
    before = deals_of(second)

    added = phone.post(f"/t/{second.token}/deals/", deal_post(2, 10), **HTMX)
    assert added.status_code == 422
    assert PASS_OVER in html(added)
    assert deals_of(second) == before
    page = html(phone.get(f"/t/{second.token}/"))
    assert "Pass 1 is over: this table is read-only." in page
    assert 'id="dealform"' not in page and "/edit/" not in page


# ---- the personal codes ---------------------------------------------------------------------------------


def code_post(phone: Client, table: Table, code: str) -> str:
    response = phone.post(f"/t/{table.token}/confirm/", {"code": code}, follow=True)
    assert response.redirect_chain == [(f"/t/{table.token}/", 302)]
    return html(response)


def wrong(table: Table) -> str:
    """A code nobody at the table has."""
    codes = {seat.entrant.code for seat in table.seats.select_related("entrant")}
    return next(code for code in ("000000", "111111", "222222") if code not in codes)


def test_the_confirmation_waits_for_the_last_deal(first: Table, phone: Client) -> None:
    play(first, 100)
    page = code_post(phone, first, codes_of_two_sides(first)[0])
    assert "The pass is not complete yet: enter every deal first." in page
    first.refresh_from_db()
    assert (first.locked, first.code_failures, first.signoffs.count()) == (False, 0, 0)


def test_the_last_deal_brings_the_confirmation_form(first: Table, phone: Client) -> None:
    play(first, 100, 60)
    page = html(phone.get(f"/t/{first.token}/"))
    assert f'action="/t/{first.token}/confirm/"' in page
    assert 'id="dealform"' not in page
    assert 'data-control="entered">314</strong> in 2 of 2 deals' in page
    assert 'type="password" id="code" name="code"' in page  # never shown to whoever looks on


def test_a_wrong_code_costs_a_try(first: Table, phone: Client) -> None:
    play(first, 100, 60)
    page = code_post(phone, first, wrong(first))
    assert f"Wrong code. {MAX_CODE_FAILURES - 1} tries left." in page
    first.refresh_from_db()
    assert (first.locked, first.code_failures) == (False, 1)
    assert "4 tries left." in page and f'action="/t/{first.token}/confirm/"' in page


def test_after_five_wrong_codes_even_a_right_one_is_refused(first: Table, phone: Client) -> None:
    play(first, 100, 60)
    for left, tries in ((4, "tries"), (3, "tries"), (2, "tries"), (1, "try")):
        assert f"Wrong code. {left} {tries} left." in code_post(phone, first, wrong(first))
    assert "Wrong code. Try again in 15 minutes, or ask the director." in code_post(phone, first, "12")
    page = code_post(phone, first, codes_of_two_sides(first)[0])
    assert "Too many wrong codes: try again in 15 minutes, or ask the director." in page
    assert "/confirm/" not in page
    first.refresh_from_db()
    assert (first.locked, first.code_failures, first.signoffs.count()) == (False, MAX_CODE_FAILURES, 0)


def test_after_the_cooldown_the_table_has_five_tries_again(first: Table, phone: Client) -> None:
    """Nobody can block a table for the day with wrong codes: it waits 15 minutes, not for the director."""
    play(first, 100, 60)
    for _ in range(MAX_CODE_FAILURES):
        code_post(phone, first, wrong(first))
    Table.objects.filter(pk=first.pk).update(code_failed_at=timezone.now() - timedelta(minutes=14, seconds=1))
    a_code, b_code = codes_of_two_sides(first)
    assert "try again in 1 minute, or ask the director." in code_post(phone, first, a_code)
    Table.objects.filter(pk=first.pk).update(code_failed_at=timezone.now() - timedelta(minutes=15, seconds=1))
    page = html(phone.get(f"/t/{first.token}/"))
    assert f'action="/t/{first.token}/confirm/"' in page and "tries left" not in page
    assert "Wrong code. 4 tries left." in code_post(phone, first, wrong(first))
    code_post(phone, first, a_code)
    code_post(phone, first, b_code.translate(FULLWIDTH))
    first.refresh_from_db()
    assert first.locked


def test_a_player_of_another_table_cannot_confirm_this_one(event_tables: list[Table], phone: Client) -> None:
    first, second = event_tables
    play(first, 100, 60)
    assert "Wrong code. 4 tries left." in code_post(phone, first, codes_of_two_sides(second)[0])


def test_a_code_of_each_team_locks_the_table(first: Table, phone: Client) -> None:
    play(first, 100, 60)
    a_code, b_code = codes_of_two_sides(first)
    a_name, b_name = (teams(first)[side][0].player.name for side in ("A", "B"))
    page = code_post(phone, first, f" {a_code[:3]} {a_code[3:]} ")  # as the slip groups it
    assert f"{a_name} agrees for team A. Now a player of team B enters their code." in page
    first.refresh_from_db()
    assert not first.locked
    page = code_post(phone, first, b_code)
    assert f"Confirmed with the codes of {a_name}, {b_name}: this table is locked. Thank you!" in page
    assert "Confirmed, locked" in page
    first.refresh_from_db()
    assert first.locked
    assert "This table is confirmed already." in code_post(phone, first, a_code)


# ---- the status panel's poll -----------------------------------------------------------------------------


def test_the_status_panel_polls_quietly_and_reloads_the_page_once_the_table_locks(
    first: Table, phone: Client
) -> None:
    """The stamp is the deals' revision, the codes that count, and whether the table is open: a code
    entered on one phone shows on the other's panel; the lock reloads the page."""

    def poll(state: str) -> Any:
        return phone.get(f"/t/{first.token}/?state={state}", **HTMX)

    assert poll(f"{game_of(first).revision}.0.1").status_code == 204
    old = game_of(first).revision
    play(first, 100, 60)
    changed = poll(f"{old}.0.1")
    assert changed.status_code == 200
    assert 'id="table-status"' in html(changed) and "/confirm/" in html(changed)
    assert '<div id="board">' not in html(changed)
    revision = game_of(first).revision
    assert poll(f"{revision}.0.1").status_code == 204
    a_code, b_code = codes_of_two_sides(first)
    services.sign_off(token=first.token, code=a_code)
    signed = poll(f"{revision}.0.1")
    assert signed.status_code == 200 and "✓ " in html(signed)
    assert poll(f"{revision}.1.1").status_code == 204
    services.sign_off(token=first.token, code=b_code)
    locked = poll(f"{revision}.1.1")
    assert locked.status_code == 200 and locked["HX-Refresh"] == "true"
    assert poll(f"{revision}.2.0").status_code == 204
