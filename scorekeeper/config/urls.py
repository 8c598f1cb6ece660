"""The site's routes: its own few pages (home, sign-up, the service worker), then each app's, each under
its namespace (games:, players:, ratings:, clubdata:, tournaments:).

Of Django's account pages, sign-in, sign-out and changing one's password; the sign-up and the password
change are limited as the sign-in is (config/security.py). No password reset: it mails a
link, and a club's instance has no mail server and its accounts no email address. A forgotten password
is set again by the operator (docs/operations.md), and the reset's URLs answer 404."""

from django.contrib import admin
from django.contrib.auth import views as auth
from django.urls import include, path

from scorekeeper.config.security import CheckedPasswordChangeView, limit_sign_ups
from scorekeeper.games.views import clubs, offline

urlpatterns = [
    path("", clubs.home, name="home"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("offline/expired/", offline.offline_expired, name="offline_expired"),
    path("csrf/", offline.csrf_token, name="csrf_token"),
    path("accounts/signup/", limit_sign_ups(clubs.signup), name="signup"),
    path("accounts/login/", auth.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth.LogoutView.as_view(), name="logout"),
    path("accounts/password_change/", CheckedPasswordChangeView.as_view(), name="password_change"),
    path(
        "accounts/password_change/done/", auth.PasswordChangeDoneView.as_view(), name="password_change_done"
    ),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the footer's language picker
    path("", include("tournaments.urls")),
    path("", include("scorekeeper.games.urls")),
    path("", include("scorekeeper.clubdata.urls")),
    path("", include("scorekeeper.players.urls")),
    path("", include("scorekeeper.ratings.urls")),
]
