#!/usr/bin/env bash
# `npm run setup:h2load`: nghttp2's h2load, the C HTTP/2 load tool behind `npm run load -- --engine h2load` (the
# ceiling the project's gRPC generator is measured against; docs/load.md). Debian's nghttp2-client package, installed
# with apt when this runs as root and h2load is missing. Always exits 0: without it every other test still runs, and
# the h2load tests report themselves skipped with the reason.
set -u

found=$(command -v h2load 2>/dev/null || true)
if [ -z "$found" ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "setup:h2load: h2load not found, and this is not root with apt-get:" \
      "install nghttp2-client (or point H2LOAD_BIN at h2load)"
    exit 0
  fi
  echo "setup:h2load: installing nghttp2-client with apt-get"
  if ! log=$(DEBIAN_FRONTEND=noninteractive apt-get install -y nghttp2-client 2>&1); then
    echo "setup:h2load: could not install nghttp2-client: $(printf '%s' "$log" | tail -n 3 | tr '\n' ' ')"
    exit 0
  fi
  found=$(command -v h2load 2>/dev/null || true)
fi
if [ -n "$found" ]; then
  echo "setup:h2load: h2load is $found ($("$found" --version 2>&1 | head -n 1))"
else
  echo "setup:h2load: nghttp2-client installed, but no h2load on PATH"
fi
