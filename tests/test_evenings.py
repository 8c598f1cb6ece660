"""Evenings: the games a table plays in a night, summed per side and settled at the stake.

Hand-computed: the worked example of docs/rules.md ("Marks") gives A 1004 points and 6 marks, B 358 and 2.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.games import evenings, members, services
from scorekeeper.games.models import Club, Evening, Game, Player
from tests.conftest import play
from tests.html_forms import forms_on
from tests.spreadsheets import assert_laid_out, csv_rows, xlsx_rows, xlsx_sheet
from tests.test_permissions import (
    MISSING,
    OK,
    PRIVATE_READ,
    PRIVATE_SCORER,
    PUBLIC_READ,
    PUBLIC_SCORER,
    WHO,
    assert_refused,
)
from tests.test_query_counts import MAX_PAGE_QUERIES
from tests.tournaments.builders import draw, make_event, tables

MARKS = {"win": 2, "berg": 1, "match": 1, "counter_match": 2, "schneider": 2}
TAFEL = {"multipliers": "flat", "target": 1000, "marks": MARKS}
A_WINS_6_TO_2 = [
    {"trump": "hearts", "match": "A", "announced_by": "A"},
    {"trump": "hearts", "points": {"A": 100}},
    {"trump": "clubs", "match": "B", "announced_by": "A"},
    {"trump": "hearts", "points": {"A": 150}, "weis": {"A": 100}},
    {"trump": "hearts", "points": {"A": 120}, "stoeck": "A"},
    {"trump": "obenabe", "points": {"A": 157}, "weis": {"A": 100}},
]
"""A (Anna & Cla) 1004 points and 6 marks, B (Beat & Dora) 358 and 2 (docs/rules.md)."""
OTHER = {"A": "B", "B": "A"}
B_WINS_6_TO_2 = [
    {**entry, **({key: OTHER[entry[key]] for key in ("match", "announced_by") if key in entry})}
    | ({"points": {"B": entry["points"]["A"]}} if "points" in entry else {})
    | ({"weis": {"B": 100}} if "weis" in entry else {})
    | ({"stoeck": "B"} if "stoeck" in entry else {})
    for entry in A_WINS_6_TO_2
]


def owner() -> User:
    return User.objects.get(username="owner")


def schieber(club: Club, players: list[Player], deals: list[dict[str, Any]], evening: Evening | None) -> Game:
    game = services.create_game(
        club=club, variant="schieber", players=players, settings=TAFEL, by=owner(), evening=evening
    )
    play(game, deals, by=owner())
    game.refresh_from_db()
    return game


def test_a_game_stores_its_marks_in_its_summary(club: Club, players: list[Player]) -> None:
    game = schieber(club, players, A_WINS_6_TO_2, None)
    assert game.totals == {"A": 1004, "B": 358}
    assert game.summary["marks"] == {"A": 6, "B": 2}


def test_three_schieber_games_at_fifty_rappen_a_mark(club: Club, players: list[Player]) -> None:
    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("0.50"), unit="mark")
    schieber(club, players, A_WINS_6_TO_2, evening)
    schieber(club, players, B_WINS_6_TO_2, evening)
    schieber(club, players, A_WINS_6_TO_2, evening)
    sheet = evenings.evening_sheet(evening)
    (total,) = sheet.sums
    rows = {row.label: (row.rank, row.marks, row.points, row.won) for row in total.ranked}
    # A: 6 + 2 + 6 marks, 1004 + 358 + 1004 points, 2 games; B: 2 + 6 + 2, 358 + 1004 + 358, 1 game
    assert rows == {"Anna & Cla": (1, 14, 2366, 2), "Beat & Dora": (2, 10, 1720, 1)}
    # 4 marks ahead at 0.50: Beat and Dora each pay 2.00, one payment each
    assert {(s.name, s.balance) for s in sheet.standings} == {
        ("Anna", Decimal("2.00")),
        ("Cla", Decimal("2.00")),
        ("Beat", Decimal("-2.00")),
        ("Dora", Decimal("-2.00")),
    }
    assert sorted((p.payer, p.payee, p.amount) for p in sheet.payments) == [
        ("Beat", "Cla", Decimal("2.00")),
        ("Dora", "Anna", Decimal("2.00")),
    ] or sorted((p.payer, p.payee, p.amount) for p in sheet.payments) == [
        ("Beat", "Anna", Decimal("2.00")),
        ("Dora", "Cla", Decimal("2.00")),
    ]


def test_play_again_continues_the_evening(club: Club, players: list[Player]) -> None:
    first = schieber(club, players, A_WINS_6_TO_2, None)
    second = services.play_again(game_id=first.pk, by=owner())
    first.refresh_from_db()
    assert first.evening_id is not None
    assert second.evening_id == first.evening_id
    third = services.play_again(game_id=second.pk, by=owner())
    assert third.evening_id == first.evening_id
    assert Evening.objects.count() == 1


def test_the_evening_page_and_its_files(
    club: Club, players: list[Player], client_as: Callable[..., Client]
) -> None:
    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("0.50"), unit="mark")
    schieber(club, players, A_WINS_6_TO_2, evening)
    page = client_as("viewer").get(reverse("games:evening", args=[evening.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Beat pays" in text or "Dora pays" in text
    data = json.loads(client_as("viewer").get(reverse("games:evening_json", args=[evening.pk])).content)
    assert data["sums"][0]["sides"][0] == {
        "side": "Anna & Cla",
        "rank": 1,
        "points": 1004,
        "won": 1,
        "marks": 6,
    }
    assert {p["amount"] for p in data["payments"]} == {"2.00"}


def test_the_evenings_csv_and_xlsx_have_the_same_rows(
    club: Club, players: list[Player], client_as: Callable[..., Client]
) -> None:
    evening = evenings.start_evening(club=club, by=owner())
    game = schieber(club, players, A_WINS_6_TO_2, evening)
    viewer = client_as("viewer")
    header = list(evenings.EXPORT_COLUMNS)
    expected = [
        header,
        [1, game.title, "schieber", True, True, "Anna & Cla", 1004, 6, True],
        [1, game.title, "schieber", True, True, "Beat & Dora", 358, 2, False],
    ]
    in_csv = csv_rows(viewer.get(reverse("games:evening_csv", args=[evening.pk])))
    assert in_csv == [[str(cell) for cell in row] for row in expected]
    response = viewer.get(reverse("games:evening_xlsx", args=[evening.pk]))
    assert response["Content-Disposition"] == f'attachment; filename="evening-{evening.pk}.xlsx"'
    assert xlsx_rows(response) == expected
    assert_laid_out(xlsx_sheet(response))


# ---- an evening played through the pages -------------------------------------------------------------
#
# The preset "jasstafel" is the worked example's game (every trump x1, to 1000, Berg and Schneider at 500,
# marks: a win 2, the Berg 1, a Match 1, a counter-match 2, a Schneider 2), so each game's count is known:
#
# game 1 (Anna, Beat, Cla, Dora: A Anna & Cla, B Beat & Dora), A_WINS_6_TO_2: A 1004 points 6 marks, B 358 2
# game 2 ("Play again", same seats), B_WINS_6_TO_2: B 1004 points 6 marks, A 358 2
# game 3 (Anna, Cla, Beat, Dora: A Anna & Beat, B Cla & Dora), A_WINS_6_TO_2: A 1004 6, B 358 2
# game 4, Differenzler (Anna, Beat, Cla, Dora; two deals): Anna 3, Beat 7, Cla 10, Dora 10, Anna wins
#
# At CHF 0.50 a mark (the Differenzler game counts no marks: it pays nothing), per player in marks:
# Anna +4 -4 +4 = +4, Beat -4 +4 +4 = +4, Cla +4 -4 -4 = -4, Dora -4 +4 -4 = -4: Anna and Beat get 2.00,
# Cla and Dora pay 2.00, in two payments.
#
# The correction: game 2's deal 3 (B announced clubs, A took every trick: a counter-match, 2 marks to A)
# becomes A 100 card points. Game 2 then: B 257 (a Match, 1 mark), 357, A 157 + B 57 = 414, B 664 (the
# Berg, 1 mark), 804 (A 201), B 1061 with the Weis and the last card points: B wins (2) and A's 201 is
# below 500 (Schneider, 2). B 1061 points 6 marks, A 201 points 0 marks.
# Marks per player: Anna +4 -6 +4 = +2, Beat -4 +6 +4 = +6, Cla +4 -6 -4 = -6, Dora -4 +6 -4 = -2:
# Anna +1.00, Beat +3.00, Cla -3.00, Dora -1.00; fewest payments: Cla pays Beat 3.00, Dora pays Anna 1.00.

DZ_DEALS = [
    {"trump": "hearts", "said": (40, 0, 60, 50), "made": (37, 0, 70, 50)},  # 3, 0, 10, 0
    {"trump": "spades", "said": (30, 20, 50, 40), "made": (30, 27, 50, 50)},  # 0, 7, 0, 10
]
CORRECTED = {"trump": "clubs", "points": {"A": 100}}


def schieber_post(entry: dict[str, Any], number: int) -> dict[str, Any]:
    """A Schieber entry as its deal form posts it."""
    team = entry.get("match") or next(iter(entry.get("points", {"A": 0})))
    data: dict[str, Any] = {"number": number, "client_token": str(uuid.uuid4()), "trump": entry["trump"]}
    data["team"] = team
    if "match" in entry:
        data["match"] = "on"
    else:
        data["points"] = str(entry["points"][team])
    for side, amount in entry.get("weis", {}).items():
        data[f"weis_{side.lower()}"] = str(amount)
    for key in ("stoeck", "announced_by"):
        if key in entry:
            data[key] = entry[key]
    return data


def differenzler_post(deal: dict[str, Any], number: int) -> dict[str, Any]:
    return {
        "number": number,
        "client_token": str(uuid.uuid4()),
        "trump": deal["trump"],
        **{f"prediction_{seat}": str(said) for seat, said in enumerate(deal["said"], start=1)},
        **{f"points_{seat}": str(made) for seat, made in enumerate(deal["made"], start=1)},
    }


def game_of(response: Any) -> Game:
    assert response.status_code == 302, response.content.decode()[:2000]
    match = re.fullmatch(r"/games/(\d+)/", response["Location"])
    assert match, response["Location"]
    return Game.objects.get(pk=int(match.group(1)))


def start_game(scorer: Client, new_game_url: str, seats: list[str], **typed: str) -> Game:
    """The new-game form as its page offers it (its settings filled in by the preset), seats typed in."""
    page = scorer.get(new_game_url)
    assert page.status_code == 200
    (form,) = [f for f in forms_on(page.content.decode()) if f.method == "post" and f.action == ""]
    seated = {f"seat_{n}": name for n, name in enumerate(seats, start=1)}
    return game_of(scorer.post(new_game_url, form.data(**seated, **typed)))


def post_deals(scorer: Client, game: Game, posts: list[dict[str, Any]]) -> None:
    for data in posts:
        response = scorer.post(reverse("games:deal_add", args=[game.pk]), data)
        assert response.status_code == 302, response.content.decode()[:3000]


class SheetReader(HTMLParser):
    """The evening page's sums (a table a variant: rank, side, [marks,] points, won), the night's balances
    and the payments, as text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.sums: dict[str, list[list[str]]] = {}
        self.balances: dict[str, str] = {}
        self.payments: list[str] = []
        self.hrefs: list[str] = []
        self.variant: str | None = None
        self.night = False
        self.row: list[str] | None = None
        self.cell: list[str] | None = None
        self.payment: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if "href" in attributes:
            self.hrefs.append(attributes["href"] or "")
        if tag == "table":
            self.variant = attributes.get("data-variant")
            self.night = "evening-night" in (attributes.get("class") or "")
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th") and self.row is not None:
            self.cell = []
        elif tag == "li" and "data-payment" in attributes:
            self.payment = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None and self.row is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            if self.variant and self.row and not self.row[0].startswith("#"):
                self.sums.setdefault(self.variant, []).append(self.row)
            elif self.night and len(self.row) == 3 and self.row[0] != "Player":
                self.balances[self.row[0]] = self.row[2]
            self.row = None
        elif tag == "table":
            self.variant, self.night = None, False
        elif tag == "li" and self.payment is not None:
            self.payments.append(" ".join("".join(self.payment).split()))
            self.payment = None

    def handle_data(self, data: str) -> None:
        for text in (self.cell, self.payment):
            if text is not None:
                text.append(data)


