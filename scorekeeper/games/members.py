"""Clubs, their members and the roster's players: every write of them, atomic where it takes two rows.

A member's roster player is linked here too (one player per member and club, one member per player);
invite links, which make members and link players, are in `invite_links.py`.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from scorekeeper.games.models import Club, Membership, Player, Role
from scorekeeper.games.names import normalise_name

# ---- clubs and players ---------------------------------------------------------------------------


@transaction.atomic
def create_club(
    *,
    name: str,
    slug: str,
    owner: User,
    is_public: bool = False,
    suit_names: str = "german",
    language: str = "",
) -> Club:
    club = Club.objects.create(
        name=name, slug=slug, is_public=is_public, suit_names=suit_names, language=language
    )
    Membership.objects.create(club=club, user=owner, role=Role.OWNER)
    return club


def update_club(*, club: Club, **settings: Any) -> Club:
    """The club's own settings as its admin saved them (name, public, suit names, language)."""
    for name, value in settings.items():
        setattr(club, name, value)
    club.save()
    return club


def create_account(*, username: str, password: str) -> User:
    """A new user, signed up on the site; they belong to no club until one adds them or they follow an
    invite link."""
    return User.objects.create_user(username=username, password=password)


def set_membership(*, club: Club, user: User, role: str) -> Membership:
    membership, _ = Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    return membership


@transaction.atomic
def remove_member(membership: Membership) -> None:
    """The member leaves the club, and their roster player is theirs no more: "My games" lists only the
    clubs they belong to."""
    Player.objects.filter(club_id=membership.club_id, user_id=membership.user_id).update(user=None)
    membership.delete()


# ---- a member's roster player ----------------------------------------------------------------------


class LinkRefused(Exception):
    """The player or the member is linked to someone else already: the message says whom to unlink."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@transaction.atomic
def link_player(*, player: Player, user: User) -> Player:
    """The roster player is this member: one player per member and club, one member per player.
    Linking them again changes nothing; a conflict is refused and nothing is saved."""
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if locked.user_id == user.pk:
        return locked
    if locked.user_id is not None:
        message = gettext("%(player)s is linked to another member already: unlink them first.")
        raise LinkRefused(message % {"player": locked.name})
    linked = Player.objects.filter(club_id=locked.club_id, user=user).values_list("name", flat=True).first()
    if linked is not None:
        message = gettext("%(user)s is linked to %(player)s already: unlink them first.")
        raise LinkRefused(message % {"user": user.username, "player": linked})
    locked.user = user
    try:
        with transaction.atomic():  # another admin linked this member meanwhile: the constraint says so
            locked.save(update_fields=["user"])
    except IntegrityError:
        message = gettext("%(user)s was linked to another player meanwhile: nothing was changed.")
        raise LinkRefused(message % {"user": user.username}) from None
    return locked


def unlink_player(*, club: Club, user: User) -> int:
    """The member's roster player in the club is nobody's again; 0 if none was linked."""
    return Player.objects.filter(club=club, user=user).update(user=None)


def add_player(*, club: Club, name: str) -> Player:
    """The roster's player of that name (any case), or a new one: typing "anna" finds Anna. The forms
    refuse a name that is no name (games/names.py); written the same way here, so two spellings that
    look alike are one player whoever calls."""
    name = normalise_name(name)
    player = Player.objects.filter(club=club, name__iexact=name).first()
    return player or Player.objects.create(club=club, name=name)
