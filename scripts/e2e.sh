#!/usr/bin/env bash
# Starts the real server (built client, fresh SQLite with the demo seed) and runs the Playwright journeys
# against it. With E2E_WORKERS=N it starts N servers, each on its own port, SMTP port and database, and
# Playwright runs N workers: worker i talks only to server i (playwright.config.ts picks it), so journeys
# that change the demo tenant never meet. The default is 1: on the 2-core machine a second browser made
# each journey 3–6 times slower (decision 0049). The databases live in temp dirs removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${E2E_PORT:-8090}"
# The server's SMTP receiver (专属邮箱): the journeys mail it on the port their server gets.
MAIL_PORT="${MAIL_PORT:-2525}"
WORKERS="${E2E_WORKERS:-1}"
export E2E_MAIL_HOST="${E2E_MAIL_HOST:-${MAIL_HOST:-127.0.0.1}}"
# The directory-sync journey starts a WeCom mock in Node on this port; the servers read WeCom's API base there.
export E2E_DIRECTORY_MOCK_PORT="${E2E_DIRECTORY_MOCK_PORT:-8381}"

# The compiled server (rebuilt here only if its sources changed since the last build).
node scripts/build.mjs server

PIDS=()
DIRS=()
URLS=()
MAILS=()
cleanup() {
  # What each server cost, beside the browsers' share of the run (ps: [dd-]hh:mm:ss of CPU).
  for i in "${!PIDS[@]}"; do
    echo "server ${URLS[$i]}: $(ps -o cputime= -p "${PIDS[$i]}" 2>/dev/null || echo gone) CPU"
  done
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  for dir in "${DIRS[@]}"; do rm -rf "$dir"; done
}
trap cleanup EXIT

for i in $(seq 0 $((WORKERS - 1))); do
  port=$((PORT + i))
  mail=$((MAIL_PORT + i))
  url="http://127.0.0.1:${port}"
  if curl -fsS "$url/healthz" >/dev/null 2>&1; then
    echo "port ${port} is already serving something: stop it or set E2E_PORT"
    exit 1
  fi
  dir="$(mktemp -d -t feikong-e2e-XXXXXX)"
  PORT="$port" MAIL_PORT="$mail" DATA_DIR="$dir" NODE_ENV=production LOG_LEVEL=warn APP_ENV=test \
    WECOM_API_BASE="http://127.0.0.1:${E2E_DIRECTORY_MOCK_PORT}/wecom" \
    node apps/server/dist/main.js >"$dir/server.log" 2>&1 &
  PIDS+=($!)
  DIRS+=("$dir")
  URLS+=("$url")
  MAILS+=("$mail")
done

for i in "${!PIDS[@]}"; do
  for _ in $(seq 1 120); do
    if curl -fsS "${URLS[$i]}/healthz" >/dev/null 2>&1; then break; fi
    if ! kill -0 "${PIDS[$i]}" 2>/dev/null; then cat "${DIRS[$i]}/server.log"; exit 1; fi
    sleep 0.5
  done
  curl -fsS "${URLS[$i]}/healthz" >/dev/null || {
    echo "server ${URLS[$i]} did not start"
    cat "${DIRS[$i]}/server.log"
    exit 1
  }
done

join() { local IFS=,; echo "$*"; }
export E2E_BASE_URLS="$(join "${URLS[@]}")"
export E2E_DATA_DIRS="$(join "${DIRS[@]}")"
export E2E_MAIL_PORTS="$(join "${MAILS[@]}")"
# The first server for anything outside a worker (and for journeys run with one worker).
export E2E_BASE_URL="${URLS[0]}" E2E_DATA_DIR="${DIRS[0]}" E2E_MAIL_PORT="${MAILS[0]}"
cd apps/web
npx playwright test --workers="$WORKERS" "$@"