def read_sheet(response: Any) -> SheetReader:
    assert response.status_code == 200
    reader = SheetReader()
    reader.feed(response.content.decode())
    return reader


def evening_json(client: Client, evening: Evening) -> dict[str, Any]:
    return json.loads(client.get(reverse("games:evening_json", args=[evening.pk])).content)


def test_an_evening_played_through_the_pages(
    club: Club, players: list[Player], client_as: Callable[..., Client]
) -> None:
    scorer = client_as("scorer")
    started = scorer.post(reverse("games:evening_new", args=[club.slug]), {"stake": "0.50", "unit": "mark"})
    assert started.status_code == 302
    evening = Evening.objects.get()
    assert started["Location"] == reverse("games:evening", args=[evening.pk])
    assert (evening.stake, evening.stake_unit, evening.club) == (Decimal("0.50"), "mark", club)
    page = scorer.get(started["Location"]).content.decode()
    # the evening page's "New game in this evening"
    (new_game_url,) = re.findall(r'href="(/clubs/zuerich/games/new/\?evening=\d+)"', page)
    assert new_game_url == f"/clubs/zuerich/games/new/?evening={evening.pk}"

    first = start_game(
        scorer, f"{new_game_url}&variant=schieber&preset=jasstafel", ["Anna", "Beat", "Cla", "Dora"]
    )
    assert first.evening_id == evening.pk and first.settings["marks"] == MARKS
    post_deals(scorer, first, [schieber_post(entry, n) for n, entry in enumerate(A_WINS_6_TO_2, start=1)])
    second = game_of(scorer.post(reverse("games:game_again", args=[first.pk])))
    post_deals(scorer, second, [schieber_post(entry, n) for n, entry in enumerate(B_WINS_6_TO_2, start=1)])
    third = start_game(
        scorer, f"{new_game_url}&variant=schieber&preset=jasstafel", ["Anna", "Cla", "Beat", "Dora"]
    )
    post_deals(scorer, third, [schieber_post(entry, n) for n, entry in enumerate(A_WINS_6_TO_2, start=1)])
    fourth = start_game(
        scorer, f"{new_game_url}&variant=differenzler", ["Anna", "Beat", "Cla", "Dora"], deals="2"
    )
    post_deals(scorer, fourth, [differenzler_post(deal, n) for n, deal in enumerate(DZ_DEALS, start=1)])

    games = list(Game.objects.order_by("pk"))
    assert games == [first, second, third, fourth]
    for game in games:
        game.refresh_from_db()
        assert (game.evening_id, game.finished) == (evening.pk, True)
    first, second, third, fourth = games
    assert first.totals == third.totals == {"A": 1004, "B": 358}
    assert second.totals == {"A": 358, "B": 1004}
    assert fourth.totals == {"Anna": 3, "Beat": 7, "Cla": 10, "Dora": 10}
    assert Evening.objects.count() == 1  # "Play again" continued it

    sheet = read_sheet(scorer.get(reverse("games:evening", args=[evening.pk])))
    # rank, side, marks, points, won: Anna & Cla and Beat & Dora tie (1 won, 8 marks, 1362 points)
    assert sorted(sheet.sums["schieber"]) == [
        ["1.", "Anna & Cla", "8", "1362", "1"],
        ["1.", "Beat & Dora", "8", "1362", "1"],
        ["3.", "Anna & Beat", "6", "1004", "1"],
        ["4.", "Cla & Dora", "2", "358", "0"],
    ]
    # fewest points win: Anna; Cla and Dora share third
    assert sheet.sums["differenzler"] == [
        ["1.", "Anna", "3", "1"],
        ["2.", "Beat", "7", "0"],
        ["3.", "Cla", "10", "0"],
        ["3.", "Dora", "10", "0"],
    ]
    assert sheet.balances == {"Anna": "+2.00", "Beat": "+2.00", "Cla": "-2.00", "Dora": "-2.00"}
    assert sorted(sheet.payments) in (
        ["Cla pays Anna CHF 2.00", "Dora pays Beat CHF 2.00"],
        ["Cla pays Beat CHF 2.00", "Dora pays Anna CHF 2.00"],
    )
    data = evening_json(scorer, evening)
    assert data["evening"]["stake"] == "0.50" and data["evening"]["stake_unit"] == "mark"
    assert [(total["variant"], total["games"]) for total in data["sums"]] == [
        ("schieber", 3),
        ("differenzler", 1),
    ]
    assert {p["name"]: (p["played"], p["won"], p["balance"]) for p in data["players"]} == {
        "Anna": (4, 3, "2.00"),  # games 1 and 3 with her team, and the Differenzler game
        "Beat": (4, 2, "2.00"),
        "Cla": (4, 1, "-2.00"),
        "Dora": (4, 1, "-2.00"),
    }
    assert len(data["payments"]) == 2 and {p["amount"] for p in data["payments"]} == {"2.00"}

    # a correction in game 2 moves the evening at once
    edit = {**schieber_post(CORRECTED, 3), "version": second.deals.get(number=3).version}
    assert scorer.post(reverse("games:deal_edit", args=[second.pk, 3]), edit).status_code == 302
    second.refresh_from_db()
    assert (second.totals, second.summary["marks"]) == ({"A": 201, "B": 1061}, {"A": 0, "B": 6})
    sheet = read_sheet(scorer.get(reverse("games:evening", args=[evening.pk])))
    assert sheet.sums["schieber"] == [
        ["1.", "Beat & Dora", "8", "1419", "1"],
        ["2.", "Anna & Cla", "6", "1205", "1"],
        ["3.", "Anna & Beat", "6", "1004", "1"],
        ["4.", "Cla & Dora", "2", "358", "0"],
    ]
    assert sheet.balances == {"Anna": "+1.00", "Beat": "+3.00", "Cla": "-3.00", "Dora": "-1.00"}
    assert sorted(sheet.payments) == ["Cla pays Beat CHF 3.00", "Dora pays Anna CHF 1.00"]
    data = evening_json(scorer, evening)
    assert sorted((p["from"], p["to"], p["amount"]) for p in data["payments"]) == [
        ("Cla", "Beat", "3.00"),
        ("Dora", "Anna", "1.00"),
    ]
    assert data["sums"][0]["sides"][0] == {
        "side": "Beat & Dora",
        "rank": 1,
        "points": 1419,
        "won": 1,
        "marks": 8,
    }

    # the share link: shown on the page, opened signed out, gone once revoked
    assert scorer.post(reverse("games:evening_share", args=[evening.pk])).status_code == 302
    page = scorer.get(reverse("games:evening", args=[evening.pk])).content.decode()
    (link,) = re.findall(r'class="share-link" type="text" readonly value="([^"]+)"', page)
    evening.refresh_from_db()
    assert link == f"http://testserver/evening/{evening.share_token}/"
    path = link.removeprefix("http://testserver")
    outsider = Client()
    shared = read_sheet(outsider.get(path))
    assert shared.sums["schieber"][0] == ["1.", "Beat & Dora", "8", "1419", "1"]
    assert sorted(shared.payments) == ["Cla pays Beat CHF 3.00", "Dora pays Anna CHF 1.00"]
    assert scorer.post(reverse("games:evening_unshare", args=[evening.pk])).status_code == 302
    assert outsider.get(path).status_code == 404
    assert scorer.post(reverse("games:evening_share", args=[evening.pk])).status_code == 302
    evening.refresh_from_db()
    assert outsider.get(path).status_code == 404  # a new link: the old one still shows nothing
    assert outsider.get(f"/evening/{evening.share_token}/").status_code == 200


