#!/bin/bash
# Runs once, when PostgreSQL initialises its data directory: a user and databases for each
# component, so Temporal and Steward share the server and nothing else. Passwords come from secrets.
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
  -v temporal_user="$TEMPORAL_DB_USER" -v temporal_password="$TEMPORAL_DB_PASSWORD" \
  -v steward_user="$STEWARD_DB_USER" -v steward_password="$STEWARD_DB_PASSWORD" <<'SQL'
CREATE ROLE :"temporal_user" LOGIN PASSWORD :'temporal_password';
CREATE DATABASE temporal OWNER :"temporal_user";
CREATE DATABASE temporal_visibility OWNER :"temporal_user";
CREATE ROLE :"steward_user" LOGIN PASSWORD :'steward_password';
CREATE DATABASE steward OWNER :"steward_user";
SQL
