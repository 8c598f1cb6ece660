"""The games' routes (namespace "games"): clubs and their members, games, deals."""

from django.urls import path

from scorekeeper.games.views import clubs, deals, evenings, games, invites

app_name = "games"

urlpatterns = [
    path("clubs/new/", clubs.club_new, name="club_new"),
    path("clubs/<slug:slug>/", clubs.club, name="club"),
    path("clubs/<slug:slug>/manage/", clubs.club_manage, name="club_manage"),
    path("clubs/<slug:slug>/members/<int:pk>/", clubs.member_change, name="member_change"),
    path("clubs/<slug:slug>/members/<int:pk>/player/", clubs.member_player, name="member_player"),
    path("clubs/<slug:slug>/invites/", invites.club_invites, name="club_invites"),
    path("clubs/<slug:slug>/invites/<int:pk>/revoke/", invites.invite_revoke, name="invite_revoke"),
    path("join/<str:token>/", invites.join, name="join"),
    path("clubs/<slug:slug>/players/", clubs.player_add, name="player_add"),
    path("clubs/<slug:slug>/games/new/", games.game_new, name="game_new"),
    path("clubs/<slug:slug>/evenings/new/", evenings.evening_new, name="evening_new"),
    path("evenings/<int:pk>/", evenings.evening, name="evening"),
    path("evenings/<int:pk>/stake/", evenings.evening_stake, name="evening_stake"),
    path("evenings/<int:pk>/games/", evenings.evening_add, name="evening_add"),
    path("evenings/<int:pk>/games/<int:game>/remove/", evenings.evening_remove, name="evening_remove"),
    path("evenings/<int:pk>/share/", evenings.evening_share, name="evening_share"),
    path("evenings/<int:pk>/share/revoke/", evenings.evening_unshare, name="evening_unshare"),
    path("evenings/<int:pk>/evening.csv", evenings.evening_csv, name="evening_csv"),
    path("evenings/<int:pk>/evening.xlsx", evenings.evening_xlsx, name="evening_xlsx"),
    path("evenings/<int:pk>/evening.json", evenings.evening_json, name="evening_json"),
    path("evening/<str:token>/", evenings.evening_shared, name="evening_shared"),
    path("games/<int:pk>/", games.game, name="game"),
    path("games/<int:pk>/live/", games.game_live, name="game_live"),
    path("games/<int:pk>/history/", games.deal_audit, name="deal_audit"),
    path("games/<int:pk>/abandon/", games.game_abandon, name="game_abandon"),
    path("games/<int:pk>/resume/", games.game_resume, name="game_resume"),
    path("games/<int:pk>/delete/", games.game_delete, name="game_delete"),
    path("games/<int:pk>/again/", games.game_again, name="game_again"),
    path("games/<int:pk>/deals/", deals.deal_add, name="deal_add"),
    path("games/<int:pk>/deals/preview/", deals.deal_preview, name="deal_preview"),
    path("games/<int:pk>/deals/predictions/", deals.deal_predictions, name="deal_predictions"),
    path("games/<int:pk>/deals/<int:number>/edit/", deals.deal_edit, name="deal_edit"),
    path("games/<int:pk>/deals/<int:number>/delete/", deals.deal_delete, name="deal_delete"),
    path("games/<int:pk>/deals/<int:number>/restore/", deals.deal_restore, name="deal_restore"),
]
