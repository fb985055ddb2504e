#!/usr/bin/env bash
# Server time of the search pages on the whole catalog (SR28, the generic foods and FoodData
# Central's branded foods) with a 600-day demo diary, for each binary given: the first is the
# baseline, all are run on copies of the same data in the same run. Each of the mixed set's
# queries (Tests/FoodDiaryTests/Fixtures/scale-queries.tsv) is asked once per page, one request
# at a time: every request is a query the server has not answered before. Then the same again:
# a query asked a second time. The static stylesheet is measured first as the floor.
#   ./scripts/bench-search-pages.sh [BINARY ...]     (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  ./scripts/setup.sh release >/dev/null
  set -- .build/release/fooddiary
fi
data=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$data"' EXIT
"$1" demo --days 600 --data-dir "$data/prepared" >/dev/null 2>&1
"$1" catalog add-branded --data-dir "$data/prepared" >/dev/null 2>&1
printf 'sardines on toast 1234\n' | "$1" user add bench --data-dir "$data/prepared" >/dev/null
queries=$(grep -v '^#' Tests/FoodDiaryTests/Fixtures/scale-queries.tsv | cut -f2 | grep -v '^$' \
  | python3 -c "import sys, urllib.parse; [print(urllib.parse.quote_plus(line.strip())) for line in sys.stdin]")
echo "$(echo "$queries" | wc -l) queries, each asked once per page, then once more"

# percentiles: p50, p90 and p99 of the numbers on standard input.
percentiles() {
  sort -n | awk '{v[NR]=$1} END {printf "%9.3f %9.3f %9.3f", v[int((NR + 1) / 2)], v[int(NR * 0.9)], v[int(NR * 0.99)]}'
}

for binary in "$@"; do
  rm -rf "$data/run" && cp -r "$data/prepared" "$data/run"
  log="$data/run/serve.log"
  "$binary" serve --port 0 --data-dir "$data/run" --fdc-base-url http://127.0.0.1:9/fdc >"$log" 2>&1 &
  server=$!
  for _ in $(seq 1 300); do grep -q "ready at" "$log" && break; sleep 0.1; done
  base=$(grep -o "http://127.0.0.1:[0-9]*" "$log" | head -1)
  jar="$data/cookies"
  curl -s -c "$jar" -o /dev/null "$base/signin"
  csrf=$(awk '$6 == "fooddiary_csrf" {print $7}' "$jar")
  curl -s -b "$jar" -c "$jar" -o /dev/null -d "name=bench&password=sardines+on+toast+1234&_csrf=$csrf" "$base/signin"
  session=$(awk '$6 == "fooddiary_session" {print $7}' "$jar")
  [ -n "$session" ] || { echo "signing in failed" >&2; exit 1; }
  cookie="Cookie: fooddiary_session=$session"
  meal=$(curl -s -H "$cookie" "$base/api/meals?limit=1" | python3 -c "import json, sys; print(json.load(sys.stdin)['meals'][0]['id'])")
  echo
  echo "$binary"
  printf "%-34s %9s %9s %9s\n" "page (server ms)" p50 p90 p99
  # times PREFIX: each query once after PREFIX, one request at a time; the server's own times.
  times() {
    local start
    start=$(wc -l <"$log")
    for query in $queries; do curl -s -o /dev/null -H "$cookie" "$base$1$query"; done
    tail -n +"$((start + 1))" "$log" | grep -o " GET [^ ]* [0-9]* [0-9.,]* ms" | awk '{gsub(",", "", $4); print $4}'
  }
  start=$(wc -l <"$log")
  for _ in $(seq 1 200); do curl -s -o /dev/null "$base/static/css/app.css"; done
  printf "%-34s %s\n" "/static/css/app.css (floor)" \
    "$(tail -n +"$((start + 1))" "$log" | grep -o " GET [^ ]* [0-9]* [0-9.,]* ms" | awk '{gsub(",", "", $4); print $4}' | percentiles)"
  for pass in "first time" "asked again"; do
    for page in "/foods?q=" "/meals/$meal/foods/new?q=" "/log?q=" "/api/foods/search?q="; do
      label="${page/\/meals\/$meal\/foods\/new/add food}"
      printf "%-34s %s\n" "$label ($pass)" "$(times "$page" | percentiles)"
    done
  done
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=""
done
