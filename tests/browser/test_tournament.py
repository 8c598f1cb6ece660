"""A 16-player Einzelschieber over 4 passes, run start to finish in real Chromium on phone-sized screens.

The director (a club admin) creates the event through the form, registers 16 players in one go, checks
them in and draws each pass on the dashboard. Four table phones (separate browser contexts, no account)
open the table links the dashboard shows, enter their deals with taps and the keyboard, and confirm with
two players' personal codes, one of each team, as the printed code slips give them (never the table
card). A fifth context, anonymous, reads the public standings of the event, made public in the form.

The tournament preset scores flat (every trump x1, a match 257, though no match is entered): a deal where
team A has p card points scores A p, B 157 - p, and each player scores their team's points. Every expected
total is computed here from the deals entered and the seats the table pages show, never read from the app.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.games.models import Club
from tests.browser.steps import screenshot, sign_in
from tests.spreadsheets import csv_dicts
from tests.tournaments.builders import make_event
from tournaments import services
from tournaments.models import Tournament
from tournaments.seating import count_repeats

pytestmark = pytest.mark.browser

NAMES = (
    "Anna", "Beat", "Cla", "Dora", "Edi", "Fränzi", "Gusti", "Heidi",
    "Ida", "Jörg", "Kari", "Lea", "Mägi", "Nino", "Otto", "Priska",
)  # fmt: skip
PASSES = 4
TABLES = 4

# DEALS[pass][table]: each deal as entered (trump, the team whose card points are typed, the points) and
# its score (A, B), computed by hand: the typed team scores the points, the other team 157 minus them.
# TEAM_TOTALS[pass][table]: team A's and team B's sums of the two deals (A + B = 2 x 157 = 314).
DEALS = {
    1: {
        1: (("Rosen", "A", 100, 100, 57), ("Obenabe", "A", 57, 57, 100)),
        2: (("Schellen", "A", 83, 83, 74), ("Eicheln", "B", 37, 120, 37)),
        3: (("Schilten", "B", 117, 40, 117), ("Undenufe", "A", 90, 90, 67)),
        4: (("Eicheln", "A", 150, 150, 7), ("Rosen", "B", 137, 20, 137)),
    },
    2: {
        1: (("Obenabe", "A", 77, 77, 80), ("Schellen", "A", 77, 77, 80)),
        2: (("Rosen", "A", 120, 120, 37), ("Schilten", "B", 47, 110, 47)),
        3: (("Undenufe", "B", 127, 30, 127), ("Eicheln", "A", 45, 45, 112)),
        4: (("Schellen", "A", 99, 99, 58), ("Obenabe", "A", 101, 101, 56)),
    },
    3: {
        1: (("Eicheln", "A", 140, 140, 17), ("Rosen", "B", 97, 60, 97)),
        2: (("Schilten", "A", 25, 25, 132), ("Undenufe", "A", 35, 35, 122)),
        3: (("Obenabe", "B", 69, 88, 69), ("Schellen", "A", 69, 69, 88)),
        4: (("Rosen", "A", 110, 110, 47), ("Eicheln", "B", 27, 130, 27)),
    },
    4: {
        1: (("Undenufe", "A", 50, 50, 107), ("Schilten", "A", 50, 50, 107)),
        2: (("Schellen", "B", 24, 133, 24), ("Rosen", "A", 97, 97, 60)),
        3: (("Eicheln", "A", 64, 64, 93), ("Obenabe", "B", 85, 72, 85)),
        4: (("Schilten", "A", 91, 91, 66), ("Undenufe", "B", 138, 19, 138)),
    },
}
TEAM_TOTALS = {
    1: {1: (157, 157), 2: (203, 111), 3: (130, 184), 4: (170, 144)},  # 100+57, 57+100; 83+120, 74+37; ...
    2: {1: (154, 160), 2: (230, 84), 3: (75, 239), 4: (200, 114)},  # 77+77, 80+80; 120+110, 37+47; ...
    3: {1: (200, 114), 2: (60, 254), 3: (157, 157), 4: (240, 74)},  # 140+60, 17+97; 25+35, 132+122; ...
    4: {1: (100, 214), 2: (230, 84), 3: (136, 178), 4: (110, 204)},  # 50+50, 107+107; 133+97, 24+60; ...
}


# ---- what the director and the players do on the pages -----------------------------------------------------


def loaded(page: Page) -> None:
    """After a navigation by a click: htmx (deferred) wires the page at load, and a tap before that
    would post the whole form instead of swapping a part."""
    page.wait_for_load_state("load")


def group(page: Page, legend: str) -> Locator:
    return page.locator("#dealform fieldset").filter(
        has=page.locator("legend", has_text=re.compile(rf"^{re.escape(legend)}"))
    )


def tap(page: Page, legend: str, label: str) -> None:
    button = group(page, legend).locator("label.choice").filter(has_text=label)
    button.click()
    expect(button.locator("input")).to_be_checked()


def play_deal(page: Page, number: int, trump: str, team: str, points: int) -> None:
    """Trump, team, type the points, Enter: the same live form as a club game."""
    expect(page.locator("#dealform h2")).to_have_text(f"Deal {number}")
    tap(page, "Trump", trump)
    tap(page, "Card points of", f"{team} ·")
    page.locator("#dealform input[name=points]").click()
    page.keyboard.type(str(points))
    page.keyboard.press("Enter")
    expect(page.locator(f'tr[data-deal="{number}"]')).to_be_visible()


def expect_deal(page: Page, number: int, a: int, b: int) -> None:
    expect(page.locator(f'tr[data-deal="{number}"] td.num')).to_have_text([str(a), str(b)])


def expect_totals(page: Page, a: int, b: int) -> None:
    expect(page.locator('[data-total="A"]')).to_have_text(str(a))
    expect(page.locator('[data-total="B"]')).to_have_text(str(b))


def expect_no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"  # type: ignore[index]


def create_event(director: Page, base: str) -> str:
    """Through the form, from the club page; returns the event's slug."""
    director.goto(f"{base}/")
    director.get_by_role("link", name="Jassclub Zürich").click()
    director.get_by_role("link", name="New tournament").click()
    expect(director.get_by_role("heading", name="New tournament")).to_be_visible()
    expect(director.get_by_label("Format")).to_have_value("einzelschieber")
    director.get_by_label("Name").fill("Herbstjass 2026")
    director.get_by_label("Number of passes").fill(str(PASSES))
    director.get_by_label("Deals per pass").fill("2")
    expect(director.get_by_label("Members only: the club's members")).to_be_checked()  # a private club
    director.locator("label.choice").filter(has_text="Public: anyone").click()
    expect_no_sideways_scroll(director)
    director.get_by_role("button", name="Create tournament").click()
    expect(director.locator(".messages")).to_contain_text("Herbstjass 2026 is created: register the players.")
    expect(director.get_by_role("heading", level=1)).to_have_text("Entrants · Herbstjass 2026")
    slug = re.fullmatch(rf"{re.escape(base)}/events/([\w-]+)/manage/entrants/", director.url)
    assert slug, director.url
    return slug[1]


