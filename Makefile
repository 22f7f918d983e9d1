# The two commands of the README's quick start, for a fresh machine with Python 3.11+.
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test install install-test lint bench wheel-check

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

## wheel-check: build the wheel, install it in a fresh venv outside the checkout, run it
## (catches files that only an editable install finds, such as the SQL migrations)
wheel-check: $(VENV)/bin/activate
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	$(PY) -m pip wheel -q --no-deps -w "$$tmp/dist" . ; \
	python3 -m venv "$$tmp/venv"; \
	"$$tmp/venv/bin/pip" install -q "$$tmp"/dist/tdbot-*.whl; \
	cd "$$tmp"; \
	"$$tmp/venv/bin/tdbot" --version; \
	"$$tmp/venv/bin/tdbot" db migrate --db "$$tmp/check.sqlite3"; \
	"$$tmp/venv/bin/tdbot" demo > "$$tmp/demo.txt"; \
	grep -q "Demo Cup" "$$tmp/demo.txt"; \
	"$$tmp/venv/bin/tdbot" demo --club > "$$tmp/club.txt"; \
	grep -q "Club Ladder" "$$tmp/club.txt"; \
	if [ -n "$${TDBOT_TEST_POSTGRES:-}" ]; then \
	  schema=wheel_check_$$$$; \
	  "$$tmp/venv/bin/python" -c "import psycopg, sys; psycopg.connect(sys.argv[1], autocommit=True).execute('CREATE SCHEMA ' + sys.argv[2])" "$$TDBOT_TEST_POSTGRES" $$schema; \
	  "$$tmp/venv/bin/tdbot" db migrate --db "$$TDBOT_TEST_POSTGRES?options=-csearch_path%3D$$schema"; \
	  "$$tmp/venv/bin/python" -c "import psycopg, sys; psycopg.connect(sys.argv[1], autocommit=True).execute('DROP SCHEMA ' + sys.argv[2] + ' CASCADE')" "$$TDBOT_TEST_POSTGRES" $$schema; \
	fi; \
	echo "wheel-check: the installed wheel migrates a database (SQLite$${TDBOT_TEST_POSTGRES:+ and PostgreSQL}) and plays both demos"

lint:
	$(VENV)/bin/ruff check core bot tests bench
	$(VENV)/bin/mypy core bot

bench: install
	$(PY) -m bench.pairing
