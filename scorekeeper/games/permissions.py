"""Who may do what in a club: the one place that decides it.

Roles rank owner > admin > scorer > viewer. Reading a public club's games needs no login; a private
club's only membership. Views ask through `load_club` / `load_game`, never on their own. Having
loaded the club, these also switch the page to the club's language (scorekeeper/languages.py).

What a visitor may not see answers as if it did not exist, and what does not exist answers the same:
an anonymous visitor is sent to sign in, anyone else gets 404. So nobody learns which private clubs,
games and players there are.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext

from scorekeeper.games import owners
from scorekeeper.games.languages import use_club_language
from scorekeeper.games.models import Club, Evening, Game, Membership, Role
from scorekeeper.games.services import Guard
from scorekeeper.games.stored_deals import with_deals


class Need(IntEnum):
    READ = 0
    VIEWER = 1
    SCORER = 2
    ADMIN = 3
    OWNER = 4


ROLE_LEVEL = {
    Role.VIEWER: Need.VIEWER,
    Role.SCORER: Need.SCORER,
    Role.ADMIN: Need.ADMIN,
    Role.OWNER: Need.OWNER,
}


class SignInRequired(Exception):
    """Raised for an anonymous visitor of something private: the view answers with the sign-in page."""


def level(role: str | None) -> Need | None:
    return ROLE_LEVEL.get(role) if role else None


def allows(*, role: str | None, is_public: bool, need: Need) -> bool:
    have = level(role)
    if need == Need.READ:
        return is_public or have is not None
    return have is not None and have >= need


def _role_subquery(user: User | AnonymousUser, club_field: str) -> Subquery:
    user_id = user.pk if user.is_authenticated else None
    return Subquery(Membership.objects.filter(club=OuterRef(club_field), user_id=user_id).values("role")[:1])


def check(*, user: User | AnonymousUser, role: str | None, is_public: bool, need: Need) -> None:
    """Refuse: an anonymous visitor is sent to sign in, a member lacking the role gets 403, others 404."""
    if allows(role=role, is_public=is_public, need=need):
        return
    if not user.is_authenticated:
        raise SignInRequired
    if role is None and not is_public:
        raise Http404(gettext("No such club."))
    raise PermissionDenied(gettext("Your role in this club does not allow this."))


def not_found(user: User | AnonymousUser, message: str) -> Exception:
    """The refusal for a club or game that does not exist: the one a private one gets from a visitor
    who is not a member (check above), so the two cannot be told apart."""
    return Http404(message) if user.is_authenticated else SignInRequired()


def load_club(user: User | AnonymousUser, slug: str, need: Need) -> Club:
    """The club with `role` (the user's role or None) set, in one query, or a refusal."""
    club = Club.objects.annotate(role=_role_subquery(user, "pk")).filter(slug=slug).first()
    if club is None:
        raise not_found(user, gettext("No such club."))
    check(user=user, role=club.role, is_public=club.is_public, need=need)
    use_club_language(club)
    return club


def load_game(user: User | AnonymousUser, pk: int, need: Need, *, locked: bool = False) -> Game:
    """The game with its club, `role`, `owned` and `hidden` set (owners.py), in one query, or a refusal.

    A tournament table's game is corrected by the director only (its phone uses the table link):
    any write to it needs an admin's role. A deleted game is gone for everyone. `locked`: the row is
    locked until the caller's transaction ends, and the query brings the deals too (a deal post).
    """
    games = Game.objects.select_related("club", "evening").annotate(
        role=_role_subquery(user, "club_id"), **owners.annotations()
    )
    if locked:
        games = with_deals(games.select_for_update(of=("self",)))
    game = games.filter(pk=pk, deleted_at__isnull=True).first()
    if game is None:
        raise not_found(user, gettext("No such game."))
    check(user=user, role=game.role, is_public=readable_by_all(game), need=write_need(game, need))
    use_club_language(game.club)
    return game


def load_evening(user: User | AnonymousUser, pk: int, need: Need) -> Evening:
    """The evening with its club and `role` set, in one query, or a refusal: read as the club's games are
    (a public club's by anyone), changed by its scorers."""
    evening = (
        Evening.objects.select_related("club")
        .annotate(role=_role_subquery(user, "club_id"))
        .filter(pk=pk)
        .first()
    )
    if evening is None:
        raise not_found(user, gettext("No such evening."))
    check(user=user, role=evening.role, is_public=evening.club.is_public, need=need)
    use_club_language(evening.club)
    return evening


def readable_by_all(game: Game) -> bool:
    """A public club's game, unless its owner hides it (a table of an event that is not public): that
    event's players are not to be read through /games/<pk>/ either."""
    return game.club.is_public and not getattr(game, "hidden", False)


def write_need(game: Game, need: Need) -> Need:
    """What a write to this game needs: a tournament table's game is the director's to correct."""
    if need > Need.READ and getattr(game, "owned", False):
        return max(need, Need.ADMIN)
    return need


@dataclass(frozen=True)
class GameAccess:
    """A game as one visitor reaches it: what they may do, who writes, and where its deal URLs live.

    A club member reaches /games/<pk>/; a tournament table's phone reaches /t/<token>/ with no account,
    a `guard` that refuses writes once the table is confirmed, and a way back to the event.
    """

    game: Game
    base_url: str
    can_score: bool
    by: User | None
    guard: Guard | None = None
    back_url: str = ""
    back_label: str = ""
    audit_url: str = ""
    live_page: tuple[str, str] | None = None
    """The kind and key of the page's poll (scorekeeper/live.py); None: the club game page."""
    actions: frozenset[str] = frozenset()
    """Which of GAME_ACTIONS the page offers this visitor (none on a tournament table's pages)."""


GAME_ACTIONS: dict[str, Need] = {
    "abandon": Need.SCORER,
    "resume": Need.SCORER,
    "again": Need.SCORER,
    "delete": Need.ADMIN,
}
"""Who may do what to a club's game as a whole. Abandoning (and resuming) is the scorers' call, as
entering and deleting its deals is; "play again" starts a game, as a scorer may; deleting hides the game
for good, so it is the admins'. A tournament table's game is none of these: the director manages it."""


def load_club_game(user: User | AnonymousUser, pk: int, action: str) -> Game:
    """The club's own game for one of GAME_ACTIONS, or a refusal (a tournament table's game: 403)."""
    game = load_game(user, pk, GAME_ACTIONS[action])
    if game.owned:
        raise PermissionDenied(gettext("A tournament table's game is managed on the tournament dashboard."))
    return game


def may(game: Game, action: str) -> bool:
    """Whether the game page offers the action to this visitor (`game` as load_game returned it)."""
    need = GAME_ACTIONS[action]
    return not game.owned and allows(role=game.role, is_public=game.club.is_public, need=need)


def game_access(user: User | AnonymousUser, pk: int, need: Need, *, locked: bool = False) -> GameAccess:
    game = load_game(user, pk, need, locked=locked)
    return GameAccess(
        guard=owners.guard if game.owned else None,
        game=game,
        base_url=reverse("games:game", args=[game.pk]),
        can_score=allows(role=game.role, is_public=readable_by_all(game), need=write_need(game, Need.SCORER)),
        by=user if user.is_authenticated else None,
        back_url=reverse("games:club", args=[game.club.slug]),
        back_label=game.club.name,
        audit_url=reverse("games:deal_audit", args=[game.pk]),
        actions=frozenset(action for action in GAME_ACTIONS if may(game, action)),
    )
