"""The database as a comparable value, so a test can say "this request saved nothing".

Every model of the project's apps and the accounts; not the sessions, the sign-in log of django-axes,
the admin's log or Django's own tables, which a request may write without saving anything of ours.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import User
from django.db import models

# Columns that change without anything being saved: a sign-in stamps the user's last_login.
VOLATILE = {"last_login"}


def project_models() -> list[type[models.Model]]:
    """The models of the apps in this repository (not of installed packages)."""
    return [
        model
        for config in apps.get_app_configs()
        if Path(config.path).is_relative_to(settings.BASE_DIR) and ".venv" not in Path(config.path).parts
        for model in config.get_models()
    ]


def tracked_models() -> list[type[models.Model]]:
    return [User, *project_models()]


def counts() -> dict[str, int]:
    return {model._meta.label: model.objects.count() for model in tracked_models()}


def rows() -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every tracked model, in id order."""
    snapshot = {}
    for model in tracked_models():
        columns = [f.attname for f in model._meta.concrete_fields if f.attname not in VOLATILE]
        snapshot[model._meta.label] = list(model.objects.order_by("pk").values_list(*columns))
    return snapshot


def changed(before: dict[str, Any], after: dict[str, Any]) -> set[str]:
    return {label for label in before if before[label] != after.get(label)}
