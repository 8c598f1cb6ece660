"""A club's data as one JSON file (namespace "clubdata")."""

from django.urls import path

from scorekeeper.clubdata import views

app_name = "clubdata"

urlpatterns = [
    path("clubs/<slug:slug>/export.json", views.export_json, name="club_export"),
]