# ---- bad input ----------------------------------------------------------------------------------------

BAD_STAKES = [
    ("-1", "Ensure this value is greater than or equal to 0."),
    ("1001", "Ensure this value is less than or equal to 1000."),
    ("abc", "Enter a number."),
    ("1e20", "Ensure this value is less than or equal to 1000."),
    ("100000000000000000000", "Ensure this value is less than or equal to 1000."),
    ("NaN", "Enter a number."),
    ("Infinity", "Enter a number."),
    ("0.001", "Ensure that there are no more than 2 decimal places."),
]


def field_error(response: Any, message: str) -> bool:
    """The stake's own message, at its field, marked for a screen reader."""
    page = re.sub(r"\s+", " ", response.content.decode())
    return f'<ul class="errorlist" id="id_stake_error"><li>{message}</li></ul>' in page and (
        'aria-invalid="true"' in page
    )


@pytest.mark.parametrize(("stake", "message"), BAD_STAKES)
def test_a_bad_stake_starts_no_evening(
    club: Club, client_as: Callable[..., Client], stake: str, message: str
) -> None:
    response = client_as("scorer").post(
        reverse("games:evening_new", args=[club.slug]), {"stake": stake, "unit": "mark"}
    )
    assert response.status_code == 422
    assert field_error(response, message)
    assert not Evening.objects.exists()


