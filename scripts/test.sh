#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit tests, a production build, then Playwright (API over HTTP + portal in Chromium).
# Uses DATABASE_URL when set (a real PostgreSQL); otherwise the embedded database in a fresh .data-test folder.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n=== %s ===\n' "$1"; }

step "prisma generate"; npm run -s generate >/dev/null
step "typecheck"; npx tsc --noEmit -p .
step "lint"; npx eslint . --max-warnings=0
step "unit tests"; npx vitest run
step "build"; npx next build >/tmp/pa-build.log 2>&1 || { tail -50 /tmp/pa-build.log; exit 1; }
rm -rf "${PA_TEST_DATA_DIR:-.data-test}"
if [ -n "${DATABASE_URL:-}" ]; then target="real PostgreSQL"; else target="embedded database"; fi
step "end-to-end tests ($target)"
npx playwright test "$@"
