#!/usr/bin/env bash
# Stop the cluster started by scripts/galera-start.sh (GALERA_PIDS, GALERA_DIR from its environment).
for p in ${GALERA_PIDS:-}; do kill "$p" 2>/dev/null || true; done
for p in ${GALERA_PIDS:-}; do while kill -0 "$p" 2>/dev/null; do sleep 0.2; done; done
[ -n "${GALERA_DIR:-}" ] && rm -rf "$GALERA_DIR"
true
