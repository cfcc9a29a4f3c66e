#!/usr/bin/env bash
# Shows that the project's guards catch what they are there to catch: each check makes one
# deliberate mistake in a file, runs the guard, expects it to fail with the right message,
# and puts the file back (also on Ctrl-C). Run from anywhere: bash scripts/check-guards.sh
#   1. the route walk (packages/server/src/routes.test.ts) fails for a route without a permission;
#   2. `npm run typecheck` fails when a field of the engine's scan result is renamed;
#   3. `npm run lint` fails for an upward import in the engine, the server and the web app.
set -uo pipefail
export NO_COLOR=1 FORCE_COLOR=0
cd "$(dirname "$0")/.."

declare -a BACKUPS=()
restore() {
  for file in "${BACKUPS[@]}"; do
    if [ -f "$file.guard-backup" ]; then mv "$file.guard-backup" "$file"; else rm -f "$file"; fi
  done
  BACKUPS=()
}
trap restore EXIT INT TERM

# keep FILE: remember FILE (or its absence) so that restore puts it back as it was.
keep() {
  [ -f "$1" ] && cp "$1" "$1.guard-backup"
  BACKUPS+=("$1")
}

failures=0
# expect_failure NAME PATTERN COMMAND...: the command must fail and print PATTERN.
expect_failure() {
  local name=$1 pattern=$2
  shift 2
  local output
  if output=$("$@" 2>&1); then
    echo "FAILED  $name: the guard passed"
    failures=$((failures + 1))
  elif ! grep -qE -- "$pattern" <<<"$output"; then
    echo "FAILED  $name: the guard failed without /$pattern/:"
    tail -n 20 <<<"$output"
    failures=$((failures + 1))
  else
    echo "caught  $name:"
    grep -E -m 3 -- "$pattern" <<<"$output" | sed 's/^/          /'
  fi
}

expect_success() {
  local name=$1
  shift
  if "$@" >/dev/null 2>&1; then echo "passes  $name"; else echo "FAILED  $name: fails unchanged"; failures=$((failures + 1)); fi
}

echo "== 1. route walk"
ROUTES=packages/server/src/modules/scans/routes.ts
expect_success "routes.test.ts as committed" npx vitest run --project server packages/server/src/routes.test.ts
keep "$ROUTES"
# The scan list's route loses its declared permission.
sed -i "0,/config: { permission: 'authenticated' },/s///" "$ROUTES"
expect_failure "GET /rest/scans/ without a permission" "declares no permission|GET /rest/scans/" \
  npx vitest run --project server packages/server/src/routes.test.ts
restore

echo "== 2. typecheck"
MODEL=packages/engine/src/model/scan-result.ts
keep "$MODEL"
sed -i 's/^  vendorlib: string;/  vendorLibrary: string;/' "$MODEL"
expect_failure "ResultComponent.vendorlib renamed: the server's schema contract" "schemas.contract.ts" \
  npx tsc --noEmit -p packages/server
expect_failure "ResultComponent.vendorlib renamed: npm run typecheck" "error TS" npm run typecheck
restore

echo "== 3. layers"
ENGINE_FILE=packages/engine/src/unpack/guard-probe.ts
SERVER_FILE=packages/server/src/plugins/guard-probe.ts
WEB_LIB_FILE=packages/web/src/lib/guard-probe.ts
WEB_FEATURE_FILE=packages/web/src/features/groups/guard-probe.ts
for file in "$ENGINE_FILE" "$SERVER_FILE" "$WEB_LIB_FILE" "$WEB_FEATURE_FILE"; do keep "$file"; done
echo "export { scan } from '../pipeline.ts';" >"$ENGINE_FILE"
echo "export { scansRoutes } from '../modules/scans/routes.ts';" >"$SERVER_FILE"
echo "export { LoginPage } from '../features/auth/components/login-page.tsx';" >"$WEB_LIB_FILE"
echo "export { ScansPage } from '../scans/components/scans-page.tsx';" >"$WEB_FEATURE_FILE"
expect_failure "engine: unpack/ imports pipeline.ts" "unpack/, carve/, identify/" npx eslint "$ENGINE_FILE"
expect_failure "server: plugins/ imports modules/" "plugins/ may not import modules" npx eslint "$SERVER_FILE"
expect_failure "web: lib/ imports features/" "lib/ and components/ never import features/" npx eslint "$WEB_LIB_FILE"
expect_failure "web: a feature imports another" "no-restricted-imports" npx eslint "$WEB_FEATURE_FILE"
expect_failure "npm run lint with all four" "no-restricted-imports" npm run lint
restore

if [ "$failures" -gt 0 ]; then
  echo "$failures guard check(s) failed"
  exit 1
fi
echo "every guard caught its mistake"
