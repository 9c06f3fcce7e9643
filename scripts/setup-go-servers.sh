#!/usr/bin/env bash
# `npm run setup:go-servers`: builds the Go reference servers (native/go-servers, the native floor) into
# native/go-servers/bin: installs the module's pinned protoc plugins into native/go-servers/.bin, runs `buf generate`
# from proto/ into native/go-servers/gen, then `go build`. Quick when nothing changed (the plugins are kept when their
# pinned versions are there; go's build cache does the rest). Always exits 0: a machine without Go or without the
# module proxy still runs every other test; the reason is printed and written to native/go-servers/bin/UNAVAILABLE,
# where the tests that need the servers read why they skip. Success removes that file.
set -u

cd "$(dirname "$0")/.." || exit 0
ROOT=$PWD
MODULE=native/go-servers
BIN=$MODULE/bin
TOOLS=$MODULE/.bin
# The plugins' versions are go.mod's (its `tool` lines); these are what .bin must hold to skip the install.
PROTOC_GEN_GO_VERSION=v1.36.12
PROTOC_GEN_GO_GRPC_VERSION=1.6.2
# Network steps (module downloads) and builds are bounded, so a hung proxy cannot hang the setup.
NETWORK_TIMEOUT_S=300

mkdir -p "$BIN"

unavailable() {
  echo "setup:go-servers: not built: $1"
  printf '%s\n' "$1" >"$ROOT/$BIN/UNAVAILABLE"
  exit 0
}

# Names the step, and on failure says why in one line (the command's last lines).
step() {
  local what=$1 log
  shift
  echo "setup:go-servers: $what"
  if ! log=$("$@" 2>&1); then
    unavailable "$what failed: $(printf '%s' "$log" | tail -n 3 | tr '\n' ' ')"
  fi
}

. "$ROOT/scripts/go-env.sh"
[ -n "$go_cmd" ] || unavailable "Go not found (neither on PATH nor /usr/local/go/bin/go)"
buf=$ROOT/node_modules/.bin/buf
[ -x "$buf" ] || unavailable "buf not found at node_modules/.bin/buf (run npm ci first)"
echo "setup:go-servers: $("$go_cmd" version)"

plugin_version() { "$ROOT/$TOOLS/$1" --version 2>/dev/null | awk '{print $2}'; }
if [ "$(plugin_version protoc-gen-go)" = "$PROTOC_GEN_GO_VERSION" ] &&
  [ "$(plugin_version protoc-gen-go-grpc)" = "$PROTOC_GEN_GO_GRPC_VERSION" ]; then
  echo "setup:go-servers: protoc-gen-go $PROTOC_GEN_GO_VERSION and protoc-gen-go-grpc $PROTOC_GEN_GO_GRPC_VERSION already in $TOOLS"
else
  step "installing protoc-gen-go and protoc-gen-go-grpc (go.mod's pinned tools) into $TOOLS" \
    env GOBIN="$ROOT/$TOOLS" timeout "$NETWORK_TIMEOUT_S" "$go_cmd" -C "$MODULE" install tool
fi

# Generated fresh each time (a few ms): a stale file from a removed message cannot linger.
rm -rf "$MODULE/gen"
step "generating $MODULE/gen from proto/ (buf generate)" \
  timeout 120 "$buf" generate proto --template "$MODULE/buf.gen.yaml"

step "building $BIN/go-json-server and $BIN/go-grpc-server (go build)" \
  timeout "$NETWORK_TIMEOUT_S" "$go_cmd" -C "$MODULE" build -o bin/ ./cmd/...
rm -f "$BIN/UNAVAILABLE"
echo "setup:go-servers: built $BIN/go-json-server and $BIN/go-grpc-server"
exit 0
