#!/bin/sh
# `npm ci` inside the image build (Dockerfile), trusting EXTRA_CA_CERTS (PEM, from the build argument) when set:
# written to a temporary file for this one command and removed, so no certificate file stays in a layer.
set -eu
if [ -n "${EXTRA_CA_CERTS:-}" ]; then
  printf '%s\n' "$EXTRA_CA_CERTS" > /tmp/extra-ca.pem
  trap 'rm -f /tmp/extra-ca.pem' EXIT
  NODE_EXTRA_CA_CERTS=/tmp/extra-ca.pem npm ci --no-audit --no-fund "$@"
else
  npm ci --no-audit --no-fund "$@"
fi
