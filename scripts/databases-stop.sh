#!/usr/bin/env bash
# Stops the servers scripts/mariadb-start.sh and scripts/postgres-start.sh started in this shell (MARIADB_PID,
# POSTGRES_PID) and removes their data folders (in /dev/shm where the machine has it). Sourced by .ci/run and
# scripts/test-all.sh from their EXIT traps.
if [ -n "${MARIADB_PID:-}" ]; then kill "$MARIADB_PID" 2>/dev/null || true; wait "$MARIADB_PID" 2>/dev/null || true; fi
if [ -n "${POSTGRES_PID:-}" ]; then
  kill -INT "$POSTGRES_PID" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$POSTGRES_PID" 2>/dev/null || break; sleep 0.1; done
fi
rm -rf "${MARIADB_DIR:-}" "${POSTGRES_DIR:-}"
