# PostgreSQL: the server (one that answers, or a private cluster) and the databases on it.
# shellcheck shell=bash

PRIVATE_PG_USER=steward
PG_HOST="" PG_PORT="" PG_DB="" PG_PARAMS="" PSQL=""
SERVICE_DB=""  # the database DATASOURCES_DEFAULT_URL names: the service's own

# Database names go into SQL, so only plain identifiers are accepted.
is_plain_name() { [[ $1 =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]]; }

# Splits jdbc:postgresql://HOST[:PORT]/DB[?PARAMS] into PG_HOST, PG_PORT, PG_DB, PG_PARAMS.
parse_datasource_url() {
  local url=$DATASOURCES_DEFAULT_URL rest authority path
  [[ $url == jdbc:postgresql://* ]] || die "DATASOURCES_DEFAULT_URL must look like jdbc:postgresql://HOST:PORT/DATABASE"
  rest=${url#jdbc:postgresql://}
  authority=${rest%%/*}
  path=${rest#"$authority"}
  [[ $authority != *,* ]] || die "DATASOURCES_DEFAULT_URL lists several hosts; this launcher manages a single PostgreSQL server"
  if [[ $authority == \[*\]* ]]; then            # [::1]:5432
    PG_HOST=${authority%%]*}]
    PG_PORT=${authority#"$PG_HOST"}
    PG_PORT=${PG_PORT#:}
  elif [[ $authority == *:* ]]; then
    PG_HOST=${authority%:*}
    PG_PORT=${authority##*:}
  else
    PG_HOST=$authority
    PG_PORT=""
  fi
  PG_PORT=${PG_PORT:-5432}
  PG_DB=${path#/}
  PG_DB=${PG_DB%%\?*}
  PG_PARAMS=""
  if [[ $path == *\?* ]]; then PG_PARAMS="?${path#*\?}"; fi
  [[ $PG_PORT =~ ^[0-9]+$ ]] || die "bad port in DATASOURCES_DEFAULT_URL: $PG_PORT"
  is_plain_name "$PG_DB" || die "DATASOURCES_DEFAULT_URL needs a plain database name (letters, digits, _), got '$PG_DB'"
}

datasource_url() { echo "jdbc:postgresql://$PG_HOST:$PG_PORT/$PG_DB$PG_PARAMS"; }
psql_host() { local h=${PG_HOST#[}; echo "${h%]}"; }
is_local_pg_host() { [[ $PG_HOST == 127.0.0.1 || $PG_HOST == localhost || $PG_HOST == "[::1]" ]]; }

# Newest installed server binaries, e.g. /usr/lib/postgresql/15/bin.
pg_server_bin_dir() {
  local dirs=(/usr/lib/postgresql/*/bin)
  [[ -x ${dirs[0]}/initdb ]] || return 1
  printf '%s\n' "${dirs[@]}" | sort -V | sed -n '$p'
}

# Prints the path of a PostgreSQL client tool (psql, pg_isready).
pg_client_tool() {
  local dir
  if have "$1"; then command -v "$1"; return; fi
  if dir=$(pg_server_bin_dir) && [[ -x $dir/$1 ]]; then echo "$dir/$1"; return; fi
  return 1
}

pg_answers() { # host port
  local isready
  if isready=$(pg_client_tool pg_isready); then
    "$isready" -q -h "$1" -p "$2" -t 3
  else
    timeout 3 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null
  fi
}

configured_pg_answers() { pg_answers "$(psql_host)" "$PG_PORT"; }

# Runs a command as the user a private cluster belongs to (PostgreSQL refuses root).
as_pg_user() {
  if ! is_root; then (cd / && "$@"); return; fi
  if have runuser; then
    (cd / && runuser -u "$PRIVATE_PG_USER" -- "$@")
  else
    su -s /bin/sh "$PRIVATE_PG_USER" -c "cd / && $(printf '%q ' "$@")"
  fi
}

ensure_private_pg_user() {
  id -u "$PRIVATE_PG_USER" >/dev/null 2>&1 && return
  log "creating system user '$PRIVATE_PG_USER' to run a private PostgreSQL cluster"
  useradd --system --user-group --no-create-home --home-dir /nonexistent \
    --shell /usr/sbin/nologin "$PRIVATE_PG_USER" || die "useradd $PRIVATE_PG_USER failed"
}

# Prints the private cluster's directory: $STEWARD_STATE/postgres. As root, when
# the state dir is not reachable by the cluster user (/root is private), that is
# a symlink to a directory under /var/lib/steward.
private_pg_dir() {
  local link=$STEWARD_STATE/postgres real
  mkdir -p "$STEWARD_STATE"
  if is_root; then
    ensure_private_pg_user
    if [[ ! -e $link ]]; then
      if as_pg_user test -x "$STEWARD_STATE"; then
        mkdir -p "$link"
      else
        real=/var/lib/steward/postgres-$(printf '%s' "$STEWARD_STATE" | cksum | cut -d' ' -f1)
        mkdir -p "$real"
        chown "$PRIVATE_PG_USER:" /var/lib/steward
        ln -s "$real" "$link"
      fi
    fi
    link=$(readlink -f "$link")
    chown "$PRIVATE_PG_USER:" "$link"
  else
    mkdir -p "$link"
  fi
  echo "$link"
}

# Prints the port of the private cluster if it is running and answers.
running_private_pg_port() {
  local pid_file=$STEWARD_STATE/postgres/data/postmaster.pid port
  [[ -f $pid_file ]] || return 1
  port=$(sed -n 4p "$pid_file")
  [[ $port =~ ^[0-9]+$ ]] && pg_answers 127.0.0.1 "$port" && echo "$port"
}

# initdb (once) and start a cluster under the state dir, trust auth, 127.0.0.1 only.
start_private_cluster() {
  local bin dir data port
  bin=$(pg_server_bin_dir) || install_packages postgresql
  bin=$(pg_server_bin_dir) || die "no PostgreSQL server binaries under /usr/lib/postgresql"
  dir=$(private_pg_dir)
  data=$dir/data
  # A data dir must be run by the major version that created it.
  if [[ -f $data/PG_VERSION && -x /usr/lib/postgresql/$(cat "$data/PG_VERSION")/bin/pg_ctl ]]; then
    bin=/usr/lib/postgresql/$(cat "$data/PG_VERSION")/bin
  fi
  if [[ ! -f $data/PG_VERSION ]]; then
    log "creating a private PostgreSQL cluster in $data"
    as_pg_user mkdir -p "$dir/run"
    as_pg_user "$bin/initdb" -D "$data" -U "$DATASOURCES_DEFAULT_USERNAME" --auth=trust \
      --encoding=UTF8 --no-locale >"$dir/initdb.log" 2>&1 || die "initdb failed; see $dir/initdb.log"
    printf "\n# added by steward\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\n" \
      "$dir/run" >>"$data/postgresql.conf"
  fi
  port=$(first_free_port_from "$PG_PORT")
  log "starting the private PostgreSQL cluster on 127.0.0.1:$port (log: $dir/postgres.log)"
  as_pg_user "$bin/pg_ctl" -D "$data" -l "$dir/postgres.log" -o "-p $port" -w -t 60 start >/dev/null \
    || die "the private PostgreSQL cluster did not start; see $dir/postgres.log"
  PG_HOST=127.0.0.1 PG_PORT=$port
  wait_until 30 configured_pg_answers || die "the private PostgreSQL cluster does not answer on 127.0.0.1:$port"
}

# The server DATASOURCES_DEFAULT_URL names; when it is local and does not answer, the private cluster
# (started when it is not running). The distribution's own cluster is left alone: it asks for
# passwords on TCP, which a fresh machine's postgres user does not have.
ensure_postgres_server() {
  : "${DATASOURCES_DEFAULT_URL:=jdbc:postgresql://127.0.0.1:5432/steward}"
  : "${DATASOURCES_DEFAULT_USERNAME:=postgres}"
  : "${DATASOURCES_DEFAULT_PASSWORD:=}"
  export DATASOURCES_DEFAULT_USERNAME DATASOURCES_DEFAULT_PASSWORD
  parse_datasource_url
  SERVICE_DB=$PG_DB
  local port
  if configured_pg_answers; then
    :
  elif ! is_local_pg_host; then
    die "PostgreSQL at $PG_HOST:$PG_PORT does not answer; start it or change DATASOURCES_DEFAULT_URL"
  elif port=$(running_private_pg_port); then
    log "PostgreSQL does not answer on $PG_HOST:$PG_PORT; using the private cluster on 127.0.0.1:$port"
    PG_HOST=127.0.0.1 PG_PORT=$port
  else
    start_private_cluster
  fi
  PSQL=$(pg_client_tool psql) || { install_packages postgresql-client; PSQL=$(pg_client_tool psql); } \
    || die "psql not found; install postgresql-client"
}

# psql on the server's maintenance database, as the configured user; warnings and errors only.
pg_admin() {
  PGPASSWORD=$DATASOURCES_DEFAULT_PASSWORD PGOPTIONS='-c client_min_messages=warning' "$PSQL" -X -w -q -v ON_ERROR_STOP=1 -h "$(psql_host)" -p "$PG_PORT" \
    -U "$DATASOURCES_DEFAULT_USERNAME" -d postgres "$@"
}

# Points DATASOURCES_DEFAULT_URL at database $1 on the server.
use_database() {
  PG_DB=$1
  DATASOURCES_DEFAULT_URL=$(datasource_url)
  export DATASOURCES_DEFAULT_URL
  log "PostgreSQL: $PG_HOST:$PG_PORT, database $PG_DB, user $DATASOURCES_DEFAULT_USERNAME"
}

# Uses database $1, created when it is missing.
ensure_database() {
  local db=$1 exists
  exists=$(pg_admin -tAc "select 1 from pg_database where datname='$db'") \
    || die "cannot connect to PostgreSQL at $PG_HOST:$PG_PORT as $DATASOURCES_DEFAULT_USERNAME (check DATASOURCES_DEFAULT_USERNAME/PASSWORD)"
  if [[ $exists != 1 ]]; then
    log "creating database $db"
    pg_admin -c "create database \"$db\"" >&2 || die "could not create database $db"
  fi
  use_database "$db"
}

# Uses database $1, dropped and created afresh.
recreate_database() {
  local db=$1
  log "creating database $db afresh"
  pg_admin -c "drop database if exists \"$db\" with (force)" -c "create database \"$db\"" >&2 \
    || die "could not recreate database $db"
  use_database "$db"
}

ensure_service_database() { ensure_database "$SERVICE_DB"; }

# The tests' database on the same server: STEWARD_TEST_DATABASE (default steward_test), never the
# service's. `fresh` recreates it (./steward test); `kept` creates it when missing (./steward env).
ensure_test_database() {
  local db=${STEWARD_TEST_DATABASE:-steward_test}
  is_plain_name "$db" || die "STEWARD_TEST_DATABASE must be a plain database name (letters, digits, _), got '$db'"
  [[ $db != "$SERVICE_DB" ]] \
    || die "STEWARD_TEST_DATABASE is the service's database ($db, from DATASOURCES_DEFAULT_URL); the tests need one of their own"
  case $1 in
    fresh) recreate_database "$db" ;;
    kept) ensure_database "$db" ;;
  esac
}
