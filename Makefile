# The two commands of the README's quick start, for a fresh machine with Python 3.11+.
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test install install-test lint bench

$(VENV)/bin/activate:
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

install: $(VENV)/bin/activate
	$(PY) -m pip install -q -e .

install-test: $(VENV)/bin/activate
	$(PY) -m pip install -q -e '.[test]'

## run: install, then start the bot (with no TDBOT_TOKEN: the built-in demo)
run: install
	$(VENV)/bin/tdbot run

## test: install with the test extra, then lint, type-check and run the tests
test: install-test lint
	$(VENV)/bin/pytest

lint:
	$(VENV)/bin/ruff check core bot tests bench
	$(VENV)/bin/mypy core bot

bench: install
	$(PY) -m bench.pairing
