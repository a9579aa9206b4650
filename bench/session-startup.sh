#!/usr/bin/env bash
# Time from POST /api/v1/sessions to the session reporting RUNNING, for a session of
# 2 parts x 2 busybox pods, against a running service. Prints each run and the median.
# Usage: bench/session-startup.sh [RUNS]   (STEWARD_URL defaults to http://localhost:8080)
set -euo pipefail
url=${STEWARD_URL:-http://localhost:8080}
runs=${1:-5}
command -v python3 >/dev/null || { echo "session-startup: python3 is required" >&2; exit 1; }

spec='{"owner":"bench","parts":[
  {"name":"web","pods":[
    {"name":"a","image":"localhost/busybox:latest","command":["sleep","3600"]},
    {"name":"b","image":"localhost/busybox:latest","command":["sleep","3600"]}]},
  {"name":"backend","pods":[
    {"name":"c","image":"localhost/busybox:latest","command":["sleep","3600"]},
    {"name":"d","image":"localhost/busybox:latest","command":["sleep","3600"]}]}]}'

field() { python3 -c "import json,sys; print(json.load(sys.stdin)['$1'])"; }
now_ms() { date +%s%3N; }

times=()
for ((i = 1; i <= runs; i++)); do
  start=$(now_ms)
  id=$(curl -sf -X POST "$url/api/v1/sessions" -H 'Content-Type: application/json' -d "$spec" | field id)
  deadline=$((start + 120000))
  until [[ $(curl -sf "$url/api/v1/sessions/$id" | field status) == RUNNING ]]; do
    (($(now_ms) < deadline)) || { echo "session $id did not become RUNNING within 120 s" >&2; exit 1; }
    sleep 0.02
  done
  elapsed=$(($(now_ms) - start))
  times+=("$elapsed")
  echo "run $i: POST to RUNNING in ${elapsed} ms (session $id)"
  curl -sf -X DELETE "$url/api/v1/sessions/$id" >/dev/null
  until [[ $(curl -sf "$url/api/v1/sessions/$id" | field status) == DELETED ]]; do sleep 0.1; done
done
printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END {
  m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
  printf "median of %d runs: %d ms (min %d, max %d)\n", NR, m, a[1], a[NR] }'
