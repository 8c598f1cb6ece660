"""`manage.py generate_tournament --players 2000 --passes 10 --seed 1`: a played event, for the benchmarks.

Each pass is drawn by services.draw_next_pass, as the director's button draws it. The deals are made up
from the seed (sample.schieber_deals: valid, 157 per deal and 100 more a match) and scored per table by
the rules engine like record_deal scores them; but they are written in bulk, with no audit rows: 60,000
record_deal calls, each rescoring its whole game, would take far longer than a benchmark should wait.
"""

from __future__ import annotations

import random
import time
import uuid
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone

from scorekeeper import rules
from scorekeeper.games import members, summaries
from scorekeeper.games import services as games
from scorekeeper.games.models import Club, Deal, Game, Player, Seat

from ... import sample, services
from ...formats import format_facts
from ...models import Entrant, Format, Pass, Table, Tournament, Visibility, free_codes

GENERATOR = "generator"
FORMATS = [Format.EINZELSCHIEBER.value, Format.TEAM_SCHIEBER.value]


class Command(BaseCommand):
    help = "Create a tournament with N checked-in players and K passes drawn and fully played, from a seed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--passes", type=int, required=True)
        parser.add_argument("--deals", type=int, default=12, help="Deals per pass (default 12).")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--format", choices=FORMATS, default=Format.EINZELSCHIEBER.value)
        parser.add_argument("--club", help="Slug of an existing club (default: a club named Generated).")

    def handle(self, *args: Any, **options: Any) -> None:
        players, passes, deals = options["players"], options["passes"], options["deals"]
        if players < 4 or passes < 1 or deals < 1:
            raise CommandError("Give at least 4 players, 1 pass and 1 deal.")
        if options["format"] == Format.TEAM_SCHIEBER and players % 2:
            raise CommandError("Team Schieber needs an even number of players.")
        started = time.perf_counter()
        try:
            with transaction.atomic():
                tournament = generate(
                    club=_club(options["club"]),
                    players=players,
                    passes=passes,
                    deals=deals,
                    seed=options["seed"],
                    format=options["format"],
                )
        except services.TournamentError as error:
            raise CommandError(error.message) from None
        elapsed = time.perf_counter() - started
        played = Deal.objects.filter(game__tournament_table__pass_played__tournament=tournament).count()
        self.stdout.write(
            f"Generated {tournament.slug}: {players} players, {passes} passes, {played} deals "
            f"in {elapsed:.1f} s"
        )


def _generator() -> User:
    user, created = User.objects.get_or_create(username=GENERATOR)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def _club(slug: str | None) -> Club:
    if slug:
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"No club with the slug {slug!r}.")
        return club
    club = Club.objects.filter(slug="generated").first()
    return club or members.create_club(name="Generated", slug="generated", owner=_generator())


def generate(*, club: Club, players: int, passes: int, deals: int, seed: int, format: str) -> Tournament:
    """The whole event; the same seed gives the same seating and the same results."""
    tournament = start_event(club=club, players=players, passes=passes, deals=deals, seed=seed, format=format)
    for _ in range(passes):
        play_pass(services.draw_next_pass(tournament=tournament, by=_generator()), seed)
    return tournament


def start_event(*, club: Club, players: int, passes: int, deals: int, seed: int, format: str) -> Tournament:
    """The tournament with its players registered and checked in, no pass drawn yet."""
    tournament = services.create_tournament(
        club=club,
        name=f"Generated {players} players x {passes}, seed {seed}",
        format=format,
        by=_generator(),
        passes=passes,
        deals_per_pass=deals,
        seed=seed,
        visibility=Visibility.PUBLIC,  # read anonymously, as spectators read a big event
    )
    _entrants(tournament, players)
    return tournament


def play_pass(drawn: Pass, seed: int) -> None:
    """Every table of a drawn pass played and confirmed (what `make bench` builds its event from)."""
    _play(drawn, seed, _generator())