def register_and_check_in(director: Page) -> None:
    """All 16 names typed one a line, then a tap on each check-in button (htmx swaps the row)."""
    director.get_by_text("Register several at once").click()
    director.get_by_label("Several players, one a line").fill("\n".join(NAMES))
    director.get_by_role("button", name="Register all").click()
    expect(director.locator(".messages")).to_contain_text("16 players registered: start numbers 1 to 16.")
    expect(director.locator("#counts")).to_contain_text("0 of 16 checked in")
    loaded(director)
    for number, name in enumerate(NAMES, start=1):
        row = director.locator("li.td-entrant").filter(
            has=director.get_by_role("link", name=name, exact=True)
        )
        expect(row.locator(".td-number")).to_have_text(str(number))
        row.get_by_role("button", name="Check in").click()
        expect(row.get_by_role("button", name=f"{name} is here; tap to undo")).to_be_visible()
        expect(director.locator("#counts")).to_contain_text(f"{number} of 16 checked in")


def code_slips(director: Page, base: str, slug: str) -> dict[str, str]:
    """Each player's personal code as the printed slips give it: what the director hands out."""
    director.goto(f"{base}/events/{slug}/print/codes/")
    slips = director.locator(".pr-slip")
    expect(slips).to_have_count(16)
    codes = {}
    for slip in slips.all():
        name = slip.locator(".pr-slipname").inner_text().split(" ", 1)[1]
        codes[name] = slip.locator(".pr-code").inner_text().replace(" ", "")
    assert all(re.fullmatch(r"\d{6}", code) for code in codes.values()) and len(set(codes.values())) == 16
    return codes


