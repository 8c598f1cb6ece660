"""The player page figure of `make bench`: a player with 1000 games, 12,000 deals.

The games are 12-deal Schieber games (the length of a tournament pass), with entries made up from a seed
and scored by the rules engine, written in bulk like the tournament generator writes them. The player
sits in team A and team B in turn, beside and against a rotating crowd of twelve others.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scorekeeper import rules
from scorekeeper.games import members, services, summaries
from scorekeeper.games.models import Deal, Game, Player, Seat
from tournaments import sample

from .games import Figure, analyze, median_ms

GAMES, DEALS, OTHERS, SEED = 1000, 12, 12, 2026
SETTINGS = {"multipliers": "flat", "match_bonus": 0, "target": 10**9}


def player_page(games: int = GAMES, repeat: int = 7) -> Iterator[Figure]:
    """The server time of the player's page (its first page of games, every statistic and chart)."""
    player = player_with_games(games)
    analyze()
    client = Client()
    url = reverse("players:player", args=[player.club.slug, player.pk])

    def get() -> None:
        response = client.get(url)
        assert response.status_code == 200, response.status_code

    get()  # the first request warms the templates, as a running server has
    yield "player_page_ms", round(median_ms(get, repeat)), "ms"


def player_with_games(count: int, deals: int = DEALS) -> Player:
    """A player of a public club with `count` finished games of `deals` deals."""
    owner = User.objects.create_user(f"bench-{uuid.uuid4().hex[:8]}")
    club = members.create_club(name="Bench players", slug=f"players-{uuid.uuid4().hex[:8]}", owner=owner)
    club.is_public = True
    club.save(update_fields=["is_public"])
    crowd = [members.add_player(club=club, name=sample.player_name(i)) for i in range(OTHERS + 1)]
    player, others = crowd[0], crowd[1:]
    rng = random.Random(SEED)
    played = Game.objects.bulk_create(
        Game(club=club, variant="schieber", settings=SETTINGS, deal_limit=deals, created_by=owner)
        for _ in range(count)
    )
    seats, rows = [], []
    for index, game in enumerate(played):
        three = rng.sample(others, 3)
        order = [player, *three] if index % 2 == 0 else [three[0], player, *three[1:]]
        seats += [Seat(game=game, position=p, player=who, name=who.name) for p, who in enumerate(order, 1)]
        rows += _play(game, [who.name for who in order], rng, deals)
    Seat.objects.bulk_create(seats)
    Deal.objects.bulk_create([deal for deal, _ in rows], batch_size=2000)
    derived = ["totals", "side_sums", "summary", "state", "finished", "winner", "revision"]
    Game.objects.bulk_update(played, derived, batch_size=500)
    return player


def _play(
    game: Game, names: list[str], rng: random.Random, deals: int
) -> list[tuple[Deal, rules.DealResult]]:
    """The game's deals, and its totals, side sums and winner set on it as record_deal stores them."""
    entries = sample.schieber_deals(rng, deals)
    result = rules.score_game("schieber", names, SETTINGS, entries, deal_limit=deals)
    game.totals, game.side_sums = dict(result.totals), services.side_sums(result.deals)
    game.summary, game.state = summaries.game_summary(result), dict(result.state)
    game.finished, game.winner, game.revision = result.finished, result.winner or "", deals
    return [
        (Deal(game=game, number=number, entry=entry), scored)
        for number, (entry, scored) in enumerate(zip(entries, result.deals, strict=True), 1)
    ]
