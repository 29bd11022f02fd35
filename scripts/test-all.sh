#!/usr/bin/env bash
# `npm run test:all`: the README's `npm test` on SQLite (every file), then the database matrix (test/matrix.ts) on
# a private MariaDB and a private PostgreSQL 15 cluster on loopback, each stopped and removed after
# (docs/testing.md). Needs Debian's `mariadb-server`; installs `postgresql` when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'source scripts/databases-stop.sh' EXIT
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
