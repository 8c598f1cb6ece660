"""Tournament writes: registration, check-in, the draw of each pass, confirming and reopening tables.

Every write that depends on the tournament's state locks the tournament row, so two directors (or a
director and a table) never draw the same pass twice or confirm against a half-drawn pass.
"""

from __future__ import annotations

import hmac
import math
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper import rules
from scorekeeper.games import members
from scorekeeper.games import services as games
from scorekeeper.games.models import Club, Game, Player, Seat

from . import seating
from .formats import FormatFacts, format_facts, side_of
from .models import (
    Bye,
    Entrant,
    Pass,
    Season,
    SeasonEvent,
    Seating,
    Table,
    TableChange,
    TableSeat,
    TableSignoff,
    Tournament,
    Visibility,
    free_codes,
    new_share_key,
)

SELF_REGISTRATION_CAPACITY = 64
"""Where self-registration stops when the director set no capacity: an open form is never unlimited."""
SELF_REGISTRATION_WINDOW = timedelta(minutes=10)
"""Tournament.self_registration_limit counts the self-registrations of this window."""

MAX_CODE_FAILURES = 5
CODE_COOLDOWN = timedelta(minutes=15)
"""After MAX_CODE_FAILURES wrong codes a table waits this long for five more tries (or the director
unblocks it): a player cannot block a table for the day, and six-digit codes stay out of reach of
guessing (five tries in a quarter of an hour against the other side's two codes)."""


class TournamentError(Exception):
    """A director's or a table's action that the tournament's state does not allow; said in words, in
    the language of the request (the club's)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _audit(tournament: Tournament, what: str, by: User | None) -> None:
    """`what` is stored as said, in the language active when it happened: the club's."""
    longest = TableChange._meta.get_field("what").max_length  # a long reason stays whole on its pass
    TableChange.objects.create(tournament=tournament, what=what[:longest], by=by)


def _free_slug(name: str) -> str:
    base = slugify(name)[:70] or "event"
    slug, suffix = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


def default_visibility(club: Club) -> str:
    """A public club's events are public; a private club's are its members' unless the director opens them."""
    return Visibility.PUBLIC if club.is_public else Visibility.MEMBERS


def create_tournament(*, club: Club, name: str, format: str, by: User, **options: Any) -> Tournament:
    """The format's preset settings, overridden by `options["settings"]` if given."""
    facts = format_facts(format)
    settings = {**facts.settings, **options.pop("settings", {})}
    if not facts.uses_deal_limit:
        options.setdefault("deals_per_pass", None)
    options.setdefault("visibility", default_visibility(club))
    return Tournament.objects.create(
        club=club,
        name=name,
        slug=_free_slug(name),
        format=format,
        settings=settings,
        created_by=by,
        **options,
    )


def update_tournament(*, tournament: Tournament, options: dict[str, Any], settings: dict[str, Any]) -> None:
    """The director's settings page saved: its options, and the scoring settings of the passes to come."""
    for name, value in options.items():
        setattr(tournament, name, value)
    tournament.settings = settings
    tournament.save()


@transaction.atomic
def save_season(*, season: Season, club: Club, events: Iterable[Tournament]) -> Season:
    """The season as its admin configured it, counting exactly these events."""
    season.club = club
    season.save()
    chosen = {event.pk for event in events}
    season.events.exclude(tournament_id__in=chosen).delete()
    kept = set(season.events.values_list("tournament_id", flat=True))
    SeasonEvent.objects.bulk_create(SeasonEvent(season=season, tournament_id=pk) for pk in chosen - kept)
    return season


# ---- entrants -------------------------------------------------------------------------------------


def self_registration_capacity(tournament: Tournament) -> int:
    """Where self-registration stops: the capacity, or SELF_REGISTRATION_CAPACITY without one."""
    return tournament.capacity if tournament.capacity is not None else SELF_REGISTRATION_CAPACITY


def _full(capacity: int) -> TournamentError:
    return TournamentError(
        ngettext(
            "The tournament is full: %(count)s player.",
            "The tournament is full: %(count)s players.",
            capacity,
        )
        % {"count": capacity}
    )