@pytest.mark.parametrize(("stake", "message"), BAD_STAKES)
def test_a_bad_stake_leaves_the_evenings_stake(
    club: Club, client_as: Callable[..., Client], stake: str, message: str
) -> None:
    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("0.50"), unit="mark")
    response = client_as("scorer").post(
        reverse("games:evening_stake", args=[evening.pk]), {"stake": stake, "unit": "game"}
    )
    assert response.status_code == 422
    assert field_error(response, message)
    evening.refresh_from_db()
    assert (evening.stake, evening.stake_unit) == (Decimal("0.50"), "mark")


def test_a_stake_of_nothing_and_the_highest_stake(club: Club, client_as: Callable[..., Client]) -> None:
    scorer = client_as("scorer")
    scorer.post(reverse("games:evening_new", args=[club.slug]), {"stake": "", "unit": "mark"})
    evening = Evening.objects.get()
    assert (evening.stake, evening.stake_unit) == (None, "")  # played for nothing: no unit either
    assert (
        scorer.post(
            reverse("games:evening_stake", args=[evening.pk]), {"stake": "1000", "unit": "point"}
        ).status_code
        == 302
    )
    evening.refresh_from_db()
    assert (evening.stake, evening.stake_unit) == (Decimal("1000.00"), "point")
    assert (
        scorer.post(
            reverse("games:evening_stake", args=[evening.pk]), {"stake": "0.50", "unit": "euro"}
        ).status_code
        == 422
    )
    evening.refresh_from_db()
    assert evening.stake_unit == "point"


