#!/usr/bin/env bash
# `npm run swarm:lab -- up [--nodes N] [--image IMG] | down | status | exec [NODE] -- CMD... | kill NODE |
# shape --mbit N | --off`: a Docker Swarm of N nodes (2 to 4) on this one machine, for trying scale-out and for the
# tests (docs/swarm-load.md). Root and Linux only.
#
# Each node is a network namespace with a Docker daemon of its own; the namespaces hang off one bridge that lives in
# a namespace of its own too, so every address the lab uses (LAB_SUBNET, 10.232.0.0/24 by default: not --hosts
# netns' 10.231.0.0/16) exists only inside namespaces this script created, and nothing outside them is ever a
# target. Node i is 10.232.0.(i+1); node 0 is the manager, the others join as workers. All nodes share one hostname
# (the namespaces share the machine's UTS), so each carries the label wirebench.lab.node=node-<i> for placement.
# The daemons reach each other across the bridge: that is the link the load crosses.
#
# What `up` creates, `down` removes, in the reverse order and whatever state a failed `up` left: the daemons (and
# every process still in a node's namespace), their mounts, data roots and sockets under LAB_ROOT and LAB_RUN, the
# namespaces (their veths go with them). Every step says what it did; an error names the step and the daemon's last
# log lines, and `up` tears down what it had built before exiting 1.
set -uo pipefail

LAB_SUBNET_PREFIX="${LAB_SUBNET_PREFIX:-10.232.0}"
LAB_ROOT="${LAB_ROOT:-/var/lib/wirebench-lab}"
LAB_RUN="${LAB_RUN:-/run/wirebench-lab}"
LAB_PREFIX="${LAB_PREFIX:-wblab}"
DAEMON_WAIT_S="${LAB_DAEMON_WAIT_S:-60}"
READY_WAIT_S="${LAB_READY_WAIT_S:-60}"
SWITCH_NS="$LAB_PREFIX-switch"

say() { echo "swarm:lab: $*"; }
die() {
  say "$*" >&2
  exit 1
}

usage() {
  cat <<EOF
usage: npm run swarm:lab -- up [--nodes N] [--image IMG]   N nodes (2-4, default 3), IMG loaded into each (default \$WIREBENCH_IMAGE or wirebench:local)
       npm run swarm:lab -- status                         the nodes, their daemons, addresses and swarm state
       npm run swarm:lab -- exec [NODE] -- CMD...          CMD inside node NODE's namespace (default 0, the manager), DOCKER_HOST set to its daemon
       npm run swarm:lab -- kill NODE                      kills node NODE's daemon and every process in its namespace at once, as a machine that dies
       npm run swarm:lab -- shape --mbit N | --off         every node's link at N Mbit/s each way (tc tbf), or unshaped
       npm run swarm:lab -- down                           removes everything up created
EOF
}

ns_of() { echo "$LAB_PREFIX-$1"; }
addr_of() { echo "$LAB_SUBNET_PREFIX.$(($1 + 1))"; }
sock_of() { echo "unix://$LAB_RUN/node-$1/docker.sock"; }
dk() {
  local node=$1
  shift
  timeout 120 docker -H "$(sock_of "$node")" "$@"
}

# The nodes there are now: the namespaces named like ours, in order.
lab_nodes() {
  ip netns list 2>/dev/null | awk '{print $1}' | sed -n "s/^$LAB_PREFIX-\([0-9]\+\)\$/\1/p" | sort -n
}

check_host() {
  [ "$(uname -s)" = Linux ] || die "Linux only: the lab is network namespaces and Docker daemons in them"
  [ "$(id -u)" = 0 ] || die "root only: creating namespaces and starting Docker daemons needs root"
  local tool
  for tool in ip dockerd docker mount timeout; do
    command -v "$tool" >/dev/null 2>&1 || die "no $tool on PATH (npm run setup:docker installs Docker; iproute2 gives ip)"
  done
}

# Starts node i's daemon inside its namespace. `ip netns exec` gives the command a mount namespace with a fresh
# /sys, without the cgroup2 file system dockerd needs ("Devices cgroup isn't mounted"), so it is mounted first there.
start_daemon() {
  local i=$1 dir="$LAB_RUN/node-$i"
  mkdir -p "$dir" "$LAB_ROOT/node-$i"
  setsid nohup ip netns exec "$(ns_of "$i")" sh -c "mount -t cgroup2 none /sys/fs/cgroup && exec dockerd \
    --data-root '$LAB_ROOT/node-$i' --exec-root '$dir/exec' --pidfile '$dir/dockerd.pid' \
    -H '$(sock_of "$i")' --iptables=false --bridge=none --storage-driver=overlay2" >"$dir/dockerd.log" 2>&1 &
  echo $! >"$dir/launcher.pid"
}

