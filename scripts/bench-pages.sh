#!/usr/bin/env bash
# Server time of every HTML page on a demo diary of 600 days (2,100 meals), one request at a time,
# then the list and day pages under load with wrk, each against a static file measured in the same
# run. Figures go in docs/BENCHMARKS.md.
#   ./scripts/bench-pages.sh [requests per page, default 100] [BINARY, default the release build]
set -euo pipefail
cd "$(dirname "$0")/.."
requests=${1:-100}
binary=${2:-.build/release/fooddiary}
[ $# -ge 2 ] || ./scripts/setup.sh release >/dev/null
data=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; rm -rf "$data"' EXIT
"$binary" demo --days 600 --data-dir "$data" >/dev/null 2>&1
# The whole catalog before serving: left to the server, the branded import would run in the
# background while the pages are timed.
if [ -f .cache/fdc/branded-foods.csv ]; then "$binary" catalog add-branded --data-dir "$data" >/dev/null 2>&1; fi
log="$data/serve.log"
# FoodData Central online is "offline" here (nothing listens on the discard port): the add-food
# page with the online box ticked must cost what it costs without.
"$binary" serve --port 0 --data-dir "$data" --fdc-base-url http://127.0.0.1:9/fdc --off-base-url http://127.0.0.1:9 >"$log" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q "ready at" "$log" && break; sleep 0.1; done
base=$(grep -o "http://127.0.0.1:[0-9]*" "$log" | head -1)
# Every page needs a signed-in person: add one and sign in as a browser would (CSRF cookie, then form).
printf 'sardines on toast 1234\n' | "$binary" user add bench --data-dir "$data" >/dev/null
jar="$data/cookies"
curl -s -c "$jar" -o /dev/null "$base/signin"
csrf=$(awk '$6 == "fooddiary_csrf" {print $7}' "$jar")
curl -s -b "$jar" -c "$jar" -o /dev/null -d "name=bench&password=sardines+on+toast+1234&_csrf=$csrf" "$base/signin"
session=$(awk '$6 == "fooddiary_session" {print $7}' "$jar")
[ -n "$session" ] || { echo "signing in failed" >&2; exit 1; }
cookie="Cookie: fooddiary_session=$session"
today=$(date +%Y-%m-%d)
first_id() { python3 -c "import json, sys; print(json.load(sys.stdin)['$1'][0]['id'])"; }
meal=$(curl -s -H "$cookie" "$base/api/meals?limit=1" | first_id meals)
place=$(curl -s -H "$cookie" "$base/api/places" | first_id places)
printf "%-30s %9s %9s %8s\n" page "p50 ms" "p90 ms" "p50/static"
static_p50=""
# measure LABEL PATH [HEADER]: server times of PATH from the request log, one request at a time.
measure() {
  local label=$1 path=$2 header=${3:-X-None: 1}
  start=$(wc -l <"$log")
  for _ in $(seq 1 "$requests"); do curl -s -o /dev/null -H "$header" "$base$path"; done
  # The request log's number before "ms" is the server's time for each request.
  times=$(tail -n +"$((start + 1))" "$log" | grep -o " GET [^ ]* [0-9]* [0-9.,]* ms" | awk '{gsub(",", "", $4); print $4}' | sort -n) || true
  p50=$(echo "$times" | awk '{v[NR]=$1} END {printf "%.3f", v[int((NR + 1) / 2)]}')
  p90=$(echo "$times" | awk '{v[NR]=$1} END {printf "%.3f", v[int(NR * 0.9)]}')
  [ -z "$static_p50" ] && static_p50=$p50
  printf "%-30s %9s %9s %8s\n" "$label" "$p50" "$p90" "$(awk -v a="$p50" -v b="$static_p50" 'BEGIN {printf "%.1f×", a / (b > 0 ? b : 0.01)}')"
}
measure /static/css/app.css /static/css/app.css
# The same public route without and with a session: the difference is the session check.
measure "/healthz (nobody)" /healthz
measure "/healthz (signed in)" /healthz "$cookie"
for path in / "/days/$today" "/foods?q=chicken+breast" "/meals/$meal" /foods/1 "/trends?days=30" /places \
            "/places/$place" /tags "/api/foods/search?q=banana"; do
  measure "$path" "$path" "$cookie"
done
measure "add food, q=banana" "/meals/$meal/foods/new?q=banana" "$cookie"
# "＋ What did you eat?": the usual foods at this hour and of the last 300 meals, then a search.
measure "/log (usual foods)" /log "$cookie"
measure "/log?q=banana" "/log?q=banana" "$cookie"
measure "/more" /more "$cookie"
measure "  + online, offline" "/meals/$meal/foods/new?q=banana&online=1" "$cookie"
measure "online results, offline" "/meals/$meal/foods/online?q=banana" "$cookie"
measure "/fdc/v1/foods/search" "/fdc/v1/foods/search?query=banana&pageSize=25" "$cookie"
measure "/fdc/v1/food/{id}" "/fdc/v1/food/800009040" "$cookie"
# Snap now, itemise later: a meal with no foods yet at the busiest place (the demo's Home, about
# 1,500 meals), at lunchtime, and one with no place at breakfast. Its page offers meals like it;
# its add-food page, the foods usual there (or at that time), computed on every request.
# A signed-in form's token comes from the session, so it is read from a page.
token=$(curl -s -H "$cookie" "$base/meals/new" | grep -o 'name="_csrf" value="[0-9a-f]*"' | head -1 | grep -o '[0-9a-f]\{64\}')
new_meal() {
  curl -s -H "$cookie" -o /dev/null -w "%{redirect_url}" --data-urlencode "eaten_at=${today}T$1" -d "utc_offset=0" -d "place=$2" \
    -d "_csrf=$token" "$base/meals" | sed -nE 's|.*/meals/([0-9]+).*|\1|p'
}
here=$(new_meal 12:30 "$place")
anytime=$(new_meal 08:00 "")
[ -n "$here" ] && [ -n "$anytime" ] || { echo "adding the meals to itemise failed" >&2; exit 1; }
measure "/ with 2 to itemise" / "$cookie"
measure "/meals/to-itemise" /meals/to-itemise "$cookie"
measure "meal to itemise, here" "/meals/$here" "$cookie"
measure "add food: last time here" "/meals/$here/foods/new" "$cookie"
measure "meal to itemise, no place" "/meals/$anytime" "$cookie"
measure "add food: usual at this time" "/meals/$anytime/foods/new" "$cookie"
# Weight, body and water (the demo weighs in on most mornings): the trend, its chart and the
# energy estimate are computed on every request.
for path in /body "/body?days=365" /body/waist /energy /api/body /settings/body; do
  measure "$path" "$path" "$cookie"
done
# Nutrients against needs: a day's and a week's foods read whole, every nutrient summed and
# its top foods found, on every request.
for path in "/days/$today/nutrients" "/days/$today/nutrients?days=7" /settings/nutrients; do
  measure "$path" "$path" "$cookie"
done
# A report for a dietitian: four weeks (the default) and a quarter, read whole on every request;
# its spreadsheet and its PDF; and the page a shared link opens, signed out.
quarter="from=$(date -d '-89 days' +%Y-%m-%d)&to=$today"
for path in /reports "/reports?$quarter" /reports/days.csv /reports/report.pdf "/reports/report.pdf?$quarter"; do
  measure "$path" "$path" "$cookie"
done
link=$(curl -s -H "$cookie" -d "days=7&_csrf=$token" "$base/reports/shares" | grep -o '/shared/reports/[A-Za-z0-9_-]*' | head -1)
[ -n "$link" ] || { echo "making a report link failed" >&2; exit 1; }
measure "/shared/reports/{link}" "$link"
# The week's plan (the demo plans this week: a favourite breakfast each day, two recipes at
# dinner, a note) with its energy and shortfalls, and its shopping list summed by aisle, each
# read whole on every request; the list reads the catalog's food groups too.
for path in /plan /shopping /api/plan /api/shopping; do
  measure "$path" "$path" "$cookie"
done
# Today as a person sees it after each glass of water: every write makes the day's page read again.
start=$(wc -l <"$log")
for _ in $(seq 1 "$requests"); do
  curl -s -o /dev/null -H "$cookie" -H "Origin: $base" -d "millilitres=250&_csrf=$token" "$base/water"
  curl -s -o /dev/null -H "$cookie" "$base/days/$today"
done
times=$(tail -n +"$((start + 1))" "$log" | grep -o " GET [^ ]* [0-9]* [0-9.,]* ms" | awk '{gsub(",", "", $4); print $4}' | sort -n)
p50=$(echo "$times" | awk '{v[NR]=$1} END {printf "%.3f", v[int((NR + 1) / 2)]}')
p90=$(echo "$times" | awk '{v[NR]=$1} END {printf "%.3f", v[int(NR * 0.9)]}')
printf "%-30s %9s %9s %8s\n" "day, after each glass" "$p50" "$p90" "$(awk -v a="$p50" -v b="$static_p50" 'BEGIN {printf "%.1f×", a / (b > 0 ? b : 0.01)}')"

# Under load: wrk -t2 -c16 -d10s, the static file first, in the same run.
if ! command -v wrk >/dev/null; then
  sudo_cmd=(); [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends wrk >/dev/null
fi
echo
printf "%-30s %9s %9s %9s %9s\n" "under wrk -t2 -c16 -d10s" "req/s" "of static" "p50" "p99"
static_rps=""
for path in /static/css/app.css / "/days/$today" /log /body /energy "/days/$today/nutrients?days=7"; do
  out=$(wrk -t2 -c16 -d10s --latency -H "$cookie" "$base$path")
  # A lost session would measure redirects to the sign-in page instead of the page.
  if echo "$out" | grep -q "Non-2xx"; then echo "$path answered other than 2xx under wrk" >&2; exit 1; fi
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  [ -z "$static_rps" ] && static_rps=$rps
  printf "%-30s %9.0f %8.0f%% %9s %9s\n" "$path" "$rps" "$(awk -v a="$rps" -v b="$static_rps" 'BEGIN {print 100 * a / b}')" "$p50" "$p99"
done
