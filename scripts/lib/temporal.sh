# Temporal: TEMPORAL_ADDRESS, or a local Temporal test server that outlives the service.
# shellcheck shell=bash

TEMPORAL_SERVER_JAR="$REPO_ROOT/temporal-server/target/steward-temporal-server.jar"

temporal_dir() { echo "$STEWARD_STATE/temporal"; }

# The pid of the launcher's Temporal test server if it runs, else nothing.
running_temporal_pid() {
  launched_pid "$(temporal_dir)/server.pid" steward-temporal-server.jar
}

temporal_port_answers() { local_port_in_use "$1"; }

# True when the server of pid $1 answers on port $2, or has exited.
temporal_answers_or_gone() { temporal_port_answers "$2" || ! kill -0 "$1" 2>/dev/null; }

ensure_temporal_server_jar() {
  [[ -f $TEMPORAL_SERVER_JAR && -d ${TEMPORAL_SERVER_JAR%/*}/lib ]] && return
  ensure_maven
  log "building the local Temporal server (mvn -B -q -pl temporal-server package)"
  (cd "$REPO_ROOT" && mvn -B -q -pl temporal-server package >&2) || die "the build of the local Temporal server failed"
}

# Without TEMPORAL_ADDRESS: reuses the Temporal test server of this state dir, or starts one that
# outlives us (history in memory for as long as it runs; the service can stop, crash or be upgraded).
# The worker turns sticky execution off against it: this server never moves a workflow task off the
# sticky queue of a worker that died, so a restarted service would never get its workflows back.
ensure_temporal() {
  if [[ -n ${TEMPORAL_ADDRESS:-} ]]; then
    log "Temporal: $TEMPORAL_ADDRESS"
    return
  fi
  local dir pid port
  dir=$(temporal_dir)
  if pid=$(running_temporal_pid) && port=$(cat "$dir/port" 2>/dev/null) && temporal_port_answers "$port"; then
    log "Temporal: local test server on 127.0.0.1:$port (already running, pid $pid)"
  else
    ensure_temporal_server_jar
    mkdir -p "$dir"
    port=$(first_free_port_from "${STEWARD_TEMPORAL_PORT:-7233}")
    log "starting a local Temporal test server on 127.0.0.1:$port (log: $dir/server.log); it keeps"
    log "  history in memory for as long as it runs: ./steward down stops it, and every workflow with it"
    local flags
    mapfile -t flags < <(service_java_flags)
    (
      cd /
      exec setsid nohup "$JAVA_HOME/bin/java" "${flags[@]}" -Xmx512m -jar "$TEMPORAL_SERVER_JAR" "$port" \
        >>"$dir/server.log" 2>&1 </dev/null
    ) &
    pid=$!
    echo "$pid" >"$dir/server.pid"
    echo "$port" >"$dir/port"
    if ! wait_until 60 temporal_answers_or_gone "$pid" "$port" || ! temporal_port_answers "$port"; then
      tail -n 20 "$dir/server.log" >&2 || true
      die "the local Temporal server did not answer on 127.0.0.1:$port; see $dir/server.log"
    fi
  fi
  export TEMPORAL_ADDRESS=127.0.0.1:$port
  export TEMPORAL_STICKY_SCHEDULE_TO_START_TIMEOUT=${TEMPORAL_STICKY_SCHEDULE_TO_START_TIMEOUT:-0s}
}
