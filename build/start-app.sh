#!/usr/bin/env bash
# `bash build/run.sh start` after the install: fetch Electron's binary (on first launch), build, start the
# desktop app. When Electron cannot be fetched (offline machine, proxy, CI), say what failed and offer the
# same app in the browser through `jury serve`, which needs no Electron.
#   JURY_SKIP_BUILD=1   out/ is already built (the tests)
set -uo pipefail
cd "$(dirname "$0")/.."

port="${JURY_PORT:-5170}"

# Electron's own installer: a no-op when the binary is there, else a download from GitHub (or
# $ELECTRON_MIRROR). Its failure is a bare stack trace, so its output is kept and summed up below.
fetch_electron() {
  local runner=()
  command -v timeout >/dev/null 2>&1 && runner=(timeout 600)
  "${runner[@]}" node node_modules/electron/install.js 2>&1
}

build() {
  [ "${JURY_SKIP_BUILD:-}" = 1 ] && return 0
  npm run build
}

offer_browser() {
  local log="$1" reason source
  source="${ELECTRON_MIRROR:-https://github.com/electron/electron/releases}"
  reason=$(printf '%s\n' "$log" | grep -v '^\s*at ' | grep -v '^\s*$' | tail -n 1)
  # Node's "fetch failed" hides its cause (no DNS, refused, proxy): ask once more to name it.
  if [ "$reason" = 'TypeError: fetch failed' ]; then
    reason="$reason ($(node -e 'fetch(process.argv[1], { method: "HEAD", signal: AbortSignal.timeout(15000) }).then((r) => console.log(`HTTP ${r.status}`), (e) => console.log(String(e.cause?.message ?? e.message)))' "$source" 2>&1))"
  fi
  cat >&2 <<MSG

jury: the desktop app cannot start: Electron's binary could not be downloaded.
  what failed:  fetching Electron from ${source}: ${reason:-no answer}
  to retry:     check the network (behind a proxy set HTTPS_PROXY; or set ELECTRON_MIRROR to a mirror),
                then run 'bash build/run.sh start' again.

The same app works now in your browser, served by Jury itself (no Electron needed):
  npx jury serve --host 127.0.0.1 --port ${port}
  then open http://localhost:${port}/
MSG
  if [ -t 0 ] && [ -t 2 ]; then
    printf 'Start it in the browser now? [Y/n] ' >&2
    local answer=''
    read -r answer || answer=n
    case "$answer" in
      '' | y | Y | yes | Yes) exec node electron/cli/jury.mjs serve --host 127.0.0.1 --port "$port" ;;
    esac
  fi
  exit 1
}

if log=$(fetch_electron); then
  build || exit 1
  exec npx electron .
fi
build || exit 1
offer_browser "$log"
