#!/usr/bin/env bash
# Start a private three-node MariaDB Galera cluster on loopback for tests, owned by this process tree.
# Usage: source scripts/galera-start.sh → exports GALERA_URLS (one mysql:// URL per node, space-separated),
# DATABASE_URL (the three hosts in one URL), GALERA_PIDS, GALERA_DIR; stop with scripts/galera-stop.sh.
# Ports: SQL 3340+i, gcomm 4570+i, IST 4580+i, SST 4590+i; GALERA_BASE_PORT=3340+k shifts all of them by k,
# so two clusters can run side by side (k a multiple of 30 keeps them apart).
# Needs Debian's mariadb-server, galera-4 and rsync.
set -euo pipefail
t0=$(date +%s)
provider=/usr/lib/galera/libgalera_smm.so
[ -f "$provider" ] || provider=/usr/lib/libgalera_smm.so
sql0="${GALERA_BASE_PORT:-3340}"
k=$((sql0 - 3340))
dir="$(mktemp -d /tmp/cms-galera.XXXXXX)"
# The rsync SST daemon runs as nobody: the joiners' directories must be readable and writable by it.
chmod a+rwx "$dir"
gcomm="gcomm://127.0.0.1:$((4570 + k)),127.0.0.1:$((4571 + k)),127.0.0.1:$((4572 + k))"
pids=()
for i in 0 1 2; do
  d="$dir/n$i"
  mkdir -p "$d/data"
  cat >"$d/my.cnf" <<CNF
[mariadbd]
user=root
datadir=$d/data
socket=$d/sock
port=$((sql0 + i))
bind-address=127.0.0.1
skip-name-resolve
max-connections=500
innodb_flush_log_at_trx_commit=2
binlog_format=ROW
default_storage_engine=InnoDB
innodb_autoinc_lock_mode=2
log-error=$d/log.err
pid-file=$d/pid
wsrep_on=ON
wsrep_provider=$provider
wsrep_cluster_name=cms-test
wsrep_cluster_address=$gcomm
wsrep_node_name=n$i
wsrep_node_address=127.0.0.1:$((4570 + k + i))
wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:$((4570 + k + i));ist.recv_addr=127.0.0.1:$((4580 + k + i));gcache.size=64M"
wsrep_sst_receive_address=127.0.0.1:$((4590 + k + i))
wsrep_sst_method=rsync
CNF
  if [ "$i" = 0 ]; then
    mariadb-install-db --defaults-file="$d/my.cnf" --user=root --auth-root-authentication-method=normal >"$d/install.log" 2>&1
  fi
done
# World-writable option files are ignored by mariadbd: only the data and the logs are opened to nobody.
chmod -R a+rwX "$dir"
chmod 644 "$dir"/n*/my.cnf
wait_sql() { for _ in $(seq 1 300); do mariadb -uroot -S "$1" -e 'select 1' >/dev/null 2>&1 && return 0; sleep 0.2; done; return 1; }
synced() { [ "$(mariadb -uroot -S "$1" -N -e "show status like 'wsrep_local_state_comment'" 2>/dev/null | cut -f2)" = Synced ]; }
mariadbd --defaults-file="$dir/n0/my.cnf" --wsrep-new-cluster >/dev/null 2>&1 &
pids+=($!)
wait_sql "$dir/n0/sock" || { echo "galera node 0 did not start"; tail -30 "$dir/n0/log.err"; exit 1; }
mariadb -uroot -S "$dir/n0/sock" -e "CREATE DATABASE IF NOT EXISTS cms; CREATE USER IF NOT EXISTS 'cms'@'127.0.0.1' IDENTIFIED BY 'cms'; GRANT ALL PRIVILEGES ON *.* TO 'cms'@'127.0.0.1';"
for i in 1 2; do
  mariadbd --defaults-file="$dir/n$i/my.cnf" >/dev/null 2>&1 &
  pids+=($!)
done
for i in 1 2; do
  wait_sql "$dir/n$i/sock" || { echo "galera node $i did not start"; tail -30 "$dir/n$i/log.err"; exit 1; }
done
for _ in $(seq 1 300); do
  if synced "$dir/n0/sock" && synced "$dir/n1/sock" && synced "$dir/n2/sock" \
    && [ "$(mariadb -uroot -S "$dir/n0/sock" -N -e "show status like 'wsrep_cluster_size'" | cut -f2)" = 3 ]; then
    break
  fi
  sleep 0.2
done
synced "$dir/n2/sock" || { echo "galera cluster did not sync"; exit 1; }
export GALERA_DIR="$dir" GALERA_PIDS="${pids[*]}"
export GALERA_URLS="mysql://cms:cms@127.0.0.1:$sql0/cms mysql://cms:cms@127.0.0.1:$((sql0 + 1))/cms mysql://cms:cms@127.0.0.1:$((sql0 + 2))/cms"
export DATABASE_URL="mysql://cms:cms@127.0.0.1:$sql0,127.0.0.1:$((sql0 + 1)),127.0.0.1:$((sql0 + 2))/cms"
echo "Galera cluster of 3 Synced in $(( $(date +%s) - t0 )) s (pids $GALERA_PIDS, dir $dir)"
