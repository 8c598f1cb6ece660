"""Clubs, their members and players, games with seats and deals, and the audit of every change.

A deal stores its entry as the players entered it; everything else (deal scores, game totals, who
won) is derived from the entries by the rules engine and stored only so SQL can sum and list it.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import formats, timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules

USER = settings.AUTH_USER_MODEL


class Role(models.TextChoices):
    OWNER = "owner", _("Owner")
    ADMIN = "admin", _("Admin")
    SCORER = "scorer", _("Scorer")
    VIEWER = "viewer", _("Viewer")


class SuitNames(models.TextChoices):
    GERMAN = "german", _("Swiss-German (Rosen, Schellen, Schilten, Eicheln)")
    FRENCH = "french", _("French (hearts, diamonds, spades, clubs)")


class Club(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=60, unique=True)
    is_public = models.BooleanField(
        pgettext_lazy("club", "public"),
        default=False,
        help_text=_("Anyone can follow a public club's games without signing in."),
    )
    suit_names = models.CharField(max_length=10, choices=SuitNames.choices, default=SuitNames.GERMAN)
    language = models.CharField(
        _("language"),
        max_length=10,
        blank=True,
        default="",
        choices=[("", _("Each visitor's browser language")), *settings.LANGUAGES],
        help_text=_(
            "The language of the club's pages, events and table phones. A visitor's own choice comes first."
        ),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(USER, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.VIEWER)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"


class Player(models.Model):
    """Someone on a club's roster; a login is optional (most players never sign in).

    `user`: the member this player is, linked by a club admin or claimed through an invite that names
    the player; their "My games" page lists the linked players. One player per member and club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=60)
    user = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="players")

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="unique_player_name_per_club"),
            models.UniqueConstraint(fields=["club", "user"], name="one_player_per_member_per_club"),
        ]

    def __str__(self) -> str:
        return self.name


INVITE_ROLES = (Role.SCORER, Role.VIEWER)
"""The roles an invite link may give: those below admin. Whoever holds the link joins, so it never makes
an admin; an admin is named by username on the club's settings page."""

INVITE_DAYS_MAX = 90
INVITE_USES_MAX = 1000


class Invite(models.Model):
    """A link that lets whoever opens it join the club, until it expires, is used up or is revoked.

    Only a hash of its token is stored (the link is shown once, to the admin who made it): the database
    or a backup never holds a link that works. Naming a roster player, it links that player to whoever
    joins with it, and so is good for one use."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invites")
    token_hash = models.CharField(max_length=64, unique=True)
    role = models.CharField(max_length=10, choices=[(role.value, role.label) for role in INVITE_ROLES])
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    expires_at = models.DateTimeField()
    max_uses = models.PositiveIntegerField(null=True, blank=True, help_text=_("Empty: no limit."))
    uses = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(condition=Q(role__in=INVITE_ROLES), name="invite_role_below_admin"),
            models.CheckConstraint(
                condition=Q(max_uses__isnull=True) | Q(uses__lte=F("max_uses")),
                name="invite_uses_within_limit",
            ),
        ]

    def __str__(self) -> str:
        return f"Invite to {self.club} ({self.role})"

    def state(self, now: datetime | None = None) -> str:
        """One of INVITE_STATES: open to join, or why not (revoked first, then expired, then used up)."""
        if self.revoked_at is not None:
            return "revoked"
        if self.expires_at <= (now or timezone.now()):
            return "expired"
        if self.max_uses is not None and self.uses >= self.max_uses:
            return "used_up"
        return "open"

    def usable(self, now: datetime | None = None) -> bool:
        return self.state(now) == "open"

    def get_state_display(self) -> str:
        return str(INVITE_STATES[self.state()])


INVITE_STATES = {
    "open": pgettext_lazy("invite link", "open"),
    "revoked": pgettext_lazy("invite link", "revoked"),
    "expired": pgettext_lazy("invite link", "expired"),
    "used_up": pgettext_lazy("invite link", "used up"),
}


class StakeUnit(models.TextChoices):
    """What an evening's stake is paid on: each point, each mark (Striche) or each game."""

    POINT = "point", _("per point")
    MARK = "mark", _("per mark")
    GAME = "game", _("per game")


STAKE_MAX = 1000
"""The highest stake a form takes, in CHF: it fits the column (max_digits=7, two decimals)."""


