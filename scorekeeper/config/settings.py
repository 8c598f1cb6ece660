"""Settings read from the environment, so one code base runs a newcomer's laptop and production.

DATABASE_URL   an SQLite file (db.sqlite3) when unset; postgres://... in production and CI
SECRET_KEY     required unless DEBUG is on
DEBUG          "1"/"true" to turn on; off by default
ALLOWED_HOSTS  comma-separated; localhost names when DEBUG is on
TRUSTED_PROXIES  how many reverse proxies add to X-Forwarded-For (0 by default): the sign-in lockout's
               client address (docs/operations.md)
TRUSTED_PROXY_ADDRESSES  comma-separated addresses or networks (10.0.0.2, 10.0.0.0/24, fd00::/8) of those
               proxies: X-Forwarded-For is read only from a peer among them, never from a client that
               reached the app directly; required when TRUSTED_PROXIES is set
CACHE_URL      a Redis server for the shared cache (the rendered standings), e.g. redis://127.0.0.1:6379/0;
               unset: the database cache (table jass_cache), so one server needs nothing more
               (docs/deployment.md says when to add Redis)
"""

from __future__ import annotations

import ipaddress
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parents[2]


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def trusted_proxy_addresses(proxies: int) -> list[str]:
    """TRUSTED_PROXY_ADDRESSES, each checked now rather than at a sign-in. Proxies counted but none
    named would trust no X-Forwarded-For: every visitor would share the proxy's address, and one
    attacker would pause everybody's sign-ins, so that refuses to start."""
    addresses = env_list("TRUSTED_PROXY_ADDRESSES")
    if proxies and not addresses:
        raise ImproperlyConfigured(
            "Set TRUSTED_PROXY_ADDRESSES to the proxies' addresses (TRUSTED_PROXIES is set)."
        )
    for address in addresses:
        try:
            ipaddress.ip_network(address, strict=False)
        except ValueError:
            raise ImproperlyConfigured(
                f"TRUSTED_PROXY_ADDRESSES: {address!r} is no address or network."
            ) from None
    return addresses


DEBUG = env_flag("DEBUG")

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY (or DEBUG=1 for development).")
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production-0123456789"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
CSRF_FAILURE_VIEW = "scorekeeper.games.views.offline.csrf_failure"  # marked, so a phone renews its token

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "csp",
    # The domain apps, lowest layer first (the layers contract in pyproject.toml): games build on the rules
    # engine (scorekeeper.rules, no app), tournaments on games, then players, ratings and club data.
    "scorekeeper.games",
    "tournaments",
    "scorekeeper.players",
    "scorekeeper.ratings",
    "scorekeeper.clubdata",
]

MIDDLEWARE = [
    "scorekeeper.config.security.ProtocolFromProxies",  # X-Forwarded-Proto only from a trusted proxy
    "django.middleware.security.SecurityMiddleware",
    "scorekeeper.games.live.LivePollMiddleware",  # an unchanged live page: 204 after one query, nothing else
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "scorekeeper.config.security.PrivateResponses",  # Cache-Control: private (a download: no-store too)
    # gzip for HTML and htmx answers (with Django's BREACH mitigation); below whitenoise, which serves
    # the static files pre-compressed (.br, .gz) and would otherwise see its images gzipped again
    "django.middleware.gzip.GZipMiddleware",
    "scorekeeper.config.security.RefuseNulBytes",  # 400 for a NUL in path, query, form or cookie
    "django.contrib.sessions.middleware.SessionMiddleware",
    # the visitor's language: the language cookie, else Accept-Language; a club's pages may switch to
    # the club's language afterwards (scorekeeper/languages.py)
    "scorekeeper.games.languages.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "scorekeeper.games.offline.OfflineOwnerMiddleware",  # whose pages the phone's service worker may keep
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "scorekeeper.config.middleware.SignInRequiredMiddleware",
    "scorekeeper.config.security.SignInsPausedMiddleware",  # an address that failed too often: 429
    "axes.middleware.AxesMiddleware",  # last: turns a locked-out sign-in into the lockout page
]

