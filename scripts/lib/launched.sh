# What the launcher started and left running (service, Temporal, Podman services, a private
# PostgreSQL): where each runs, and how to stop it. Each writes its pid under the state dir.
# shellcheck shell=bash

# Prints the pid in file $1 if that process runs and its command line contains $2.
launched_pid() {
  local file=$1 pattern=$2 pid
  pid=$(cat "$file" 2>/dev/null) || return 1
  [[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$pattern" || return 1
  echo "$pid"
}

service_pid() { launched_pid "$STEWARD_STATE/service.pid" steward-app.jar; }

# The ports of the worker processes (./steward worker) that run, one a line.
running_worker_ports() {
  local file
  for file in "$STEWARD_STATE"/workers/*.pid; do
    [[ -f $file ]] || continue
    if launched_pid "$file" steward-app.jar >/dev/null; then basename "$file" .pid; else rm -f "$file"; fi
  done
}
podman_service_pid() { launched_pid "$STEWARD_STATE/$1/service.pid" "podman system service"; }

# Prints the private PostgreSQL cluster's data directory if it runs.
running_private_pg_data() {
  local data=$STEWARD_STATE/postgres/data pid
  pid=$(head -n 1 "$data/postmaster.pid" 2>/dev/null) || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  echo "$data"
}

# SIGTERM, then SIGKILL after 30 s: stop_pid NAME PID
stop_pid() {
  local name=$1 pid=$2
  kill "$pid" 2>/dev/null || return 0
  if ! wait_until 30 eval "! kill -0 $pid 2>/dev/null"; then
    log "$name (pid $pid) did not stop within 30 s of SIGTERM; killing it"
    kill -9 "$pid" 2>/dev/null || true
  fi
  log "stopped $name (pid $pid)"
}

cmd_down() {
  local pid data stopped=0 engine port
  if pid=$(service_pid); then stop_pid "the service" "$pid"; stopped=$((stopped + 1)); fi
  for port in $(running_worker_ports); do
    stop_pid "the worker with health on port $port" "$(cat "$STEWARD_STATE/workers/$port.pid")"
    stopped=$((stopped + 1))
  done
  if pid=$(running_temporal_pid); then
    stop_pid "the local Temporal server (its history stays in $(temporal_dir)/temporal.db)" "$pid"
    stopped=$((stopped + 1))
  fi
  for engine in podman podman2; do
    if pid=$(podman_service_pid "$engine"); then
      stop_pid "the Podman API service at $STEWARD_STATE/$engine/podman.sock (its containers keep running)" "$pid"
      stopped=$((stopped + 1))
    fi
  done
  if data=$(running_private_pg_data); then
    as_pg_user "/usr/lib/postgresql/$(cat "$data/PG_VERSION")/bin/pg_ctl" -D "$(readlink -f "$data")" -m fast -w stop >/dev/null \
      && log "stopped the private PostgreSQL cluster in $data" && stopped=$((stopped + 1))
  fi
  ((stopped)) || log "nothing the launcher started runs (state dir $STEWARD_STATE)"
}

cmd_status() {
  local pid port data engine
  if pid=$(service_pid); then
    port=$(cat "$STEWARD_STATE/service.port" 2>/dev/null || echo '?')
    echo "service:    running, pid $pid, http://localhost:$port"
  else
    echo "service:    not running"
  fi
  for port in $(running_worker_ports); do
    echo "worker:     running, pid $(cat "$STEWARD_STATE/workers/$port.pid"), health http://localhost:$port/health"
  done
  if pid=$(running_temporal_pid); then
    echo "temporal:   local server, pid $pid, STEWARD_TEMPORAL_ADDRESS=127.0.0.1:$(cat "$(temporal_dir)/port")," \
      "STEWARD_TEMPORAL_UI_URL=http://127.0.0.1:$(cat "$(temporal_dir)/ui-port"), history $(temporal_dir)/temporal.db"
  else
    echo "temporal:   no local server${TEMPORAL_ADDRESS:+ (TEMPORAL_ADDRESS=$TEMPORAL_ADDRESS)}"
  fi
  for engine in podman podman2; do
    if pid=$(podman_service_pid "$engine"); then
      printf "%-11s Podman API service, pid %s, unix://%s\n" "$engine:" "$pid" "$STEWARD_STATE/$engine/podman.sock"
    else
      printf "%-11s not running\n" "$engine:"
    fi
  done
  if data=$(running_private_pg_data); then
    echo "postgresql: private cluster, 127.0.0.1:$(sed -n 4p "$data/postmaster.pid"), data $data"
  else
    echo "postgresql: no private cluster (${DATASOURCES_DEFAULT_URL:-jdbc:postgresql://127.0.0.1:5432/steward})"
  fi
}
