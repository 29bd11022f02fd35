#!/usr/bin/env bash
# `npm run test:all`: the README's `npm test` on SQLite (every file), then the database matrix (test/matrix.ts) on
# a private MariaDB and a private PostgreSQL 15 cluster on loopback, each stopped and removed after
# (docs/testing.md). Needs Debian's `mariadb-server`; installs `postgresql` when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
cleanup() {
  if [ -n "${MARIADB_PID:-}" ]; then kill "$MARIADB_PID" 2>/dev/null || true; wait "$MARIADB_PID" 2>/dev/null || true; fi
  if [ -n "${POSTGRES_PID:-}" ]; then
    kill -INT "$POSTGRES_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$POSTGRES_PID" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "${MARIADB_DIR:-}" "${POSTGRES_DIR:-}"
}
trap cleanup EXIT
unset DATABASE_URL
echo "== SQLite"
npm test
echo "== MariaDB"
source scripts/mariadb-start.sh
npm test
unset DATABASE_URL
echo "== PostgreSQL"
source scripts/postgres-start.sh
npm test
