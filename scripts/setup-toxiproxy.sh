#!/usr/bin/env bash
# `npm run setup:toxiproxy`: Shopify's Toxiproxy, the userspace TCP proxy that applies a network profile's latency,
# jitter and bandwidth (libs/network/src/toxiproxy/). Installs it with Go when it is missing, says where it is, and
# always exits 0: without it the loopback profile still runs, and the shaping tests report themselves skipped.
set -u

TOXIPROXY=github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0

. "$(dirname "$0")/go-env.sh"

# "server" is a generic name: only a binary whose --version says toxiproxy counts.
is_toxiproxy() { [ -x "$1" ] && "$1" --version 2>&1 | grep -qi toxiproxy; }

found=""
if [ -n "${TOXIPROXY_BIN:-}" ] && is_toxiproxy "$TOXIPROXY_BIN"; then found=$TOXIPROXY_BIN; fi
if [ -z "$found" ]; then
  on_path=$(command -v toxiproxy-server 2>/dev/null || true)
  if [ -n "$on_path" ] && is_toxiproxy "$on_path"; then found=$on_path; fi
fi
if [ -z "$found" ] && [ -n "$go_bin_dir" ] && is_toxiproxy "$go_bin_dir/server"; then found="$go_bin_dir/server"; fi

if [ -n "$found" ]; then
  echo "setup:toxiproxy: toxiproxy is $found ($("$found" --version 2>&1 | head -n 1))"
  exit 0
fi
if [ -z "$go_cmd" ]; then
  echo "setup:toxiproxy: could not install toxiproxy: Go not found (neither on PATH nor /usr/local/go/bin/go); use a release binary from https://github.com/Shopify/toxiproxy/releases or brew install toxiproxy, then set TOXIPROXY_BIN"
  exit 0
fi
echo "setup:toxiproxy: installing $TOXIPROXY"
if log=$("$go_cmd" install "$TOXIPROXY" 2>&1) && is_toxiproxy "$go_bin_dir/server"; then
  echo "setup:toxiproxy: toxiproxy is $go_bin_dir/server ($("$go_bin_dir/server" --version 2>&1 | head -n 1)); wirebench finds it there, or set TOXIPROXY_BIN"
else
  echo "setup:toxiproxy: could not install toxiproxy: go install failed: $(printf '%s' "$log" | tail -n 3 | tr '\n' ' ')"
fi
exit 0
