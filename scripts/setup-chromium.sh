#!/usr/bin/env bash
# `npm run setup:chromium`: a system Chromium for the browser tests (report.html and the client page, driven by
# playwright-core). Installs Debian's `chromium` with apt when none is found and this is root on a Debian/Ubuntu
# machine; otherwise says how. Always exits 0: without Chromium the browser suites report themselves skipped with
# the reason, and everything else still runs.
set -u

for candidate in "${CHROME_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/bin/google-chrome-stable; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then
    echo "setup:chromium: $candidate ($("$candidate" --version 2>/dev/null | head -n 1))"
    exit 0
  fi
done

if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup:chromium: no Chromium found and cannot apt-get here (needs root on Debian/Ubuntu); install one and set CHROME_PATH"
  exit 0
fi

log=$(mktemp)
echo "setup:chromium: installing Debian's chromium with apt-get (about 30 s)"
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >"$log" 2>&1; then
  # A fresh machine may not have the package lists yet.
  DEBIAN_FRONTEND=noninteractive apt-get update >>"$log" 2>&1
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >>"$log" 2>&1
fi
if [ -x /usr/bin/chromium ]; then
  echo "setup:chromium: installed /usr/bin/chromium ($(/usr/bin/chromium --version 2>/dev/null | head -n 1))"
else
  echo "setup:chromium: apt-get could not install chromium; the browser tests will be skipped. Last lines:"
  tail -n 5 "$log"
fi
rm -f "$log"
exit 0
