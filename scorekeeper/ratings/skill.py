"""Player ratings per variant, with openskill's Plackett-Luce model: pure, no Django.

Why openskill: a maintained, published model (Weng and Lin 2011) that rates teams and many-player
games alike, so Schieber and Coiffeur pairs and a five-player Putz use the same update.

- A rating is a belief about skill: mu (the estimate, 25 to start) and sigma (the doubt, 25/3 to start).
  The number players see is the **ordinal** mu - 3 sigma: it starts at 0 and rises as a player wins and
  as the doubt shrinks, so a newcomer with one lucky win does not top the leaderboard.
- Schieber and Coiffeur are rated by team: the two partner pairs (seats 1 & 3 against 2 & 4), so both
  winners gain alike and both losers lose alike. Every other variant rates each player alone, all
  players of the game at once by their place.
- Places come from the game's ranking (equal places are a draw between them); a tournament rates its
  entrants by their final places, partners of fixed pairs as one team.
- The model's defaults are kept (mu 25, sigma 25/3, beta 25/6, tau 25/300): the library's documented
  examples hold for this wrapper, and there is no tuning that a club would have to trust us on.
- Known limit, kept rather than patched: openskill 6.2.0's Plackett-Luce moves a player placed just
  below a shared first place like the winners (four players placed 1, 1, 3, 4: the third gains what the
  two winners gain; openskill.py issue #155, fix proposed in its PR #176). A two-side draw and ties
  lower down are sound. When a release fixes it, `recompute_ratings` replays the history with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from scorekeeper import rules
from scorekeeper.rules.base import Placing

MODEL = PlackettLuce()
Z = 3
"""How many sigmas the shown rating stays below mu: 3 is openskill's (and TrueSkill's) convention."""


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The rating shown: a cautious estimate, mu - 3 sigma."""
        return self.mu - Z * self.sigma


DEFAULT = Skill(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True, order=True)
class Participant:
    """One player in a rated game or event: the team they played for and the team's place."""

    player: int
    team: str
    rank: int


def team_of(
    variant: str, position: int, name: str, settings: Mapping[str, Any] | None = None, seat_count: int = 0
) -> str:
    """The side a seat plays for: team A (seats 1, 3) or B (2, 4) in team variants, the team the game's
    settings chose (a Free board in teams), else the player."""
    return rules.side_of_seat(variant, position, name, settings, seat_count)


def game_participants(
    variant: str,
    seats: Iterable[tuple[int, int, str]],
    ranking: Sequence[Placing],
    settings: Mapping[str, Any] | None = None,
) -> tuple[Participant, ...]:
    """Each seated player with their side's place; `seats` are (player id, position, seat name), and
    `settings` the game's (its teams, where they are a setting)."""
    places = {placing.side: placing.rank for placing in ranking}
    seated = list(seats)
    found = []
    for player, position, name in seated:
        team = team_of(variant, position, name, settings, len(seated))
        if team in places:
            found.append(Participant(player, team, places[team]))
    return tuple(sorted(found))


def event_participants(
    places: Mapping[int, int], partners: Mapping[int, int] | None = None
) -> tuple[Participant, ...]:
    """A tournament's players by final place; fixed partners (player -> partner) are one team."""
    partners = partners or {}
    found = []
    for player, place in places.items():
        mate = partners.get(player)
        team = "-".join(str(p) for p in sorted({player, mate} - {None}))
        found.append(Participant(player, team, place))
    return tuple(sorted(found))


def winners(participants: Iterable[Participant]) -> frozenset[int]:
    """The players of the one team placed first; nobody when first place is shared."""
    first = {p.team for p in participants if p.rank == 1}
    if len(first) != 1:
        return frozenset()
    return frozenset(p.player for p in participants if p.team in first)


def rate(participants: Sequence[Participant], skills: Mapping[int, Skill]) -> dict[int, Skill]:
    """Everyone's skill after this game, from their skills before it (DEFAULT for the unknown).

    Fewer than two teams is no contest: nobody's rating moves, and the answer is empty.
    """
    teams: dict[str, list[Participant]] = {}
    for participant in participants:
        teams.setdefault(participant.team, []).append(participant)
    if len(teams) < 2:
        return {}
    members = list(teams.values())
    rated = MODEL.rate(
        [[_rating(skills.get(p.player, DEFAULT)) for p in team] for team in members],
        ranks=[float(min(p.rank for p in team)) for team in members],
    )
    return {
        p.player: Skill(new.mu, new.sigma)
        for team, new_team in zip(members, rated, strict=True)
        for p, new in zip(team, new_team, strict=True)
    }


def _rating(skill: Skill) -> PlackettLuceRating:
    return MODEL.rating(mu=skill.mu, sigma=skill.sigma)


GAME, TOURNAMENT = 0, 1

Key = tuple[datetime, int, int]
"""The order of the history: (when it finished, GAME or TOURNAMENT, its id); a tie goes to the game."""


@dataclass(frozen=True)
class Event:
    """A finished game or tournament as the ratings see it."""

    key: Key
    participants: tuple[Participant, ...]

    @property
    def kind(self) -> int:
        return self.key[1]

    @property
    def pk(self) -> int:
        return self.key[2]


@dataclass(frozen=True)
class Change:
    """One player's rating before and after one event."""

    event: Event
    participant: Participant
    before: Skill
    after: Skill
    won: bool


def replay(events: Iterable[Event], start: Mapping[int, Skill]) -> Iterator[Change]:
    """Rate the events in order, each on top of the skills the earlier ones left (`start` first)."""
    skills = dict(start)
    for event in sorted(events, key=lambda e: e.key):
        after = rate(event.participants, skills)
        won = winners(event.participants)
        for participant in event.participants:
            before = skills.get(participant.player, DEFAULT)
            skills[participant.player] = after.get(participant.player, before)
            yield Change(event, participant, before, skills[participant.player], participant.player in won)


__all__ = [
    "DEFAULT",
    "GAME",
    "MODEL",
    "TOURNAMENT",
    "Change",
    "Event",
    "Key",
    "Participant",
    "Skill",
    "event_participants",
    "game_participants",
    "rate",
    "replay",
    "team_of",
    "winners",
]
