#!/usr/bin/env bash
# Two builds side by side on the search pages, on the whole catalog with a 600-day demo diary:
# both servers run at once on copies of the same data, and each of the mixed set's queries is
# asked of one then the other (the order alternating), each a first time. A noisy machine then
# slows both alike, so the median of the per-query ratio B/A shows a change of a few per cent
# that runs of one build after the other cannot (they differ by 10-20 % between runs here).
# Then the everyday pages the same way, each asked 200 times of both, alternating.
#   ./scripts/bench-search-pairs.sh A B [ROUNDS]     (each round: fresh servers, every page)
# A build inside a checkout (…/.build/…/fooddiary) serves that checkout's templates and static files.
#   ONLY=/days/ ./scripts/bench-search-pairs.sh A B  (only the pages whose address holds /days/)
#   A_LANGUAGE=en B_LANGUAGE=de ./scripts/bench-search-pairs.sh B B  (one build in two languages;
#   each side's Accept-Language, en-GB unless given)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 BASELINE CHANGED [ROUNDS]" >&2; exit 2; }
A=$(realpath "$1") B=$(realpath "$2") rounds=${3:-2} langA=${A_LANGUAGE:-en-GB} langB=${B_LANGUAGE:-en-GB}
# checkout BINARY: the working tree a build was made in, whose templates and static files that
# build serves (a change of templates is part of what is paired); this one for any other binary.
checkout() { case "$1" in */.build/*) echo "${1%%/.build/*}" ;; *) pwd ;; esac; }
data=$(mktemp -d)
servers=()
trap 'for s in "${servers[@]}"; do kill "$s" 2>/dev/null || true; done; rm -rf "$data"' EXIT
"$A" demo --days 600 --data-dir "$data/prepared" >/dev/null 2>&1
"$A" catalog add-branded --data-dir "$data/prepared" >/dev/null 2>&1
printf 'sardines on toast 1234\n' | "$A" user add bench --data-dir "$data/prepared" >/dev/null
queries=$(grep -v '^#' Tests/FoodDiaryTests/Fixtures/scale-queries.tsv | cut -f2 | grep -v '^$' \
  | python3 -c "import sys, urllib.parse; [print(urllib.parse.quote_plus(line.strip())) for line in sys.stdin]")

# serve NAME BINARY: a signed-in server on a fresh copy of the data; prints "base cookie meal".
serve() {
  local run="$data/run-$1" jar="$data/cookies-$1" base csrf session meal
  cp -r "$data/prepared" "$run"
  : >"$run/serve.log" # before the server's shell opens it, which the wait below may outrun
  (cd "$(checkout "$2")" && exec "$2" serve --port 0 --data-dir "$run" --fdc-base-url http://127.0.0.1:9/fdc \
    --off-base-url http://127.0.0.1:9 >"$run/serve.log" 2>&1) &
  echo $! >"$run/pid"
  for _ in $(seq 1 300); do grep -q "ready at" "$run/serve.log" && break; sleep 0.1; done
  base=$(grep -o "http://127.0.0.1:[0-9]*" "$run/serve.log" | head -1)
  curl -s -c "$jar" -o /dev/null "$base/signin"
  csrf=$(awk '$6 == "fooddiary_csrf" {print $7}' "$jar")
  curl -s -b "$jar" -c "$jar" -o /dev/null -d "name=bench&password=sardines+on+toast+1234&_csrf=$csrf" "$base/signin"
  session=$(awk '$6 == "fooddiary_session" {print $7}' "$jar")
  meal=$(curl -s -H "Cookie: fooddiary_session=$session" "$base/api/meals?limit=1" | python3 -c "import json, sys; print(json.load(sys.stdin)['meals'][0]['id'])")
  echo "$base Cookie:fooddiary_session=$session $meal"
}
# server times NAME FROM: the request log's times after line FROM.
server_times() { tail -n +"$(($2 + 1))" "$data/run-$1/serve.log" | grep -o " GET [^ ]* [0-9]* [0-9.,]* ms" | awk '{gsub(",", "", $4); print $4}'; }
# stop NAME: the server stopped and gone, with its copy of the data.
stop() {
  local pid
  pid=$(cat "$data/run-$1/pid")
  kill "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  rm -rf "$data/run-$1"
}

echo "$(echo "$queries" | wc -l) queries per page and round, $rounds rounds; A = $A ($langA), B = $B ($langB)"
printf "%-24s %9s %9s %9s %9s %12s\n" "page (server ms)" "A p50" "B p50" "A p90" "B p90" "median B/A"
# The everyday pages (＋ and adding to a meal with nothing typed among them): the same page each
# time, a number after `x=` keeping the addresses apart.
everyday="/?x= /log?x= /meals/MEAL/foods/new?x= /meals/MEAL?x= /days/$(date +%Y-%m-%d)?x= /trends?days=30&x= /places/1?x= /foods/1?x= /meals/to-itemise?x="
for page in "/foods?q=" "/meals/MEAL/foods/new?q=" "/log?q=" "/api/foods/search?q=" $everyday; do
  # ONLY=/days/ measures only the pages whose address holds it.
  case "$page" in *"${ONLY:-}"*) ;; *) continue ;; esac
  case "$page" in *x=) asked=$(seq 1 200) ;; *) asked=$queries ;; esac
  : >"$data/a.times"; : >"$data/b.times"
  for _ in $(seq 1 "$rounds"); do
    read -r baseA cookieA mealA < <(serve a "$A"); servers+=("$(cat "$data/run-a/pid")")
    read -r baseB cookieB mealB < <(serve b "$B"); servers+=("$(cat "$data/run-b/pid")")
    sleep 5 # what search keeps in memory (the full-text indexes too) is read as the server starts: 3-4 s
    fromA=$(wc -l <"$data/run-a/serve.log"); fromB=$(wc -l <"$data/run-b/serve.log")
    i=0
    for query in $asked; do
      a="$baseA${page/MEAL/$mealA}$query" b="$baseB${page/MEAL/$mealB}$query"
      if [ $((i % 2)) = 0 ]; then
        curl -s -o /dev/null -H "${cookieA/:/: }" -H "Accept-Language: $langA" "$a"
        curl -s -o /dev/null -H "${cookieB/:/: }" -H "Accept-Language: $langB" "$b"
      else
        curl -s -o /dev/null -H "${cookieB/:/: }" -H "Accept-Language: $langB" "$b"
        curl -s -o /dev/null -H "${cookieA/:/: }" -H "Accept-Language: $langA" "$a"
      fi
      i=$((i + 1))
    done
    server_times a "$fromA" >>"$data/a.times"; server_times b "$fromB" >>"$data/b.times"
    stop a; stop b; servers=()
  done
  label="${page/\/meals\/MEAL\/foods\/new/add food}"
  python3 - "$label" "$data/a.times" "$data/b.times" <<'PY'
import statistics, sys
a = [float(x) for x in open(sys.argv[2])]; b = [float(x) for x in open(sys.argv[3])]
n = min(len(a), len(b))
p90 = lambda v: sorted(v)[int(len(v) * 0.9)]
ratio = statistics.median(b[i] / a[i] for i in range(n))
print(f"{sys.argv[1]:24s} {statistics.median(a):9.3f} {statistics.median(b):9.3f} {p90(a):9.3f} {p90(b):9.3f} {ratio:12.3f}")
PY
done
