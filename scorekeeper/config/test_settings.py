"""Settings for the test suite: production settings (DEBUG off) minus HTTPS-only redirects and cookies.

The database still comes from DATABASE_URL: SQLite by default, PostgreSQL in CI.
"""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key-not-for-production-5f0c1d2e3a4b")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SECURE_COOKIES", "0")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost,127.0.0.1")

from scorekeeper.config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {**STORAGES, "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}  # noqa: F405
# WhiteNoise warns "No directory at: staticfiles/" when collectstatic never ran (a fresh clone), and the
# suite turns warnings into errors: find static files as in development instead.
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not Django's shared-cache memory database: that one locks whole tables without waiting,
    # and the browser tests' live server reads and writes from its own thread while the test does.
    import tempfile

    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": os.path.join(tempfile.gettempdir(), f"jass-test-{os.getpid()}.sqlite3")
    }
    DATABASES["default"]["OPTIONS"] = {  # noqa: F405
        "timeout": 30,
        "init_command": "PRAGMA journal_mode=WAL;",
        "transaction_mode": "IMMEDIATE",  # as in settings.py: a writer waits for the lock, never fails
    }

# One connection per request, closed when it finishes: the live server of the browser tests answers each
# request in a thread of its own, and a persistent connection left in an ended thread would keep a
# session open on the test database, which PostgreSQL then refuses to drop.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405
