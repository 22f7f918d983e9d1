#!/usr/bin/env bash
# A PostgreSQL server for TDBot's tests, on 127.0.0.1 only; prints the URL to give the tests:
#
#     export TDBOT_TEST_POSTGRES=$(deploy/postgres-for-tests.sh)
#
# Idempotent: it installs PostgreSQL (Debian's package) only when no server is installed,
# makes the cluster only when its folder is empty, starts it only when it is not running,
# and creates the database only when it is missing. Any step that fails stops the script
# with a non-zero exit, so CI fails rather than skipping the PostgreSQL tests.
#
# The cluster is for tests only: it trusts every local connection and does not sync to disk
# (fsync=off), which is unsafe for real data. Settings (environment):
#   TDBOT_PG_DIR   the cluster's folder   (default /tmp/tdbot-postgres)
#   TDBOT_PG_PORT  the port on 127.0.0.1  (default 54329)
#   TDBOT_PG_DB    the database's name    (default tdbot_test)
set -euo pipefail

DIR=${TDBOT_PG_DIR:-/tmp/tdbot-postgres}
PORT=${TDBOT_PG_PORT:-54329}
NAME=${TDBOT_PG_DB:-tdbot_test}

say() { echo "postgres-for-tests: $*" >&2; }

bindir() {  # the newest installed server's bin folder, if any
    local found
    found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [[ -n "$found" && -x "$found/pg_ctl" ]]; then echo "$found"; fi
}

BIN=$(bindir)
if [[ -z "$BIN" ]]; then
    if [[ $(id -u) -ne 0 ]]; then
        say "no PostgreSQL server installed; as root: apt-get install -y postgresql"
        exit 1
    fi
    say "installing PostgreSQL (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
    BIN=$(bindir)
    [[ -n "$BIN" ]] || { say "apt-get installed no server under /usr/lib/postgresql"; exit 1; }
fi

# The server refuses to run as root: root runs it as the postgres user the package made.
if [[ $(id -u) -eq 0 ]]; then
    USER_NAME=postgres
    as_owner() { runuser -u postgres -- "$@"; }
else
    USER_NAME=$(id -un)
    as_owner() { "$@"; }
fi

mkdir -p "$DIR"
if [[ $(id -u) -eq 0 ]]; then chown postgres: "$DIR"; fi
chmod 700 "$DIR"

if [[ ! -f "$DIR/PG_VERSION" ]]; then
    say "making a cluster in $DIR"
    # C locale: text sorts by its bytes, as SQLite's default collation does.
    as_owner "$BIN/initdb" -D "$DIR" -U "$USER_NAME" --auth=trust -E UTF8 --locale=C >&2
fi

if ! as_owner "$BIN/pg_ctl" -D "$DIR" status >/dev/null 2>&1; then
    say "starting the server on 127.0.0.1:$PORT"
    as_owner "$BIN/pg_ctl" -D "$DIR" -l "$DIR/server.log" -w -t 60 start \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off \
            -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >&2 \
        || { say "the server did not start; its log:"; tail -n 30 "$DIR/server.log" >&2; exit 1; }
fi

PSQL=("$BIN/psql" -h 127.0.0.1 -p "$PORT" -U "$USER_NAME" -X -q -v ON_ERROR_STOP=1)
if [[ -z $(as_owner "${PSQL[@]}" -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$NAME'") ]]; then
    say "creating the database $NAME"
    as_owner "${PSQL[@]}" -d postgres -c "CREATE DATABASE \"$NAME\"" >&2
fi
as_owner "${PSQL[@]}" -d "$NAME" -tAc "SELECT 1" >/dev/null

echo "postgresql://$USER_NAME@127.0.0.1:$PORT/$NAME"
