#!/usr/bin/env bash
# Start a private PostgreSQL 15 primary and one streaming standby on loopback (docs/scale-out.md, "PostgreSQL").
# Usage: source scripts/postgres-replica-start.sh → exports PG_PRIMARY_URL (postgres://cms:cms@127.0.0.1:<p>/cms),
# PG_REPLICA_PORT, PG_REPLICA_URL, PG_PRIMARY_PID, PG_REPLICA_PID and PG_REPLICA_DIR; stop with
# kill "$PG_REPLICA_PID" "$PG_PRIMARY_PID" (or bash scripts/postgres-replica-stop.sh).
# The primary commits with synchronous_commit = remote_apply and waits for the standby ('*'): an acknowledged
# commit is visible on the standby. Ports from 5452 (PG_REPLICA_BASE_PORT overrides), the next free ones.
# As root the servers run as the `postgres` user (initdb refuses root); fsync is off, as the data is thrown away.
set -euo pipefail
bin="${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}"
if ! [ -x "$bin/postgres" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
free_port() {
  local p="$1"
  while (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; do p=$((p + 1)); done
  echo "$p"
}
pport="$(free_port "${PG_REPLICA_BASE_PORT:-5452}")"
rport="$(free_port $((pport + 1)))"
dir="$(mktemp -d /tmp/cms-pg-replica.XXXXXX)"
as=()
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$dir"
  as=(setpriv --reuid=postgres --regid=postgres --init-groups --)
fi
wait_ready() {
  for _ in $(seq 1 150); do
    if "$bin/pg_isready" -q -h "$dir" -p "$1"; then return 0; fi
    sleep 0.2
  done
  echo "PostgreSQL on port $1 did not start: see $dir" >&2
  return 1
}
"${as[@]}" "$bin/initdb" -D "$dir/primary" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/install.log" 2>&1
# initdb's pg_hba.conf already trusts replication connections from loopback.
"${as[@]}" "$bin/postgres" -D "$dir/primary" -k "$dir" -p "$pport" -c listen_addresses=127.0.0.1 \
  -c fsync=off -c full_page_writes=off -c max_connections=300 -c wal_level=replica -c max_wal_senders=5 \
  -c synchronous_commit=remote_apply -c "synchronous_standby_names=*" >"$dir/primary.log" 2>&1 &
wait_ready "$pport"
psql=("$bin/psql" -q -h "$dir" -U postgres -v ON_ERROR_STOP=1)
# Before the standby exists a synchronous commit would wait for ever: these run with synchronous_commit = local.
PGOPTIONS='-c synchronous_commit=local' "${psql[@]}" -p "$pport" \
  -c "CREATE USER cms PASSWORD 'cms' SUPERUSER" -c "CREATE DATABASE cms OWNER cms" >/dev/null
"${as[@]}" "$bin/pg_basebackup" -h "$dir" -p "$pport" -U postgres -D "$dir/replica" -R -X stream --checkpoint=fast \
  -d "application_name=replica1" >"$dir/basebackup.log" 2>&1
"${as[@]}" "$bin/postgres" -D "$dir/replica" -k "$dir" -p "$rport" -c listen_addresses=127.0.0.1 \
  -c fsync=off -c max_connections=300 -c hot_standby=on -c hot_standby_feedback=on >"$dir/replica.log" 2>&1 &
wait_ready "$rport"
# Streaming and synchronous before anything is written through the CMS.
for _ in $(seq 1 150); do
  state="$("${psql[@]}" -p "$pport" -At -c "SELECT sync_state FROM pg_stat_replication" 2>/dev/null || true)"
  if [ "$state" = sync ]; then break; fi
  sleep 0.2
done
export PG_PRIMARY_PID="$(head -1 "$dir/primary/postmaster.pid")"
export PG_REPLICA_PID="$(head -1 "$dir/replica/postmaster.pid")"
export PG_REPLICA_DIR="$dir" PG_REPLICA_PORT="$rport"
export PG_PRIMARY_URL="postgres://cms:cms@127.0.0.1:$pport/cms"
export PG_REPLICA_URL="postgres://cms:cms@127.0.0.1:$rport/cms"
echo "PostgreSQL primary on 127.0.0.1:$pport (pid $PG_PRIMARY_PID), standby on 127.0.0.1:$rport (pid $PG_REPLICA_PID, $state), dir $dir"