def _check_self_registration(tournament: Tournament, count: int) -> None:
    """Under the tournament's lock, so a burst of posts cannot pass the limits side by side."""
    if count >= self_registration_capacity(tournament):
        raise _full(self_registration_capacity(tournament))
    recent = tournament.entrants.filter(
        self_registered=True, registered_at__gte=timezone.now() - SELF_REGISTRATION_WINDOW
    ).count()
    if recent >= tournament.self_registration_limit:
        raise TournamentError(
            _("Many players registered in the last minutes: try again in a few minutes, or ask the director.")
        )


@transaction.atomic
def register(
    *, tournament: Tournament, name: str, self_registered: bool = False, by: User | None = None
) -> Entrant:
    """A roster player (or a new guest on the roster) gets the next start number.

    A self-registration also stops at the default capacity and at the event's limit per window: an open
    form adds guests to the club's roster, and must not add forty in a second. It never takes a roster
    player linked to a member's account unless `by` is that member (signed in): anyone may type "anna".
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    count = tournament.entrants.count()
    if tournament.capacity is not None and count >= tournament.capacity:
        raise _full(tournament.capacity)
    if self_registered:
        _check_self_registration(tournament, count)
    player = roster_player(tournament.club, name)
    if self_registered:
        _refuse_a_members_player(player, by)
    if tournament.entrants.filter(player=player).exists():
        raise TournamentError(_("%(name)s is registered already.") % {"name": player.name})
    last = tournament.entrants.aggregate(last=Max("number"))["last"] or 0
    return Entrant.objects.create(
        tournament=tournament,
        player=player,
        number=last + 1,
        self_registered=self_registered,
        code=_free_code(tournament),
    )


def roster_player(club: Club, name: str) -> Player:
    """The club's player of that name, or a new guest; a look-alike of another player is refused in
    words (members.add_player)."""
    try:
        return members.add_player(club=club, name=name)
    except members.NameRefused as error:
        raise TournamentError(error.message) from None


def _refuse_a_members_player(player: Player, by: User | None) -> None:
    """An open form is no sign-in: whoever types a member's name must not enter the member (their
    rating, their "My games"). A guest on the roster (no account) may come back by name."""
    if player.user_id is not None and (by is None or by.pk != player.user_id):
        raise TournamentError(
            _("%(name)s is a club member's player: sign in as that member to register, or ask the director.")
            % {"name": player.name}
        )


def _free_code(tournament: Tournament) -> str:
    """A personal code no other entrant of the event has: two at a table must never share one."""
    return free_codes(set(tournament.entrants.values_list("code", flat=True)), 1)[0]


@transaction.atomic
def renew_code(*, entrant: Entrant, by: User) -> Entrant:
    """A new personal code for a player whose slip was lost or seen by others; the old one stops working."""
    tournament = Tournament.objects.select_for_update().get(pk=entrant.tournament_id)
    entrant.code = _free_code(tournament)
    entrant.save(update_fields=["code"])
    _audit(tournament, _("New personal code for %(entrant)s") % {"entrant": entrant}, by)
    return entrant


@transaction.atomic
def renew_share_key(*, tournament: Tournament, by: User) -> None:
    """A new key for a link-only event whose link went further than it should: the old link stops opening
    it; the director passes the new one on."""
    if tournament.visibility != Visibility.LINK:
        raise TournamentError(_("Only an event seen by its link has a link to renew."))
    tournament.share_key = new_share_key()
    tournament.save(update_fields=["share_key"])
    _audit(tournament, _("New link for the event: the old one no longer opens it"), by)


def check_in(*, entrant: Entrant, present: bool = True) -> None:
    entrant.checked_in = present
    entrant.save(update_fields=["checked_in"])


def check_in_everyone(*, tournament: Tournament) -> int:
    """Everyone registered and still playing is here: the door in one tap, for an evening where all who
    registered came. How many were checked in now."""
    waiting = tournament.entrants.filter(checked_in=False, withdrawn_after_pass__isnull=True)
    return waiting.update(checked_in=True)


def arrive_late(*, entrant: Entrant, from_pass: int) -> None:
    entrant.joins_from_pass, entrant.checked_in = from_pass, True
    entrant.save(update_fields=["joins_from_pass", "checked_in"])


def withdraw(*, entrant: Entrant, after_pass: int | None) -> None:
    """Plays no pass after `after_pass` (None takes the withdrawal back)."""
    entrant.withdrawn_after_pass = after_pass
    entrant.save(update_fields=["withdrawn_after_pass"])


@transaction.atomic
def pair(*, first: Entrant, second: Entrant) -> None:
    """Fixed pairs for team Schieber: each entrant has at most one partner."""
    if first.pk == second.pk:
        raise TournamentError(_("A player cannot partner themselves."))
    Entrant.objects.filter(partner__in=[first, second]).update(partner=None)
    Entrant.objects.filter(pk__in=[first.pk, second.pk]).update(partner=None)
    first.partner = second
    first.save(update_fields=["partner"])


# ---- the draw -------------------------------------------------------------------------------------


def past_draws(tournament: Tournament) -> list[seating.Draw]:
    """The drawn passes as the seating module sees them: two queries, however many passes."""
    facts = format_facts(tournament.format)
    seats: dict[tuple[int, int], list[tuple[int, int]]] = {}
    rows = TableSeat.objects.filter(table__pass_played__tournament=tournament).values_list(
        "table__pass_played__number", "table__number", "position", "entrant_id"
    )
    for pass_number, table, position, entrant in rows:
        seats.setdefault((pass_number, table), []).append((position, entrant))
    byes: dict[int, list[int]] = {}
    for pass_number, entrant in Bye.objects.filter(pass_played__tournament=tournament).values_list(
        "pass_played__number", "entrant_id"
    ):
        byes.setdefault(pass_number, []).append(entrant)
    numbers = sorted({p for p, _ in seats} | set(byes))
    return [
        seating.Draw(
            pass_number=number,
            tables=tuple(
                seating.DrawnTable(table, tuple(e for _, e in sorted(seated)))
                for (p, table), seated in sorted(seats.items())
                if p == number
            ),
            byes=tuple(sorted(byes.get(number, ()))),
            seed=tournament.seed,
            partners=facts.partners,
        )
        for number in numbers
    ]


def _unconfirmed(last: Pass | None) -> list[int]:
    if last is None:
        return []
    return list(last.tables.filter(confirmed_at__isnull=True).values_list("number", flat=True))


@transaction.atomic
def draw_next_pass(
    *,
    tournament: Tournament,
    by: User,
    force_reason: str = "",
    scores: Callable[[], dict[int, float]] | None = None,
) -> Pass:
    """Draw the next pass once every table of the last one confirmed (or forced, with a reason).

    `scores` gives the standings totals for a draw by standings; it is asked only when needed.
    """
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    last = tournament.pass_set.order_by("-number").first()
    number = last.number + 1 if last else 1
    if number > tournament.passes:
        raise TournamentError(
            ngettext(
                "The tournament has %(count)s pass: it is drawn.",
                "All %(count)s passes are drawn.",
                tournament.passes,
            )
            % {"count": tournament.passes}
        )
    waiting = _unconfirmed(last)
    if waiting and not force_reason.strip():
        raise TournamentError(
            ngettext(
                "Table %(tables)s has not confirmed %(pass_word)s %(number)s: "
                "wait, or force the draw with a reason.",
                "Tables %(tables)s have not confirmed %(pass_word)s %(number)s: "
                "wait, or force the draw with a reason.",
                len(waiting),
            )
            % {
                "tables": ", ".join(str(n) for n in waiting),
                "pass_word": tournament.pass_word,
                "number": number - 1,
            }
        )
    entrants = {e.pk: e for e in tournament.entrants.select_related("player", "partner")}
    playing = [pk for pk, e in entrants.items() if e.plays_in(number)]
    draw = _draw(tournament, number, playing, entrants, scores)
    drawn = Pass.objects.create(
        tournament=tournament, number=number, seed=tournament.seed, drawn_by=by, forced_reason=force_reason
    )
    _store_tables(tournament, drawn, draw, entrants, by)
    Bye.objects.bulk_create(Bye(pass_played=drawn, entrant_id=pk) for pk in draw.byes)
    said = {"pass_word": tournament.pass_word, "number": number, "reason": force_reason.strip()}
    if waiting:
        _audit(tournament, _("%(pass_word)s %(number)s drawn (forced: %(reason)s)") % said, by)
    else:
        _audit(tournament, _("%(pass_word)s %(number)s drawn") % said, by)
    return drawn


def _draw(
    tournament: Tournament,
    number: int,
    playing: list[int],
    entrants: dict[int, Entrant],
    scores: Callable[[], dict[int, float]] | None,
) -> seating.Draw:
    facts = format_facts(tournament.format)
    if len(playing) < facts.table_size:
        raise TournamentError(
            ngettext(
                "Only %(count)s player is checked in for this pass.",
                "Only %(count)s players are checked in for this pass.",
                len(playing),
            )
            % {"count": len(playing)}
        )
    past = past_draws(tournament)
    try:
        if facts.fixed_pairs:
            return seating.draw_pairs(
                _pairs(playing, entrants), past, seed=tournament.seed, pass_number=number
            )
        if tournament.seating == Seating.UPFRONT and _same_players(past, playing):
            return seating.draw_all(
                playing,
                number,
                seed=tournament.seed,
                partners=facts.partners,
                table_size=facts.table_size,
                allow_tables_of_three=tournament.allow_tables_of_three,
            )[number - 1]
        by_score = None
        if tournament.seating == Seating.BY_STANDINGS and number >= tournament.by_standings_from and scores:
            by_score = scores()
        return seating.draw_pass(
            playing,
            past,
            seed=tournament.seed,
            pass_number=number,
            table_size=facts.table_size,
            partners=facts.partners,
            allow_tables_of_three=tournament.allow_tables_of_three,
            by_score=by_score,
        )
    except seating.SeatingError as error:  # worded in English by the pure draw, translated here
        raise TournamentError(_(error.template) % error.params) from None


def _same_players(past: Sequence[seating.Draw], playing: list[int]) -> bool:
    """All passes up front hold only while nobody arrived or left since pass 1."""
    if not past:
        return True
    first = past[0]
    seated = {p for table in first.tables for p in table.seats} | set(first.byes)
    return seated == set(playing)


def _pairs(playing: list[int], entrants: dict[int, Entrant]) -> list[tuple[int, int]]:
    pairs: list[tuple[int, int]] = []
    for pk in playing:
        partner = entrants[pk].partner_id
        if partner is not None and partner in playing:
            pairs.append((pk, partner))
    paired = {p for pair in pairs for p in pair}
    alone = [entrants[pk].player.name for pk in playing if pk not in paired]
    if alone:
        raise TournamentError(
            _("Without a partner: %(names)s. Pair them before the draw.") % {"names": ", ".join(alone)}
        )
    return pairs


def _store_tables(
    tournament: Tournament, drawn: Pass, draw: seating.Draw, entrants: dict[int, Entrant], by: User
) -> None:
    """Each table is a game of the format's variant, seated as drawn."""
    facts = format_facts(tournament.format)
    for table in draw.tables:
        players = [entrants[pk].player for pk in table.seats]
        game = Game.objects.create(
            club=tournament.club,
            variant=facts.variant,
            settings=_table_settings(tournament, facts),
            created_by=by,
            deal_limit=tournament.deals_per_pass if facts.uses_deal_limit else None,
            seat_names=[player.name for player in players],
        )
        Seat.objects.bulk_create(
            Seat(game=game, position=position, player=player, name=player.name)
            for position, player in enumerate(players, start=1)
        )
        stored = Table.objects.create(pass_played=drawn, number=table.number, game=game)
        TableSeat.objects.bulk_create(
            TableSeat(
                table=stored, position=position, entrant_id=pk, side=side_of(facts, position, player.name)
            )
            for position, (pk, player) in enumerate(zip(table.seats, players, strict=True), start=1)
        )


