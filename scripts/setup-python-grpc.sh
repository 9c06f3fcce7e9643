#!/usr/bin/env bash
# `npm run setup:python-grpc`: a Python virtual environment with grpcio, grpcio-tools and protobuf (pinned in
# scripts/python-grpc/requirements.txt), for the interop test that calls the gRPC servers from a Python client
# generated from proto/ (test/python-grpc.e2e-spec.ts). Kept in .cache/python-grpc (git-ignored; PYTHON_GRPC_VENV
# moves it). Always exits 0: without Python or PyPI every other test still runs, and that suite reports itself
# skipped with the reason.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
venv=${PYTHON_GRPC_VENV:-$root/.cache/python-grpc}
requirements=$root/scripts/python-grpc/requirements.txt
python=$(command -v python3 || true)

if [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/requirements.txt"; then
  echo "setup:python-grpc: $venv has $(tr '\n' ' ' < "$venv/requirements.txt" | grep -o '[a-z-]*==[0-9.]*' | tr '\n' ' ')"
  exit 0
fi
if [ -z "$python" ]; then
  echo "setup:python-grpc: could not set up: python3 not found"
  exit 0
fi
echo "setup:python-grpc: creating $venv ($($python --version 2>&1))"
if ! log=$("$python" -m venv "$venv" 2>&1); then
  echo "setup:python-grpc: could not create the virtual environment: $(printf '%s' "$log" | tail -n 2 | tr '\n' ' ')"
  exit 0
fi
if log=$("$venv/bin/pip" install --disable-pip-version-check -q -r "$requirements" 2>&1); then
  cp "$requirements" "$venv/requirements.txt"
  echo "setup:python-grpc: installed $(grep -o '^[a-z-]*==[0-9.]*' "$requirements" | tr '\n' ' ')into $venv"
else
  echo "setup:python-grpc: pip install failed: $(printf '%s' "$log" | tail -n 3 | tr '\n' ' ')"
fi
exit 0
