#!/usr/bin/env bash
# Runs the browser journeys (Tests/e2e) in headless Chromium through WebDriver against a real
# `fooddiary serve`. Expects the debug build and the fetched data (scripts/setup.sh debug).
# Screenshots of every page visited land in e2e-screenshots/ (FOODDIARY_E2E_SCREENSHOTS overrides).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.cache/e2e-venv
requirements=Tests/e2e/requirements.txt
stamp="$venv/.requirements-$(sha256sum "$requirements" | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  echo "==> Preparing the WebDriver client (Selenium, pinned in $requirements)"
  rm -rf "$venv"
  python3 -m venv "$venv"
  # Every package is pinned in the file, so nothing else is resolved or fetched.
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -r "$requirements"
  touch "$stamp"
fi

screenshots="${FOODDIARY_E2E_SCREENSHOTS:-e2e-screenshots}"
rm -rf "$screenshots"
mkdir -p "$screenshots"
export FOODDIARY_E2E_SCREENSHOTS="$(cd "$screenshots" && pwd)"
export FOODDIARY_BINARY="${FOODDIARY_BINARY:-$(swift build --show-bin-path)/fooddiary}"
echo "==> Browser journeys (screenshots in $screenshots/)"
cd Tests/e2e
# The phone's journeys and the desktop's, each with its own server and browser, run at once: one
# class alone left a third of two cores idle, waiting on pages. Each says what it did as it ends.
status=0
pids=()
for class in PhoneJourneys DesktopJourneys; do
  "../../$venv/bin/python" -m unittest -v "test_journeys.$class" >"$FOODDIARY_E2E_SCREENSHOTS/$class.log" 2>&1 &
  pids+=($!)
done
for index in 0 1; do
  wait "${pids[$index]}" || status=1
done
for class in PhoneJourneys DesktopJourneys; do
  echo "==> $class"
  cat "$FOODDIARY_E2E_SCREENSHOTS/$class.log"
done
exit $status
