"""Who may do what in a tournament, decided here only.

The director is an admin or owner of the organising club. The event's pages need no login while it is
public; a link-only event opens to its link (the key in it), a members-only one to the club's members.
A table's phone needs no account either: the table's secret link is the key, and it opens only that
table's game, only while its pass is the current one and the table is not confirmed.
"""

from __future__ import annotations

import hashlib
import hmac

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, Max, OuterRef, Q, Subquery
from django.http import Http404, HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from scorekeeper.games.languages import use_club_language
from scorekeeper.games.models import Club, Membership
from scorekeeper.games.owners import Owner
from scorekeeper.games.permissions import GameAccess, Need, SignInRequired, check, not_found

from .models import Pass, Table, TableSignoff, Tournament, Visibility
from .selectors.tables import current_signoffs
from .services import director_guard, table_guard

NOT_PUBLIC = [visibility for visibility in Visibility if visibility != Visibility.PUBLIC]
GAME_OWNER = Owner(
    owns=Q(tournament_table__isnull=False),
    hides=Q(tournament_table__pass_played__tournament__visibility__in=NOT_PUBLIC),
    guard=director_guard,
)
"""A table's game is the event's: read as the event is, changed by its director until confirmed."""

OPENED_EVENTS = "opened_events"
"""The session's link-only events whose link it has shown: event id -> the digest of that link's key.
Their pages open without the key after, while it is the event's current one: a new link (a new key)
no longer matches, so it shuts out every browser that came through the old one."""


def load_tournament(user: User | AnonymousUser, slug: str, need: Need = Need.READ) -> Tournament:
    """Public pages: anyone (Need.READ). Director pages: Need.ADMIN in the organising club.

    An unknown slug is refused as a hidden event is (`not_found`: an anonymous visitor is sent to sign in,
    anyone else gets 404), and a director page refuses whoever is no member of the club with 404, public
    event or not: so no visitor learns from the answer which events exist. A member lacking the role gets
    403: the club's events are no secret to its members."""
    tournament = Tournament.objects.select_related("club").filter(slug=slug).first()
    if tournament is None:
        raise not_found(user, _("No such tournament."))
    if need > Need.READ:
        role = _role(user, tournament)
        if role is None and user.is_authenticated:
            raise Http404(_("No such tournament."))
        check(user=user, role=role, is_public=False, need=need)
    use_club_language(tournament.club)
    return tournament


def load_event(request: HttpRequest, slug: str) -> Tournament:
    """An event's own pages, as its visibility allows: public to anyone; link only to the club's members
    and to a browser that opened its link (`?key=`, remembered in the session); members only to members.
    Refused, an anonymous visitor is asked to sign in, anyone else finds no such event (404)."""
    tournament = load_tournament(request.user, slug)
    if tournament.visibility == Visibility.PUBLIC or _member(request.user, tournament):
        return tournament
    if tournament.visibility == Visibility.LINK and _opened(request, tournament):
        return tournament
    if not request.user.is_authenticated:
        raise SignInRequired
    raise Http404(_("No such tournament."))


def unseen_events(request: HttpRequest, club: Club) -> frozenset[int]:
    """The ids of `club`'s events this visitor may not see, as `load_event` decides: none for a member
    (`club` as `load_club` gives it, its `role` this visitor's); else every event that is not public but a
    link-only one this browser opened through its current link. The pages that list events' places (a
    season, a leaderboard, a rating history) leave these out, since a place is what the event hides."""
    if club.role is not None:
        return frozenset()
    events = Tournament.objects.filter(club=club).exclude(visibility=Visibility.PUBLIC)
    rows = events.values_list("pk", "visibility", "share_key")
    return frozenset(pk for pk, visibility, key in rows if not _link_opened(request, pk, visibility, key))


def _link_opened(request: HttpRequest, pk: int, visibility: str, share_key: str) -> bool:
    return visibility == Visibility.LINK and remembered(request, pk, share_key)


def _member(user: User | AnonymousUser, tournament: Tournament) -> bool:
    return _role(user, tournament) is not None


