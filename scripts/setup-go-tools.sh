#!/usr/bin/env bash
# `npm run setup:go-tools`: grpcurl and ghz, the Go clients that know a server only through its reflection
# service (test/reflection.e2e-spec.ts runs grpcurl). Installs what is missing, says where each tool is, and
# always exits 0: a machine without Go or without network still runs every other test, and the reflection tests
# then report themselves skipped with the reason.
set -u

GRPCURL=github.com/fullstorydev/grpcurl/cmd/grpcurl@v1.9.3
GHZ=github.com/bojand/ghz/cmd/ghz@v0.120.0

. "$(dirname "$0")/go-env.sh"

ensure() {
  local name=$1 package=$2 found="" log
  found=$(command -v "$name" 2>/dev/null || true)
  if [ -z "$found" ] && [ -n "$go_bin_dir" ] && [ -x "$go_bin_dir/$name" ]; then found="$go_bin_dir/$name"; fi
  if [ -n "$found" ]; then
    echo "setup:go-tools: $name is $found ($("$found" --version 2>&1 | head -n 1))"
    return
  fi
  if [ -z "$go_cmd" ]; then
    echo "setup:go-tools: could not install $name: Go not found (neither on PATH nor /usr/local/go/bin/go)"
    return
  fi
  echo "setup:go-tools: installing $package"
  if log=$("$go_cmd" install "$package" 2>&1) && [ -x "$go_bin_dir/$name" ]; then
    echo "setup:go-tools: $name is $go_bin_dir/$name"
  else
    echo "setup:go-tools: could not install $name: go install failed: $(printf '%s' "$log" | tail -n 3 | tr '\n' ' ')"
  fi
}

ensure grpcurl "$GRPCURL"
ensure ghz "$GHZ"
if [ -n "$go_bin_dir" ]; then
  case ":$PATH:" in
    *":$go_bin_dir:"*) ;;
    *) echo "setup:go-tools: $go_bin_dir is not on PATH; add it (or set GRPCURL_BIN) so the tests find grpcurl" ;;
  esac
fi
exit 0
