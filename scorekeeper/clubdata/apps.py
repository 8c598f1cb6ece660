from django.apps import AppConfig


class ClubDataConfig(AppConfig):
    """A club's whole data as one JSON file: the export, the import, and their commands."""

    name = "scorekeeper.clubdata"
    verbose_name = "Club data"
