#!/usr/bin/env bash
# Crowds on the pages that read the catalog, for each binary given (default: this checkout's
# release build), on the full catalog (SR28, the generic and 354,600 branded foods) and a demo
# diary of 600 days: wrk at 8, 64 and 256 connections on the food search page, the add-food
# search, JSON search and the meal list, 10 s each. Per run: requests a second, wrk's p50/p99,
# answers that were not 2xx (503s with Retry-After are the load shed on purpose), socket errors,
# the server's own p50/p99 of its 2xx answers from its request log, and how long /healthz took
# right after. A server that stops answering is killed and started again for the next run.
#   ./scripts/bench-crowd.sh [BINARY ...]     (BENCH_SECONDS=30 BENCH_CONNECTIONS=256 for longer runs)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v wrk >/dev/null || { apt-get install -y -qq wrk >/dev/null 2>&1 || sudo apt-get install -y -qq wrk; }
if [ $# -eq 0 ]; then ./scripts/setup.sh release >/dev/null; set -- .build/release/fooddiary; fi
seconds=${BENCH_SECONDS:-10}
connection_counts=${BENCH_CONNECTIONS:-8 64 256}
data=.data/bench-crowd
mkdir -p .data
if [ ! -f "$data/ready" ]; then
  rm -rf "$data"
  "$1" demo --days 600 --data-dir "$data" >/dev/null 2>&1
  "$1" catalog add-branded --data-dir "$data" --fdc-dir .cache/fdc >/dev/null
  printf 'sardines on toast 1234\n' | "$1" user add bench --owner --data-dir "$data" >/dev/null
  touch "$data/ready"
fi
log=$(mktemp)
trap 'kill -9 "$server" 2>/dev/null; rm -f "$log" "$log.jar"' EXIT

start_server() {
  : >"$log"
  "$binary" serve --port 0 --data-dir "$data" --fdc-dir .cache/fdc --fdc-base-url http://127.0.0.1:9/fdc --off-base-url http://127.0.0.1:9 >"$log" 2>&1 &
  server=$!
  for _ in $(seq 1 300); do grep -q "ready at" "$log" && break; sleep 0.1; done
  base=$(grep -o "http://127.0.0.1:[0-9]*" "$log" | head -1)
  curl -s -c "$log.jar" -o /dev/null "$base/signin"
  csrf=$(awk '$6 == "fooddiary_csrf" {print $7}' "$log.jar")
  curl -s -b "$log.jar" -c "$log.jar" -o /dev/null -d "name=bench&password=sardines+on+toast+1234&_csrf=$csrf" "$base/signin"
  cookie="Cookie: fooddiary_session=$(awk '$6 == "fooddiary_session" {print $7}' "$log.jar")"
  meal=$(curl -s -H "$cookie" "$base/api/meals?limit=1" | python3 -c "import json, sys; print(json.load(sys.stdin)['meals'][0]['id'])")
}

# healthz_seconds: how long /healthz took, or "none" when it did not answer within 2 s.
healthz_seconds() {
  { curl -s -o /dev/null -m 2 -w '%{http_code} %{time_total}' "$base/healthz" || true; } | awk '$1 == 200 {printf "%.3f s", $2; exit} {print "none"}'
}

for binary in "$@"; do
  echo "## $binary ($(nproc) cores, $seconds s a run)"
  printf "| page | conns | req/s | wrk p50 | wrk p99 | non-2xx | of which not 503 | socket errors | server p50 (2xx) | server p99 (2xx) | /healthz after |\n|---|---|---|---|---|---|---|---|---|---|---|\n"
  start_server
  for page in "food search|/foods?q=chicken+breast" "add-food search|/meals/MEAL/foods/new?q=chicken+breast" \
              "JSON search|/api/foods/search?q=chicken+breast" "meal list|/"; do
    label=${page%%|*}
    for connections in $connection_counts; do
      path=${page#*|}
      path=${path/MEAL/$meal}
      from=$(wc -l <"$log")
      out=$(wrk -t2 -c"$connections" -d"${seconds}s" --timeout 5s --latency -H "$cookie" "$base$path" 2>&1 || true)
      after=$(healthz_seconds)
      rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
      p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
      p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
      non2xx=$(echo "$out" | awk '/Non-2xx/ {print $NF}')
      errors=$(echo "$out" | awk -F'Socket errors: ' '/Socket errors/ {print $2}')
      # Every answer's status is in the request log: the non-2xx must all be the 503s shed on purpose.
      unexpected=$(tail -n +"$((from + 1))" "$log" | grep -o " GET [^ ]* [0-9]* [0-9.,]* ms" | awk '$3 !~ /^2/ && $3 != 503' | wc -l || true)
      # The server's own time of each 2xx answer to this path, from its request log.
      times=$(tail -n +"$((from + 1))" "$log" | grep -o " GET [^ ]* 2[0-9][0-9] [0-9.,]* ms" | awk '{gsub(",", "", $4); print $4}' | sort -n || true)
      server50=$(echo "$times" | awk 'NF {v[++n]=$1} END {if (n) printf "%.1f ms", v[int((n + 1) / 2)]; else print "–"}')
      server99=$(echo "$times" | awk 'NF {v[++n]=$1} END {i = int(n * 0.99); if (i < 1) i = 1; if (n) printf "%.1f ms", v[i]; else print "–"}')
      printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n" "$label" "$connections" "${rps:-0}" "${p50:-–}" "${p99:-–}" \
        "${non2xx:-0}" "$unexpected" "${errors:-none}" "$server50" "$server99" "$after"
      if [ "$after" = none ]; then
        kill -9 "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
        start_server
      fi
    done
  done
  kill -TERM "$server"; wait "$server" 2>/dev/null || true
  echo
done
