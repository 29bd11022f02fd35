#!/usr/bin/env bash
# Start a private MariaDB server on loopback for tests, owned by this process tree.
# Usage: source scripts/mariadb-start.sh  → exports DATABASE_URL and MARIADB_PID; stop with kill "$MARIADB_PID".
# Port defaults to 3317 (MARIADB_PORT overrides). Needs `mariadb-server` from Debian's packages.
set -euo pipefail
port="${MARIADB_PORT:-3317}"
# A port already taken (another run's server) moves this one to the next free port.
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
# In memory where the machine has /dev/shm: the data is thrown away, and each test file creates and drops a database.
tmp=/tmp
if [ -d /dev/shm ] && [ -w /dev/shm ]; then tmp=/dev/shm; fi
dir="$(mktemp -d "$tmp/cms-mariadb.XXXXXX")"
mariadb-install-db --user=root --datadir="$dir/data" --auth-root-authentication-method=normal >"$dir/install.log" 2>&1
mariadbd --user=root --datadir="$dir/data" --socket="$dir/sock" --port="$port" --bind-address=127.0.0.1 \
  --skip-name-resolve --innodb-flush-log-at-trx-commit=2 --max-connections=500 >"$dir/log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
  if mariadb -uroot -S "$dir/sock" -e 'select 1' >/dev/null 2>&1; then break; fi
  sleep 0.2
done
mariadb -uroot -S "$dir/sock" -e "CREATE DATABASE IF NOT EXISTS cms; CREATE USER IF NOT EXISTS 'cms'@'127.0.0.1' IDENTIFIED BY 'cms'; GRANT ALL PRIVILEGES ON *.* TO 'cms'@'127.0.0.1';"
export MARIADB_PID="$pid" MARIADB_DIR="$dir"
export DATABASE_URL="mysql://cms:cms@127.0.0.1:$port/cms"
echo "MariaDB $(mariadb -uroot -S "$dir/sock" -N -e 'select version()') on 127.0.0.1:$port (pid $pid, dir $dir)"
