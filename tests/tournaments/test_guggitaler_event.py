"""A Guggitaler individual event: 12 players, four to a table, two passes of one round each (six deals with
the Domino), entered on each table's phone through its link and confirmed with two personal codes; the
standings rank the lowest total first.

The entries go by seat (s1 to s4, in seat order), so each seat's pass total is worked out by hand below,
whoever the draw put there.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

import pytest
from django.test import Client

from scorekeeper.games.models import Club, Game
from tournaments.formats import FORMATS
from tournaments.models import Table
from tournaments.selectors import standings

from .builders import codes_of_two_sides, draw, make_event, tables

# Pass 1, every table alike up to the Domino: tricks 3, 2, 4, 0 (15, 10, 20, 0); Schellen 2, 3, 1, 3 (20, 30,
# 10, 30); Ober 1, 0, 2, 1 (20, 0, 40, 20); the Rosen König s4 (40); the last trick s1 (50):
# s1 105, s2 40, s3 70, s4 90 (305). The Domino's order differs from table to table (-150, -100, -55, 0).
PASS_1_DOMINO = ([1, 3, 0, 2], [0, 1, 2, 3], [3, 2, 1, 0])
"""Seat indexes, first out first, at tables 1, 2, 3."""
PASS_1_TOTALS = (
    (50, -110, 70, -10),  # table 1: s2 -150, s4 -100, s1 -55, s3 0
    (-45, -60, 15, 90),  # table 2: s1 -150, s2 -100, s3 -55, s4 0
    (105, -15, -30, -60),  # table 3: s4 -150, s3 -100, s2 -55, s1 0
)
# Pass 2, every table: tricks all s2 (45), Schellen all s1 (90), Ober all s3 (80), the Rosen König and the
# last trick s4 (40 + 50); the Domino s1, s2, s3, s4: s1 90-150 = -60, s2 45-100 = -55, s3 80-55 = 25,
# s4 90+0 = 90.
PASS_2_TOTALS = (-60, -55, 25, 90)


def counts(number: int, game: str, *values: int) -> dict[str, Any]:
    data = {"number": number, "client_token": str(uuid.uuid4()), "game": game}
    return data | {f"counts_{index}": value for index, value in enumerate(values)}


def named(number: int, game: str, player: str) -> dict[str, Any]:
    return {"number": number, "client_token": str(uuid.uuid4()), "game": game, "player": player}


def domino(number: int, order: list[str]) -> dict[str, Any]:
    data = {"number": number, "client_token": str(uuid.uuid4()), "game": "domino"}
    return data | {f"order_{index}": player for index, player in enumerate(order)}


def seat_names(table: Table) -> list[str]:
    """The names the table's game uses, in seat order."""
    game = Game.objects.get(pk=table.game_id)
    return list(game.seats.order_by("position").values_list("name", flat=True))


def enter_round(phone: Client, table: Table, posts: list[dict[str, Any]]) -> None:
    for data in posts:
        response = phone.post(f"/t/{table.token}/deals/", data)
        assert response.status_code == 302, response.content.decode()[:2000]


def confirm_by_codes(phone: Client, table: Table) -> None:
    """Two players of the table type their personal codes on its phone."""
    for code in codes_of_two_sides(table):
        response = phone.post(f"/t/{table.token}/confirm/", {"code": code}, follow=True)
        assert response.redirect_chain == [(f"/t/{table.token}/", 302)]
    assert Table.objects.get(pk=table.pk).locked


def pass_1(names: list[str], table_index: int) -> list[dict[str, Any]]:
    s1, _, _, s4 = names
    return [
        counts(1, "tricks", 3, 2, 4, 0),
        counts(2, "schellen", 2, 3, 1, 3),
        counts(3, "ober", 1, 0, 2, 1),
        named(4, "rosen_koenig", s4),
        named(5, "last_trick", s1),
        domino(6, [names[index] for index in PASS_1_DOMINO[table_index]]),
    ]


