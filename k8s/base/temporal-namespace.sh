#!/bin/sh
# Creates Steward's namespace once the Temporal frontend answers; an existing one is kept. With
# TEMPORAL_TLS_DIR (tls.crt, tls.key, ca.crt), over mutual TLS.
set -eu
if [ -n "${TEMPORAL_TLS_DIR:-}" ]; then
  set -- --tls-cert-path "$TEMPORAL_TLS_DIR/tls.crt" --tls-key-path "$TEMPORAL_TLS_DIR/tls.key" \
    --tls-ca-path "$TEMPORAL_TLS_DIR/ca.crt"
fi
until temporal operator cluster health --address "$TEMPORAL_ADDRESS" "$@" >/dev/null 2>&1; do
  echo "waiting for Temporal at $TEMPORAL_ADDRESS"
  sleep 3
done
if temporal operator namespace describe --namespace "$TEMPORAL_NAMESPACE" --address "$TEMPORAL_ADDRESS" "$@" >/dev/null 2>&1; then
  echo "namespace $TEMPORAL_NAMESPACE exists"
else
  temporal operator namespace create --namespace "$TEMPORAL_NAMESPACE" --retention "$RETENTION" --address "$TEMPORAL_ADDRESS" "$@"
fi
