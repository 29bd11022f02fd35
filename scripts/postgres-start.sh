#!/usr/bin/env bash
# Start a private PostgreSQL 15 cluster on loopback for tests, owned by this process tree.
# Usage: source scripts/postgres-start.sh  → exports DATABASE_URL and POSTGRES_PID; stop with kill "$POSTGRES_PID".
# Port defaults to 5442 (POSTGRES_PORT overrides). Installs Debian's `postgresql` package when the binaries are missing.
# As root the server runs as the `postgres` user (initdb refuses root); fsync is off, as the data is thrown away.
# `cms` is a superuser of this throwaway cluster: the tests drop their databases WITH (FORCE), past autovacuum.
set -euo pipefail
bin="${POSTGRES_BIN:-/usr/lib/postgresql/15/bin}"
if ! [ -x "$bin/postgres" ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
port="${POSTGRES_PORT:-5442}"
# A port already taken (another run's server) moves this one to the next free port.
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
# In memory where the machine has /dev/shm: the data is thrown away, and each test file creates and drops a database.
tmp=/tmp
if [ -d /dev/shm ] && [ -w /dev/shm ]; then tmp=/dev/shm; fi
dir="$(mktemp -d "$tmp/cms-postgres.XXXXXX")"
as=()
if [ "$(id -u)" = 0 ]; then
  chown postgres: "$dir"
  as=(setpriv --reuid=postgres --regid=postgres --init-groups --)
fi
"${as[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/install.log" 2>&1
"${as[@]}" "$bin/postgres" -D "$dir/data" -k "$dir" -p "$port" -c listen_addresses=127.0.0.1 \
  -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=500 >"$dir/log" 2>&1 &
for _ in $(seq 1 100); do
  if "$bin/pg_isready" -q -h "$dir" -p "$port"; then break; fi
  sleep 0.2
done
psql=("$bin/psql" -q -h "$dir" -p "$port" -U postgres -v ON_ERROR_STOP=1)
"${psql[@]}" -c "CREATE USER cms PASSWORD 'cms' SUPERUSER" -c "CREATE DATABASE cms OWNER cms" >/dev/null
# The postmaster's own id (the first line of postmaster.pid), whatever ran it.
pid="$(head -1 "$dir/data/postmaster.pid")"
export POSTGRES_PID="$pid" POSTGRES_DIR="$dir"
export DATABASE_URL="postgres://cms:cms@127.0.0.1:$port/cms"
echo "PostgreSQL $("${psql[@]}" -At -c 'show server_version') on 127.0.0.1:$port (pid $pid, dir $dir)"
