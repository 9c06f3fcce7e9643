#!/usr/bin/env bash
# `npm run setup:docker`: Docker for the image and stack tests (docs/containers.md). As root: installs Debian's
# docker.io with apt when there is no dockerd, starts a daemon when none answers, and makes this machine a one-node
# swarm when it is not in one. The daemon runs without iptables or a bridge (--iptables=false --bridge=none), so
# containers use --network host; its storage driver is overlay2 where the kernel mounts overlay, and vfs (a whole copy
# of the file system for every container and build step: minutes where overlay2 takes seconds) only where the daemon
# refuses overlay2, as in a container without overlay support. WIREBENCH_DOCKER_STORAGE_DRIVER names one instead.
# Says what it did or found, and always exits 0: without Docker the tests that need it report themselves skipped,
# with why.
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

driver_of_daemon() { docker info --format '{{.Driver}}' 2>/dev/null; }

# Starts dockerd with storage driver $1 and waits for it to answer: 0 when it does, 1 when it exited (it refused the
# driver: its last log lines say why), 2 when it neither answered nor exited within WAIT_S seconds.
start_daemon() {
  say "starting dockerd --iptables=false --bridge=none --storage-driver=$1 (log: $LOG)"
  nohup dockerd --iptables=false --bridge=none --storage-driver="$1" >>"$LOG" 2>&1 &
  local pid=$! waited=0
  until docker info >/dev/null 2>&1; do
    if ! kill -0 "$pid" 2>/dev/null; then
      say "dockerd with $1 exited: $(tail -n 2 "$LOG" | tr '\n' ' ')"
      return 1
    fi
    if [ "$waited" -ge "$WAIT_S" ]; then
      say "the daemon did not answer within $WAIT_S s: $(tail -n 3 "$LOG" | tr '\n' ' ')"
      return 2
    fi
    sleep 1
    waited=$((waited + 1))
  done
  say "the daemon answers after ${waited} s (server $(docker version --format '{{.Server.Version}}' 2>/dev/null), storage driver $(driver_of_daemon))"
}

if docker info >/dev/null 2>&1; then
  say "a daemon answers (server $(docker version --format '{{.Server.Version}}' 2>/dev/null), storage driver $(driver_of_daemon))"
else
  touch "$LOG" 2>/dev/null || LOG=/tmp/wirebench-dockerd.log
  if [ -n "${WIREBENCH_DOCKER_STORAGE_DRIVER:-}" ]; then
    start_daemon "$WIREBENCH_DOCKER_STORAGE_DRIVER" || exit 0
  else
    start_daemon overlay2
    case $? in
      0) ;;
      1) start_daemon vfs || exit 0 ;;
      *) exit 0 ;;
    esac
  fi
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