def pass_2(names: list[str]) -> list[dict[str, Any]]:
    s4 = names[3]
    return [
        counts(1, "tricks", 0, 9, 0, 0),
        counts(2, "schellen", 9, 0, 0, 0),
        counts(3, "ober", 0, 0, 4, 0),
        named(4, "rosen_koenig", s4),
        named(5, "last_trick", s4),
        domino(6, names),
    ]


def test_guggitaler_is_an_individual_format_of_four_to_a_table() -> None:
    facts = FORMATS["guggitaler"]
    assert (facts.variant, facts.table_size, facts.fixed_pairs, facts.uses_deal_limit) == (
        "guggitaler",
        4,
        False,
        False,
    )
    assert facts.lowest_wins is True
    assert facts.partners is False


@pytest.mark.django_db
def test_twelve_players_two_passes_through_the_table_links(club: Club) -> None:
    event = make_event(club, players=12, passes=2, format="guggitaler")
    phone = Client()
    expected: dict[str, int] = {}
    first = tables(draw(event))
    assert [len(seat_names(table)) for table in first] == [4, 4, 4]
    for index, table in enumerate(first):
        names = seat_names(table)
        page = phone.get(f"/t/{table.token}/").content.decode()
        assert re.search(r"Deal 1\s*· Tricks", page)
        wrong = counts(1, "tricks", 3, 2, 3, 0)  # 8 of 9: refused, nothing saved
        refused = phone.post(f"/t/{table.token}/deals/", wrong)
        assert refused.status_code == 422
        assert "Tricks: 8 of 9 entered." in refused.content.decode()
        assert not Game.objects.get(pk=table.game_id).deals.exists()
        enter_round(phone, table, pass_1(names, index))
        game = Game.objects.get(pk=table.game_id)
        assert game.finished
        assert [game.totals[name] for name in names] == list(PASS_1_TOTALS[index])
        confirm_by_codes(phone, table)
        expected.update({name: PASS_1_TOTALS[index][seat] for seat, name in enumerate(names)})

    second = tables(draw(event))
    for table in second:
        names = seat_names(table)
        enter_round(phone, table, pass_2(names))
        assert [Game.objects.get(pk=table.game_id).totals[name] for name in names] == list(PASS_2_TOTALS)
        confirm_by_codes(phone, table)
        for seat, name in enumerate(names):
            expected[name] += PASS_2_TOTALS[seat]

    lines = standings(event)
    shown = {line.name: line.standing.total for line in lines}
    assert shown == expected
    # The seed draws pass 1: Lea, Cla, Ida, Dora / Edi, Fränzi, Heidi, Beat / Gusti, Kari, Anna, Jörg; pass 2:
    # Cla, Heidi, Kari, Ida / Dora, Jörg, Fränzi, Edi / Beat, Lea, Gusti, Anna. By hand: Cla -110-60 = -170,
    # Jörg -60-55 = -115, Dora -10-60 = -70, Heidi 15-55 = -40, Fränzi -60+25 = -35, Lea 50-55 = -5,
    # Kari -15+25 = 10, Beat 90-60 = 30, Edi -45+90 = 45, Anna -30+90 = 60, Gusti 105+25 = 130,
    # Ida 70+90 = 160.
    assert [(line.standing.rank, line.name, line.standing.total) for line in lines] == [
        (1, "Cla", -170),
        (2, "Jörg", -115),
        (3, "Dora", -70),
        (4, "Heidi", -40),
        (5, "Fränzi", -35),
        (6, "Lea", -5),
        (7, "Kari", 10),
        (8, "Beat", 30),
        (9, "Edi", 45),
        (10, "Anna", 60),
        (11, "Gusti", 130),
        (12, "Ida", 160),
    ]
    assert sum(shown.values()) == 0  # every table: 305 in penalties, -305 in Domino places, twice
