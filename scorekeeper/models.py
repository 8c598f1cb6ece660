"""Clubs, their members and players, games with seats and deals, and the audit of every change.

A deal stores its entry as the players entered it; everything else (deal scores, game totals, who
won) is derived from the entries by the rules engine and stored only so SQL can sum and list it.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q

USER = settings.AUTH_USER_MODEL


class Role(models.TextChoices):
    OWNER = "owner", "Owner"
    ADMIN = "admin", "Admin"
    SCORER = "scorer", "Scorer"
    VIEWER = "viewer", "Viewer"


class SuitNames(models.TextChoices):
    GERMAN = "german", "Swiss-German (Rosen, Schellen, Schilten, Eicheln)"
    FRENCH = "french", "French (hearts, diamonds, spades, clubs)"


class Club(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=60, unique=True)
    is_public = models.BooleanField(
        "public", default=False, help_text="Anyone can follow a public club's games without signing in."
    )
    suit_names = models.CharField(max_length=10, choices=SuitNames.choices, default=SuitNames.GERMAN)
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
    """Someone on a club's roster; a login is optional (most players never sign in)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=60)
    user = models.ForeignKey(USER, null=True, blank=True, on_delete=models.SET_NULL, related_name="players")

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="unique_player_name_per_club")]

    def __str__(self) -> str:
        return self.name


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
    revision = models.PositiveIntegerField(default=0, help_text="Bumped by every change, for live pages.")
    deal_limit = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="A game of exactly this many deals (a tournament pass); empty: the rules end it.",
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.get_variant_display()} #{self.pk}"

    def get_variant_display(self) -> str:
        return self.variant.capitalize()


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


class Deal(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    entry = models.JSONField()
    version = models.PositiveIntegerField(default=1, help_text="Bumped by every edit, to refuse stale edits.")
    client_token = models.UUIDField(default=uuid.uuid4, help_text="Recognises a repeated submission.")
    created_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_deal_per_number"),
            models.UniqueConstraint(fields=["game", "client_token"], name="one_deal_per_submission"),
            models.CheckConstraint(condition=Q(number__gte=1), name="deal_numbers_from_one"),
        ]

    def __str__(self) -> str:
        return f"Deal {self.number} of game {self.game_id}"


class DealScore(models.Model):
    """One side's score in one deal, derived from the entry: rows that SQL can sum."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="scores")
    side = models.CharField(max_length=60)
    score = models.IntegerField()
    matches = models.PositiveSmallIntegerField(default=0, help_text="1 if this side made a match.")
    apples = models.PositiveSmallIntegerField(default=0, help_text="1 if this side got an apple.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["deal", "side"], name="one_score_per_side")]

    def __str__(self) -> str:
        return f"{self.side}: {self.score}"


class DealChange(models.Model):
    """The audit trail: who added, edited or deleted which deal, when, and what it was before and after."""

    class Action(models.TextChoices):
        ADDED = "added", "added"
        EDITED = "edited", "edited"
        DELETED = "deleted", "deleted"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    deal_number = models.PositiveIntegerField()
    action = models.CharField(max_length=10, choices=Action.choices)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    by = models.ForeignKey(USER, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"Deal {self.deal_number} {self.action}"


class Rating(models.Model):
    """A player's current rating in one variant (openskill mu and sigma); shown as mu - 3 sigma.

    Derived: the last RatingChange of the player and variant, kept for the leaderboard.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    variant = models.CharField(max_length=20)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0, help_text="Rated games (tournaments not counted).")
    wins = models.PositiveIntegerField(default=0, help_text="Rated games won alone (or with a partner).")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["variant", "-mu"]
        constraints = [models.UniqueConstraint(fields=["player", "variant"], name="one_rating_per_variant")]

    def __str__(self) -> str:
        return f"{self.player} {self.variant}: {self.mu - 3 * self.sigma:.1f}"


class RatingChange(models.Model):
    """One player's rating before and after one finished game or tournament.

    The history is replayed in `at` order (when the game or event finished), so each row keeps what a
    replay needs: the player's team and place in that game or event.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_changes")
    variant = models.CharField(max_length=20)
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    tournament = models.ForeignKey(
        "tournaments.Tournament", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    team = models.CharField(max_length=60, help_text="The side played for: partners share it.")
    rank = models.PositiveIntegerField(help_text="Place in the game or event, 1 = first; ties share it.")
    won = models.BooleanField(default=False)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    at = models.DateTimeField(help_text="When the game or event finished: the order of the history.")

    class Meta:
        ordering = ["at", "pk"]
        indexes = [models.Index(fields=["variant", "at"], name="rating_change_replay")]
        constraints = [
            models.CheckConstraint(
                condition=Q(game__isnull=False) ^ Q(tournament__isnull=False), name="rated_game_or_tournament"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.variant}: {self.mu_before:.2f} -> {self.mu_after:.2f}"
