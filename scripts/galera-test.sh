#!/usr/bin/env bash
# The Galera suite (test/galera): starts the three-node cluster unless GALERA_URLS names one, runs, stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s)
if [ -z "${GALERA_URLS:-}" ]; then
  source scripts/galera-start.sh
  trap 'bash scripts/galera-stop.sh' EXIT
fi
# One file at a time: a test that takes a node out of the cluster must not meet another file's writes.
GALERA_URLS="$GALERA_URLS" npx ava --concurrency 1 test/galera
echo "Galera suite finished in $(( $(date +%s) - t0 )) s"
