"""Evenings: the games a table plays in a night, summed per side and settled at the stake.

Hand-computed: the worked example of docs/rules.md ("Marks") gives A 1004 points and 6 marks, B 358 and 2.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scorekeeper.games import evenings, services
from scorekeeper.games.models import Club, Evening, Game, Player
from tests.conftest import play

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


def test_the_evening_page_and_its_files(club: Club, players: list[Player], client_as: Callable[..., Client]) -> None:
    evening = evenings.start_evening(club=club, by=owner(), stake=Decimal("0.50"), unit="mark")
    schieber(club, players, A_WINS_6_TO_2, evening)
    page = client_as("viewer").get(reverse("games:evening", args=[evening.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Beat pays" in text or "Dora pays" in text
    data = json.loads(client_as("viewer").get(reverse("games:evening_json", args=[evening.pk])).content)
    assert data["sums"][0]["sides"][0] == {"side": "Anna & Cla", "rank": 1, "points": 1004, "won": 1, "marks": 6}
    assert {p["amount"] for p in data["payments"]} == {"2.00"}
