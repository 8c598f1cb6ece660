"""Ratings: each player's current skill per variant, and the history of changes it is replayed from."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scorekeeper.games.models import Game, Player


class Rating(models.Model):
    """A player's current rating in one variant (openskill mu and sigma); shown as mu - 3 sigma.

    Derived: the last RatingChange of the player and variant, kept for the leaderboard.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    variant = models.CharField(max_length=20)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0, help_text=_("Rated games (tournaments not counted)."))
    wins = models.PositiveIntegerField(default=0, help_text=_("Rated games won alone (or with a partner)."))
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "scorekeeper_rating"  # named when ratings lived in the games app; a move keeps its rows
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
    team = models.CharField(max_length=60, help_text=_("The side played for: partners share it."))
    rank = models.PositiveIntegerField(help_text=_("Place in the game or event, 1 = first; ties share it."))
    won = models.BooleanField(default=False)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    at = models.DateTimeField(help_text=_("When the game or event finished: the order of the history."))

    class Meta:
        db_table = "scorekeeper_ratingchange"
        ordering = ["at", "pk"]
        indexes = [models.Index(fields=["variant", "at"], name="rating_change_replay")]
        constraints = [
            models.CheckConstraint(
                condition=Q(game__isnull=False) ^ Q(tournament__isnull=False), name="rated_game_or_tournament"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.variant}: {self.mu_before:.2f} -> {self.mu_after:.2f}"
