#!/usr/bin/env bash
# Runs every test tier from a fresh checkout: installs what the tests need, starts what they
# need, runs each tier and ends with one line `N passed, N failed` summing them all.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
RESULTS=$(mktemp -d)
LOGS=$(mktemp -d)
trap 'rm -rf "$RESULTS" "$LOGS"' EXIT
export TZ=UTC

# Each step says when it starts, in seconds since the run began: the log of a slow run shows where.
step() { printf '\n=== %s (at %ds)\n' "$*" "$SECONDS"; }

step "npm packages"
npm ci --no-audit --no-fund --loglevel=error || exit 1

step "Chromium for the browser tier"
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) || exit 1
  else
    echo "chromium is missing: run 'sudo apt-get install chromium'" && exit 1
  fi
fi
/usr/bin/chromium --version

step "PostgreSQL at 127.0.0.1:5432"
PG_URL=${TRELLIS_TEST_POSTGRES_URL:-postgres://root@127.0.0.1:5432/test}
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || exit 1
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
pg_isready -h 127.0.0.1 -p 5432 || exit 1

step "build the dashboard"
npm run build -w @trellis/dashboard || exit 1

# Each tier writes Vitest's JSON report. A tier that fails without a failed test (a file that
# cannot load, a crash) counts as one more failure, so a broken tier can never pass silently.
run_tier() {
  local name=$1
  shift
  step "tier: $name"
  if ! "$@" --reporter=default --reporter=json --outputFile.json="$RESULTS/$name.json"; then
    if [ ! -s "$RESULTS/$name.json" ] || grep -q '"numFailedTests":0' "$RESULTS/$name.json"; then
      echo '{"numPassedTests":0,"numFailedTests":1}' >"$RESULTS/$name-crashed.json"
    fi
  fi
}

# The browser tier runs beside all the others, from here to the end: it mostly waits (on the
# browser, on the server it drives: 0.6 of a core on average), and the others are CPU-bound on
# this 2-core machine, so it fills what they leave rather than running after them. Started after
# the others, beside the PostgreSQL tier only, it was the last to end by 2 minutes (and by 10 on
# a slower CI machine). Its output is written to a log, shown when it ends, so the outputs do not
# mix.
step "tier: browser, beside the others (its output follows theirs)"
# The dashboard in Debian's Chromium against the real server on PGlite.
run_tier browser npx vitest run -c apps/dashboard/vitest.e2e.config.ts >"$LOGS/browser.log" 2>&1 &
BROWSER=$!

# The three checks run at once, each on one core (about 50 s, 50 s and 75 s alone on a quiet
# machine, 180 s one after the other), their outputs shown one after another.
step "static checks: lint, format, types"
CHECKS=()
for check in lint format:check typecheck; do
  (npm run "$check" >"$LOGS/$check.log" 2>&1; echo $? >"$LOGS/$check.status") &
  CHECKS+=($!)
done
wait "${CHECKS[@]}"
CHECKS_FAILED=0
for check in lint format:check typecheck; do
  cat "$LOGS/$check.log"
  [ "$(cat "$LOGS/$check.status")" = 0 ] || CHECKS_FAILED=$((CHECKS_FAILED + 1))
done
echo "{\"numPassedTests\":$((3 - CHECKS_FAILED)),\"numFailedTests\":$CHECKS_FAILED}" >"$RESULTS/static.json"

# Unit, database, API and fuzz tests on the embedded database (PGlite); of the worker-protocol
# tests, those about the embedded database (the rest, project server-sdk, run on PostgreSQL).
run_tier pglite npx vitest run --project '!server-sdk'

# The tiers that touch the database, again on PostgreSQL. The fuzzers (project server-fuzz) run
# once, on PGlite above: they test the server's handling of input, which is the same on both.
# The worker-protocol tests (server-sdk) run here only: the SDK's processes make them the
# heaviest, and PostgreSQL is where their transactions really run side by side.
TRELLIS_TEST_DATABASE_URL=$PG_URL run_tier postgres npx vitest run --project db --project engine --project server --project server-sdk --project server-serial --project seed
step "waiting for the browser tier"
wait "$BROWSER"
cat "$LOGS/browser.log"

step "summary"
node -e '
  const fs = require("fs");
  let passed = 0, failed = 0;
  for (const file of fs.readdirSync(process.argv[1]).sort()) {
    const report = JSON.parse(fs.readFileSync(`${process.argv[1]}/${file}`, "utf8"));
    const tier = file.replace(/\.json$/, "");
    console.log(`${tier.padEnd(10)} ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
    // Name each failed test here too: the tail of a long run is often all a reader gets.
    for (const suite of report.testResults ?? []) {
      const where = suite.name.replace(process.cwd() + "/", "");
      const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
      for (const test of failedTests) {
        console.log(`  failed: ${where} > ${test.fullName}`);
        // And why, in a line: the failure itself may have scrolled out of that tail.
        const why = String(test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300);
        if (why) console.log(`    ${why}`);
      }
      if (suite.status === "failed" && failedTests.length === 0) console.log(`  failed: ${where}: ${String(suite.message).split("\n")[0]}`);
    }
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
' "$RESULTS"
