#!/usr/bin/env bash
# Sets everything up and runs the whole test suite: the check that each floor of the code uses
# only those below it, the check that no database call blocks a request's thread, the check that
# every link in the documentation finds its page and heading, the Swift tests, then the suites
# that measure time on their own (no other test sharing the cores they time), the installed
# server (from any directory, stopping gracefully), then the browser journeys. Each phase's
# time is printed as it ends, and all of them at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

# The suites whose subject is time (deadlines, slow clients, the watchdog, a crowd): they run after
# the rest, alone, so a loaded machine cannot make their waits run out.
timed_suites='CrowdTests|NetworkSafetyTests|LivenessTests|OpenFoodFactsTests|ShutdownTests|OutboundWaitTests'

timings=()
phase() {
  local name=$1
  shift
  local start=$SECONDS
  printf '\033[1m==> %s\033[0m\n' "$name"
  "$@"
  timings+=("$(printf '%5d s  %s' $((SECONDS - start)) "$name")")
  printf '==> %s took %d s\n' "$name" $((SECONDS - start))
}
# The real catalogs, imported once by the command line for the Swift tests and the journeys:
# generic/ holds SR28 and FoodData Central's generic foods, whole/ the branded foods as well.
reference_catalogs() {
  local folder=.build/test-catalogs binary
  binary="$(swift build --show-bin-path)/fooddiary"
  rm -rf "$folder"
  mkdir -p "$folder/generic" "$folder/whole"
  "$binary" catalog import .cache/sr28 --fdc-dir .cache/fdc --data-dir "$folder/generic"
  cp "$folder/generic/"catalog.sqlite* "$folder/whole/"
  "$binary" catalog add-branded --fdc-dir .cache/fdc --data-dir "$folder/whole"
}
report() {
  echo "==> Phases (total $SECONDS s):"
  printf '  %s\n' "${timings[@]}"
}
# A failed build must not leave the import running into the next run's folder.
stop_catalogs() { [ -z "${catalogs:-}" ] || { pkill -P "$catalogs" 2>/dev/null; kill "$catalogs" 2>/dev/null; } || true; }
trap 'stop_catalogs; report' EXIT

phase "Setup and build the server" ./scripts/setup.sh debug
# The import is one core's work and the tests' compile leaves room beside it: on 2 cores together
# they took 240 s, one after the other 312 s.
reference_catalogs >.build/test-catalogs.log 2>&1 &
catalogs=$!
phase "Build the tests (the catalogs import meanwhile)" swift build --build-tests
phase "Static checks" ./scripts/check-static.sh
finish_catalogs() {
  wait "$catalogs" || { cat .build/test-catalogs.log; return 1; }
  tail -n 3 .build/test-catalogs.log
}
phase "The real catalogs, finished" finish_catalogs
export FOODDIARY_TEST_CATALOGS="$PWD/.build/test-catalogs"
# The tests are built; asking swift test to build again spent half a minute finding nothing to do.
phase "Swift tests" swift test --skip-build --skip "$timed_suites"
phase "Swift tests that measure time" swift test --skip-build --filter "$timed_suites"
phase "Installed server" ./scripts/check-install.sh
phase "Browser journeys" ./scripts/e2e.sh
