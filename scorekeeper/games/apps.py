from django.apps import AppConfig


class GamesConfig(AppConfig):
    """Clubs, their players and games, deals and the pages a table scores on.

    The label stays "scorekeeper": the tables, migrations and permissions were named so before the apps
    were cut by domain, and a label is what the database knows.
    """

    name = "scorekeeper.games"
    label = "scorekeeper"
    verbose_name = "Jass Scorekeeper"