def messages_after(client: Client, response: Any) -> str:
    assert response.status_code == 302
    return client.get(response["Location"]).content.decode()


def evening_rows() -> list[tuple[Any, ...]]:
    return [
        *Evening.objects.order_by("pk").values_list("pk", "club_id", "stake", "stake_unit", "share_token"),
        *Game.objects.order_by("pk").values_list("pk", "evening_id"),
    ]


def test_an_evening_holds_only_its_own_clubs_games(
    club: Club, other_club: Club, players: list[Player], client_as: Callable[..., Client]
) -> None:
    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("0.50"), unit="mark")
    stranger = User.objects.get(username="stranger")
    theirs = services.create_game(
        club=other_club,
        variant="schieber",
        players=[
            members.add_player(club=other_club, name=name) for name in ("Ueli", "Vreni", "Walter", "Xaver")
        ],
        settings={},
        by=stranger,
    )
    elsewhere = evenings.start_evening(club=club, by=owner())
    in_another = schieber(club, players, A_WINS_6_TO_2, elsewhere)
    scorer = client_as("scorer")
    add = reverse("games:evening_add", args=[evening.pk])
    before = evening_rows()
    assert "No such game in this club." in messages_after(scorer, scorer.post(add, {"game": theirs.pk}))
    assert f"{in_another.title} belongs to another evening." in messages_after(
        scorer, scorer.post(add, {"game": in_another.pk})
    )
    for nonsense in ("", "abc", "-1", "0", "99999999999999999999", str(2**31)):
        assert "Choose one of the club&#x27;s games." in messages_after(
            scorer, scorer.post(add, {"game": nonsense})
        )
    assert "No such game in this club." in messages_after(scorer, scorer.post(add, {"game": "999999"}))
    # taking out a game of another evening (or club) through this evening's address changes nothing
    scorer.post(reverse("games:evening_remove", args=[evening.pk, in_another.pk]))
    scorer.post(reverse("games:evening_remove", args=[evening.pk, theirs.pk]))
    assert evening_rows() == before


def test_a_tournament_tables_game_joins_no_evening(
    club: Club, players: list[Player], client_as: Callable[..., Client]
) -> None:
    (table, *_) = tables(draw(make_event(club)))
    assert table.game.number is None
    evening = evenings.start_evening(club=club, by=owner())
    scorer = client_as("scorer")
    before = evening_rows()
    response = scorer.post(reverse("games:evening_add", args=[evening.pk]), {"game": table.game.pk})
    message = "A tournament table&#x27;s game belongs to its event, not to an evening."
    assert message in messages_after(scorer, response)
    assert evening_rows() == before
    page = scorer.get(reverse("games:evening", args=[evening.pk])).content.decode()
    assert f'<option value="{table.game.pk}"' not in page  # not offered either


NEW_SCHIEBER = {
    "variant": "schieber",
    "preset": "standard",
    "seat_1": "Anna",
    "seat_2": "Beat",
    "seat_3": "Cla",
    "seat_4": "Dora",
    "target": "2500",
    "match_bonus": "100",
    "multiply_weis": "on",
    **{
        f"multipliers.{mode}": str(factor)
        for mode, factor in (
            ("hearts", 1),
            ("diamonds", 2),
            ("spades", 2),
            ("clubs", 1),
            ("obenabe", 3),
            ("undenufe", 3),
        )
    },
}


