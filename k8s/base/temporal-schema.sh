#!/bin/sh
# Creates Temporal's schema in its two databases, or brings it up to this admin-tools version.
# Safe to run again: setup-schema keeps a newer version, update-schema applies only what is missing.
set -eu
until nc -z "$POSTGRES_SEEDS" "$DB_PORT"; do
  echo "waiting for PostgreSQL at $POSTGRES_SEEDS:$DB_PORT"
  sleep 2
done
for store in temporal:temporal temporal_visibility:visibility; do
  db=${store%%:*} schema=${store#*:}
  set -- --plugin postgres12 --ep "$POSTGRES_SEEDS" -p "$DB_PORT" -u "$SQL_USER" --db "$db"
  temporal-sql-tool "$@" setup-schema -v 0.0
  temporal-sql-tool "$@" update-schema -d "/etc/temporal/schema/postgresql/v12/$schema/versioned"
done