wait_daemon() {
  local i=$1 waited=0
  until dk "$i" info >/dev/null 2>&1; do
    if [ "$waited" -ge "$DAEMON_WAIT_S" ]; then
      say "node $i: the daemon did not answer within $DAEMON_WAIT_S s: $(tail -n 3 "$LAB_RUN/node-$i/dockerd.log" 2>/dev/null | tr '\n' ' ')" >&2
      return 1
    fi
    if ! kill -0 "$(cat "$LAB_RUN/node-$i/launcher.pid" 2>/dev/null)" 2>/dev/null; then
      say "node $i: dockerd exited: $(tail -n 3 "$LAB_RUN/node-$i/dockerd.log" 2>/dev/null | tr '\n' ' ')" >&2
      return 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
}

create_topology() {
  local n=$1 i
  ip netns add "$SWITCH_NS" || return 1
  ip -n "$SWITCH_NS" link add br0 type bridge || return 1
  ip -n "$SWITCH_NS" link set br0 up || return 1
  for ((i = 0; i < n; i++)); do
    local ns
    ns=$(ns_of "$i")
    ip netns add "$ns" || return 1
    # Created straight inside the two namespaces: the root namespace never holds either end.
    ip link add name eth0 netns "$ns" type veth peer name "port$i" netns "$SWITCH_NS" || return 1
    ip -n "$SWITCH_NS" link set "port$i" master br0 up || return 1
    ip -n "$ns" addr add "$(addr_of "$i")/24" dev eth0 || return 1
    ip -n "$ns" link set eth0 up || return 1
    ip -n "$ns" link set lo up || return 1
  done
  say "namespaces $(ns_of 0)..$(ns_of $((n - 1))) on a bridge in $SWITCH_NS, addresses $(addr_of 0)..$(addr_of $((n - 1)))"
}

form_swarm() {
  local n=$1 i token id
  dk 0 swarm init --advertise-addr "$(addr_of 0)" --listen-addr "$(addr_of 0):2377" >/dev/null || return 1
  token=$(dk 0 swarm join-token -q worker) || return 1
  for ((i = 1; i < n; i++)); do
    dk "$i" swarm join --token "$token" --advertise-addr "$(addr_of "$i")" --listen-addr "$(addr_of "$i"):2377" \
      "$(addr_of 0):2377" >/dev/null || return 1
  done
  local waited=0 ready
  while :; do
    ready=$(dk 0 node ls --format '{{.Status}}' 2>/dev/null | grep -c '^Ready$')
    [ "$ready" -ge "$n" ] && break
    if [ "$waited" -ge "$READY_WAIT_S" ]; then
      say "only $ready of $n nodes Ready after $READY_WAIT_S s" >&2
      return 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
  for ((i = 0; i < n; i++)); do
    id=$(dk "$i" info --format '{{.Swarm.NodeID}}') || return 1
    dk 0 node update --label-add "wirebench.lab.node=node-$i" "$id" >/dev/null || return 1
  done
  say "swarm: node 0 manager, $((n - 1)) workers, all Ready, labelled wirebench.lab.node=node-<i>"
}

load_image() {
  local n=$1 image=$2 i started=$SECONDS
  local tar="$LAB_RUN/image.tar"
  docker image inspect "$image" >/dev/null 2>&1 ||
    { say "no image $image in this machine's daemon (npm run docker:build, or --image)" >&2; return 1; }
  docker save -o "$tar" "$image" || return 1
  for ((i = 0; i < n; i++)); do
    dk "$i" load -i "$tar" >/dev/null || { rm -f "$tar"; return 1; }
  done
  rm -f "$tar"
  say "image $image on every node ($((SECONDS - started)) s)"
}

