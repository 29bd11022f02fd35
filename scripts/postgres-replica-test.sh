#!/usr/bin/env bash
# The PostgreSQL read-replica suite: starts a primary and a synchronous standby, runs the file, stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/postgres-replica-start.sh
trap 'kill "$PG_REPLICA_PID" "$PG_PRIMARY_PID" 2>/dev/null || true; sleep 1; rm -rf "$PG_REPLICA_DIR"' EXIT
DATABASE_URL="$PG_PRIMARY_URL?replicas=127.0.0.1:$PG_REPLICA_PORT" npx ava test/db/postgres-replicas.test.ts
