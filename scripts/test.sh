#!/usr/bin/env bash
# The README's test command: installs what npm cannot (Debian chromium, fonts-noto-cjk), then checks
# that no tracked file names a path outside the repository (a fresh clone passes on its own), runs
# lint (module boundaries included), formatting, the import-circle check, type checks and the build
# side by side, every vitest suite (contracts, scripts, server on SQLite, web units), then starts the
# real server on a fresh database and runs the Playwright journeys. Ends with each stage's wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
STAGE_TITLE="${STAGE_TITLE:-npm test}"
# shellcheck source=scripts/stages.sh
source scripts/stages.sh

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]} (apt)"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "== npm install"
  npm install --no-audit --no-fund
fi

stage "no path outside the repository" node --import tsx scripts/check-paths.ts

# Each of these is one single-threaded process (the build mostly so) and none reads what another
# writes (lint and formatting skip dist/), so they share the 2 cores instead of taking turns. Their
# caches (node_modules/.cache) keep what an unchanged file gave last time: a fresh clone checks all.
typecheck() { # the package.json `typecheck` script, per project
  for p in "$@"; do
    npx tsc --noEmit --incremental --tsBuildInfoFile "node_modules/.cache/tsc/${p##*/}.tsbuildinfo" -p "$p" || return 1
  done
}
stages_parallel \
  "eslint" npx eslint . --cache --cache-strategy content --cache-location node_modules/.cache/eslint/ -- \
  "prettier" npx prettier --check . --log-level warn --cache --cache-strategy content -- \
  "import circles (dependency-cruiser)" bash scripts/cycles.sh -- \
  "type check apps/server" typecheck apps/server -- \
  "type check apps/web" typecheck apps/web -- \
  "type check contracts, bench, scripts" typecheck packages/contracts bench scripts -- \
  "build (web client + server)" npm run -s build

stage "vitest contracts + scripts" npx vitest run --project contracts --project scripts
stage "vitest server (SQLite)" npx vitest run --project 'server*'
stage "vitest web" npx vitest run --project 'web*'
stage "browser journeys (Playwright)" bash scripts/e2e.sh