@pytest.mark.parametrize("asked", ["theirs", "", "abc", "-1", "1e3", "9" * 30, "٣"])
def test_a_new_game_joins_no_evening_of_another_club(
    club: Club, other_club: Club, players: list[Player], client_as: Callable[..., Client], asked: str
) -> None:
    theirs = evenings.start_evening(club=other_club, by=User.objects.get(username="stranger"))
    ours = evenings.start_evening(club=club, by=owner())
    evening = str(theirs.pk) if asked == "theirs" else asked
    page = client_as("scorer").get(f"/clubs/zuerich/games/new/?evening={evening}")
    assert page.status_code == 200 and "Part of:" not in page.content.decode()
    game = game_of(client_as("scorer").post(f"/clubs/zuerich/games/new/?evening={evening}", NEW_SCHIEBER))
    assert game.evening_id is None
    assert not theirs.games.exists() and not ours.games.exists()


# ---- the share link --------------------------------------------------------------------------------------


def test_a_share_link_shows_its_evening_and_nothing_more(
    club: Club, players: list[Player], client_as: Callable[..., Client]
) -> None:
    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("0.50"), unit="mark")
    ours = schieber(club, players, A_WINS_6_TO_2, evening)
    other = evenings.start_evening(club=club, by=owner())
    not_ours = schieber(club, players[::-1], B_WINS_6_TO_2, other)
    token = evenings.share(evening=evening)
    evenings.share(evening=other)
    for client in (Client(), client_as("viewer"), client_as("stranger")):
        response = client.get(f"/evening/{token}/")
        page = response.content.decode()
        assert response.status_code == 200
        assert response["Referrer-Policy"] == "no-referrer" and response["X-Robots-Tag"] == "noindex"
        assert f'data-evening-game="{ours.pk}"' in page and f'data-evening-game="{not_ours.pk}"' not in page
        hrefs = read_sheet(response).hrefs
        assert [
            href for href in hrefs if "/games/" in href or "/clubs/" in href or "/evenings/" in href
        ] == []
        assert "evening.csv" not in page and "evening.json" not in page and "evening.xlsx" not in page
        assert "Anna pays" not in page and ("Beat pays" in page or "Dora pays" in page)
        # no form of the club's: stake, games, share
        assert 'method="post" action="/evenings/' not in page
    # the live poll asks for the sheet alone
    part = Client().get(f"/evening/{token}/", HTTP_HX_REQUEST="true")
    assert part.status_code == 200 and part.content.decode().lstrip().startswith('<div id="sheet"')
    for wrong in (
        token[:-1],
        token + "x",
        token.upper() if token.upper() != token else token.lower(),
        "x" * 101,
        token * 4,
    ):
        assert Client().get(f"/evening/{wrong}/").status_code == 404


def test_a_share_link_of_an_evening_in_a_private_club_is_all_an_outsider_sees(
    club: Club, players: list[Player], client_as: Callable[..., Client]
) -> None:
    evening = evenings.start_evening(club=club, by=owner())
    game = schieber(club, players, A_WINS_6_TO_2, evening)
    token = evenings.share(evening=evening)
    outsider = Client()
    assert outsider.get(f"/evening/{token}/").status_code == 200
    for path in (f"/evenings/{evening.pk}/", f"/evenings/{evening.pk}/evening.json", f"/games/{game.pk}/"):
        assert outsider.get(path).status_code == 302  # to sign in: a private club's pages stay closed
    assert client_as("stranger").get(f"/evenings/{evening.pk}/").status_code == 404


# ---- who may do what ----------------------------------------------------------------------------------

READS = ("games:evening", "games:evening_csv", "games:evening_xlsx", "games:evening_json")


@dataclass(frozen=True)
class Write:
    name: str
    data: Callable[[Evening, Game], dict[str, Any]]
    done: Callable[[Evening, Game], bool]
    """Whether the allowed write did its work."""


def evening_of(game: Game) -> int | None:
    return Game.objects.values_list("evening_id", flat=True).get(pk=game.pk)


WRITES = [
    Write(
        "games:evening_stake",
        lambda e, g: {"stake": "1.00", "unit": "game"},
        lambda e, g: e.stake == Decimal("1.00"),
    ),
    Write("games:evening_add", lambda e, g: {"game": g.pk}, lambda e, g: evening_of(g) == e.pk),
    Write("games:evening_remove", lambda e, g: {}, lambda e, g: not e.games.exists()),
    Write(
        "games:evening_share", lambda e, g: {}, lambda e, g: bool(e.share_token) and e.share_token != "old"
    ),
    Write("games:evening_unshare", lambda e, g: {}, lambda e, g: e.share_token is None),
]


def write_path(write: Write, evening: Evening, game: Game) -> str:
    if write.name == "games:evening_remove":
        return reverse(write.name, args=[evening.pk, evening.games.get().pk])
    return reverse(write.name, args=[evening.pk])


@pytest.fixture(params=[False, True], ids=["private", "public"])
def public(request: pytest.FixtureRequest, club: Club) -> bool:
    club.is_public = request.param
    club.save(update_fields=["is_public"])
    return request.param