def draw(director: Page, base: str, slug: str, number: int) -> dict[int, str]:
    """Draws the pass on the dashboard; returns each table's link as the dashboard shows it."""
    director.goto(f"{base}/events/{slug}/manage/")
    director.get_by_role("button", name=f"Draw Pass {number}").click()
    expect(director.locator(".messages")).to_contain_text(f"Pass {number} drawn: 4 tables.")
    expect(director.locator("#status-title")).to_have_text(f"Pass {number} of {PASSES}")
    expect(director.locator(".td-table")).to_have_count(TABLES)
    tables = {}
    for table in range(1, TABLES + 1):
        card = director.locator(f"#table-{table}")
        expect(card.locator(".td-state")).to_have_text("0 / 2 deals")
        link = card.get_by_role("link", name="table link").get_attribute("href")
        assert link and re.fullmatch(r"/t/[\w-]{20,}/", link), link
        tables[table] = f"{base}{link}"
    return tables


def seats_of(phone: Page) -> dict[str, tuple[str, str]]:
    """Team A's and team B's players as the table page shows them (seats 1 & 3, 2 & 4)."""
    rows = phone.locator(".tp-seats li")
    expect(rows).to_have_count(4)
    teams: dict[str, list[str]] = {"A": [], "B": []}
    for row in rows.all():
        teams[row.get_attribute("data-team") or "?"].append(row.locator(".tp-seatname strong").inner_text())
    assert [len(team) for team in teams.values()] == [2, 2], teams
    return {side: (names[0], names[1]) for side, names in teams.items()}


def enter_code(phone: Page, code: str) -> None:
    phone.get_by_label("Your personal code").fill(code)
    phone.get_by_role("button", name="Agree with these deals").click()


def confirm(phone: Page, codes: dict[str, str], teams: dict[str, tuple[str, str]], number: int) -> None:
    """Team A's first player enters their code, then team B's second: the table locks."""
    expect(phone.get_by_role("heading", name=f"Confirm Pass {number}")).to_be_visible()
    a_player, b_player = teams["A"][0], teams["B"][1]
    enter_code(phone, codes[a_player])
    expect(phone.locator(".messages")).to_contain_text(f"{a_player} agrees for team A.")
    expect(phone.locator(".tp-agree li.ok")).to_have_text(re.compile(rf"Team A\s*✓ {a_player}"))
    enter_code(phone, codes[b_player])
    expect(phone.locator(".messages")).to_contain_text(
        f"Confirmed with the codes of {a_player}, {b_player}: this table is locked. Thank you!"
    )
    expect(phone.locator(".tp-locked")).to_contain_text("Confirmed, locked.")
    expect(phone.locator("#dealform")).to_have_count(0)


def wrong_code(code: str) -> str:
    return code[:-1] + str((int(code[-1]) + 1) % 10)


