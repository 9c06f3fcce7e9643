#!/usr/bin/env bash
# `npm run setup:docker`: Docker for the image and stack tests (docs/containers.md). As root: installs Debian's
# docker.io with apt when there is no dockerd, starts a daemon when none answers, and makes this machine a one-node
# swarm when it is not in one. The daemon runs without iptables, bridge or overlay storage (--iptables=false
# --bridge=none --storage-driver=vfs): the configuration that works in a container without those kernel features,
# where containers use --network host. Says what it did or found, and always exits 0: without Docker the tests that
# need it report themselves skipped, with why.
set -u

say() { echo "setup:docker: $*"; }
LOG="${DOCKERD_LOG:-/var/log/wirebench-dockerd.log}"
WAIT_S="${DOCKERD_WAIT_S:-60}"

if [ "$(id -u)" != 0 ]; then
  say "not root: installing and starting Docker needs root; the Docker tests use a daemon if one already answers (docker info)"
  exit 0
fi

if ! command -v dockerd >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1; then
    say "no dockerd and no apt-get: install Docker (https://docs.docker.com/engine/install/), then run this again"
    exit 0
  fi
  say "installing Debian's docker.io with apt"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y docker.io >/tmp/setup-docker-apt.log 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get update >/dev/null 2>&1
    DEBIAN_FRONTEND=noninteractive apt-get install -y docker.io >/tmp/setup-docker-apt.log 2>&1 \
      || { say "apt-get install docker.io failed: $(tail -n 2 /tmp/setup-docker-apt.log | tr '\n' ' ')"; exit 0; }
  fi
  say "installed $(dockerd --version 2>&1 | head -n 1)"
else
  say "dockerd is $(command -v dockerd) ($(dockerd --version 2>&1 | head -n 1))"
fi

if docker info >/dev/null 2>&1; then
  say "a daemon answers (server $(docker version --format '{{.Server.Version}}' 2>/dev/null))"
else
  touch "$LOG" 2>/dev/null || LOG=/tmp/wirebench-dockerd.log
  say "starting dockerd --iptables=false --bridge=none --storage-driver=vfs (log: $LOG)"
  nohup dockerd --iptables=false --bridge=none --storage-driver=vfs >>"$LOG" 2>&1 &
  waited=0
  until docker info >/dev/null 2>&1; do
    if [ "$waited" -ge "$WAIT_S" ]; then
      say "the daemon did not answer within $WAIT_S s: $(tail -n 3 "$LOG" | tr '\n' ' ')"
      exit 0
    fi
    sleep 1
    waited=$((waited + 1))
  done
  say "the daemon answers after ${waited} s (server $(docker version --format '{{.Server.Version}}' 2>/dev/null))"
fi

swarm=$(docker info --format '{{.Swarm.LocalNodeState}}' 2>/dev/null)
if [ "$swarm" = active ]; then
  say "this machine is in a swarm already ($(docker info --format '{{.Swarm.Nodes}}' 2>/dev/null) node(s))"
elif out=$(docker swarm init --advertise-addr 127.0.0.1 2>&1); then
  say "swarm initialised: this machine is a one-node swarm manager (docker swarm init --advertise-addr 127.0.0.1)"
else
  say "docker swarm init failed (the stack test will be skipped): $(printf '%s' "$out" | head -n 1)"
fi
exit 0
