#!/usr/bin/env bash
# Every test: lint/format, types, unit, server integration (PGlite and PostgreSQL), browser end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh

step() { printf '\n=== %s ===\n' "$1"; }
step "lint, format and import rules (biome: no import cycles; common/, src/ and server/ apart; imports point down)"
npx biome check .
step "types (tsc)"
npx tsc --noEmit -p tsconfig.json
step "unit tests (vitest)"
npx vitest run --project unit
step "server integration tests on PGlite and PostgreSQL (vitest)"
npx vitest run --project server
step "build the client"
npx vite build --logLevel warn
step "end-to-end tests in Debian's Chromium (playwright)"
npx playwright test
