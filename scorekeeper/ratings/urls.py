"""The leaderboards and a player's rating history (namespace "ratings")."""

from django.urls import path

from scorekeeper.ratings import views

app_name = "ratings"

urlpatterns = [
    path("clubs/<slug:slug>/leaderboard/<str:variant>/", views.leaderboard, name="leaderboard"),
    path("clubs/<slug:slug>/ratings/<int:pk>/", views.rating_history, name="rating_history"),
]
