"""Tournament routes (namespace "tournaments"): seasons, the director's pages, the table links (no account),
public pages, print-outs."""

from django.urls import path

from .views import director, prints, public, seasons, table

app_name = "tournaments"

urlpatterns = [
    # a club's seasons
    path("clubs/<slug:slug>/seasons/new/", seasons.season_new, name="season_new"),
    path("clubs/<slug:slug>/seasons/<int:pk>/", seasons.season, name="season"),
    path("clubs/<slug:slug>/seasons/<int:pk>/edit/", seasons.season_edit, name="season_edit"),
    path("clubs/<slug:slug>/seasons/<int:pk>/standings.csv", seasons.season_csv, name="season_csv"),
    path("clubs/<slug:slug>/seasons/<int:pk>/standings.xlsx", seasons.season_xlsx, name="season_xlsx"),
    # director (club admins and owners)
    path("clubs/<slug:club>/events/new/", director.create, name="tournament_new"),
    path("events/<slug:slug>/manage/", director.dashboard, name="tournament_dashboard"),
    path("events/<slug:slug>/manage/settings/", director.settings, name="tournament_settings"),
    path("events/<slug:slug>/manage/entrants/", director.entrants, name="tournament_entrants"),
    path("events/<slug:slug>/manage/entrants/<int:pk>/", director.entrant, name="tournament_entrant"),
    path("events/<slug:slug>/manage/draw/", director.draw, name="tournament_draw"),
    path("events/<slug:slug>/manage/undo/", director.undo, name="tournament_undo"),
    path("events/<slug:slug>/manage/new-link/", director.new_link, name="tournament_new_link"),
    path("events/<slug:slug>/manage/tables/<int:pk>/reopen/", director.reopen, name="tournament_reopen"),
    path("events/<slug:slug>/manage/tables/<int:pk>/confirm/", director.confirm, name="tournament_confirm"),
    path("events/<slug:slug>/manage/tables/<int:pk>/unblock/", director.unblock, name="tournament_unblock"),
    path(
        "events/<slug:slug>/manage/seats/<int:pk>/substitute/",
        director.substitute,
        name="tournament_substitute",
    ),
    # a table's secret link: the same live deal form as a club game, with no account
    path("t/<str:token>/", table.table, name="table"),
    path("t/<str:token>/live/", table.live, name="table_live"),
    path("t/<str:token>/deals/", table.deal_add, name="table_deal_add"),
    path("t/<str:token>/deals/preview/", table.deal_preview, name="table_deal_preview"),
    path("t/<str:token>/deals/predictions/", table.deal_predictions, name="table_deal_predictions"),
    path("t/<str:token>/deals/<int:number>/edit/", table.deal_edit, name="table_deal_edit"),
    path("t/<str:token>/deals/<int:number>/delete/", table.deal_delete, name="table_deal_delete"),
    path("t/<str:token>/deals/<int:number>/restore/", table.deal_restore, name="table_deal_restore"),
    path("t/<str:token>/confirm/", table.confirm, name="table_confirm"),
    # public, no login
    path("events/<slug:slug>/", public.event, name="tournament"),
    path("events/<slug:slug>/register/", public.register, name="tournament_register"),
    path("events/<slug:slug>/seat/", public.where_do_i_sit, name="tournament_seat"),
    path("events/<slug:slug>/standings/", public.standings, name="tournament_standings"),
    path("events/<slug:slug>/projector/", public.projector, name="tournament_projector"),
    path("events/<slug:slug>/players/<int:pk>/", public.entrant, name="tournament_player"),
    # print-outs and exports (director)
    path("events/<slug:slug>/print/seating/<int:number>/", prints.seating, name="print_seating"),
    path("events/<slug:slug>/print/schedule/", prints.schedule, name="print_schedule"),
    path("events/<slug:slug>/print/codes/", prints.code_slips, name="print_codes"),
    path("events/<slug:slug>/print/cards/<int:number>/", prints.table_cards, name="print_cards"),
    path("events/<slug:slug>/print/sheets/<int:number>/", prints.score_sheets, name="print_sheets"),
    path("events/<slug:slug>/print/standings/", prints.final_standings, name="print_standings"),
    path("events/<slug:slug>/export/standings.csv", prints.standings_csv, name="export_standings"),
    path("events/<slug:slug>/export/deals.csv", prints.deals_csv, name="export_deals"),
    path("events/<slug:slug>/export/standings.xlsx", prints.standings_xlsx, name="export_standings_xlsx"),
    path("events/<slug:slug>/export/deals.xlsx", prints.deals_xlsx, name="export_deals_xlsx"),
]