up() {
  local n=3 image="${WIREBENCH_IMAGE:-wirebench:local}"
  while [ $# -gt 0 ]; do
    case "$1" in
      --nodes) n="${2:-}"; shift 2 ;;
      --image) image="${2:-}"; shift 2 ;;
      *) usage >&2; die "unknown option $1" ;;
    esac
  done
  [[ "$n" =~ ^[2-4]$ ]] || die "--nodes takes 2, 3 or 4 (got '$n')"
  check_host
  [ -z "$(lab_nodes)" ] && ! ip netns list | grep -q "^$SWITCH_NS\b" ||
    die "a lab is already up (npm run swarm:lab -- status; down first)"
  docker info >/dev/null 2>&1 ||
    die "this machine's Docker daemon does not answer: the image comes from it (npm run setup:docker)"
  local started=$SECONDS i
  trap 'say "interrupted: removing what was built"; down >/dev/null 2>&1; exit 130' INT TERM
  fail() {
    say "up failed at: $1; removing what was built" >&2
    down >/dev/null 2>&1
    exit 1
  }
  create_topology "$n" || fail "the namespaces and the bridge"
  for ((i = 0; i < n; i++)); do start_daemon "$i"; done
  for ((i = 0; i < n; i++)); do wait_daemon "$i" || fail "node $i's daemon"; done
  say "$n daemons answer ($(dk 0 version --format '{{.Server.Version}}'), overlay2, no iptables, no bridge)"
  form_swarm "$n" || fail "forming the swarm"
  load_image "$n" "$image" || fail "loading the image"
  trap - INT TERM
  say "up in $((SECONDS - started)) s. Use it from the manager's namespace, e.g.:"
  echo "  npm run swarm:lab -- exec -- docker node ls"
  echo "  npm run swarm:lab -- exec -- npm run load -- --hosts swarm --swarm-servers \\"
  echo "    --server-constraint node.labels.wirebench.lab.node==node-0 --generators $((n - 1)) --per-node 1 --transport grpc"
  echo "  (exec sets DOCKER_HOST and the servers' *_HOST to the manager's $(addr_of 0))"
  echo "  npm run swarm:lab -- down"
}

status() {
  local nodes i
  nodes=$(lab_nodes)
  if [ -z "$nodes" ]; then
    say "no lab is up"
    return 0
  fi
  for i in $nodes; do
    local pid state="daemon down"
    pid=$(cat "$LAB_RUN/node-$i/dockerd.pid" 2>/dev/null)
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && state="daemon $pid, $(dk "$i" info --format '{{.Swarm.LocalNodeState}} {{if .Swarm.ControlAvailable}}manager{{else}}worker{{end}}' 2>/dev/null || echo 'not answering')"
    local link
    link=$(ip netns exec "$(ns_of "$i")" tc qdisc show dev eth0 2>/dev/null | awk '$2 == "tbf" {for (k = 1; k < NF; k++) if ($k == "rate") print "link " $(k + 1) " (tc tbf)"}')
    echo "node $i: namespace $(ns_of "$i"), address $(addr_of "$i"), DOCKER_HOST=$(sock_of "$i"), $state, ${link:-link unshaped}"
  done
  dk 0 node ls --format '{{.ID}} {{.Status}} {{.Availability}} {{.ManagerStatus}}' 2>/dev/null | sed 's/^/  swarm: /'
}

