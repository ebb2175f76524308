#!/usr/bin/env bash
# Starts the real server (built client, fresh SQLite with the demo seed) on a spare port and runs
# the Playwright journeys against it. The database lives in a temp dir and is removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${E2E_PORT:-8090}"
DATA_DIR="$(mktemp -d -t feikong-e2e-XXXXXX)"
export E2E_BASE_URL="http://127.0.0.1:${PORT}"
export E2E_DATA_DIR="$DATA_DIR"
# The server's SMTP receiver (专属邮箱): the journeys mail it on the port the server gets.
MAIL_PORT="${MAIL_PORT:-2525}"
export E2E_MAIL_PORT="${E2E_MAIL_PORT:-$MAIL_PORT}"
export E2E_MAIL_HOST="${E2E_MAIL_HOST:-${MAIL_HOST:-127.0.0.1}}"
if curl -fsS "$E2E_BASE_URL/healthz" >/dev/null 2>&1; then
  echo "port ${PORT} is already serving something: stop it or set E2E_PORT"
  exit 1
fi
# The compiled server (rebuilt here only if its sources changed since the last build).
node scripts/build.mjs server
PORT="$PORT" MAIL_PORT="$MAIL_PORT" DATA_DIR="$DATA_DIR" NODE_ENV=production LOG_LEVEL=warn APP_ENV=test \
  node apps/server/dist/main.js >"$DATA_DIR/server.log" 2>&1 &
SERVER_PID=$!
cleanup() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$DATA_DIR"
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  if curl -fsS "$E2E_BASE_URL/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then cat "$DATA_DIR/server.log"; exit 1; fi
  sleep 0.5
done
curl -fsS "$E2E_BASE_URL/healthz" >/dev/null || { echo "server did not start"; cat "$DATA_DIR/server.log"; exit 1; }
cd apps/web
npx playwright test "$@"
