# Sourced by the setup:* scripts that install Go tools: finds Go (PATH, else /usr/local/go) and where `go install`
# puts binaries (GOBIN if set, else GOPATH/bin). Sets go_cmd and go_bin_dir, empty when Go is not there.
go_cmd=$(command -v go 2>/dev/null || true)
if [ -z "$go_cmd" ] && [ -x /usr/local/go/bin/go ]; then go_cmd=/usr/local/go/bin/go; fi

go_bin_dir=""
if [ -n "$go_cmd" ]; then
  go_bin_dir=$("$go_cmd" env GOBIN 2>/dev/null || true)
  [ -n "$go_bin_dir" ] || go_bin_dir="$("$go_cmd" env GOPATH 2>/dev/null || true)/bin"
fi
