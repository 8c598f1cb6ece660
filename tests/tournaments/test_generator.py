"""The generator (benchmarks) and the demo tournament (`make run`): valid, played, reproducible events."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from scorekeeper.games.models import Club, Deal, DealChange
from tests.tournaments.test_prints import rows, totals_from_deals
from tournaments import seating
from tournaments.management.commands import demo_tournament
from tournaments.models import Table, Tournament
from tournaments.selectors import standings
from tournaments.services import past_draws

PLAYERS, PASSES, DEALS = 16, 3, 4


def generate(seed: int = 7, **options: Any) -> Tournament:
    out = io.StringIO()
    options = {
        "players": PLAYERS,
        "passes": PASSES,
        "deals": DEALS,
        "seed": seed,
        "club": "zuerich",
        **options,
    }
    call_command("generate_tournament", stdout=out, **options)
    assert " s\n" in out.getvalue()  # the time taken
    return Tournament.objects.order_by("-pk").first()


def seatings(tournament: Tournament) -> list[list[tuple[int, ...]]]:
    """Each pass's tables by start number: comparable across two tournaments."""
    numbers = dict(tournament.entrants.values_list("pk", "number"))
    return [
        [tuple(numbers[pk] for pk in table.seats) for table in draw.tables] for draw in past_draws(tournament)
    ]


def matches(game_id: int) -> int:
    return sum(
        1
        for entry in Deal.objects.filter(game_id=game_id).values_list("entry", flat=True)
        if "match" in entry
    )


def results(tournament: Tournament) -> list[tuple[Any, ...]]:
    return [
        (line.number, line.name, line.standing.total, line.standing.passes) for line in standings(tournament)
    ]


@pytest.mark.parametrize("format", ["einzelschieber", "team_schieber"])
def test_every_pass_is_drawn_played_and_confirmed(club: Club, format: str) -> None:
    tournament = generate(format=format)
    tables = Table.objects.filter(pass_played__tournament=tournament).select_related("game")
    assert tournament.pass_set.count() == PASSES
    assert len(tables) == PASSES * PLAYERS // 4
    assert all(table.locked and table.game.finished for table in tables)
    # 157 a deal, and a match 100 more (the preset counts a match 257)
    assert all(
        sum(table.game.totals.values()) == DEALS * 157 + 100 * matches(table.game_id) for table in tables
    )
    assert Deal.objects.filter(game__tournament_table__pass_played__tournament=tournament).count() == (
        len(tables) * DEALS
    )
    assert not DealChange.objects.exists()  # made up, not entered: no audit rows


def test_no_repeated_partners(club: Club) -> None:
    tournament = generate()
    assert seating.count_repeats(past_draws(tournament)).partners == 0


def test_totals_are_conserved(club: Club) -> None:
    """Flat multipliers, no Weis: 157 per deal and 100 more per match, and both partners score it."""
    tournament = generate()
    lines = standings(tournament)
    played = Deal.objects.filter(game__tournament_table__pass_played__tournament=tournament)
    assert played.count() == PASSES * (PLAYERS // 4) * DEALS
    match_bonuses = 100 * sum(1 for entry in played.values_list("entry", flat=True) if "match" in entry)
    assert match_bonuses == 300  # seed 7 deals three matches
    assert sum(line.standing.total for line in lines) == 2 * (played.count() * 157 + match_bonuses)


def test_a_seed_reproduces_the_event(club: Club) -> None:
    first, again, other = generate(seed=7), generate(seed=7), generate(seed=8)
    assert seatings(first) == seatings(again)
    assert results(first) == results(again)
    assert results(first) != results(other)


def test_the_standings_equal_a_hand_count_from_the_results_csv(
    club: Club, client_as: Callable[[str | None], Client]
) -> None:
    tournament = generate()
    director = client_as("admin")
    deals = rows(director.get(reverse("tournaments:export_deals", args=[tournament.slug])))
    table = rows(director.get(reverse("tournaments:export_standings", args=[tournament.slug])))
    assert len(deals) == 1 + PASSES * (PLAYERS // 4) * DEALS
    assert totals_from_deals(deals) == {line[2]: int(line[3]) for line in table[1:]}


def test_its_own_club_when_none_is_given(db: None) -> None:
    tournament = generate(club=None)
    assert tournament.club.slug == "generated"
    assert generate(club=None, seed=8).club == tournament.club  # and the same roster next time
    assert tournament.club.players.count() == PLAYERS


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, "at least 4 players"),
        ({"format": "team_schieber", "players": 17}, "even number"),
        ({"club": "nowhere"}, "No club"),
    ],
)
def test_refusals(club: Club, options: dict[str, Any], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        generate(**options)


# ---- the demo --------------------------------------------------------------------------------------------


def test_demo_has_a_running_tournament_and_is_idempotent(db: None) -> None:
    call_command("demo_tournament", stdout=io.StringIO())
    out = io.StringIO()
    call_command("demo_tournament", stdout=out)
    assert "exists already" in out.getvalue()
    tournament = Tournament.objects.get()
    assert tournament.club.slug == "demo" and tournament.entrants.filter(checked_in=True).count() == 16
    first, second = tournament.pass_set.order_by("number")
    assert all(table.locked for table in first.tables.all())
    played = [table.game.deals.count() for table in second.tables.order_by("number")]
    assert played == list(demo_tournament.PASS_2_DEALS)
    assert not any(table.locked for table in second.tables.all())
    assert seating.count_repeats(past_draws(tournament)).partners == 0
    assert len(standings(tournament)) == 16
