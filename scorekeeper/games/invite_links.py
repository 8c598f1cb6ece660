"""Invite links: a club's link that makes its holder a member, and may give them a roster player.

Only the token's hash is stored; joining locks the invite row, so two people joining at once cannot both
take its last use, and the joining user's row, so one person opening two invites at once joins once.
"""

from __future__ import annotations

import enum
import hashlib
import secrets
from datetime import timedelta

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from scorekeeper.games.members import LinkRefused, link_player
from scorekeeper.games.models import Club, Invite, Membership, Player

# ---- invite links ----------------------------------------------------------------------------------


def invite_hash(token: str) -> str:
    """What is stored of an invite's token: its SHA-256. A token is 256 random bits, so no salt is
    needed, and looking it up by its hash tells a guesser nothing of how close a guess came."""
    return hashlib.sha256(token.encode()).hexdigest()


def create_invite(
    *,
    club: Club,
    role: str,
    days: int,
    max_uses: int | None,
    player: Player | None,
    by: User,
) -> tuple[Invite, str]:
    """The new invite and its token, the one time the token is known: the link is built from it."""
    token = secrets.token_urlsafe(32)
    invite = Invite.objects.create(
        club=club,
        token_hash=invite_hash(token),
        role=role,
        player=player,
        expires_at=timezone.now() + timedelta(days=days),
        max_uses=1 if player is not None else max_uses,
        created_by=by,
    )
    return invite, token


def revoke_invite(*, invite: Invite, by: User) -> Invite:
    """The link works no more; revoking it again changes nothing."""
    if invite.revoked_at is None:
        invite.revoked_at, invite.revoked_by = timezone.now(), by
        invite.save(update_fields=["revoked_at", "revoked_by"])
    return invite


class JoinRefused(Exception):
    """Joining would link a player that cannot be linked: the message says what to ask for."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Joined(enum.Enum):
    JOINED = "joined"  # a new member (and their player linked, if the invite names one)
    LINKED = "linked"  # a member already, who claimed the player the invite names
    ALREADY = "already"  # the member has all the invite gives: nothing changed, no use counted


def has_all_it_gives(invite: Invite, user: User) -> bool:
    """A member already, and the player the invite names (if any) is theirs: joining again is a no-op."""
    if invite.player is not None and invite.player.user_id != user.pk:
        return False
    return Membership.objects.filter(club_id=invite.club_id, user=user).exists()


@transaction.atomic
def join_by_invite(*, token: str, user: User) -> tuple[Invite, Joined] | None:
    """The user joins the club with the invite's role (a member keeps theirs) and claims the player it
    names. None for a token that opens nothing: unknown, expired, revoked or used up, all alike; but
    whoever has all it gives already is told so, whatever its state (a double tap took its last use).

    The invite row is locked, so two people joining at once cannot both take its last use; the user's row
    too, so one person joining through two invites at once joins once (the second is told so)."""
    invite = (
        Invite.objects.select_for_update(of=("self",))
        .select_related("club", "player")
        .filter(token_hash=invite_hash(token))
        .first()
    )
    if invite is None:
        return None
    _lock_joiner(user)
    if has_all_it_gives(invite, user):
        return invite, Joined.ALREADY
    if not invite.usable():
        return None
    member = Membership.objects.filter(club_id=invite.club_id, user=user).exists()
    if invite.player is not None:
        _claim(invite.player, user)
    if not member and not _add_member(invite, user):  # a member meanwhile, through another invite
        if invite.player is None:
            return invite, Joined.ALREADY
        member = True
    invite.uses += 1
    invite.save(update_fields=["uses"])
    return invite, Joined.LINKED if member else Joined.JOINED


def _lock_joiner(user: User) -> None:
    """Lock the user's row: one person's joins follow each other, so the second of two invites of a club
    opened at the same moment sees the membership the first made (a row not yet there cannot be locked)."""
    list(User.objects.select_for_update().filter(pk=user.pk).values_list("pk"))


def _add_member(invite: Invite, user: User) -> bool:
    """The user a member with the invite's role; False if they became one meanwhile (another invite of
    the club, at the same moment): the unique constraint refuses the second row, never a server error."""
    try:
        with transaction.atomic():
            Membership.objects.create(club_id=invite.club_id, user=user, role=invite.role)
    except IntegrityError:
        return False
    return True


def _claim(player: Player, user: User) -> None:
    """Link the invite's player to the user, in the words of the one joining (who is not told whom a
    player is linked to)."""
    try:
        link_player(player=player, user=user)
    except LinkRefused:
        player.refresh_from_db(fields=["user"])
        if player.user_id is not None:
            message = gettext(
                "%(player)s is linked to another member already: ask the club for a new invite."
            )
            raise JoinRefused(message % {"player": player.name}) from None
        message = gettext("You are linked to another player of this club already: ask a club admin.")
        raise JoinRefused(message) from None