def _role(user: User | AnonymousUser, tournament: Tournament) -> str | None:
    """The user's role in the organising club; None for a visitor who is no member."""
    if not user.is_authenticated:
        return None
    return (
        Membership.objects.filter(club_id=tournament.club_id, user=user)
        .values_list("role", flat=True)
        .first()
    )


def _opened(request: HttpRequest, tournament: Tournament) -> bool:
    """The browser shows the event's current key now, or showed it before (then kept in its session)."""
    if remembered(request, tournament.pk, tournament.share_key):
        return True
    key = request.GET.get("key", "")
    if not hmac.compare_digest(key.encode(), tournament.share_key.encode()):
        return False
    opened = {**_opened_links(request), str(tournament.pk): _digest(tournament.share_key)}
    request.session[OPENED_EVENTS] = opened
    return True


def remembered(request: HttpRequest, pk: int, share_key: str) -> bool:
    """The session opened event `pk` through the link it has now (`share_key`), not an older one."""
    kept = _opened_links(request).get(str(pk), "")
    return hmac.compare_digest(kept.encode(), _digest(share_key).encode())


def _opened_links(request: HttpRequest) -> dict[str, str]:
    """The session's opened links; a list of event ids, kept before links were, opens nothing: it cannot
    say which link it came through."""
    links = request.session.get(OPENED_EVENTS, {})
    return links if isinstance(links, dict) else {}


def _digest(share_key: str) -> str:
    """What a session keeps of a link's key: enough to recognise it, never the key itself (sessions are
    rows in the database, and the key would open the event to whoever read them)."""
    return hashlib.sha256(share_key.encode()).hexdigest()


def is_director(user: User | AnonymousUser, tournament: Tournament) -> bool:
    if not user.is_authenticated:
        return False
    role = tournament.club.memberships.filter(user=user).values_list("role", flat=True).first()
    return role in ("admin", "owner")


def load_table(token: str) -> Table:
    table = (
        Table.objects.select_related("pass_played__tournament__club", "game__club")
        .filter(token=token)
        .first()
    )
    if table is None:
        raise Http404(_("No such table."))
    use_club_language(table.pass_played.tournament.club)
    return table


def table_open(table: Table) -> bool:
    """Deals can be entered from the table's phone: its pass is the current one and it is not confirmed."""
    if table.locked:
        return False
    last = table.pass_played.tournament.pass_set.aggregate(last=Max("number"))["last"]
    return table.pass_played.number == last


def table_access(token: str) -> GameAccess:
    """The table's game as its phone reaches it: same deal views, its own URLs, the lock as a guard."""
    table = load_table(token)
    tournament = table.pass_played.tournament
    return GameAccess(
        game=table.game,
        base_url=reverse("tournaments:table", args=[token]),
        can_score=table_open(table),
        by=None,
        guard=table_guard(token),
        back_url=reverse("tournaments:tournament", args=[tournament.slug]),
        back_label=tournament.name,
        live_page=("table", token),
    )


def table_now(token: str) -> str | None:
    """A table page's state in one query: its deals, the personal codes that count, and whether it is
    open (not confirmed, its pass the event's last), the things its page shows; None for an unknown
    token."""
    last = Pass.objects.filter(tournament=OuterRef("pass_played__tournament")).order_by("-number")
    signed = TableSignoff.objects.filter(table=OuterRef("pk"), revision=OuterRef("game__revision"))
    row = (
        Table.objects.filter(token=token)
        .annotate(
            last=Subquery(last.values("number")[:1]),
            signed=Subquery(signed.order_by().values("table").annotate(n=Count("pk")).values("n")[:1]),
        )
        .values_list("game__revision", "signed", "confirmed_at", "pass_played__number", "last")
        .first()
    )
    if row is None:
        return None
    revision, signed_count, confirmed_at, number, last_number = row
    return table_shown(revision, confirmed_at is None and number == last_number, signed_count or 0)


def table_shown(revision: int, can_score: bool, signed: int) -> str:
    """The stamp of what a table's page shows; whether it is open comes last (the page reloads when it
    changes)."""
    return f"{revision}.{signed}.{int(can_score)}"


def table_state(access: GameAccess) -> str:
    """The stamp of a table page as `access` renders it (one query: the codes that count)."""
    return table_shown(access.game.revision, access.can_score, current_signoffs(access.game.tournament_table))
