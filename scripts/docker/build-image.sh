#!/usr/bin/env bash
# npm run docker:build [-- extra docker build args]: the workbench image from the Dockerfile at the root.
#   WIREBENCH_IMAGE       the tag (default wirebench:local)
#   WIREBENCH_NODE_IMAGE  the base (default the official node:24-bookworm-slim; where no registry is reachable,
#                         wirebench-base/node:24-bookworm-slim from npm run docker:base)
#   WIREBENCH_BUILD_CA    PEM file(s) npm in the build must trust besides the image's own (default: the machine's
#                         /usr/local/share/ca-certificates/*.crt, where a TLS-intercepting proxy's CA is installed)
# --network host: this machine's daemon runs without a bridge network (npm run setup:docker), and a build step's
# network is the daemon's. Prints the build time and the image's size.
set -euo pipefail
cd "$(dirname "$0")/../.."

tag="${WIREBENCH_IMAGE:-wirebench:local}"
base="${WIREBENCH_NODE_IMAGE:-node:24-bookworm-slim}"
ca_files=()
if [ -n "${WIREBENCH_BUILD_CA:-}" ]; then
  ca_files=("$WIREBENCH_BUILD_CA")
else
  for f in /usr/local/share/ca-certificates/*.crt; do [ -f "$f" ] && ca_files+=("$f"); done
fi
ca=""
[ "${#ca_files[@]}" -eq 0 ] || ca=$(cat "${ca_files[@]}")

echo "docker:build: $tag from $base${ca:+ (npm trusts ${ca_files[*]} too)}"
started=$(date +%s)
docker build --network host --build-arg "NODE_IMAGE=$base" --build-arg "EXTRA_CA_CERTS=$ca" -t "$tag" "$@" .
elapsed=$(( $(date +%s) - started ))
size=$(docker image inspect --format '{{.Size}}' "$tag")
echo "docker:build: $tag built in ${elapsed} s, $(( size / 1000000 )) MB ($size bytes)"
