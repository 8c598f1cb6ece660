"""Who may do what in a club: the one place that decides it.

Roles rank owner > admin > scorer > viewer. Reading a public club's games needs no login; a private
club's only membership. Views ask through `load_club` / `load_game`, never on their own.
"""

from __future__ import annotations

from enum import IntEnum

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db.models import OuterRef, Subquery
from django.http import Http404

from .models import Club, Game, Membership, Role


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
        raise Http404("No such club.")
    raise PermissionDenied("Your role in this club does not allow this.")


def load_club(user: User | AnonymousUser, slug: str, need: Need) -> Club:
    """The club with `role` (the user's role or None) set, in one query, or a refusal."""
    club = Club.objects.annotate(role=_role_subquery(user, "pk")).filter(slug=slug).first()
    if club is None:
        raise Http404("No such club.")
    check(user=user, role=club.role, is_public=club.is_public, need=need)
    return club


def load_game(user: User | AnonymousUser, pk: int, need: Need) -> Game:
    """The game with its club and `role` set, in one query, or a refusal."""
    game = (
        Game.objects.select_related("club")
        .annotate(role=_role_subquery(user, "club_id"))
        .filter(pk=pk)
        .first()
    )
    if game is None:
        raise Http404("No such game.")
    check(user=user, role=game.role, is_public=game.club.is_public, need=need)
    return game
