from django.apps import AppConfig
from django.db.models.signals import post_save


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = "Jass Scorekeeper"

    def ready(self) -> None:
        from . import ratings_service  # finishing (or reopening) a tournament moves the ratings

        post_save.connect(
            ratings_service.tournament_saved, sender="tournaments.Tournament", dispatch_uid="ratings"
        )
