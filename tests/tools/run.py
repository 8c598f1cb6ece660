"""Runs one of the tools' Django commands as `python -m tests.tools.NAME ARGS`: the project's settings
set up as manage.py would, then the command imported (it imports models) and run."""

from __future__ import annotations

import os
import sys
from importlib import import_module

import django


def run(name: str, module: str, settings: str) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", settings)
    django.setup()
    import_module(module).Command().run_from_argv(["manage.py", name, *sys.argv[1:]])