def _table_settings(tournament: Tournament, facts: FormatFacts) -> dict[str, Any]:
    settings = dict(tournament.settings)
    if (
        "deals" in rules.get_variant(facts.variant).defaults and tournament.deals_per_pass
    ):  # its own game length
        settings["deals"] = tournament.deals_per_pass
    return settings


@transaction.atomic
def undo_last_draw(*, tournament: Tournament, by: User) -> int:
    """Only a draw that no result has used yet: its tables, games and byes go."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    last = tournament.pass_set.order_by("-number").first()
    if last is None:
        raise TournamentError(_("No pass is drawn yet."))
    games_of_pass = Game.objects.filter(tournament_table__pass_played=last)
    # Lock the games (tournament, then games: the order every writer keeps) so that no phone's deal is
    # saved and acknowledged between this check and the delete.
    list(games_of_pass.select_for_update().order_by("pk").values_list("pk", flat=True))
    if games_of_pass.filter(deals__isnull=False).exists():
        raise TournamentError(
            _("Results were entered in %(pass_word)s %(number)s: the draw stays.")
            % {"pass_word": tournament.pass_word, "number": last.number}
        )
    number = last.number
    game_ids = list(games_of_pass.values_list("pk", flat=True))
    last.delete()  # tables, seats and byes go with it
    Game.objects.filter(pk__in=game_ids).delete()
    _audit(
        tournament,
        _("%(pass_word)s %(number)s draw undone") % {"pass_word": tournament.pass_word, "number": number},
        by,
    )
    return number


# ---- tables ---------------------------------------------------------------------------------------


def locked_table(token: str) -> Table:
    """The table locked after its tournament: tournament, table, game is the order every writer keeps,
    so two tables confirming at once see each other's confirmation when they settle the finish."""
    tournament_id = (
        Table.objects.filter(token=token).values_list("pass_played__tournament_id", flat=True).first()
    )
    if tournament_id is None:
        raise TournamentError(_("No such table."))
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    table = Table.objects.select_for_update().select_related("pass_played", "game").get(token=token)
    table.pass_played.tournament = tournament
    return table


