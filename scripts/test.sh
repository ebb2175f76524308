#!/usr/bin/env bash
# The README's test command: installs what npm cannot (Debian chromium, fonts-noto-cjk), then checks
# that no tracked file names a path outside the repository (a fresh clone passes on its own), runs
# lint (module boundaries included), formatting, the import-circle check, type checks, every vitest
# suite (contracts, server on SQLite, web units, scripts), builds the client, starts the real server on
# a fresh database and runs the Playwright journeys.
set -euo pipefail
cd "$(dirname "$0")/.."

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

echo "== no tracked file names a path outside the repository"
node --import tsx scripts/check-paths.ts

echo "== lint and formatting"
npx eslint .
npx prettier --check . --log-level warn

echo "== import circles (dependency-cruiser)"
bash scripts/cycles.sh

echo "== type check"
npm run -s typecheck

echo "== unit and API tests (SQLite)"
npx vitest run

echo "== build the web client"
npm run -s build

echo "== browser journeys (Playwright, Debian chromium)"
bash scripts/e2e.sh
