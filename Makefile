# Two commands for a newcomer: `make run` and `make test`. Both create .venv and install what they need.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
INSTALLED := $(VENV)/.installed

.PHONY: run test lint format bench loadtest messages

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[dev]'
	touch $(INSTALLED)

run: $(INSTALLED)
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py demo
	DEBUG=1 $(PY) manage.py demo_tournament
	@echo "Jass Scorekeeper on http://127.0.0.1:$(PORT)/  (sign in with the demo login above)"
	DEBUG=1 $(PY) manage.py runserver 127.0.0.1:$(PORT)

# axe-core (npm) for the browser tests' accessibility audit, html-validate (npm, Node 20.19+) for the markup of
# every page (tests/test_escaping.py); without npm those tests skip (CI requires them).
AXE := tests/browser/node_modules/axe-core/axe.min.js
$(AXE): tests/browser/package-lock.json
	command -v npm >/dev/null && npm ci --prefix tests/browser --no-audit --no-fund --silent && touch $(AXE) || true

# The suite on every core (pytest-xdist): each worker has its own test database (test_<name>_gw0, ... on
# PostgreSQL, a file each on SQLite), Chromium and live server. PYTEST_WORKERS=0 runs it in one process;
# PYTEST_ARGS adds options, e.g. PYTEST_ARGS="-m 'not slow'" for a quick local run (CI runs everything).
# loadgroup: tests are handed out one by one, except those of a module sharing a module-scoped fixture
# (tests/conftest.py groups them), which go to one worker so that fixture is built once.
PYTEST_WORKERS ?= auto
test: $(INSTALLED) $(AXE)
	$(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

bench: $(INSTALLED)
	$(PY) -m tests.tools.bench $(BENCH_ARGS)

# Drops and re-creates its own database (named jass_loadtest or jass_loadtest_*); restarts the local PostgreSQL
# midway (needs root). LOADTEST_ARGS e.g. "--duration 20 --no-faults"; docs/performance.md has the figures.
LOADTEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/jass_loadtest
loadtest: $(INSTALLED)
	DATABASE_URL=$(LOADTEST_DATABASE_URL) \
	SECRET_KEY=$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))') \
	$(PY) -m tests.tools.loadtest $(LOADTEST_ARGS)

# The catalogues: every marked string into locale/*/LC_MESSAGES/django.po (the translators fill them in), then
# the .mo files, which are committed so `make run` needs no gettext. Needs GNU gettext (Debian: gettext).
MESSAGES_IGNORE := --ignore=.venv --ignore=node_modules --ignore=test-artifacts --ignore=staticfiles --ignore=tests
messages: $(INSTALLED)
	DEBUG=1 $(PY) manage.py makemessages -l de_CH -l fr -l it --add-location=file $(MESSAGES_IGNORE)
	DEBUG=1 $(PY) manage.py compilemessages $(MESSAGES_IGNORE)

lint: $(INSTALLED)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/djlint templates scorekeeper/games/variants --lint

format: $(INSTALLED)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .
