# Shared functions: messages, exit actions, distribution packages, polling, local ports.
# shellcheck shell=bash

STEWARD_STATE=${STEWARD_STATE:-~/.local/state/steward}  # ~ works even when HOME is unset

log() { printf 'steward: %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

is_root() { [[ $EUID -eq 0 ]]; }
have() { command -v "$1" >/dev/null 2>&1; }

# Functions run when the launcher exits, however it exits: each file registers its own cleanup.
EXIT_ACTIONS=()
on_exit() { EXIT_ACTIONS+=("$1"); }
run_exit_actions() {
  local action
  for action in "${EXIT_ACTIONS[@]}"; do "$action"; done
}
trap run_exit_actions EXIT

APT_UPDATED=false
# Installs Debian/Ubuntu packages when we are root; otherwise says exactly
# what to install and stops.
install_packages() {
  (($#)) || return 0
  if is_root && have apt-get; then
    log "installing $* from the distribution's packages"
    if [[ $APT_UPDATED == false ]]; then
      apt-get update >&2 || die "apt-get update failed"
      APT_UPDATED=true
    fi
    DEBIAN_FRONTEND=noninteractive apt-get install -y "$@" >&2 || die "apt-get install $* failed"
  elif have apt-get; then
    die "missing packages: $*. Install them with: sudo apt-get install -y $*"
  else
    die "missing packages: $* (Debian names). Install them with your distribution's package manager."
  fi
}

# Polls "$@" every 0.2 s until it succeeds or the timeout (seconds) passes.
wait_until() {
  local timeout=$1 deadline
  shift
  deadline=$((SECONDS + timeout))
  until "$@"; do
    if ((SECONDS >= deadline)); then return 1; fi
    sleep 0.2 || true
  done
}

# True when something accepts TCP connections on 127.0.0.1:$1.
local_port_in_use() {
  timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
}

first_free_port_from() {
  local port=$1
  while local_port_in_use "$port"; do port=$((port + 1)); done
  echo "$port"
}
