#!/usr/bin/env bash
# The README's test command: installs what npm cannot (Debian chromium, fonts-noto-cjk), then checks
# that no tracked file names a path outside the repository (a fresh clone passes on its own), runs
# lint (module boundaries included), formatting, the import-circle check, type checks, every vitest
# suite (contracts, server on SQLite, web units, scripts), builds the client, starts the real server on
# a fresh database and runs the Playwright journeys.
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
stage "eslint" npx eslint .
stage "prettier" npx prettier --check . --log-level warn
stage "import circles (dependency-cruiser)" bash scripts/cycles.sh
stage "type check" npm run -s typecheck
stage "vitest contracts + scripts" npx vitest run --project contracts --project scripts
stage "vitest server (SQLite)" npx vitest run --project server
stage "vitest web" npx vitest run --project web
stage "build (web client + server)" npm run -s build
stage "browser journeys (Playwright)" bash scripts/e2e.sh
