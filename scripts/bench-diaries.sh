#!/usr/bin/env bash
# Diaries as files: one person makes 50 diaries with a meal each, then opens each in turn and
# loads its meal list, twice round. Prints the server's time to open a diary and show its list
# (first time: the file is opened and migrated; after: from the pool, which keeps up to 64 open)
# and the server's resident memory at the end. Figures go in docs/BENCHMARKS.md.
#   ./scripts/bench-diaries.sh
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh release >/dev/null
data=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; rm -rf "$data"' EXIT
printf 'sardines on toast 1234\n' | .build/release/fooddiary user add bench --data-dir "$data" >/dev/null
log="$data/serve.log"
.build/release/fooddiary serve --port 0 --data-dir "$data" >"$log" 2>&1 &
server=$!
for _ in $(seq 1 100); do grep -q "ready at" "$log" && break; sleep 0.1; done
base=$(grep -o "http://127.0.0.1:[0-9]*" "$log" | head -1)
jar="$data/cookies"
curl -s -c "$jar" -o /dev/null "$base/signin"
csrf=$(awk '$6 == "fooddiary_csrf" {print $7}' "$jar")
curl -s -b "$jar" -c "$jar" -o /dev/null -d "name=bench&password=sardines+on+toast+1234&_csrf=$csrf" "$base/signin"
session=$(awk '$6 == "fooddiary_session" {print $7}' "$jar")
cookie="Cookie: fooddiary_session=$session"
token=$(curl -s -H "$cookie" "$base/diaries" | grep -o 'name="_csrf" value="[0-9a-f]*"' | head -1 | grep -o '[0-9a-f]\{64\}')
curl -s -o /dev/null -H "$cookie" "$base/"
for n in $(seq 2 50); do
  curl -s -o /dev/null -H "$cookie" -d "_csrf=$token&name=Diary+$n" "$base/diaries"
  curl -s -o /dev/null -H "$cookie" -d "_csrf=$token&eaten_at=2026-03-09T12%3A30&notes=Meal+in+diary+$n" "$base/meals"
done
# server ms of one POST open + GET / pair, per diary, read from the request log
switch_times() {
  start=$(wc -l <"$log")
  for n in $(seq 1 50); do
    curl -s -o /dev/null -H "$cookie" -d "_csrf=$token" "$base/diaries/$n/open"
    curl -s -o /dev/null -H "$cookie" "$base/"
  done
  tail -n +"$((start + 1))" "$log" | grep -o " \(POST /diaries/[0-9]*/open\|GET /\) [0-9]* [0-9.,]* ms" | awk '{t += $4; if ($2 == "/") {print t; t = 0}}' | sort -n
}
summary() { awk '{v[NR]=$1} END {printf "p50 %.2f ms  p90 %.2f ms  max %.2f ms", v[int((NR + 1) / 2)], v[int(NR * 0.9)], v[NR]}'; }
echo "open a diary and show its list, first round (open and migrate): $(switch_times | summary)"
echo "again, second round (all 50 kept open; the pool holds 64):   $(switch_times | summary)"
echo "server resident memory with 50 diaries used: $(awk '/VmRSS/ {printf "%.0f MB", $2 / 1024}' /proc/$server/status)"