def play_pass(
    phones: list[Page], tables: dict[int, str], codes: dict[str, str], number: int
) -> dict[int, dict[str, tuple[str, str]]]:
    """Every table of the pass on its own phone, the deals taking turns as in a hall; then the codes.

    Returns each table's teams as its page shows them.
    """
    teams = {}
    for table, phone in enumerate(phones, start=1):
        phone.goto(tables[table])
        expect(phone.get_by_role("heading", level=1)).to_have_text(f"Table {table} · Pass {number}")
        expect(phone.locator('[data-control="expected"]')).to_have_text("314")  # 2 x 157
        teams[table] = seats_of(phone)
        team_a, team_b = teams[table]["A"], teams[table]["B"]
        expect(phone.locator('[data-side="A"] .who')).to_have_text(f"Team A · {team_a[0]} & {team_a[1]}")
        expect(phone.locator('[data-side="B"] .who')).to_have_text(f"Team B · {team_b[0]} & {team_b[1]}")
    for deal in (1, 2):
        for table, phone in enumerate(phones, start=1):
            trump, team, points, a, b = DEALS[number][table][deal - 1]
            play_deal(phone, deal, trump, team, points)
            expect_deal(phone, deal, a, b)
    for table, phone in enumerate(phones, start=1):
        expect_totals(phone, *TEAM_TOTALS[number][table])
        expect(phone.locator('[data-control="entered"]')).to_have_text("314")
        expect(phone.locator("#control .tp-ok")).to_be_visible()
        expect(phone.locator("#dealform")).to_have_count(0)
        expect_no_sideways_scroll(phone)
        if number == 1 and table == 1:
            # One wrong code first: refused, counted, and the form says how many tries are left.
            expect(phone.get_by_role("heading", name="Confirm Pass 1")).to_be_visible()
            screenshot(phone, "tournament-table-phone-390")
            taken = set(codes.values())
            enter_code(phone, next(c for c in map(wrong_code, sorted(taken)) if c not in taken))
            expect(phone.locator(".messages")).to_contain_text("Wrong code. 4 tries left.")
            expect(phone.locator(".tp-warn")).to_have_text("4 tries left.")
        confirm(phone, codes, teams[table], number)
    return teams


def expect_all_confirmed(director: Page, base: str, slug: str, number: int) -> None:
    director.goto(f"{base}/events/{slug}/manage/")
    expect(director.locator(".td-big")).to_have_text(f"{TABLES} of {TABLES} tables confirmed")
    expect(director.locator(".td-flags")).to_contain_text("All tables confirmed ✓")
    expect(director.locator(".td-state")).to_have_text(["Confirmed ✓"] * TABLES)
    expect(director.locator(".td-control")).to_have_text(["card points 314 / 314 ✓"] * TABLES)


def partners_of(teams: dict[int, dict[str, tuple[str, str]]]) -> list[frozenset[str]]:
    return [frozenset(pair) for table in teams.values() for pair in table.values()]


def csv_rows(page: Page, url: str) -> list[dict[str, str]]:
    response = page.request.get(url)
    assert response.status == 200, response.status
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    return csv_dicts(response.body())


# ---- the event ---------------------------------------------------------------------------------------------


