"""A club with everything in it, built through the services as its members would build it: for the
tests that walk every page (permissions, escaping), post to every form (fuzzing) and move a club's
data (export and import).

Every free-text field takes its text from `Names`, so the escaping crawl can fill them with markup.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver

from scorekeeper.games import evenings, invite_links, members
from scorekeeper.games import services as games
from scorekeeper.games.models import Club, Evening, Game, Invite, Membership, Player
from tournaments import services
from tournaments.models import Entrant, Pass, Season, SeasonEvent, Table, TableSeat, Tournament

PASSWORD = "correct-horse-battery"
ROLES = ("owner", "admin", "scorer", "viewer")


@dataclass(frozen=True)
class Names:
    """The text of every free-text field: plain by default, markup for the escaping crawl."""

    club: str = "Jassclub Zürich"
    other_club: str = "Jassclub Bern"
    users: dict[str, str] = field(
        default_factory=lambda: {role: role for role in (*ROLES, "stranger", "newcomer")}
    )
    players: tuple[str, ...] = (
        "Anna", "Beat", "Cla", "Dora", "Edi", "Fränzi", "Gusti", "Heidi", "Ida", "Jörg", "Kari", "Lea",
    )  # fmt: skip
    substitute: str = "Mia"
    tournament: str = "Herbstturnier"
    team_tournament: str = "Paarturnier"
    dz_tournament: str = "Differenzler-Abend"
    pass_word: str = "Passe"
    forced_reason: str = "Table 2 went home"
    season: str = "Saison 2026"


@dataclass
class World:
    names: Names
    club: Club
    other_club: Club
    users: dict[str, User]  # by role: owner, admin, scorer, viewer, stranger (owns the other club), newcomer
    players: list[Player]
    games: dict[str, Game]  # by variant
    tournament: Tournament  # Einzelschieber: pass 1 played (forced on), pass 2 under way
    team_tournament: Tournament  # team Schieber: fixed pairs, pass 1 drawn
    dz_table: Table  # a Differenzler event's table: pass 1 drawn, no deal yet
    season: Season
    current: Table  # a table of the tournament's current pass, one deal entered
    finished: Table  # the last table of the current pass: every deal entered, not confirmed yet
    past: Table  # a confirmed table of pass 1
    seat: TableSeat  # a seat of `current` with a substitute
    entrant: Entrant
    invite: Invite  # an open invite link for players[1] (no member is linked to it), as a scorer
    invite_token: str
    evening: Evening  # CHF 0.05 a point: the Schieber and the Differenzler game, shared (`evening_token`)
    evening_token: str

    @property
    def game(self) -> Game:
        return self.games["schieber"]

    def membership(self, role: str) -> Membership:
        return self.club.memberships.get(user=self.users[role])


def make_user(username: str) -> User:
    """Straight through the ORM, so the escaping crawl can have usernames the sign-up form refuses."""
    return User.objects.create_user(username=username, password=PASSWORD)


# One valid game per variant the deal forms know; the seats are the first players of the roster.
def variant_games(names: Sequence[str]) -> dict[str, tuple[int, dict[str, Any], list[dict[str, Any]]]]:
    a, b, c, d = names[:4]
    return {
        "schieber": (
            4,
            {},
            [{"trump": "spades", "points": {"A": 83}}, {"trump": "hearts", "points": {"A": 100}}],
        ),
        "coiffeur": (4, {}, [{"team": "A", "row": "spades", "points": 83}]),
        "differenzler": (
            4,
            {},
            [
                {
                    "trump": "hearts",
                    "predictions": {a: 40, b: 0, c: 60, d: 50},
                    "points": {a: 37, b: 0, c: 70, d: 50},
                }
            ],
        ),
        "handjass": (4, {}, [{"tricks": {a: 80, b: 50, c: 27, d: 0}}]),
        "molotow": (4, {}, [{"points": {a: 40, b: 50, c: 30, d: 37}}]),
        "putz": (3, {}, [{"points": {a: 80, b: 60, c: 17}}]),
        "pandur": (4, {}, [{"dealer": d, "soloist": a, "contract": 170, "made": True}]),
        "jazz": (4, {}, [{"game": "spades", "taken": {a: 5, b: 3, c: 0, d: 5}}]),
        "guggitaler": (4, {}, [{"game": "tricks", "taken": {a: 3, b: 2, c: 4, d: 0}}]),
        "free_board": (4, {"sides": "teams", "per_deal": 157}, [{"points": {"A": 100}}]),
    }


def play(game: Game, entries: Sequence[dict[str, Any]], *, by: User | None, guard: Any = None) -> None:
    start = game.deals.count() + 1
    for number, entry in enumerate(entries, start=start):
        games.record_deal(
            game_id=game.pk, entry=entry, by=by, number=number, client_token=uuid.uuid4(), guard=guard
        )


def make_games(club: Club, players: list[Player], owner: User) -> dict[str, Game]:
    made = {}
    for variant, (seats, settings, entries) in variant_games([p.name for p in players]).items():
        game = games.create_game(
            club=club, variant=variant, players=players[:seats], settings=settings, by=owner
        )
        play(game, entries, by=owner)
        made[variant] = game
    schieber = made["schieber"]
    games.edit_deal(
        game_id=schieber.pk, number=2, entry={"trump": "clubs", "points": {"A": 90}}, by=owner, version=1
    )
    play(schieber, [{"trump": "obenabe", "points": {"A": 57}}], by=owner)
    games.delete_last_deal(game_id=schieber.pk, number=3, by=owner)
    for game in made.values():
        game.refresh_from_db()
    return made


def table_deals(table: Table, count: int) -> None:
    entries = [{"trump": "hearts", "points": {"A": 60 + 7 * n}} for n in range(count)]
    play(table.game, entries, by=None, guard=services.table_guard(table.token))


def codes_of_two_sides(table: Table) -> list[str]:
    """The personal codes of the first player of two different sides: what confirms the table."""
    codes: dict[str, str] = {}
    for seat in table.seats.select_related("entrant").order_by("position"):
        codes.setdefault(seat.side, seat.entrant.code)
    return list(codes.values())[:2]


def make_tournament(world_names: Names, club: Club, owner: User) -> tuple[Tournament, Table, Table, Table]:
    """Nine players (a bye each pass), two deals a pass: pass 1 played, drawn on without table 2's
    confirmation; in pass 2 table 1 has one deal and a substitute, table 2 has played its deals."""
    tournament = services.create_tournament(
        club=club,
        name=world_names.tournament,
        format="einzelschieber",
        by=owner,
        passes=3,
        deals_per_pass=2,
        pass_word=world_names.pass_word,
        seed=20261121,
        public_registration=True,
        capacity=40,
        visibility="public",  # the team event keeps its club's default: members only in a private club
    )
    for name in world_names.players[:9]:
        services.check_in(entrant=services.register(tournament=tournament, name=name))
    first = services.draw_next_pass(tournament=tournament, by=owner)
    past, other = first.tables.order_by("number")
    for table in (past, other):
        table_deals(table, 2)
    for code in codes_of_two_sides(past):
        services.sign_off(token=past.token, code=code)
    second = services.draw_next_pass(tournament=tournament, by=owner, force_reason=world_names.forced_reason)
    current, finished = second.tables.order_by("number")
    table_deals(current, 1)
    table_deals(finished, 2)
    return tournament, current, finished, past


def make_team_tournament(names: Names, club: Club, owner: User) -> Tournament:
    tournament = services.create_tournament(
        club=club, name=names.team_tournament, format="team_schieber", by=owner, passes=2, seed=7
    )
    entrants = [services.register(tournament=tournament, name=name) for name in names.players[:8]]
    for first, second in zip(entrants[::2], entrants[1::2], strict=True):
        services.check_in(entrant=first)
        services.check_in(entrant=second)
        services.pair(first=first, second=second)
    services.draw_next_pass(tournament=tournament, by=owner)
    return tournament


def make_differenzler_table(names: Names, club: Club, owner: User) -> Table:
    """Four players at one table: where a table's phone says the predictions before a deal."""
    tournament = services.create_tournament(
        club=club, name=names.dz_tournament, format="differenzler", by=owner, passes=1, seed=3
    )
    for name in names.players[:4]:
        services.check_in(entrant=services.register(tournament=tournament, name=name))
    return services.draw_next_pass(tournament=tournament, by=owner).tables.get()


