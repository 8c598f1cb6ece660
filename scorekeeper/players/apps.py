from django.apps import AppConfig


class PlayersConfig(AppConfig):
    """A player's page: the games and events they played, statistics, partners, charts and exports."""

    name = "scorekeeper.players"
    verbose_name = "Players"
