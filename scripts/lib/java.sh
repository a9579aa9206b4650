# Java tooling: a JDK 21+, Maven, and the service's jar rebuilt when its sources changed.
# shellcheck shell=bash

APP_JAR="$REPO_ROOT/app/target/steward-app.jar"

# Prints the feature version (8, 17, 21, 25...) of the JDK at $1, or nothing.
jdk_feature_version() {
  local home=$1 version=""
  if [[ -r $home/release ]]; then
    version=$(sed -n 's/^JAVA_VERSION="\(.*\)"$/\1/p' "$home/release")
  fi
  if [[ -z $version && -x $home/bin/java ]]; then
    version=$("$home/bin/java" -version 2>&1 | sed -n 's/.* version "\([^"]*\)".*/\1/p' | sed -n 1p)
  fi
  version=${version#1.}          # 1.8.0_292 -> 8.0_292
  version=${version%%[!0-9]*}    # 25.0.3 -> 25, 21-ea -> 21
  if [[ -n $version ]]; then echo "$version"; fi
}

is_jdk_21_plus() {
  local version
  [[ -x $1/bin/java && -x $1/bin/javac ]] || return 1
  version=$(jdk_feature_version "$1")
  [[ -n $version ]] && ((version >= 21))
}

# JAVA_HOME if it is 21+, else the newest 21+ JDK in /usr/lib/jvm or on PATH.
ensure_jdk() {
  if [[ -n ${JAVA_HOME:-} ]] && is_jdk_21_plus "$JAVA_HOME"; then
    export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
    return
  fi
  local candidates=() home best="" best_version=0 version
  for home in /usr/lib/jvm/*; do
    [[ -d $home ]] && candidates+=("$home")
  done
  if have javac; then
    home=$(readlink -f "$(command -v javac)")
    candidates+=("${home%/bin/javac}")
  fi
  for home in "${candidates[@]}"; do
    is_jdk_21_plus "$home" || continue
    version=$(jdk_feature_version "$home")
    if ((version > best_version)); then best=$home best_version=$version; fi
  done
  [[ -n $best ]] || die "no JDK 21 or newer found (JAVA_HOME${JAVA_HOME:+=$JAVA_HOME} is older or unset, none in /usr/lib/jvm). Install one (for example Temurin 21 or 25) and set JAVA_HOME."
  if [[ -n ${JAVA_HOME:-} ]]; then
    log "JAVA_HOME=$JAVA_HOME is not a JDK 21+; using $best"
  fi
  export JAVA_HOME=$best PATH="$best/bin:$PATH"
}

ensure_maven() {
  have mvn || install_packages maven
}

app_jar_is_stale() {
  [[ -f $APP_JAR ]] || return 0
  local newer
  newer=$(cd "$REPO_ROOT" && find . -path ./.git -prune -o -path '*/target' -prune -o \
    \( -name pom.xml -o -path './*/src/*' \) -type f -newer "$APP_JAR" -print -quit)
  [[ -n $newer ]]
}

build_if_needed() {
  app_jar_is_stale || return 0
  ensure_maven
  log "building (mvn -B -q -DskipTests install)"
  (cd "$REPO_ROOT" && mvn -B -q -DskipTests install) || die "the build failed"
  [[ -f $APP_JAR ]] || die "the build did not produce $APP_JAR"
}

# The service's JVM flags: the JDK's own warnings settled (Netty's use of sun.misc.Unsafe, which JDK
# 23+ warns about; native access for the libraries that load native code).
service_java_flags() {
  local flags=(--enable-native-access=ALL-UNNAMED)
  if (($(jdk_feature_version "$JAVA_HOME") >= 23)); then flags+=(--sun-misc-unsafe-memory-access=allow); fi
  printf '%s\n' "${flags[@]}"
}

# The key that encrypts secrets at rest (the service does not start without one): STEWARD_SECRETS_KEY
# or STEWARD_SECRETS_KEY_FILE when set, else a key file in the state directory, created once and
# readable by its owner alone.
ensure_secrets_key() {
  [[ -n ${STEWARD_SECRETS_KEY:-} ]] && return
  if [[ -n ${STEWARD_SECRETS_KEY_FILE:-} ]]; then
    [[ -s $STEWARD_SECRETS_KEY_FILE ]] || die "STEWARD_SECRETS_KEY_FILE names $STEWARD_SECRETS_KEY_FILE, which is" \
      "missing or empty: point it at the file that holds the secrets key (what was stored under it cannot be" \
      "read without it), or unset it to use $STEWARD_STATE/secrets.key"
    return
  fi
  local file=$STEWARD_STATE/secrets.key
  if [[ ! -s $file ]]; then
    (umask 077 && head -c 32 /dev/urandom | base64 >"$file") || die "could not create the secrets key $file"
    log "created the secrets key $file (keep it: secrets stored under it cannot be read without it)"
  fi
  export STEWARD_SECRETS_KEY_FILE=$file
}

# The service in the foreground: java with its flags, then the jar. Its pid and port go to
# $STEWARD_STATE/service.*, or, for a worker process (run_service worker), to $STEWARD_STATE/workers/.
run_service() {
  local flags pid_file=$STEWARD_STATE/service.pid port_file=$STEWARD_STATE/service.port
  if [[ ${1:-} == worker ]]; then
    mkdir -p "$STEWARD_STATE/workers"
    pid_file=$STEWARD_STATE/workers/$MICRONAUT_SERVER_PORT.pid port_file=/dev/null
  fi
  ensure_secrets_key
  mapfile -t flags < <(service_java_flags)
  echo "$BASHPID" >"$pid_file"
  echo "${MICRONAUT_SERVER_PORT:-8080}" >"$port_file"
  cd "$REPO_ROOT" && exec "$JAVA_HOME/bin/java" "${flags[@]}" -jar "$APP_JAR"
}
