#!/usr/bin/env bash
# No import circles: dependency-cruiser over the server and the contracts, then over the web app with its
# own tsconfig (for the `@/` alias). Rules: .dependency-cruiser.cjs; boundaries are ESLint's.
# Both runs report before the script fails.
set -uo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
status=0
npx depcruise --config .dependency-cruiser.cjs apps/server/src packages/contracts/src || status=1
(cd apps/web && npx depcruise --config "$root/.dependency-cruiser.cjs" --ts-config tsconfig.json src) || status=1
exit $status