def code_wait(table: Table) -> timedelta:
    """How long the table must wait before its next code: nothing unless its tries are used up."""
    if table.code_failures < MAX_CODE_FAILURES or table.code_failed_at is None:
        return timedelta(0)
    return max(timedelta(0), table.code_failed_at + CODE_COOLDOWN - timezone.now())


def code_tries_left(table: Table) -> int:
    """Tries before the cooldown; all of them again once a cooldown is over."""
    if table.code_failures >= MAX_CODE_FAILURES and not code_wait(table):
        return MAX_CODE_FAILURES
    return MAX_CODE_FAILURES - table.code_failures


def _minutes(wait: timedelta) -> int:
    return max(1, math.ceil(wait.total_seconds() / 60))


def wait_message(wait: timedelta) -> str:
    minutes = _minutes(wait)
    return ngettext(
        "Too many wrong codes: try again in %(minutes)s minute, or ask the director.",
        "Too many wrong codes: try again in %(minutes)s minutes, or ask the director.",
        minutes,
    ) % {"minutes": minutes}


@dataclass(frozen=True)
class SignedOff:
    """What a personal code entered at a table did."""

    table: Table
    name: str
    """Whose code it was."""
    side: str
    """The side it speaks for: "A" or "B" with partners, the player's own name without."""
    confirmed: bool
    """It was the other side's: the table is confirmed and locked now."""
    already: bool
    """Its side had agreed to these deals already: nothing changed, the other side is still awaited."""
    signers: tuple[str, ...] = ()
    """Whose codes confirmed the table, once confirmed."""


