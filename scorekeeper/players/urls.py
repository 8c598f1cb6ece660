"""A player's pages and downloads, and a game's record (namespace "players")."""

from django.urls import path

from scorekeeper.players import views

app_name = "players"

urlpatterns = [
    path("me/", views.my_games, name="my_games"),
    path("clubs/<slug:slug>/players/<int:pk>/", views.player, name="player"),
    path("clubs/<slug:slug>/players/<int:pk>/vs/<int:other>/", views.player_vs, name="player_vs"),
    path("clubs/<slug:slug>/players/<int:pk>/history.csv", views.history_csv, name="player_history_csv"),
    path("clubs/<slug:slug>/players/<int:pk>/history.xlsx", views.history_xlsx, name="player_history_xlsx"),
    path("clubs/<slug:slug>/players/<int:pk>/history.json", views.history_json, name="player_history_json"),
    path("games/<int:pk>/record.csv", views.game_record_csv, name="game_record_csv"),
    path("games/<int:pk>/record.xlsx", views.game_record_xlsx, name="game_record_xlsx"),
    path("games/<int:pk>/record.json", views.game_record_json, name="game_record_json"),
]
