# The demo: runs the service with a sample session and prints its status transitions as they happen.
# shellcheck shell=bash

DEMO_SESSION='{"owner":"demo","parts":[{"name":"web","pods":[{"name":"httpd","image":"localhost/busybox:latest","command":["httpd","-f","-p","8080"]}]},{"name":"worker","pods":[{"name":"loop","image":"localhost/busybox:latest","command":["sh","-c","trap '"'"'exit 0'"'"' TERM; while true; do sleep 1; done"]}]}]}'
DEMO_JSON=$REPO_ROOT/scripts/lib/demo_json.py
SERVER_PID=""
FOLLOWER_PID=""
FOLLOWER_LAST_ID=""
STOP_REQUESTED=0

demo_json() { python3 "$DEMO_JSON" "$@"; }

stop_server() {
  if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
}
on_exit stop_server

# Follows the session's event stream (server-sent events) and prints each change as it is recorded; after a
# dropped connection it resumes with Last-Event-ID after the last event printed, so nothing is missed or repeated.
follow_events() {
  local base=$1 id=$2 last_file=$3
  echo 0 >"$last_file"
  while true; do
    api_curl -sSN --max-time 3600 -H "Last-Event-ID: $(cat "$last_file")" \
      "$base/api/v1/sessions/$id/events" 2>/dev/null | demo_json events "$last_file" || true
    sleep 1
  done
}

start_following() {
  FOLLOWER_LAST_ID=$(mktemp)
  follow_events "$1" "$2" "$FOLLOWER_LAST_ID" &
  FOLLOWER_PID=$!
}

stop_following() {
  if [[ -n $FOLLOWER_PID ]]; then
    kill -- "$FOLLOWER_PID" 2>/dev/null || true
    pkill -P "$FOLLOWER_PID" 2>/dev/null || true
    FOLLOWER_PID=""
    rm -f "$FOLLOWER_LAST_ID"
  fi
}
on_exit stop_following

server_alive() { kill -0 "$SERVER_PID" 2>/dev/null; }
health_answers() { [[ $(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$1/health") == 200 ]]; }
health_or_server_gone() { ((STOP_REQUESTED)) || health_answers "$1" || ! server_alive; }

on_demo_interrupt() {
  STOP_REQUESTED=$((STOP_REQUESTED + 1))
  if ((STOP_REQUESTED > 1)); then
    log "stopping now"
    exit 130
  fi
}

# True once the session answers 404 or reports status DELETED.
demo_session_gone() {
  local response code
  response=$(api_curl -sS --max-time 5 -w '\n%{http_code}' "$1/api/v1/sessions/$2" 2>/dev/null) || return 1
  code=${response##*$'\n'}
  [[ $code == 404 ]] && return 0
  [[ $code == 200 && $(printf '%s' "${response%$'\n'*}" | demo_json field status 2>/dev/null || true) == DELETED ]]
}

# Waits for the server to exit and exits with its status.
exit_with_server() {
  local status=0
  wait "$SERVER_PID" || status=$?
  SERVER_PID=""
  exit "$status"
}

# The server runs in the background, a follower prints the demo session's transitions
# from its event stream; Ctrl-C deletes the session, then stops the server.
run_demo() {
  local base=http://localhost:$MICRONAUT_SERVER_PORT response code id="" deleting=false deadline=0
  have python3 || install_packages python3
  # The server ignores Ctrl-C: the trap below decides when and how it stops.
  (trap '' INT && run_service) &
  SERVER_PID=$!
  trap on_demo_interrupt INT TERM
  if ! wait_until 300 health_or_server_gone "$base"; then
    log "the service did not report healthy at $base/health within 300 s; no demo session"
    exit_with_server
  fi
  server_alive || exit_with_server
  if ((STOP_REQUESTED)); then exit 130; fi
  response=$(api_curl -sS --max-time 30 -H 'Content-Type: application/json' -d "$DEMO_SESSION" \
    -w '\n%{http_code}' "$base/api/v1/sessions") || response=$'\n000'
  code=${response##*$'\n'}
  if [[ $code == 200 || $code == 201 ]]; then
    id=$(printf '%s' "${response%$'\n'*}" | demo_json field id) || id=""
  fi
  if [[ -z $id ]]; then
    log "creating the demo session failed (HTTP $code): ${response%$'\n'*}"
    log "the service keeps running; Ctrl-C stops it"
  else
    log "demo session $id created; its status transitions follow (Ctrl-C deletes it and stops the service)"
    start_following "$base" "$id"
  fi
  while server_alive; do
    if ((STOP_REQUESTED)) && [[ $deleting == false ]]; then
      [[ -n $id ]] || exit 130
      # A demo leaves nothing behind: the session is torn down before the service stops.
      log "deleting demo session $id before stopping (Ctrl-C again to stop now)"
      api_curl -sS -o /dev/null --max-time 5 -X DELETE "$base/api/v1/sessions/$id" || true
      deleting=true deadline=$((SECONDS + 60))
    fi
    if [[ $deleting == true ]] && { demo_session_gone "$base" "$id" || ((SECONDS >= deadline)); }; then
      sleep 1 || true  # the stream's last events
      exit 130
    fi
    sleep 0.5 || true  # Ctrl-C also interrupts sleep; the trap decides what happens
  done
  exit_with_server
}
