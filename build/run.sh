#!/usr/bin/env bash
# The README's two commands, on any Linux or macOS machine with bash and npm:
#   bash build/run.sh start   installs what the app needs and starts it
#   bash build/run.sh test    installs what the tests need and runs them all (npm test)
# Jury needs Node 24 or newer (node:sqlite). When the system's Node is older, Node 24 is installed from
# the npm registry (the node-<os>-<arch> package, a plain Node binary) into ~/.cache/jury/node-24.
set -euo pipefail
cd "$(dirname "$0")/.."

need_major=24
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt "$need_major" ]; then
  cache="${JURY_NODE_CACHE:-$HOME/.cache/jury/node-$need_major}"
  os=$(uname -s | tr 'A-Z' 'a-z'); arch=$(uname -m)
  case "$arch" in x86_64) arch=x64 ;; aarch64) arch=arm64 ;; esac
  bin="$cache/node_modules/node-$os-$arch/bin"
  if [ ! -x "$bin/node" ]; then
    echo "jury: system Node is $(node --version 2>/dev/null || echo missing); installing Node $need_major from the npm registry" >&2
    mkdir -p "$cache"
    npm install --prefix "$cache" --no-save --no-package-lock --no-audit --no-fund "node-$os-$arch@$need_major" >&2
  fi
  export PATH="$bin:$PATH"
fi
echo "jury: using Node $(node --version)" >&2

install() {
  # npm ci is exact and fast; fall back to npm install only when the lock file is absent.
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
}

# The end-to-end tests drive the renderer in Chromium: the system's when there is one (Debian's package
# on CI, where Playwright's own download is not reachable), otherwise Playwright's own.
ensure_browser() {
  for b in chromium chromium-browser google-chrome; do
    if command -v "$b" >/dev/null 2>&1; then export JURY_CHROMIUM="$(command -v "$b")"; return; fi
  done
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "jury: installing Chromium for the end-to-end tests (apt-get)" >&2
    (apt-get install -y chromium >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; }) &&
      export JURY_CHROMIUM="$(command -v chromium)" && return
  fi
  echo "jury: no system Chromium; using Playwright's own" >&2
  npx playwright install chromium >&2
}

# Bots run inside bubblewrap (bwrap) where it exists. Installed like Chromium: with apt as root;
# otherwise Jury runs without it and says so in every game record and in the app.
ensure_sandbox() {
  [ "$(uname -s)" = Linux ] || return 0
  command -v bwrap >/dev/null 2>&1 && return 0
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "jury: installing bubblewrap to confine the bots (apt-get)" >&2
    (apt-get install -y bubblewrap >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y bubblewrap >/dev/null; }) && return 0
  fi
  echo "jury: bubblewrap (bwrap) is not installed: bots will not be confined. Install the 'bubblewrap' package." >&2
}

# The remote-worker tests start a real redis-server (loopback only, a folder of their own). Installed like
# Chromium: with apt as root; otherwise those tests say that it is missing.
ensure_redis() {
  command -v redis-server >/dev/null 2>&1 && return 0
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "jury: installing redis-server for the remote-worker tests (apt-get)" >&2
    (apt-get install -y redis-server >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y redis-server >/dev/null; }) &&
      return 0
  fi
  echo "jury: redis-server is not installed: the remote-worker tests will fail. Install the 'redis-server' package." >&2
}

case "${1:-}" in
  start)
    install
    ensure_sandbox
    # Fetches Electron, builds and starts the app; offers jury serve in the browser when Electron
    # cannot be fetched.
    exec bash build/start-app.sh
    ;;
  test)
    # Tests never launch Electron itself, so its binary is not needed (and cannot be fetched on CI).
    export ELECTRON_SKIP_BINARY_DOWNLOAD=1
    install
    ensure_browser
    ensure_sandbox
    ensure_redis
    exec npm test
    ;;
  *)
    echo "usage: bash build/run.sh start|test" >&2
    exit 2
    ;;
esac