@pytest.fixture
def evening_with_a_game(club: Club, players: list[Player], users: dict[str, User]) -> tuple[Evening, Game]:
    """The evening holds one game; another of the club's games is outside it (to add)."""
    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("0.50"), unit="mark")
    schieber(club, players, A_WINS_6_TO_2[:2], evening)
    outside = schieber(club, players, A_WINS_6_TO_2[:1], None)
    Evening.objects.filter(pk=evening.pk).update(share_token="old")
    evening.refresh_from_db()
    return evening, outside


@pytest.mark.parametrize("who", WHO)
def test_who_reads_an_evening(
    public: bool, evening_with_a_game: tuple[Evening, Game], client_as: Callable[..., Client], who: str
) -> None:
    evening, _ = evening_with_a_game
    rule = PUBLIC_READ if public else PRIVATE_READ
    client = client_as(None if who == "anonymous" else who)
    before = evening_rows()
    for name in READS:
        path = reverse(name, args=[evening.pk])
        response = client.get(path)
        if rule[who] == OK:
            assert response.status_code == 200, (name, who)
            shown = str(xlsx_rows(response)) if name.endswith("xlsx") else response.content.decode()
            assert "Anna" in shown
        else:
            assert_refused(response, rule[who], path)
    # the missing evening answers as a private club's does
    missing = reverse("games:evening", args=[evening.pk + 1000])
    assert_refused(client.get(missing), MISSING[who], missing)
    # starting an evening is the scorers'
    new = reverse("games:evening_new", args=["zuerich"])
    new_rule = PUBLIC_SCORER if public else PRIVATE_SCORER
    if new_rule[who] == OK:
        assert client.get(new).status_code == 200
    else:
        assert_refused(client.get(new), new_rule[who], new)
    # the share link, for anyone who has it
    assert client.get("/evening/old/").status_code == 200
    assert evening_rows() == before


@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("write", WRITES, ids=lambda write: write.name)
def test_who_changes_an_evening(
    public: bool,
    evening_with_a_game: tuple[Evening, Game],
    client_as: Callable[..., Client],
    write: Write,
    who: str,
) -> None:
    evening, outside = evening_with_a_game
    rule = PUBLIC_SCORER if public else PRIVATE_SCORER
    path = write_path(write, evening, outside)
    before = evening_rows()
    response = client_as(None if who == "anonymous" else who).post(path, write.data(evening, outside))
    evening.refresh_from_db()
    if rule[who] == OK:
        assert response.status_code == 302 and response["Location"] == reverse(
            "games:evening", args=[evening.pk]
        )
        assert write.done(evening, outside)
    else:
        assert_refused(response, rule[who], path)
        assert evening_rows() == before
    assert client_as("viewer").get(path).status_code == 405  # a write is never a GET


@pytest.mark.parametrize("who", WHO)
def test_who_starts_an_evening(public: bool, client_as: Callable[..., Client], who: str) -> None:
    rule = PUBLIC_SCORER if public else PRIVATE_SCORER
    path = reverse("games:evening_new", args=["zuerich"])
    response = client_as(None if who == "anonymous" else who).post(path, {"stake": "0.50", "unit": "mark"})
    if rule[who] == OK:
        evening = Evening.objects.get()
        assert response["Location"] == reverse("games:evening", args=[evening.pk])
        assert evening.created_by == User.objects.get(username=who)
    else:
        assert_refused(response, rule[who], path)
        assert not Evening.objects.exists()


def test_only_the_scorers_are_offered_the_evenings_forms(
    public: bool, evening_with_a_game: tuple[Evening, Game], client_as: Callable[..., Client]
) -> None:
    evening, _ = evening_with_a_game
    path = reverse("games:evening", args=[evening.pk])
    readers = ("viewer", "anonymous", "stranger") if public else ("viewer",)
    for who in ("scorer", "admin", "owner", *readers):
        page = client_as(None if who == "anonymous" else who).get(path).content.decode()
        offered = 'action="/evenings/' in page or "/games/new/?evening=" in page
        assert offered is (who not in readers), who


# ---- what it costs --------------------------------------------------------------------------------------

MAX_EVENING_QUERIES = 8
"""Session, user, the evening with its club and role, its games, their seats, the games a member may add."""


def evening_of_games(club: Club, players: list[Player], count: int) -> Evening:
    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("0.50"), unit="mark")
    for index in range(count):
        deals = A_WINS_6_TO_2 if index % 2 else B_WINS_6_TO_2[:3]
        if index % 3 == 2:
            game = services.create_game(
                club=club, variant="differenzler", players=players, settings={}, by=owner(), evening=evening
            )
            play(
                game,
                [
                    {
                        "trump": "hearts",
                        "predictions": {"Anna": 40, "Beat": 0, "Cla": 60, "Dora": 50},
                        "points": {"Anna": 37, "Beat": 0, "Cla": 70, "Dora": 50},
                    }
                ],
                by=owner(),
            )
        else:
            schieber(club, players[index % 2 :] + players[: index % 2], deals, evening)
    return evening


