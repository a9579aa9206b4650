# Container engines: DOCKER_HOST, Docker's socket or a Podman API service, and the tests' second Podman service.
# shellcheck shell=bash

# curl against the engine named by DOCKER_HOST: engine_curl PATH [curl args...]
engine_curl() {
  local path=$1 hostport certs
  shift
  case $DOCKER_HOST in
    unix://*)
      curl -sS --unix-socket "${DOCKER_HOST#unix://}" "$@" "http://d$path" ;;
    tcp://* | http://* | https://*)
      hostport=${DOCKER_HOST#*://}
      hostport=${hostport%/}
      if [[ ${DOCKER_TLS_VERIFY:-} == 1 || $DOCKER_HOST == https://* ]]; then
        certs=${DOCKER_CERT_PATH:-~/.docker}
        curl -sS --cacert "$certs/ca.pem" --cert "$certs/cert.pem" --key "$certs/key.pem" "$@" "https://$hostport$path"
      else
        curl -sS "$@" "http://$hostport$path"
      fi ;;
    *) die "unsupported DOCKER_HOST '$DOCKER_HOST' (use unix:///path or tcp://host:port)" ;;
  esac
}

engine_answers() { [[ $(engine_curl /_ping --max-time 3 2>/dev/null) == OK ]]; }

# write_podman_config DIR [EXTRA_ENGINE_SETTINGS]: the extra lines go under [engine].
write_podman_config() {
  local dir=$1 extra_engine=${2:-}
  # Settings checked on these machines: crun fails on this cgroup setup, and
  # the hard limits here refuse Podman's default ulimits.
  [[ -f $dir/containers.conf ]] || cat >"$dir/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=4096:4096"]
[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
$extra_engine
CONF
  [[ -f $dir/storage.conf ]] || cat >"$dir/storage.conf" <<CONF
[storage]
driver = "vfs"
graphroot = "$dir/storage"
runroot = "$dir/run"
CONF
}

have_runc() { have runc || [[ -x /usr/sbin/runc || -x /usr/bin/runc ]]; }

# Reuses the Podman API service of this state dir, or starts one that outlives us.
ensure_podman_service() {
  local dir=$STEWARD_STATE/podman
  local sock=$dir/podman.sock missing=()
  export DOCKER_HOST=unix://$sock
  if [[ -S $sock ]] && engine_answers; then
    log "container engine: Podman API service at $sock (already running)"
    return
  fi
  have podman || missing+=(podman)
  have_runc || missing+=(runc)
  find_static_busybox >/dev/null || missing+=(busybox-static)
  if ((${#missing[@]})); then
    log "no container engine: DOCKER_HOST is unset, /var/run/docker.sock does not answer, and Podman is not fully installed"
    install_packages "${missing[@]}"
  fi
  mkdir -p "$dir/storage" "$dir/run"
  write_podman_config "$dir"
  start_podman_service "$dir"
}

# True when the engine answers or process $1, which serves it, has exited.
engine_answers_or_gone() { engine_answers || ! kill -0 "$1" 2>/dev/null; }

# Starts `podman system service` on DIR/podman.sock with DIR's configuration; it
# outlives the launcher. DOCKER_HOST must already name that socket.
start_podman_service() {
  local dir=$1 sock=$1/podman.sock pid
  rm -f "$sock"
  log "starting the Podman API service at $sock (log: $dir/service.log)"
  (
    cd /
    CONTAINERS_CONF=$dir/containers.conf CONTAINERS_STORAGE_CONF=$dir/storage.conf \
      exec setsid nohup podman system service --time=0 "unix://$sock" >>"$dir/service.log" 2>&1 </dev/null
  ) &
  pid=$!
  echo "$pid" >"$dir/service.pid"
  if ! wait_until 60 engine_answers_or_gone "$pid" || ! engine_answers; then
    tail -n 20 "$dir/service.log" >&2 || true
    die "the Podman API service did not answer on $sock; see $dir/service.log"
  fi
}

# A second, independent engine on this machine for the tests that need two
# hosts: a Podman API service with its own storage, socket, lock files, runtime
# directory and bridge network (so its containers never share state, locks or
# addresses with the first engine's). Exported as STEWARD_TEST_SECOND_ENGINE.
SECOND_ENGINE_NETWORK=steward2
SECOND_ENGINE_SUBNET=10.89.213.0/24
ensure_second_engine() {
  local dir=$STEWARD_STATE/podman2 first_engine=$DOCKER_HOST missing=()
  local sock=$dir/podman.sock
  export STEWARD_TEST_SECOND_ENGINE=unix://$sock
  DOCKER_HOST=$STEWARD_TEST_SECOND_ENGINE
  if [[ -S $sock ]] && engine_answers; then
    log "second container engine (tests): Podman API service at $sock (already running)"
  else
    have podman || missing+=(podman)
    have_runc || missing+=(runc)
    install_packages "${missing[@]}"
    mkdir -p "$dir/storage" "$dir/run" "$dir/tmp" "$dir/networks"
    # File locks under its own tmp_dir: the default shared-memory lock segment
    # is one per machine, and a second service would reset the first's locks.
    write_podman_config "$dir" "tmp_dir = \"$dir/tmp\"
lock_type = \"file\""
    grep -q '^\[network\]' "$dir/containers.conf" \
      || printf '[network]\nnetwork_config_dir = "%s"\n' "$dir/networks" >>"$dir/containers.conf"
    if [[ ! -f $dir/networks/$SECOND_ENGINE_NETWORK.json ]]; then
      CONTAINERS_CONF=$dir/containers.conf CONTAINERS_STORAGE_CONF=$dir/storage.conf \
        podman network create --disable-dns --subnet "$SECOND_ENGINE_SUBNET" "$SECOND_ENGINE_NETWORK" >/dev/null \
        || die "could not create the second engine's network"
      # Its own bridge device: Podman picks podmanN names without knowing the other engine's.
      sed -i "s/\"network_interface\": \"[^\"]*\"/\"network_interface\": \"$SECOND_ENGINE_NETWORK\"/" \
        "$dir/networks/$SECOND_ENGINE_NETWORK.json"
    fi
    # [network] is the file's last section, so this line lands in it.
    grep -q '^default_network' "$dir/containers.conf" \
      || printf 'default_network = "%s"\n' "$SECOND_ENGINE_NETWORK" >>"$dir/containers.conf"
    start_podman_service "$dir"
  fi
  ensure_busybox_image
  DOCKER_HOST=$first_engine
}

ensure_engine() {
  if [[ -n ${DOCKER_HOST:-} ]]; then
    engine_answers || die "DOCKER_HOST=$DOCKER_HOST does not answer /_ping"
    log "container engine: $DOCKER_HOST"
  elif [[ -S /var/run/docker.sock ]] && DOCKER_HOST=unix:///var/run/docker.sock engine_answers; then
    export DOCKER_HOST=unix:///var/run/docker.sock
    log "container engine: $DOCKER_HOST"
  else
    ensure_podman_service
  fi
  export DOCKER_HOST
}
