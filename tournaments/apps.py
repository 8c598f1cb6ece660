from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self) -> None:
        from scorekeeper.games import club_sections, live, owners

        from .access import GAME_OWNER, table_now, table_state
        from .club_section import SECTIONS

        live.register("table", live.LiveKind(current=table_now, shown=table_state))
        owners.register(GAME_OWNER)
        for section in SECTIONS:
            club_sections.register(section)
