from django.apps import AppConfig
from django.db.models.signals import post_save


class RatingsConfig(AppConfig):
    """Skill ratings per variant, moved by every finished game and tournament."""

    name = "scorekeeper.ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from scorekeeper.games.signals import game_scored

        from . import services

        game_scored.connect(services.game_scored, dispatch_uid="ratings")
        # finishing (or reopening) a tournament moves the ratings
        post_save.connect(services.tournament_saved, sender="tournaments.Tournament", dispatch_uid="ratings")
