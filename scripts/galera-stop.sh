#!/usr/bin/env bash
# Stop the cluster started by scripts/galera-start.sh (GALERA_PIDS, GALERA_DIR from its environment). A node
# restarted since (test/galera/servers.test.ts kills and restarts nodes) is found by its pid file.
pids="${GALERA_PIDS:-}"
if [ -n "${GALERA_DIR:-}" ]; then
  for f in "$GALERA_DIR"/n*/pid; do [ -f "$f" ] && pids="$pids $(cat "$f")"; done
fi
for p in $pids; do kill "$p" 2>/dev/null || true; done
for p in $pids; do while kill -0 "$p" 2>/dev/null; do sleep 0.2; done; done
[ -n "${GALERA_DIR:-}" ] && rm -rf "$GALERA_DIR"
true