SIDES_TO_AGREE = 2
"""A pass is confirmed when codes of two different sides agree: both teams with partners; without
partners (Differenzler, Molotow, ...), where each player is a side, two different players of the table."""


def typed_code(code: str) -> str:
    """A code as a phone's keyboard may type it: full-width digits read as digits, spaces and dashes
    (as the slip groups it, "482 913") left out. Longer than any code: cut, never an error."""
    normal = unicodedata.normalize("NFKC", code[:64])
    return "".join(char for char in normal if not char.isspace() and char != "-")


def sign_off(*, token: str, code: str) -> SignedOff:
    """A player enters their personal code at the table's phone: their side agrees to the deals as they
    stand. The second side's code confirms and locks the table.

    Wrong codes are counted per table: after MAX_CODE_FAILURES the table waits CODE_COOLDOWN, or the
    director unblocks it. The count is committed before the refusal is raised: raised inside the
    transaction, it would roll the count back.
    """
    table, signed = _sign_off_locked(token, typed_code(code))
    if signed is None:
        left = MAX_CODE_FAILURES - table.code_failures
        if not left:
            minutes = _minutes(code_wait(table))
            raise TournamentError(
                ngettext(
                    "Wrong code. Try again in %(minutes)s minute, or ask the director.",
                    "Wrong code. Try again in %(minutes)s minutes, or ask the director.",
                    minutes,
                )
                % {"minutes": minutes}
            )
        raise TournamentError(
            ngettext("Wrong code. %(count)s try left.", "Wrong code. %(count)s tries left.", left)
            % {"count": left}
        )
    return signed