def test_the_evening_page_costs_the_same_with_2_and_12_games(
    club: Club, players: list[Player], client_as: Callable[..., Client], django_assert_max_num_queries: Any
) -> None:
    scorer = client_as("scorer")
    counts = []
    for count in (2, 12):
        evening = evening_of_games(club, players, count)
        for name in ("games:evening", "games:evening_json"):
            scorer.get(reverse(name, args=[evening.pk]))  # the session's first read, not counted
        with CaptureQueriesContext(connection) as queries:
            assert scorer.get(reverse("games:evening", args=[evening.pk])).status_code == 200
        counts.append(len(queries))
        token = evenings.share(evening=evening)
        with CaptureQueriesContext(connection) as shared:
            assert Client().get(f"/evening/{token}/").status_code == 200
        counts.append(len(shared))
    assert counts[0] == counts[2] and counts[1] == counts[3], counts
    # session, user, evening with its club and role; games, seats; the games a member may add
    with django_assert_max_num_queries(MAX_EVENING_QUERIES):
        scorer.get(reverse("games:evening", args=[evening.pk]))
    with django_assert_max_num_queries(MAX_EVENING_QUERIES):
        scorer.get(reverse("games:evening_json", args=[evening.pk]))


def test_the_game_page_of_a_game_in_an_evening_stays_within_its_queries(
    club: Club, players: list[Player], client_as: Callable[..., Client], django_assert_max_num_queries: Any
) -> None:
    evening = evening_of_games(club, players, 12)
    game = evening.games.order_by("pk")[5]
    scorer = client_as("scorer")
    scorer.get(reverse("games:game", args=[game.pk]))
    with django_assert_max_num_queries(MAX_PAGE_QUERIES):
        page = scorer.get(reverse("games:game", args=[game.pk]))
    assert "game 6 of 12" in page.content.decode()


def test_the_shared_page_speaks_the_clubs_language(club: Club, players: list[Player]) -> None:
    """As every page of the club: a share link opened at home reads in the club's language, its money
    written as the club writes it."""
    club.language = "fr"
    club.save(update_fields=["language"])
    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("0.50"), unit="mark")
    schieber(club, players, A_WINS_6_TO_2, evening)
    response = Client(HTTP_ACCEPT_LANGUAGE="de-CH").get(f"/evening/{evenings.share(evening=evening)}/")
    assert response["Content-Language"] == "fr"
    assert "2,00" in response.content.decode() and "2.00" not in response.content.decode()


def test_partners_who_swap_seats_are_one_side(club: Club, players: list[Player]) -> None:
    """Anna & Cla are team A in game 1 and team B in game 2 (Cla, Anna, Dora, Beat is seated as B, A, B, A):
    still one side, 2 games; Beat & Dora too. Game 1: A 1004, 6 marks; game 2: B (Anna & Cla) 358, 2 marks."""
    anna, beat, cla, dora = players
    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("0.50"), unit="mark")
    schieber(club, [anna, beat, cla, dora], A_WINS_6_TO_2, evening)
    schieber(club, [beat, cla, dora, anna], A_WINS_6_TO_2, evening)  # A: Beat & Dora, B: Cla & Anna
    (total,) = evenings.evening_sheet(evening).sums
    rows = {row.label: (row.games, row.marks, row.points, row.won) for row in total.ranked}
    assert rows == {"Anna & Cla": (2, 8, 1362, 1), "Beat & Dora": (2, 8, 1362, 1)}


def test_a_stake_per_game_with_no_game_finished_owes_nothing_yet(
    club: Club, players: list[Player], client_as: Callable[..., Client]
) -> None:
    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("1.00"), unit="game")
    schieber(club, players, A_WINS_6_TO_2[:2], evening)  # running: no game won yet
    sheet = evenings.evening_sheet(evening)
    assert (sheet.stake_applies, sheet.payments) == (False, [])
    page = client_as("viewer").get(reverse("games:evening", args=[evening.pk])).content.decode()
    assert "No game of this evening counts in the stake's unit yet." in page
    assert "Nobody owes anybody anything." not in page


def test_a_shared_page_open_at_home_says_when_its_link_is_revoked(club: Club, players: list[Player]) -> None:
    """Its poll gets 286 (htmx stops asking) and the words in place of the sums."""
    evening = evenings.start_evening(club=club, by=owner())
    schieber(club, players, A_WINS_6_TO_2, evening)
    token = evenings.share(evening=evening)
    url = reverse("games:evening_shared", args=[token])
    assert Client().get(url, HTTP_HX_REQUEST="true").status_code == 200
    evenings.revoke_share(evening=evening)
    answer = Client().get(url, HTTP_HX_REQUEST="true")
    assert answer.status_code == 286
    gone = "This link shows nothing: it was revoked, or it never existed."
    assert answer.content.decode() == f'<div id="sheet"><p role="alert">{gone}</p></div>'
    assert Client().get(url).status_code == 404


def test_a_club_export_carries_no_share_link(club: Club, players: list[Player]) -> None:
    from scorekeeper.clubdata.exporting import export_club

    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("0.50"), unit="mark")
    schieber(club, players, A_WINS_6_TO_2, evening)
    token = evenings.share(evening=evening)
    document = json.dumps(export_club(club))
    assert token not in document
    (exported,) = export_club(club)["club"]["evenings"]
    assert (exported["stake"], exported["stake_unit"], "share_token" in exported) == ("0.50", "mark", False)
