#!/usr/bin/env bash
# A local PostgreSQL 15 primary (port 5433, cluster 'replprimary') and a streaming replica of it
# (port 5434, cluster 'replstandby') for the read-replica tests. Idempotent: clusters that exist
# are started, not rebuilt; a replica that is not streaming from the primary is rebuilt with
# pg_basebackup. Needs root (it runs the cluster commands as the postgres user) or postgres.
# Prints the variables the replica test reads (server/db/replicas.pg.test.ts), one a line.
set -euo pipefail

VERSION=15
PRIMARY=replprimary
PRIMARY_PORT=5433
STANDBY=replstandby
STANDBY_PORT=5434

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; else runuser -u postgres -- "$@"; fi
}
ready() { pg_isready -h 127.0.0.1 -p "$1" -q 2>/dev/null; }
wait_ready() {
  for _ in $(seq 1 60); do ready "$1" && return 0; sleep 0.5; done
  echo "PostgreSQL on port $1 did not start" >&2
  return 1
}
exists() { pg_lsclusters -h | awk '{print $1" "$2}' | grep -qx "$VERSION $1"; }
start() { pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$1" start 2>/dev/null || true; }
psql_at() { psql -h 127.0.0.1 -U postgres -p "$1" -tAc "$2"; }

# The primary: trust on localhost, including replication connections.
if ! exists "$PRIMARY"; then
  echo "--- creating the primary cluster $PRIMARY on port $PRIMARY_PORT"
  pg_createcluster "$VERSION" "$PRIMARY" -p "$PRIMARY_PORT" -- --auth=trust >/dev/null
fi
hba="/etc/postgresql/$VERSION/$PRIMARY/pg_hba.conf"
if ! grep -q '^host replication all 127.0.0.1/32 trust' "$hba"; then
  echo 'host replication all 127.0.0.1/32 trust' >>"$hba"
  ready "$PRIMARY_PORT" && pg_ctlcluster --skip-systemctl-redirect "$VERSION" "$PRIMARY" reload
fi
ready "$PRIMARY_PORT" || start "$PRIMARY"
wait_ready "$PRIMARY_PORT"
psql_at "$PRIMARY_PORT" "SELECT 1 FROM pg_database WHERE datname='test'" | grep -q 1 ||
  psql_at "$PRIMARY_PORT" 'CREATE DATABASE test' >/dev/null

# The replica: its data dir is a base backup of the primary with standby.signal (-R).
streaming() { psql_at "$PRIMARY_PORT" "SELECT count(*) FROM pg_stat_replication WHERE state='streaming'" 2>/dev/null | grep -qv '^0$'; }
if exists "$STANDBY"; then
  ready "$STANDBY_PORT" || start "$STANDBY"
  wait_ready "$STANDBY_PORT" || true
  for _ in $(seq 1 20); do streaming && break; sleep 0.5; done
fi
if ! exists "$STANDBY" || ! streaming; then
  echo "--- (re)building the replica cluster $STANDBY on port $STANDBY_PORT from a base backup"
  if exists "$STANDBY"; then pg_dropcluster --stop "$VERSION" "$STANDBY"; fi
  pg_createcluster "$VERSION" "$STANDBY" -p "$STANDBY_PORT" -- --auth=trust >/dev/null
  data="/var/lib/postgresql/$VERSION/$STANDBY"
  rm -rf "${data:?}"/*
  as_postgres pg_basebackup -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$data" -R -X stream -c fast
  start "$STANDBY"
  wait_ready "$STANDBY_PORT"
  for _ in $(seq 1 60); do streaming && break; sleep 0.5; done
  streaming || { echo "the replica on port $STANDBY_PORT is not streaming" >&2; exit 1; }
fi
[ "$(psql_at "$STANDBY_PORT" 'SELECT pg_is_in_recovery()')" = t ] || {
  echo "port $STANDBY_PORT is not a replica" >&2
  exit 1
}
echo "DATABASE_REPLICA_TEST_PRIMARY_URL=postgres://postgres@127.0.0.1:$PRIMARY_PORT/test"
echo "DATABASE_REPLICA_TEST_URLS=postgres://postgres@127.0.0.1:$STANDBY_PORT/test"
echo "DATABASE_REPLICA_TEST_CLUSTER=$VERSION/$STANDBY"
