"""WSGI entry point for gunicorn: `gunicorn scorekeeper.config.wsgi`."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.config.settings")
application = get_wsgi_application()
