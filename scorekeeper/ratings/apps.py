from django.apps import AppConfig
from django.db.models.signals import post_save


class RatingsConfig(AppConfig):
    """Skill ratings per variant, moved by every finished game and tournament."""

    name = "scorekeeper.ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from scorekeeper.games import club_sections
        from scorekeeper.games.signals import game_scored

        from . import services
        from .club_section import SECTION

        game_scored.connect(services.game_scored, dispatch_uid="ratings")
        club_sections.register(SECTION)
        # finishing (or reopening) a tournament moves the ratings
        post_save.connect(services.tournament_saved, sender="tournaments.Tournament", dispatch_uid="ratings")
