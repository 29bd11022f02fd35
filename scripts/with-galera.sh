#!/usr/bin/env bash
# Runs a command with the three-node cluster of scripts/galera-start.sh: starts it unless GALERA_URLS names one,
# runs the command with GALERA_URLS (and GALERA_DIR) in its environment, stops the cluster it started.
# Usage: bash scripts/with-galera.sh node bench/galera.ts
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${GALERA_URLS:-}" ]; then
  source scripts/galera-start.sh
  trap 'bash scripts/galera-stop.sh' EXIT
fi
"$@"
