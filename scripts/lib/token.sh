# The API's first admin token: made once, kept in the state directory readable by its user only; the
# service gets its SHA-256 (STEWARD_ADMIN_TOKEN_SHA256), the launcher's own API calls send it.
# shellcheck shell=bash

STEWARD_TOKEN_FILE=${STEWARD_TOKEN_FILE:-$STEWARD_STATE/api-token}

# Creates the token file when there is none; exports the token's SHA-256 for the service.
ensure_admin_token() {
  if [[ ! -s $STEWARD_TOKEN_FILE ]]; then
    (umask 077 && printf 'stw_%s\n' "$(head -c 32 /dev/urandom | base64 -w0 | tr '+/' '-_' | tr -d '=')" \
      >"$STEWARD_TOKEN_FILE") || die "cannot write the admin token to $STEWARD_TOKEN_FILE"
    log "created an admin token for the API in $STEWARD_TOKEN_FILE (readable by $(id -un) only)"
  fi
  chmod 600 "$STEWARD_TOKEN_FILE"
  STEWARD_ADMIN_TOKEN_SHA256=$(tr -d '\n' <"$STEWARD_TOKEN_FILE" | sha256sum | cut -d' ' -f1)
  export STEWARD_ADMIN_TOKEN_SHA256 STEWARD_TOKEN_FILE
}

# curl with the admin token, which never appears on a command line (ps shows those): api_curl [curl args...]
api_curl() {
  curl -H @<(printf 'Authorization: Bearer %s\n' "$(tr -d '\n' <"$STEWARD_TOKEN_FILE")") "$@"
}

# How to call the API by hand: the token's path, never the token.
print_api_hint() {
  log "API token: $STEWARD_TOKEN_FILE; for example:"
  # shellcheck disable=SC2016 # the $(...) is for the reader's shell
  log "  curl -H \"Authorization: Bearer \$(cat $STEWARD_TOKEN_FILE)\" http://127.0.0.1:$1/api/v1/sessions"
}
