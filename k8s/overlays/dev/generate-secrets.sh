#!/usr/bin/env bash
# Writes the dev overlay's secrets (a user and a random password per component) into secrets/,
# which git ignores, unless they exist; the kustomization makes Kubernetes secrets of them.
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