class Evening(models.Model):
    """A club's evening at one table: games played one after another, summed at the end of the night.

    "Play again" continues it; a member may start one and add games. The optional stake (CHF) gives the
    settle-up. A share link (`share_token`) shows it read-only to anyone who has it, until revoked.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="evenings")
    started_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    stake = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    stake_unit = models.CharField(max_length=5, choices=StakeUnit.choices, blank=True)
    share_token = models.CharField(max_length=64, null=True, blank=True, unique=True)

    class Meta:
        ordering = ["-started_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(stake__isnull=True) | (Q(stake__gte=0) & Q(stake__lte=STAKE_MAX)),
                name="evening_stake_in_range",
            ),
            models.CheckConstraint(
                condition=Q(stake__isnull=True) | ~Q(stake_unit=""), name="evening_stake_has_a_unit"
            ),
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        date = formats.date_format(timezone.localtime(self.started_at), "DATE_FORMAT")
        return gettext("Evening of %(date)s") % {"date": date}


def variant_name(key: str) -> str:
    """A variant's name as players say it in the active language (Schieber is Chibre in Romandy), from
    its rules module; a key without rules shows capitalized."""
    try:
        return gettext(rules.get_variant(key).name)
    except rules.InvalidDeal:
        return key.capitalize()


GAME_NAME_MAX = 40
"""The longest name of a game played on a Free board."""


class Game(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="games")
    variant = models.CharField(max_length=20)
    settings = models.JSONField(default=dict, blank=True)
    created_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)
    # Derived from the deals by the rules engine, kept for lists and live polling.
    totals = models.JSONField(default=dict, blank=True)
    finished = models.BooleanField(default=False)
    winner = models.CharField(max_length=60, blank=True)
    revision = models.PositiveIntegerField(default=0, help_text=_("Bumped by every change, for live pages."))
    # Each side's [score, matches, apples] over the deals, written with the totals: the standings of a
    # 2000-player event read 5000 of these instead of replaying 40,000 deals.
    side_sums = models.JSONField(default=dict, blank=True)
    # The engine's state after the last deal (GameResult.state: who is still in, the rows still open),
    # written with the totals: the next deal's form needs it, and a deal post reads it here instead of
    # scoring the game before the write scores it. None: not written yet (a game from before it was kept).
    state = models.JSONField(null=True, blank=True)
    # The deal count, the ranks and each side's counts for the statistics (history.summary), written
    # with the totals: a player page of 1000 games reads these instead of replaying 12,000 deals.
    summary = models.JSONField(default=dict, blank=True)
    deal_limit = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text=_("A game of exactly this many deals (a tournament pass); empty: the rules end it."),
    )
    # The seats' names in seat order, copied when the game starts (they never change after): every
    # deal post and page needs them, and reads them with the game instead of querying the seats.
    seat_names = models.JSONField(default=list, blank=True)
    # The game's number in its club (#1, #2 ...), given when it starts; a tournament table's game has
    # none: it is named by its event, pass and table.
    number = models.PositiveIntegerField(null=True, blank=True)
    # Stopped before its end by the players (it can be resumed), or deleted by an admin (hidden for good):
    # either way it counts in no statistic, rating or leaderboard. The audit is GameChange.
    abandoned_at = models.DateTimeField(null=True, blank=True)
    deleted_at = models.DateTimeField(null=True, blank=True)
    # The game this one was started from with "play again": a second tap finds this one, not a third.
    follows = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # What the table said before the next deal was played (Differenzler's predictions), kept until the
    # deal is saved, so a reload or a second phone finds it: {"number": n, "entry": {...}}, or {}.
    pending_entry = models.JSONField(default=dict, blank=True)
    # The deal the last Delete took away, while Undo can still bring it back (its copy is that Delete's
    # DealChange): cleared when a deal is entered or brought back. Kept here, so no page asks for it.
    undo_deal = models.PositiveIntegerField(null=True, blank=True)
    # The evening this game belongs to (Evening), if any: its totals sum this game's stored summary.
    evening = models.ForeignKey(
        "Evening", null=True, blank=True, on_delete=models.SET_NULL, related_name="games"
    )
    # The game the club plays on a Free board ("Sidi Barrani"), shown instead of the variant's name; empty
    # for the other variants. Not a setting: the settings are the rules engine's contract.
    name = models.CharField(max_length=GAME_NAME_MAX, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["club", "number"], name="one_game_number_per_club")]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        """ "Schieber #3": the variant (or the game's own name, "Sidi Barrani #12") and the game's number in
        its club (a table's game: the name alone)."""
        name = self.name or self.get_variant_display()
        return f"{name} #{self.number}" if self.number else name

    @property
    def counts(self) -> bool:
        """Whether the game counts in statistics, ratings and leaderboards: not abandoned nor deleted."""
        return self.abandoned_at is None and self.deleted_at is None

    def get_variant_display(self) -> str:
        return variant_name(self.variant)

    def names_by_seat(self) -> list[str]:
        """The names the deal entries use, in seat order; a game stored without the copy (made
        outside the services) reads its seats."""
        if self.seat_names:
            return list(self.seat_names)
        return list(self.seats.order_by("position").values_list("name", flat=True))


class Seat(models.Model):
    """A player at a seat; `name` is the name the deal entries use, fixed when the game starts."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    name = models.CharField(max_length=60)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.name} at seat {self.position}"


@dataclass(frozen=True)
class Dealing:
    """Who dealt a deal (seat counted from 1) and whether the trump was pushed (geschoben: chosen by the
    announcer's partner). What happened at the table, not what the deal scores: stored beside the
    rules entry, never in it (rules.md names every key an entry may have). None: not noted."""

    dealer_seat: int | None = None
    pushed: bool | None = None

    def as_json(self) -> dict[str, int | bool | None] | None:
        """For the audit (DealChange.dealing_before/after): None when nothing was noted."""
        if self.dealer_seat is None and self.pushed is None:
            return None
        return {"dealer_seat": self.dealer_seat, "pushed": self.pushed}

    @classmethod
    def from_json(cls, data: object) -> Dealing:
        """The audit's copy read back; anything else (an older export's row) is "not noted"."""
        if not isinstance(data, dict):
            return cls()
        seat, pushed = data.get("dealer_seat"), data.get("pushed")
        return cls(seat if isinstance(seat, int) else None, pushed if isinstance(pushed, bool) else None)


NOT_NOTED = Dealing()


class Deal(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    entry = models.JSONField()
    version = models.PositiveIntegerField(
        default=1, help_text=_("Bumped by every edit, to refuse stale edits.")
    )
    client_token = models.UUIDField(default=uuid.uuid4, help_text=_("Recognises a repeated submission."))
    created_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)
    # Who dealt and whether the trump was pushed (Dealing): null where nobody noted it.
    dealer_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    pushed = models.BooleanField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_deal_per_number"),
            models.UniqueConstraint(fields=["game", "client_token"], name="one_deal_per_submission"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deal_numbers_from_one"),
            models.CheckConstraint(condition=Q(dealer_seat__gte=1), name="dealer_seats_from_one"),
        ]

    def __str__(self) -> str:
        return f"Deal {self.number} of game {self.game_id}"

    @property
    def dealing(self) -> Dealing:
        return Dealing(self.dealer_seat, self.pushed)


class DealChange(models.Model):
    """The audit trail: who added, edited, deleted or brought back (Undo) which deal, when, and what it
    was before and after: its entry, and beside it who dealt (Dealing.as_json)."""

    class Action(models.TextChoices):
        ADDED = "added", pgettext_lazy("deal", "added")
        EDITED = "edited", pgettext_lazy("deal", "edited")
        DELETED = "deleted", pgettext_lazy("deal", "deleted")
        RESTORED = "restored", pgettext_lazy("deal", "brought back")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    deal_number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    dealing_before = models.JSONField(null=True, blank=True)
    dealing_after = models.JSONField(null=True, blank=True)
    by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"Deal {self.deal_number} {self.action}"


COUNTED = Q(abandoned_at__isnull=True, deleted_at__isnull=True)
"""The games that count in statistics, ratings and leaderboards: neither abandoned nor deleted."""


class GameChange(models.Model):
    """The audit of a game as a whole: who abandoned, resumed or deleted it, and when."""

    class Action(models.TextChoices):
        ABANDONED = "abandoned", pgettext_lazy("game", "abandoned")
        RESUMED = "resumed", pgettext_lazy("game", "resumed")
        DELETED = "deleted", pgettext_lazy("game", "deleted")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="game_changes")
    action = models.CharField(max_length=10, choices=Action.choices)
    by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.game} {self.action}"
