#!/usr/bin/env bash
# Writes the dev overlay's secrets (a user and a random password per component, the API's first admin
# token and its SHA-256, and the key that encrypts secrets at rest) into secrets/, which git ignores, unless they exist; the kustomization
# makes Kubernetes secrets of them.
set -euo pipefail
dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/secrets"
mkdir -p "$dir"
umask 077
for entry in postgres-admin:postgres temporal-db:temporal steward-db:steward; do
  file="$dir/${entry%%:*}.env"
  if [[ ! -f $file ]]; then
    printf 'username=%s\npassword=%s\n' "${entry#*:}" "$(head -c 24 /dev/urandom | base64 | tr -d '/+=')" >"$file"
    echo "wrote $file"
  fi
done
# The API's first admin token (a secret) and its SHA-256 (what the service is given; no secret).
file="$dir/steward-admin-token.env"
if [[ ! -f $file ]]; then
  token="stw_$(head -c 32 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
  printf 'token=%s\n' "$token" >"$file"
  printf 'sha256=%s\n' "$(printf %s "$token" | sha256sum | cut -d' ' -f1)" >"$dir/steward-admin-token-sha256.env"
  echo "wrote $file (the API's admin token: kubectl -n steward get secret steward-admin-token)"
fi
# The key secrets are encrypted with at rest (32 random bytes, base64): keep it, what is stored under it
# cannot be read without it.
file="$dir/steward-secrets-key.env"
if [[ ! -f $file ]]; then
  printf 'key=%s\n' "$(head -c 32 /dev/urandom | base64)" >"$file"
  echo "wrote $file (the secrets key: keep it)"
fi
