"""Tournaments: entrants, passes drawn by the seating module, tables that are ordinary games.

A table of a pass is a scorekeeper Game, so its deals are entered, checked, locked and audited
exactly like a club game; the tournament adds who sits where, the table's link, and the confirmation
that locks it: a personal code of each side (or the director).
"""

from __future__ import annotations

import secrets
from collections.abc import Collection

from django.conf import settings
from django.db import models
from django.utils.translation import get_language, gettext, pgettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.models import Club, Game, Player

# the event formats come from the variants (formats.py); the column stores a format's key, with no choices
from .formats import Format, format_label, known_format

USER = settings.AUTH_USER_MODEL


class Seating(models.TextChoices):
    RANDOM = "random", _("Drawn pass by pass")
    UPFRONT = "upfront", _("All passes drawn up front")
    BY_STANDINGS = "by_standings", _("By standings for the later passes")


class ByeCompensation(models.TextChoices):
    AVERAGE = "average", _("The pass average")
    FIXED = "fixed", _("A fixed score")


class Visibility(models.TextChoices):
    """Who sees an event's public pages (its players' names, seating, standings)."""

    PUBLIC = "public", _("Public: anyone")
    LINK = "link", _("Link only: the club's members and whoever has the event's link")
    MEMBERS = "members", _("Members only: the club's members")


class Scoring(models.TextChoices):
    SUM = "sum", _("Sum of points")
    TABLE_POINTS = "table_points", _("Ranking points per table")


def default_table_points() -> list[int]:
    return [3, 2, 1, 0]


def default_tie_breaks() -> list[str]:
    return ["best_pass", "next_best_pass", "matches", "lots"]


def new_seed() -> int:
    return secrets.randbelow(2**31)


def new_share_key() -> str:
    return secrets.token_urlsafe(12)  # 96 bits: a link-only event's key, not guessable from its slug


SELF_REGISTRATION_LIMIT = 10
"""Self-registrations an event accepts per window (services.SELF_REGISTRATION_WINDOW) unless the director
sets another number: 40 scripted registrations in a second are not 40 players."""


class Tournament(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=80, unique=True)
    format = models.CharField(max_length=20, default=Format.EINZELSCHIEBER, validators=[known_format])
    settings = models.JSONField(default=dict, blank=True, help_text=_("Scoring settings over the variant's."))
    passes = models.PositiveSmallIntegerField(default=4)
    deals_per_pass = models.PositiveSmallIntegerField(default=12, null=True, blank=True)
    pass_word = models.CharField(
        max_length=20, default="Pass", help_text=_("The club's word: Pass, Passe, Round…")
    )
    seating = models.CharField(max_length=20, choices=Seating.choices, default=Seating.RANDOM)
    by_standings_from = models.PositiveSmallIntegerField(default=2)
    seed = models.BigIntegerField(default=new_seed, help_text=_("Stored, so every draw can be reproduced."))
    bye_compensation = models.CharField(
        max_length=10, choices=ByeCompensation.choices, default=ByeCompensation.AVERAGE
    )
    bye_score = models.IntegerField(default=0)
    allow_tables_of_three = models.BooleanField(default=False)
    scoring = models.CharField(max_length=20, choices=Scoring.choices, default=Scoring.SUM)
    table_points = models.JSONField(default=default_table_points, blank=True)
    drop_worst_pass = models.BooleanField(default=False)
    tie_breaks = models.JSONField(
        default=default_tie_breaks, blank=True, help_text=_("Tie-breaks by key, first first.")
    )
    public_registration = models.BooleanField(default=False)
    capacity = models.PositiveIntegerField(null=True, blank=True)
    self_registration_limit = models.PositiveSmallIntegerField(
        default=SELF_REGISTRATION_LIMIT, help_text=_("Self-registrations accepted per 10 minutes.")
    )
    visibility = models.CharField(max_length=10, choices=Visibility.choices, default=Visibility.MEMBERS)
    share_key = models.CharField(
        max_length=32, default=new_share_key, help_text=_("Opens a link-only event: ?key=… on its link.")
    )
    frozen_from_pass = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Public standings stop updating from this pass on.")
    )
    finished = models.BooleanField(default=False)
    created_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def get_format_display(self) -> str:
        """The format's name, as Django's choices would show it."""
        return format_label(self.format)

    @property
    def pass_word_in_sentence(self) -> str:
        """The pass word inside a sentence: lower case ("every pass"), but German nouns keep their capital."""
        return self.pass_word if (get_language() or "").startswith("de") else self.pass_word.lower()


CODE_DIGITS = 6


def new_code() -> str:
    """A player's personal code: six digits, on a slip of their own (never on the table card)."""
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


def is_personal_code(code: object) -> bool:
    """Six ASCII digits, as `new_code` makes them: the only codes a table's phone can match (the club
    import refuses any other: one a player cannot type would leave their table unconfirmable)."""
    return isinstance(code, str) and len(code) == CODE_DIGITS and code.isascii() and code.isdigit()


def free_codes(taken: Collection[str], count: int) -> list[str]:
    """`count` personal codes, none taken nor twice: two players of one event must never share one, and
    among 2000 random six-digit codes two alike are likely (about 2 pairs)."""
    codes: list[str] = []
    seen = set(taken)
    while len(codes) < count:
        code = new_code()
        if code not in seen:
            seen.add(code)
            codes.append(code)
    return codes


