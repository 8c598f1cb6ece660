"""The site's routes: its own few pages (home, sign-up, the service worker), then each app's, each under
its namespace (games:, players:, ratings:, clubdata:, tournaments:)."""

from django.contrib import admin
from django.urls import include, path

from scorekeeper.games.views import clubs, offline

urlpatterns = [
    path("", clubs.home, name="home"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("csrf/", offline.csrf_token, name="csrf_token"),
    path("accounts/signup/", clubs.signup, name="signup"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the footer's language picker
    path("", include("tournaments.urls")),
    path("", include("scorekeeper.games.urls")),
    path("", include("scorekeeper.clubdata.urls")),
    path("", include("scorekeeper.players.urls")),
    path("", include("scorekeeper.ratings.urls")),
]