def make_evening(club: Club, made: dict[str, Game], owner: User) -> tuple[Evening, str]:
    """An evening at CHF 0.05 a point holding the Schieber and the Differenzler game, with a share link;
    the club's other games stay out of it (one of them to add)."""
    evening = evenings.start_evening(club=club, by=owner, stake=Decimal("0.05"), unit="point")
    for variant in ("schieber", "differenzler"):
        evenings.add_game(evening=evening, game_id=made[variant].pk)
        made[variant].refresh_from_db()
    return evening, evenings.share(evening=evening)


def build_world(names: Names | None = None, *, public: bool = False) -> World:
    names = names or Names()
    users = {role: make_user(username) for role, username in names.users.items()}
    owner = users["owner"]
    club = members.create_club(name=names.club, slug="zuerich", owner=owner, is_public=public)
    for role in ROLES[1:]:
        members.set_membership(club=club, user=users[role], role=role)
    other_club = members.create_club(name=names.other_club, slug="bern", owner=users["stranger"])
    players = [members.add_player(club=club, name=name) for name in names.players]
    players[0].user = users["viewer"]
    players[0].save()
    made = make_games(club, players, owner)
    tournament, current, finished, past = make_tournament(names, club, owner)
    seat = current.seats.order_by("position").first()
    services.set_substitute(seat=seat, name=names.substitute, by=owner)
    team = make_team_tournament(names, club, owner)
    dz_table = make_differenzler_table(names, club, owner)
    season = Season.objects.create(club=club, name=names.season, best_of=2, final=tournament)
    SeasonEvent.objects.bulk_create(SeasonEvent(season=season, tournament=t) for t in (tournament, team))
    invite, invite_token = invite_links.create_invite(
        club=club, role="scorer", days=14, max_uses=None, player=players[1], by=owner
    )
    evening, evening_token = make_evening(club, made, owner)
    return World(
        names=names,
        club=club,
        other_club=other_club,
        users=users,
        players=players,
        games=made,
        tournament=tournament,
        team_tournament=team,
        dz_table=dz_table,
        season=season,
        current=current,
        finished=finished,
        past=past,
        seat=seat,
        entrant=tournament.entrants.order_by("number").first(),
        invite=invite,
        invite_token=invite_token,
        evening=evening,
        evening_token=evening_token,
    )