exec_in() {
  local node=0
  if [ $# -gt 0 ] && [ "$1" != -- ]; then node=$1; shift; fi
  [ "${1:-}" = -- ] && shift
  [ $# -gt 0 ] || { usage >&2; exit 2; }
  lab_nodes | grep -qx "$node" || die "no node $node (npm run swarm:lab -- status)"
  local a
  a=$(addr_of 0)
  exec ip netns exec "$(ns_of "$node")" env DOCKER_HOST="$(sock_of "$node")" \
    JSON_SERVER_HOST="$a" GRPC_SERVER_HOST="$a" "$@"
}

# Stops node i's daemon: SIGTERM and up to 20 s, then SIGKILL; then every process still in its namespace (container
# processes, shims, a hung launcher) is killed.
stop_node() {
  local i=$1 ns pid waited=0
  ns=$(ns_of "$i")
  pid=$(cat "$LAB_RUN/node-$i/dockerd.pid" 2>/dev/null)
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 20 ]; do sleep 1; waited=$((waited + 1)); done
  fi
  local pids
  pids=$(ip netns pids "$ns" 2>/dev/null)
  [ -n "$pids" ] && kill -KILL $pids 2>/dev/null
  for ((waited = 0; waited < 10; waited++)); do
    [ -z "$(ip netns pids "$ns" 2>/dev/null)" ] && break
    sleep 1
  done
}

# Unmounts whatever the daemons left mounted under the lab's directories (overlay layers, shm, netns bind mounts),
# deepest first.
unmount_under() {
  local dir
  for dir in "$@"; do
    awk -v d="$dir" 'index($2, d) == 1 {print $2}' /proc/mounts | sort -r | while read -r m; do
      umount -l "$m" 2>/dev/null
    done
  done
}

down() {
  check_host
  local i nodes
  nodes=$(lab_nodes)
  for i in $nodes; do stop_node "$i"; done
  unmount_under "$LAB_ROOT" "$LAB_RUN"
  for i in $nodes; do ip netns del "$(ns_of "$i")" 2>/dev/null; done
  ip netns del "$SWITCH_NS" 2>/dev/null
  rm -rf "$LAB_ROOT" "$LAB_RUN"
  local left
  left=$( (lab_nodes; ip netns list | awk '{print $1}' | grep -x "$SWITCH_NS") 2>/dev/null)
  [ -z "$left" ] || die "could not remove namespaces: $left"
  say "down: ${nodes:+$(echo $nodes | wc -w) nodes, }daemons, namespaces, bridge, data roots removed"
}

# Every node's link at MBIT Mbit/s each way, as `--hosts netns` shapes its veth (libs/network/src/netns/
# tbf-parameters.ts, no added delay): tc tbf on the node's eth0 (what the node sends) and on its bridge port (what it
# receives), replacing whatever was there; `--off` takes them off. The lab's own round trip is loopback-short, so the
# queue is 20 ms of traffic (at least 64 KiB) and the bucket one 4 ms timer tick of it (at least 4 frames).
shape_links() {
  local mbit=""
  case "${1:-}" in
    --mbit)
      mbit="${2:-}"
      [[ "$mbit" =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v m="$mbit" 'BEGIN { exit !(m >= 1 && m <= 10000) }' ||
        die "--mbit takes a rate from 1 to 10000 Mbit/s (got '$mbit')"
      ;;
    --off) ;;
    *) usage >&2; exit 2 ;;
  esac
  local nodes i
  nodes=$(lab_nodes)
  [ -n "$nodes" ] || die "no lab is up (npm run swarm:lab -- up)"
  for i in $nodes; do
    if [ -z "$mbit" ]; then
      ip netns exec "$(ns_of "$i")" tc qdisc del dev eth0 root 2>/dev/null
      ip netns exec "$SWITCH_NS" tc qdisc del dev "port$i" root 2>/dev/null
      continue
    fi
    local args
    args=$(awk -v m="$mbit" 'BEGIN {
      rate = int(m * 1e6 + 0.5); bps = rate / 8
      burst = bps * 0.004; if (burst < 4 * 1514) burst = 4 * 1514; burst = int(burst + 0.999)
      limit = burst + int(bps * 0.02 + 0.999); if (limit < 65536) limit = 65536
      printf "rate %dbit burst %d limit %d", rate, burst, limit }')
    # shellcheck disable=SC2086
    ip netns exec "$(ns_of "$i")" tc qdisc replace dev eth0 root tbf $args &&
      ip netns exec "$SWITCH_NS" tc qdisc replace dev "port$i" root tbf $args ||
      die "node $i: tc tbf failed (is sch_tbf available?)"
  done
  if [ -z "$mbit" ]; then say "links unshaped"; else say "every node's link shaped to $mbit Mbit/s each way (tc tbf)"; fi
}

# A node that dies: SIGKILL to its daemon and everything in its namespace (its containers included), no goodbye to
# the swarm. `down` still removes what is left of it.
kill_node() {
  local node=${1:-}
  lab_nodes | grep -qx "$node" || die "no node '$node' (npm run swarm:lab -- status)"
  local pids
  pids=$(ip netns pids "$(ns_of "$node")" 2>/dev/null)
  [ -n "$pids" ] && kill -KILL $pids 2>/dev/null
  say "node $node killed ($(echo $pids | wc -w) processes)"
}

case "${1:-}" in
  up) shift; up "$@" ;;
  down) down ;;
  status) check_host; status ;;
  exec) shift; check_host; exec_in "$@" ;;
  kill) shift; check_host; kill_node "$@" ;;
  shape) shift; check_host; shape_links "$@" ;;
  *) usage >&2; exit 2 ;;
esac
