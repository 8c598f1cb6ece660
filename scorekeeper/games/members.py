"""Clubs, their members and the roster's players: every write of them, atomic where it takes two rows.

A member's roster player is linked here too (one player per member and club, one member per player);
invite links, which make members and link players, are in `invite_links.py`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from scorekeeper.games.models import Club, Membership, Player, Role
from scorekeeper.games.names import look_alike_keys, normalise_name

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


@dataclass(frozen=True)
class RosterMatch:
    """What a name typed for a club finds on its roster: the player it is (the same name in any case), or
    else another player whose name looks the same on a page, or neither (a new player)."""

    same: Player | None = None
    looks_like: Player | None = None


def roster_match(*, club: Club, name: str) -> RosterMatch:
    """The name cleaned as every name is, against the club's whole roster: case folded by Python, as
    SQLite's iexact folds ASCII only ("zoë" is Zoë), look-alikes by `look_alike_keys` (names.py)."""
    name = normalise_name(name)
    roster = list(club.players.order_by("pk").only("pk", "name", "user", "club"))
    exact = [player for player in roster if player.name == name]
    same = exact or [player for player in roster if player.name.casefold() == name.casefold()]
    if same:
        return RosterMatch(same=same[0])
    keys = look_alike_keys(name)
    looks_like = next((p for p in roster if not keys.isdisjoint(look_alike_keys(p.name))), None)
    return RosterMatch(looks_like=looks_like)


class NameRefused(Exception):
    """The name looks like another roster player's (Anna with a Cyrillic A, U+0410): a second player who
    reads the same on every page would take the first one's games in a glance. The message names that
    player."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.message = look_alike_message(player)
        super().__init__(self.message)


def look_alike_message(player: Player) -> str:
    return gettext(
        "Looks like %(name)s, who is already in the club: use that player, or choose a name that looks "
        "different."
    ) % {"name": player.name}


def add_player(*, club: Club, name: str) -> Player:
    """The roster's player of that name (any case), or a new one: typing "anna" finds Anna. The forms
    refuse a name that is no name (games/names.py); written the same way here, so two spellings that
    look alike are one player whoever calls. A new name that looks like another player's is refused
    (NameRefused), whoever calls: a form, a tournament's registration, a substitute."""
    name = normalise_name(name)
    match = roster_match(club=club, name=name)
    if match.same is not None:
        return match.same
    if match.looks_like is not None:
        raise NameRefused(match.looks_like)
    return Player.objects.create(club=club, name=name)