def _entrants(tournament: Tournament, count: int) -> None:
    """Roster players by name (created once per club), all checked in; pairs in start-number order."""
    names = [sample.player_name(index) for index in range(count)]
    known = set(Player.objects.filter(club=tournament.club, name__in=names).values_list("name", flat=True))
    Player.objects.bulk_create(Player(club=tournament.club, name=name) for name in names if name not in known)
    ids = dict(Player.objects.filter(club=tournament.club, name__in=names).values_list("name", "pk"))
    codes = free_codes(set(tournament.entrants.values_list("code", flat=True)), count)
    entrants = Entrant.objects.bulk_create(
        Entrant(tournament=tournament, player_id=ids[name], number=number, checked_in=True, code=code)
        for number, (name, code) in enumerate(zip(names, codes, strict=True), 1)
    )
    if format_facts(tournament.format).fixed_pairs:
        if any(entrant.pk is None for entrant in entrants):
            entrants = list(tournament.entrants.order_by("number"))
        for first, second in zip(entrants[::2], entrants[1::2], strict=True):
            first.partner = second
        Entrant.objects.bulk_update(entrants[::2], ["partner"])


def _play(drawn: Pass, seed: int, by: User) -> None:
    """Every table's deals, scored by the rules engine and written in bulk; then every table confirmed."""
    tables = list(drawn.tables.select_related("game").order_by("number"))
    seats = _seat_names(drawn)
    played: list[tuple[Deal, rules.DealResult]] = []
    for table in tables:
        rng = random.Random(f"{seed}/{drawn.number}/{table.number}")
        played.extend(_deals(table.game, seats[table.game_id], rng, by))
    Deal.objects.bulk_create([deal for deal, _ in played], batch_size=2000)
    _check_keys([deal for deal, _ in played])
    Game.objects.bulk_update(
        [table.game for table in tables],
        ["totals", "side_sums", "summary", "state", "finished", "winner", "revision"],
        batch_size=1000,
    )
    Table.objects.filter(pass_played=drawn).update(confirmed_at=timezone.now())


def _seat_names(drawn: Pass) -> dict[int, list[str]]:
    names: dict[int, list[str]] = {}
    for game, name in (
        Seat.objects.filter(game__tournament_table__pass_played=drawn)
        .order_by("game_id", "position")
        .values_list("game_id", "name")
    ):
        names.setdefault(game, []).append(name)
    return names


def _deals(game: Game, seats: list[str], rng: random.Random, by: User) -> list[tuple[Deal, rules.DealResult]]:
    """A table's pass: the entries, the engine's result stored on the game like record_deal stores it."""
    entries = sample.schieber_deals(rng, game.deal_limit or 0)
    result = rules.score_game(game.variant, seats, game.settings, entries, deal_limit=game.deal_limit)
    game.totals, game.finished = dict(result.totals), result.finished
    game.side_sums, game.summary = games.side_sums(result.deals), summaries.game_summary(result)
    game.state = dict(result.state)
    game.winner, game.revision = result.winner or "", len(entries)
    return [
        (
            Deal(
                game=game,
                number=number,
                entry=entry,
                client_token=uuid.UUID(int=rng.getrandbits(128), version=4),
                created_by=by,
            ),
            scored,
        )
        for number, (entry, scored) in enumerate(zip(entries, result.deals, strict=True), 1)
    ]


def _check_keys(deals: list[Deal]) -> None:
    """bulk_create sets the new keys on PostgreSQL and SQLite 3.35+; read them back anywhere else."""
    if all(deal.pk is not None for deal in deals):
        return
    keys = {
        (game, number): pk
        for pk, game, number in Deal.objects.filter(game__in={deal.game_id for deal in deals}).values_list(
            "pk", "game_id", "number"
        )
    }
    for deal in deals:
        deal.pk = keys[deal.game_id, deal.number]