class Entrant(models.Model):
    """A registered player; `partner` pairs them for team Schieber; `code` confirms their side's passes."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveIntegerField(help_text=_("Start number."))
    checked_in = models.BooleanField(default=False)
    joins_from_pass = models.PositiveSmallIntegerField(default=1)
    withdrawn_after_pass = models.PositiveSmallIntegerField(null=True, blank=True)
    partner = models.OneToOneField("self", null=True, blank=True, on_delete=models.SET_NULL)
    self_registered = models.BooleanField(default=False)
    registered_at = models.DateTimeField(auto_now_add=True)
    code = models.CharField(
        max_length=8, default=new_code, help_text=_("Personal: one player of each side enters it to confirm.")
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player"),
            models.UniqueConstraint(fields=["tournament", "number"], name="one_start_number"),
            models.UniqueConstraint(fields=["tournament", "code"], name="one_code_per_entrant"),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.player.name}"

    def plays_in(self, pass_number: int) -> bool:
        after = self.withdrawn_after_pass
        return (
            self.checked_in
            and self.joins_from_pass <= pass_number
            and (after is None or pass_number <= after)
        )


class Pass(models.Model):
    """One pass (round) of a tournament: its draw, with the seed it was drawn from."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pass_set")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    drawn_at = models.DateTimeField(auto_now_add=True)
    drawn_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    forced_reason = models.TextField(
        blank=True, help_text=_("Why it was drawn before every table confirmed.")
    )

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="one_pass_per_number")]

    def __str__(self) -> str:
        return gettext("%(tournament)s · %(pass_word)s %(number)s") % {
            "tournament": self.tournament,
            "pass_word": self.tournament.pass_word,
            "number": self.number,
        }


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 bits: the table link is the only key to the table


def new_pin() -> str:
    """The old table PIN's default: migration 0001 still names it (the PIN went in 0007)."""
    return f"{secrets.randbelow(10**4):04d}"


class Table(models.Model):
    """A table of a pass: its game, and the secret link printed as a QR code. It is confirmed (and locked)
    once a player of each side has entered their personal code (TableSignoff), or by the director."""

    pass_played = models.ForeignKey(Pass, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField(Game, on_delete=models.PROTECT, related_name="tournament_table")
    token = models.CharField(max_length=64, unique=True, default=new_token)
    code_failures = models.PositiveSmallIntegerField(default=0)
    code_failed_at = models.DateTimeField(null=True, blank=True)  # the last wrong code: the cooldown's start
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        USER,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("The director who confirmed for the table; empty: the table confirmed itself."),
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["pass_played", "number"], name="one_table_number_per_pass")
        ]

    def __str__(self) -> str:
        return pgettext("tournament table", "Table %(number)s") % {"number": self.number}

    @property
    def locked(self) -> bool:
        return self.confirmed_at is not None


class TableSignoff(models.Model):
    """A player's personal code entered at a table: their side agrees to the deals as they stood then.

    `revision` is the game's when the code was entered: a deal changed afterwards (the game's revision
    moves on) voids it, so nobody confirms deals their side has not seen. One row per player and table:
    entered again, it is brought up to date, never doubled.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="signoffs")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")
    side = models.CharField(max_length=60)
    revision = models.PositiveIntegerField()
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "pk"]
        constraints = [models.UniqueConstraint(fields=["table", "entrant"], name="one_signoff_per_player")]

    def __str__(self) -> str:
        return gettext("%(entrant)s at %(table)s") % {"entrant": self.entrant, "table": self.table}


class TableSeat(models.Model):
    """Who sits where; `side` is the side the entrant scores for (team A/B, or their own name)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    entrant = models.ForeignKey(Entrant, on_delete=models.PROTECT, related_name="seats")
    side = models.CharField(max_length=60)
    substitute = models.ForeignKey(
        Player,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text=_("Plays this pass in the entrant's place; the result counts for the entrant."),
    )

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_entrant_per_table_seat"),
        ]

    def __str__(self) -> str:
        return gettext("%(entrant)s at seat %(position)s") % {
            "entrant": self.entrant,
            "position": self.position,
        }


class Bye(models.Model):
    pass_played = models.ForeignKey(Pass, on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="byes")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["pass_played", "entrant"], name="one_bye_per_pass")]

    def __str__(self) -> str:
        return pgettext("tournament bye", "Bye for %(entrant)s") % {"entrant": self.entrant}


class TableChange(models.Model):
    """Confirmations, reopenings, forced draws and undone draws: the director's audit trail."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="changes")
    what = models.CharField(max_length=200)
    by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return self.what


def default_season_points() -> list[int]:
    return [25, 18, 15, 12, 10, 8, 6, 4, 2, 1]


class Season(models.Model):
    """A club's season ranking across its events: ranking points by place, each player's best N count.

    The ranking itself is tournaments.season (pure); this stores what the club configured.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=100)
    best_of = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Each player's best N events count; empty: every event counts.")
    )
    points_table = models.JSONField(
        default=default_season_points, help_text=_("Ranking points by place: the winner gets the first.")
    )
    final = models.ForeignKey(
        Tournament,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_("Its ranking points count double."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name


class SeasonEvent(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="events")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="season_events")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "tournament"], name="one_entry_per_season")]

    def __str__(self) -> str:
        return gettext("%(event)s in %(season)s") % {"event": self.tournament, "season": self.season}