ROOT_URLCONF = "scorekeeper.config.urls"
WSGI_APPLICATION = "scorekeeper.config.wsgi.application"
ASGI_APPLICATION = "scorekeeper.config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "OPTIONS": {
            # Partials (game.html#saved) over the cached loaders; a variant's own templates live in its
            # folder (scorekeeper/games/variants/<key>/templates), found by the variants' loader.
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "scorekeeper.games.variants.loader.Loader",
                                "scorekeeper.games.variants.loader.Dedented",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
            # `{% load <key> %}`: each variant's template tags, from its folder's tags.py (found, not listed)
            "libraries": {
                path.parent.name: f"scorekeeper.games.variants.{path.parent.name}.tags"
                for path in sorted((BASE_DIR / "scorekeeper" / "games" / "variants").glob("*/tags.py"))
            },
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Each transaction takes SQLite's write lock as it begins. A deal post reads (the game "locked") and
    # then writes; begun as a plain read, it would fail at once with "database is locked" when another
    # phone wrote meanwhile, instead of waiting its turn (make loadtest's test found it).
    DATABASES["default"].setdefault("OPTIONS", {}).update({"transaction_mode": "IMMEDIATE", "timeout": 20})
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The rendered standings, shared by every spectator and every app server (tournaments/views/public.py):
# the database cache needs no server of its own (its table comes with `migrate`); Redis takes the load
# off the database when CACHE_URL names one. A Redis that stops answering costs a render, not a hung
# request: the views render without the cache after a second.
CACHE_URL = os.environ.get("CACHE_URL", "")
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": CACHE_URL,
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }
    if CACHE_URL
    else {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "jass_cache"}
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# the address's limit and django-axes' lockout check in front of Django's user and password check
# (scorekeeper/config/security.py)
AUTHENTICATION_BACKENDS = ["scorekeeper.config.security.SignInAttemptsBackend"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# English when the browser names none of ours. Native names: the picker shows each in its own language.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de-ch", "Deutsch"), ("fr", "Français"), ("it", "Italiano")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Zurich"
USE_I18N = True
USE_TZ = True
FORMAT_MODULE_PATH = ["scorekeeper.config.formats"]  # English dates as Swiss clubs write them
USE_THOUSAND_SEPARATOR = False  # 1234 stays 1234; floats in HTML attributes still need |unlocalize
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600  # a chosen language outlives the browser session
LANGUAGE_COOKIE_HTTPONLY = True
LANGUAGE_COOKIE_SAMESITE = "Lax"

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [
    BASE_DIR / "scorekeeper" / "games" / "static",
    # a variant's own styles and scripts, in its folder: variants/<key>/static/x is served as
    # scorekeeper/variants/<key>/x
    *(
        (f"scorekeeper/variants/{path.parent.name}", path)
        for path in sorted((BASE_DIR / "scorekeeper" / "games" / "variants").glob("*/static"))
    ),
]
# Files the browser asks for at the site's root by itself (favicon.ico), served there by WhiteNoise.
WHITENOISE_ROOT = BASE_DIR / "scorekeeper" / "games" / "root"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "scorekeeper.config.storage.StaticFiles"
    },
}

# Security: strict unless DEBUG. Behind TLS set SECURE_SSL_REDIRECT / HSTS via the environment.
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # HTMX reads no cookie: the token is sent from <body data-hx-headers>
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
# Content-Security-Policy (django-csp): scripts only from our own static files (htmx runs with
# allowEval off, so no inline script, no on*= handler, no hx-on). Styles: our stylesheet, plus style
# attributes for computed values (a progress bar's width) through 'unsafe-inline' in style-src, which
# browsers without CSP level 3 apply to elements too; the level-3 style-src-elem still refuses <style>.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "style-src-elem": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'none'"],
        "object-src": ["'none'"],
    }
}
# Sign-in attempts (django-axes): 5 failures for one username from one address lock that pair out
# for 15 minutes. An address that failed SIGN_IN_FAILURES_PER_ADDRESS times, whatever the usernames, is
# refused for the rest of its 15 minutes before any password is hashed (config/security.py): a club's hall
# shares one address, so the limit is a handful of locked-out members, well above one member's typos.
# A wrong old password on the password change is a failed sign-in for both limits, and a paused address
# or locked-out account is refused there too. Sign-up: SIGN_UPS_PER_ADDRESS accounts an address in
# SIGN_UP_WINDOW (a club signing up its members in its hall fits; a script filling the site does not).
# TRUSTED_PROXIES: how many reverse proxies append to X-Forwarded-For (0: none), TRUSTED_PROXY_ADDRESSES
# where they are: only a request from there is believed.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "scorekeeper.config.security.client_ip"
AXES_USERNAME_CALLABLE = "scorekeeper.config.security.attempted_username"
SIGN_IN_FAILURES_PER_ADDRESS = 20
SIGN_UPS_PER_ADDRESS = 10
SIGN_UP_WINDOW = timedelta(hours=1)
TRUSTED_PROXIES = int(os.environ.get("TRUSTED_PROXIES", "0"))
TRUSTED_PROXY_ADDRESSES = trusted_proxy_addresses(TRUSTED_PROXIES)
if not DEBUG:
    SESSION_COOKIE_SECURE = env_flag("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_flag("SECURE_COOKIES", True)
    LANGUAGE_COOKIE_SECURE = env_flag("SECURE_COOKIES", True)
    SECURE_SSL_REDIRECT = env_flag("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