@transaction.atomic
def _sign_off_locked(token: str, code: str) -> tuple[Table, SignedOff | None]:
    """sign_off's write under the tournament, table and game locks (no deal slips in meanwhile, no two
    phones confirm at once); None when the code was nobody's at this table (and counted)."""
    table = locked_table(token)
    game = Game.objects.select_for_update().get(pk=table.game_id)
    if table.locked:
        raise TournamentError(_("This table is confirmed already."))
    if wait := code_wait(table):
        raise TournamentError(wait_message(wait))
    if table.code_failures >= MAX_CODE_FAILURES:  # the cooldown is over: five more tries
        table.code_failures = 0
    if not game.finished:
        raise TournamentError(_("The pass is not complete yet: enter every deal first."))
    seat = _seat_with_code(table, code)
    if seat is None:
        _count_wrong_code(table)
        return table, None
    return table, _agree(table, game, seat)


def _seat_with_code(table: Table, code: str) -> TableSeat | None:
    """The seat whose entrant's code it is; every seat compared in constant time, so the time taken
    tells nothing of which seat, or how much of a code, matched."""
    found = None
    for seat in TableSeat.objects.filter(table=table).select_related("entrant__player"):
        if hmac.compare_digest(code.encode(), seat.entrant.code.encode()) and code:
            found = seat
    return found


def _count_wrong_code(table: Table) -> None:
    table.code_failures += 1
    table.code_failed_at = timezone.now()
    table.save(update_fields=["code_failures", "code_failed_at"])
    said = {**_where(table), "count": table.code_failures}
    _audit(
        table.pass_played.tournament,
        _("Table %(table)s of %(pass_word)s %(number)s: wrong code (%(count)s)") % said,
        None,
    )


def _agree(table: Table, game: Game, seat: TableSeat) -> SignedOff:
    """Record the seat's side agreeing at the game's revision; confirm once two sides agree."""
    name = seat.entrant.player.name
    current = list(table.signoffs.filter(revision=game.revision).select_related("entrant__player"))
    if any(signoff.side == seat.side for signoff in current):
        return SignedOff(table, name, seat.side, confirmed=False, already=True)
    TableSignoff.objects.update_or_create(
        table=table,
        entrant=seat.entrant,
        defaults={"side": seat.side, "revision": game.revision, "at": timezone.now()},
    )
    _audit_code(table, name, seat.side)
    if len({signoff.side for signoff in current} | {seat.side}) < SIDES_TO_AGREE:
        return SignedOff(table, name, seat.side, confirmed=False, already=False)
    signers = (*(signoff.entrant.player.name for signoff in current), name)
    _confirm_by_codes(table, signers)
    return SignedOff(table, name, seat.side, confirmed=True, already=False, signers=signers)


def _audit_code(table: Table, name: str, side: str) -> None:
    """Whose code was entered (and for which team): what the director reads of each table."""
    tournament = table.pass_played.tournament
    said = {**_where(table), "name": name, "side": side}
    if format_facts(tournament.format).partners:
        what = _("Table %(table)s of %(pass_word)s %(number)s: code of %(name)s, team %(side)s") % said
    else:
        what = _("Table %(table)s of %(pass_word)s %(number)s: code of %(name)s") % said
    _audit(tournament, what, None)


def _confirm_by_codes(table: Table, signers: Sequence[str]) -> None:
    table.confirmed_at = timezone.now()
    table.save(update_fields=["confirmed_at"])
    said = {**_where(table), "names": ", ".join(signers)}
    tournament = table.pass_played.tournament
    _audit(
        tournament,
        _("Table %(table)s of %(pass_word)s %(number)s confirmed by the codes of %(names)s") % said,
        None,
    )
    _settle_finished(tournament)


def _where(table: Table) -> dict[str, Any]:
    """The table, its pass word and pass number, for the audit's sentences."""
    return {
        "table": table.number,
        "pass_word": table.pass_played.tournament.pass_word,
        "number": table.pass_played.number,
    }


@transaction.atomic
def reopen_table(*, table: Table, by: User) -> None:
    """The director reopens a confirmed (or blocked) table for corrections: both sides confirm again."""
    table = locked_table(table.token)
    table.confirmed_at, table.confirmed_by, table.code_failures = None, None, 0
    table.save(update_fields=["confirmed_at", "confirmed_by", "code_failures"])
    table.signoffs.all().delete()
    _settle_finished(table.pass_played.tournament)
    _audit(
        table.pass_played.tournament,
        _("Table %(table)s of %(pass_word)s %(number)s reopened") % _where(table),
        by,
    )


