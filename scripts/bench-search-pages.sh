#!/usr/bin/env bash
# Server time of the search pages on the whole catalog (SR28, the generic foods and FoodData
# Central's branded foods) with a 600-day demo diary, for each binary given: the first is the
# baseline, all are run on copies of the same data in the same run. Each of the mixed set's
# queries (Tests/FoodDiaryTests/Fixtures/scale-queries.tsv) is asked once per page, one request
# at a time, on a server started for that page: every request is a query it has not answered
# before. Then the same again: a query asked a second time. Then ＋ as the box asks while typed,
# each answer beside the stylesheet. Then /foods under 64 connections cycling through the queries.
# The static stylesheet is measured first as the floor.
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

# serve BINARY: a server on a fresh copy of the data, signed in; sets base, cookie and meal.
serve() {
  rm -rf "$data/run" && cp -r "$data/prepared" "$data/run"
  log="$data/run/serve.log"
  "$1" serve --port 0 --data-dir "$data/run" --fdc-base-url http://127.0.0.1:9/fdc --off-base-url http://127.0.0.1:9 >"$log" 2>&1 &
  server=$!
  for _ in $(seq 1 300); do grep -q "ready at" "$log" && break; sleep 0.1; done
  base=$(grep -o "http://127.0.0.1:[0-9]*" "$log" | head -1)
  local jar="$data/cookies" csrf session
  curl -s -c "$jar" -o /dev/null "$base/signin"
  csrf=$(awk '$6 == "fooddiary_csrf" {print $7}' "$jar")
  curl -s -b "$jar" -c "$jar" -o /dev/null -d "name=bench&password=sardines+on+toast+1234&_csrf=$csrf" "$base/signin"
  session=$(awk '$6 == "fooddiary_session" {print $7}' "$jar")
  [ -n "$session" ] || { echo "signing in failed" >&2; exit 1; }
  cookie="Cookie: fooddiary_session=$session"
  meal=$(curl -s -H "$cookie" "$base/api/meals?limit=1" | python3 -c "import json, sys; print(json.load(sys.stdin)['meals'][0]['id'])")
  sleep 5 # what search keeps in memory (the full-text indexes too) is read as the server starts: 3-4 s
}
stop() { kill "$server"; wait "$server" 2>/dev/null || true; server=""; }
# times PREFIX: each query once after PREFIX, one request at a time; the server's own times.
times() {
  local start
  start=$(wc -l <"$log")
  for query in $queries; do curl -s -o /dev/null -H "$cookie" "$base$1$query"; done
  tail -n +"$((start + 1))" "$log" | grep -o " GET [^ ]* [0-9]* [0-9.,]* ms" | awk '{gsub(",", "", $4); print $4}'
}

for binary in "$@"; do
  echo
  echo "$binary"
  printf "%-40s %9s %9s %9s\n" "page (server ms)" p50 p90 p99
  serve "$binary"
  start=$(wc -l <"$log")
  for _ in $(seq 1 200); do curl -s -o /dev/null "$base/static/css/app.css"; done
  printf "%-40s %s\n" "/static/css/app.css (floor)" \
    "$(tail -n +"$((start + 1))" "$log" | grep -o " GET [^ ]* [0-9]* [0-9.,]* ms" | awk '{gsub(",", "", $4); print $4}' | percentiles)"
  stop
  # Each page on a server of its own: the first pass is asked nothing it was asked before.
  for page in "/foods?q=" "/meals/MEAL/foods/new?q=" "/log?q=" "/api/foods/search?q="; do
    serve "$binary"
    label="${page/\/meals\/MEAL\/foods\/new/add food}"
    path="${page/MEAL/$meal}"
    printf "%-40s %s\n" "$label (first time)" "$(times "$path" | percentiles)"
    printf "%-40s %s\n" "$label (asked again)" "$(times "$path" | percentiles)"
    stop
  done
  # ＋ as it answers a person typing (issue 74): each query's prefixes from two letters on, as the
  # box asks while typing, each followed by the stylesheet so that both meet the machine as it is
  # at that moment; the times a browser waits for (curl's, a connection each) and the bytes of each
  # answer.
  serve "$binary"
  : >"$data/typed"
  for query in $queries; do
    typed=$(python3 -c "import sys, urllib.parse; q = urllib.parse.unquote_plus(sys.argv[1]); [print(urllib.parse.quote_plus(q[:n])) for n in range(2, len(q) + 1)]" "$query")
    for prefix in $typed; do
      printf '%s %s\n' \
        "$(curl -s -o /dev/null -w '%{time_total} %{size_download}' -H "$cookie" "$base/log?q=$prefix")" \
        "$(curl -s -o /dev/null -w '%{time_total}' "$base/static/css/app.css")" >>"$data/typed"
    done
  done
  awk '{print $1 * 1000}' "$data/typed" >"$data/typed.search"; awk '{print $3 * 1000}' "$data/typed" >"$data/typed.static"
  printf "%-40s %s\n" "＋ as typed: $(wc -l <"$data/typed") prefixes (client ms)" "$(percentiles <"$data/typed.search")"
  printf "%-40s %s\n" "   app.css beside each (client ms)" "$(percentiles <"$data/typed.static")"
  python3 - "$data/typed" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
ratios = sorted(float(search) / float(static) for search, _, static in rows)
print(f"{'   ratio ＋ / app.css, pair by pair':40s} p50 {statistics.median(ratios):.2f}, p90 {ratios[int(len(ratios) * 0.9)]:.2f};"
      f" answer p50 {statistics.median(int(size) for _, size, _ in rows) / 1024:.1f} KiB")
PY
  stop
  # A crowd: 64 connections cycling through the same queries (so mostly asked before).
  serve "$binary"
  echo "$queries" | sed "s|^|/foods?q=|" >"$data/paths"
  cat >"$data/cycle.lua" <<LUA
local paths = {}
for line in io.lines("$data/paths") do paths[#paths + 1] = line end
local i = 0
request = function() i = i % #paths + 1; return wrk.format("GET", paths[i]) end
LUA
  out=$(wrk -t2 -c64 -d10s --latency -s "$data/cycle.lua" -H "$cookie" "$base")
  # More searches than --searches-in-flight at once are answered 503 at once, by design: counted.
  printf "%-40s %s req/s, p50 %s, p99 %s, %s of %s answered 503\n" "/foods?q= under wrk -t2 -c64 -d10s" \
    "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" "$(echo "$out" | awk '$1 == "50%" {print $2}')" \
    "$(echo "$out" | awk '$1 == "99%" {print $2}')" "$(echo "$out" | awk '/Non-2xx/ {print $NF}' | grep . || echo 0)" \
    "$(echo "$out" | awk '/requests in/ {print $1}')"
  stop
done
