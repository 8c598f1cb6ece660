from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        from scorekeeper.games import live

        from .access import table_now, table_state

        live.register("table", live.LiveKind(current=table_now, shown=table_state))
