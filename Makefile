# Two commands for a newcomer: `make run` and `make test`. Both create .venv and install what they need.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
INSTALLED := $(VENV)/.installed

.PHONY: run test lint format bench

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

test: $(INSTALLED)
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(INSTALLED)
	$(PY) manage.py bench --settings=scorekeeper.test_settings

lint: $(INSTALLED)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(INSTALLED)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .
