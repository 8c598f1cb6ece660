from django.contrib import admin
from django.urls import include, path

from scorekeeper.clubdata import views as club_export
from scorekeeper.games.views import clubs, deals, games, offline
from scorekeeper.players import views as players
from scorekeeper.ratings import views as ratings
from tournaments.views import seasons

urlpatterns = [
    path("", clubs.home, name="home"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("csrf/", offline.csrf_token, name="csrf_token"),
    path("accounts/signup/", clubs.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the footer's language picker
    path("", include("tournaments.urls")),
    path("clubs/new/", clubs.club_new, name="club_new"),
    path("clubs/<slug:slug>/", clubs.club, name="club"),
    path("clubs/<slug:slug>/manage/", clubs.club_manage, name="club_manage"),
    path("clubs/<slug:slug>/members/<int:pk>/", clubs.member_change, name="member_change"),
    path("clubs/<slug:slug>/players/", clubs.player_add, name="player_add"),
    path("clubs/<slug:slug>/games/new/", games.game_new, name="game_new"),
    path("clubs/<slug:slug>/export.json", club_export.export_json, name="club_export"),
    path("clubs/<slug:slug>/players/<int:pk>/", players.player, name="player"),
    path("clubs/<slug:slug>/players/<int:pk>/vs/<int:other>/", players.player_vs, name="player_vs"),
    path("clubs/<slug:slug>/players/<int:pk>/history.csv", players.history_csv, name="player_history_csv"),
    path("clubs/<slug:slug>/players/<int:pk>/history.json", players.history_json, name="player_history_json"),
    path("clubs/<slug:slug>/leaderboard/<str:variant>/", ratings.leaderboard, name="leaderboard"),
    path("clubs/<slug:slug>/ratings/<int:pk>/", ratings.rating_history, name="rating_history"),
    path("clubs/<slug:slug>/seasons/new/", seasons.season_new, name="season_new"),
    path("clubs/<slug:slug>/seasons/<int:pk>/", seasons.season, name="season"),
    path("clubs/<slug:slug>/seasons/<int:pk>/edit/", seasons.season_edit, name="season_edit"),
    path("clubs/<slug:slug>/seasons/<int:pk>/standings.csv", seasons.season_csv, name="season_csv"),
    path("games/<int:pk>/", games.game, name="game"),
    path("games/<int:pk>/live/", games.game_live, name="game_live"),
    path("games/<int:pk>/history/", games.game_history, name="game_history"),
    path("games/<int:pk>/record.csv", players.game_record_csv, name="game_record_csv"),
    path("games/<int:pk>/record.json", players.game_record_json, name="game_record_json"),
    path("games/<int:pk>/deals/", deals.deal_add, name="deal_add"),
    path("games/<int:pk>/deals/preview/", deals.deal_preview, name="deal_preview"),
    path("games/<int:pk>/deals/<int:number>/edit/", deals.deal_edit, name="deal_edit"),
    path("games/<int:pk>/deals/<int:number>/delete/", deals.deal_delete, name="deal_delete"),
]