def last_pass(tournament: Tournament) -> Pass:
    return tournament.pass_set.order_by("-number").first()


# The URL of every named route, with arguments taken from the world. A route missing here fails the
# tests that walk every route: add it with the arguments its pages need.
ROUTE_ARGS: dict[str, Callable[[World], dict[str, Any]]] = {
    "home": lambda w: {},
    "service_worker": lambda w: {},
    "csrf_token": lambda w: {},
    "offline_expired": lambda w: {},
    "signup": lambda w: {},
    "games:club_new": lambda w: {},
    "set_language": lambda w: {},
    "games:club": lambda w: {"slug": w.club.slug},
    "games:club_manage": lambda w: {"slug": w.club.slug},
    "clubdata:club_export": lambda w: {"slug": w.club.slug},
    "games:member_change": lambda w: {"slug": w.club.slug, "pk": w.membership("viewer").pk},
    "games:member_player": lambda w: {"slug": w.club.slug, "pk": w.membership("scorer").pk},
    "games:club_invites": lambda w: {"slug": w.club.slug},
    "games:invite_revoke": lambda w: {"slug": w.club.slug, "pk": w.invite.pk},
    "games:join": lambda w: {"token": w.invite_token},
    "players:my_games": lambda w: {},
    "games:player_add": lambda w: {"slug": w.club.slug},
    "games:game_new": lambda w: {"slug": w.club.slug},
    "players:player": lambda w: {"slug": w.club.slug, "pk": w.players[0].pk},
    "players:player_vs": lambda w: {"slug": w.club.slug, "pk": w.players[0].pk, "other": w.players[1].pk},
    "players:player_history_csv": lambda w: {"slug": w.club.slug, "pk": w.players[0].pk},
    "players:player_history_xlsx": lambda w: {"slug": w.club.slug, "pk": w.players[0].pk},
    "players:player_history_json": lambda w: {"slug": w.club.slug, "pk": w.players[0].pk},
    "ratings:leaderboard": lambda w: {"slug": w.club.slug, "variant": "schieber"},
    "ratings:rating_history": lambda w: {"slug": w.club.slug, "pk": w.players[0].pk},
    "tournaments:season": lambda w: {"slug": w.club.slug, "pk": w.season.pk},
    "tournaments:season_csv": lambda w: {"slug": w.club.slug, "pk": w.season.pk},
    "tournaments:season_xlsx": lambda w: {"slug": w.club.slug, "pk": w.season.pk},
    "tournaments:season_new": lambda w: {"slug": w.club.slug},
    "tournaments:season_edit": lambda w: {"slug": w.club.slug, "pk": w.season.pk},
    "games:game": lambda w: {"pk": w.game.pk},
    "games:game_live": lambda w: {"pk": w.game.pk},
    "games:deal_audit": lambda w: {"pk": w.game.pk},
    "games:game_abandon": lambda w: {"pk": w.game.pk},
    "games:game_resume": lambda w: {"pk": w.game.pk},
    "games:game_delete": lambda w: {"pk": w.game.pk},
    "games:game_again": lambda w: {"pk": w.game.pk},
    "players:game_record_csv": lambda w: {"pk": w.game.pk},
    "players:game_record_xlsx": lambda w: {"pk": w.game.pk},
    "players:game_record_json": lambda w: {"pk": w.game.pk},
    "games:deal_add": lambda w: {"pk": w.game.pk},
    "games:deal_preview": lambda w: {"pk": w.game.pk},
    "games:deal_predictions": lambda w: {"pk": w.games["differenzler"].pk},
    "games:deal_edit": lambda w: {"pk": w.game.pk, "number": 1},
    "games:deal_delete": lambda w: {"pk": w.game.pk, "number": 2},
    "games:deal_restore": lambda w: {"pk": w.game.pk, "number": 3},  # deleted last (make_games)
    # evenings: the club's, and the read-only page its share link opens
    "games:evening_new": lambda w: {"slug": w.club.slug},
    "games:evening": lambda w: {"pk": w.evening.pk},
    "games:evening_stake": lambda w: {"pk": w.evening.pk},
    "games:evening_add": lambda w: {"pk": w.evening.pk},
    "games:evening_remove": lambda w: {"pk": w.evening.pk, "game": w.game.pk},
    "games:evening_share": lambda w: {"pk": w.evening.pk},
    "games:evening_unshare": lambda w: {"pk": w.evening.pk},
    "games:evening_csv": lambda w: {"pk": w.evening.pk},
    "games:evening_xlsx": lambda w: {"pk": w.evening.pk},
    "games:evening_json": lambda w: {"pk": w.evening.pk},
    "games:evening_shared": lambda w: {"token": w.evening_token},
    # tournaments: the director's
    "tournaments:tournament_new": lambda w: {"club": w.club.slug},
    "tournaments:tournament_dashboard": lambda w: {"slug": w.tournament.slug},
    "tournaments:tournament_settings": lambda w: {"slug": w.tournament.slug},
    "tournaments:tournament_entrants": lambda w: {"slug": w.tournament.slug},
    "tournaments:tournament_entrant": lambda w: {"slug": w.tournament.slug, "pk": w.entrant.pk},
    "tournaments:tournament_draw": lambda w: {"slug": w.tournament.slug},
    "tournaments:tournament_undo": lambda w: {"slug": w.tournament.slug},
    "tournaments:tournament_new_link": lambda w: {"slug": w.tournament.slug},
    "tournaments:tournament_reopen": lambda w: {"slug": w.tournament.slug, "pk": w.past.pk},
    "tournaments:tournament_confirm": lambda w: {"slug": w.tournament.slug, "pk": w.finished.pk},
    "tournaments:tournament_unblock": lambda w: {"slug": w.tournament.slug, "pk": w.finished.pk},
    "tournaments:tournament_substitute": lambda w: {"slug": w.tournament.slug, "pk": w.seat.pk},
    # a table's link
    "tournaments:table": lambda w: {"token": w.current.token},
    "tournaments:table_live": lambda w: {"token": w.current.token},
    "tournaments:table_deal_add": lambda w: {"token": w.current.token},
    "tournaments:table_deal_preview": lambda w: {"token": w.current.token},
    "tournaments:table_deal_predictions": lambda w: {"token": w.dz_table.token},
    "tournaments:table_deal_edit": lambda w: {"token": w.current.token, "number": 1},
    "tournaments:table_deal_delete": lambda w: {"token": w.current.token, "number": 1},
    "tournaments:table_deal_restore": lambda w: {"token": w.current.token, "number": 2},
    "tournaments:table_confirm": lambda w: {"token": w.finished.token},
    # public
    "tournaments:tournament": lambda w: {"slug": w.tournament.slug},
    "tournaments:tournament_register": lambda w: {"slug": w.tournament.slug},
    "tournaments:tournament_seat": lambda w: {"slug": w.tournament.slug},
    "tournaments:tournament_standings": lambda w: {"slug": w.tournament.slug},
    "tournaments:tournament_projector": lambda w: {"slug": w.tournament.slug},
    "tournaments:tournament_player": lambda w: {"slug": w.tournament.slug, "pk": w.entrant.pk},
    # print-outs and exports
    "tournaments:print_seating": lambda w: {"slug": w.tournament.slug, "number": 2},
    "tournaments:print_schedule": lambda w: {"slug": w.tournament.slug},
    "tournaments:print_codes": lambda w: {"slug": w.tournament.slug},
    "tournaments:print_cards": lambda w: {"slug": w.tournament.slug, "number": 2},
    "tournaments:print_sheets": lambda w: {"slug": w.tournament.slug, "number": 2},
    "tournaments:print_standings": lambda w: {"slug": w.tournament.slug},
    "tournaments:export_standings": lambda w: {"slug": w.tournament.slug},
    "tournaments:export_standings_xlsx": lambda w: {"slug": w.tournament.slug},
    "tournaments:export_deals": lambda w: {"slug": w.tournament.slug},
    "tournaments:export_deals_xlsx": lambda w: {"slug": w.tournament.slug},
}


def named_routes(patterns: list[Any] | None = None, namespace: str = "") -> Iterator[str]:
    """Every named route of the project; of the admin's, only its index (the admin guards its own)."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            if inner == "admin:":
                yield "admin:index"
            else:
                yield from named_routes(pattern.url_patterns, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield f"{namespace}{pattern.name}"