@pytest.mark.slow  # a whole event, 16 players over four passes, played in the browser
def test_einzelschieber_with_16_players_over_4_passes(
    live_server: LiveServer, new_page: Callable[[], Page], club: Club
) -> None:
    base = live_server.url
    director = new_page()
    sign_in(director, base, "admin")
    slug = create_event(director, base)
    tournament = Tournament.objects.get(slug=slug)
    assert (tournament.format, tournament.passes, tournament.deals_per_pass) == ("einzelschieber", 4, 2)
    assert tournament.settings["multipliers"] == "flat" and tournament.settings["match_bonus"] == 100

    register_and_check_in(director)
    assert tournament.entrants.filter(checked_in=True).count() == 16
    codes = code_slips(director, base, slug)

    phones = [new_page() for _ in range(TABLES)]  # the table phones: no account, one context each
    expected = dict.fromkeys(NAMES, 0)
    by_pass: dict[str, list[int]] = {name: [] for name in NAMES}
    partnerships: list[frozenset[str]] = []
    for number in range(1, PASSES + 1):
        tables = draw(director, base, slug, number)
        if number == 1:
            expect_no_sideways_scroll(director)
            screenshot(director, "tournament-dashboard-390")
            # The printed table cards carry the same links as the dashboard, and no code.
            director.get_by_role("link", name="table cards").click()
            expect(director.locator(".pr-tableno")).to_have_text([f"Table {n}" for n in tables])
            cards = director.locator(".pr-card").all_inner_texts()
            assert not [code for code in codes.values() if any(code in card for card in cards)]
            links = [f"or open {link}" for link in tables.values()]
            expect(director.locator(".pr-link")).to_have_text(links)
            # A match scores 257 in the preset, so a pass has no total of 157 a deal to print.
            expect(director.locator(".pr-card")).to_have_count(TABLES)
            expect(director.locator(".pr-control")).to_have_count(0)
        # The draw repeats no partnership: in the database's history ...
        assert count_repeats(services.past_draws(tournament)).partners == 0
        teams = play_pass(phones, tables, codes, number)
        # ... and as the table pages showed the teams: 8 teams of two per pass, none seen before.
        partnerships += partners_of(teams)
        assert len(partnerships) == 8 * number and len(set(partnerships)) == len(partnerships)
        for table, sides in teams.items():
            for side, names in sides.items():
                for name in names:
                    score = TEAM_TOTALS[number][table][0 if side == "A" else 1]
                    expected[name] += score
                    by_pass[name].append(score)
        expect_all_confirmed(director, base, slug, number)

    assert sorted(len(scores) for scores in by_pass.values()) == [PASSES] * 16  # everyone played every pass
    assert count_repeats(services.past_draws(tournament)).partners == 0
    expect(director.locator(".td-status")).to_contain_text("Pass 1\N{EN DASH}4: all drawn.")
    expect(director.get_by_role("button", name=re.compile(r"^Draw Pass"))).to_have_count(0)
    # The 4 passes hand out 4 x 4 x 314 = 5024 points in all: each player's team's points.
    assert sum(expected.values()) == 2 * PASSES * TABLES * 314

    # The public standings, anonymously: every player's total and pass scores as computed above.
    public = new_page()
    public.goto(f"{base}/events/{slug}/standings/")
    expect(public.locator(".topbar")).to_contain_text("Sign in")
    rows = public.locator("#standings-table tbody tr[data-entrant]")
    expect(rows).to_have_count(16)
    shown = rows.evaluate_all(
        """rows => rows.map(row => [
            row.querySelector('.tp-name').innerText,
            row.querySelector('.tp-total').dataset.total,
            [...row.querySelectorAll('.tp-pass')].map(cell => cell.innerText),
            row.querySelector('.tp-rank').innerText,
        ])"""
    )
    assert {name: int(total) for name, total, _, _ in shown} == expected
    assert {name: [int(cell) for cell in cells] for name, _, cells, _ in shown} == by_pass
    totals = [int(total) for _, total, _, _ in shown]
    assert totals == sorted(totals, reverse=True)
    assert shown[0][3] == "1"
    leader = max(expected, key=lambda name: expected[name])
    expect(rows.first.locator(".tp-total")).to_have_text(str(expected[leader]))
    expect_no_sideways_scroll(public)
    screenshot(public, "tournament-standings-390")

    # The director's deals CSV holds exactly the deals entered; a hand computation from it (each
    # player scores their team's points: seats 1 & 3 team A, seats 2 & 4 team B) gives the totals.
    deals = csv_rows(director, f"{base}/events/{slug}/export/deals.csv")
    assert len(deals) == PASSES * TABLES * 2
    from_csv: Counter[str] = Counter()
    for row in deals:
        number, table, deal = int(row["Pass"]), int(row["Table"]), int(row["Deal"])
        _, _, _, a, b = DEALS[number][table][deal - 1]
        assert (int(row["Score A"]), int(row["Score B"])) == (a, b), row
        for seat, score in ((1, a), (2, b), (3, a), (4, b)):
            from_csv[row[f"Seat {seat}"]] += score
    assert dict(from_csv) == expected

    # The standings CSV: the same totals and pass scores, ranked.
    standings = csv_rows(director, f"{base}/events/{slug}/export/standings.csv")
    assert [row["Name"] for row in standings] == [name for name, _, _, _ in shown]
    assert {row["Name"]: int(row["Total"]) for row in standings} == expected
    assert {
        row["Name"]: [int(row[f"Pass {n}"]) for n in range(1, PASSES + 1)] for row in standings
    } == by_pass
    assert standings[0]["Rank"] == "1"


def test_the_player_list_is_loaded_when_opened(live_server: LiveServer, page: Page, club: Club) -> None:
    """The event page is sent without its player list; opening "Players" loads it where it folds out."""
    event = make_event(club, players=12)
    page.goto(f"{live_server.url}/events/{event.slug}/")
    expect(page.locator(".tp-playerlist")).to_have_count(0)
    page.get_by_text("Players (12)").click()
    expect(page.locator(".tp-playerlist li")).to_have_count(12)
    expect(page.locator("#players")).to_have_attribute("open", "")