@transaction.atomic
def unblock_table(*, table: Table, by: User) -> None:
    """The director gives a table its tries back at once, instead of letting it wait for the cooldown."""
    table = locked_table(table.token)
    if not table.code_failures:
        raise TournamentError(_("Table %(table)s has no wrong code to forgive.") % {"table": table.number})
    table.code_failures, table.code_failed_at = 0, None
    table.save(update_fields=["code_failures", "code_failed_at"])
    _audit(
        table.pass_played.tournament,
        _("Table %(table)s of %(pass_word)s %(number)s: codes unblocked") % _where(table),
        by,
    )


@transaction.atomic
def confirm_for_table(*, table: Table, by: User) -> Table:
    """The director confirms a table the players cannot (a phone gone, a slip lost, a corrected table of an
    earlier pass). Under the locks a table's own confirmation takes: never twice, never over a deal being
    saved; the audit says who, and how many deals the table had if it was not complete."""
    table = locked_table(table.token)
    game = Game.objects.select_for_update().get(pk=table.game_id)
    if table.locked:
        raise TournamentError(_("This table is confirmed already."))
    table.confirmed_at, table.confirmed_by = timezone.now(), by
    table.save(update_fields=["confirmed_at", "confirmed_by"])
    said = {**_where(table), "deals": game.deals.count(), "of": game.deal_limit}
    if game.finished:
        what = _("Table %(table)s of %(pass_word)s %(number)s confirmed by the director") % said
    elif game.deal_limit:
        what = (
            ngettext(
                "Table %(table)s of %(pass_word)s %(number)s confirmed by the director "
                "with %(deals)s of %(of)s deal",
                "Table %(table)s of %(pass_word)s %(number)s confirmed by the director "
                "with %(deals)s of %(of)s deals",
                game.deal_limit,
            )
            % said
        )
    else:
        what = (
            _("Table %(table)s of %(pass_word)s %(number)s confirmed by the director before its end") % said
        )
    _audit(table.pass_played.tournament, what, by)
    _settle_finished(table.pass_played.tournament)
    return table


def refuse_if_confirmed(table: Table, *, by_director: bool) -> None:
    """The one rule: a confirmed table refuses changes. Its phone is told to ask the director; the
    director reopens it on the dashboard first, so the event's finish and ratings are settled again."""
    if not table.locked:
        return
    if by_director:
        raise games.DealConflict(
            _("This table is confirmed: reopen it on the tournament dashboard to correct it.")
        )
    raise games.DealConflict(_("This table is confirmed and locked: ask the director for corrections."))


def director_guard(game: Game) -> None:
    """For the director's corrections through the game page, under the game lock."""
    table = Table.objects.filter(game=game).only("confirmed_at").first()
    if table is not None:
        refuse_if_confirmed(table, by_director=True)


def table_guard(token: str) -> Callable[[Game], None]:
    """For the deal services: refuse, under the game lock, a table that was confirmed meanwhile."""

    def guard(game: Game) -> None:
        table = Table.objects.select_related("pass_played__tournament").get(token=token)
        refuse_if_confirmed(table, by_director=False)
        last = table.pass_played.tournament.pass_set.aggregate(last=Max("number"))["last"]
        if table.pass_played.number != last:
            raise games.DealConflict(_("This pass is over: the next one is drawn."))

    return guard


def set_substitute(*, seat: TableSeat, name: str | None, by: User) -> None:
    """Someone plays this pass in the entrant's place; the result still counts for the entrant."""
    tournament = seat.table.pass_played.tournament
    seat.substitute = roster_player(tournament.club, name) if name else None
    seat.save(update_fields=["substitute"])
    said = {"substitute": seat.substitute, "entrant": seat.entrant, "table": seat.table.number}
    if name:
        _audit(tournament, _("%(substitute)s substitutes for %(entrant)s at table %(table)s") % said, by)
    else:
        _audit(tournament, _("Substitute for %(entrant)s removed at table %(table)s") % said, by)


def _settle_finished(tournament: Tournament) -> None:
    """A tournament is finished when its last pass is drawn and every table of it confirmed.

    Saving the flag rates the tournament (or takes its rating back when a table is reopened).
    """
    last = tournament.pass_set.order_by("-number").first()
    finished = (
        last is not None
        and last.number == tournament.passes
        and not last.tables.filter(confirmed_at__isnull=True).exists()
    )
    if finished != tournament.finished:
        tournament.finished = finished
        tournament.save(update_fields=["finished"])
