#!/usr/bin/env bash
# What a phone sends by itself, on the release build: a week of Health Auto Export's minute-by-minute
# steps from a phone and a watch, active energy, weigh-ins, water and workouts in one POST to
# /api/health, then the same POST again, which must add nothing. The second sending is the baseline
# in the same run: reading and checking without writing. Figures go in docs/BENCHMARKS.md.
#   ./scripts/bench-health.sh [days, default 7]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${FOODDIARY_BIN:-}" ] || ./scripts/setup.sh release >/dev/null
days=${1:-7}
bin=${FOODDIARY_BIN:-.build/release/fooddiary}
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
"$bin" demo --days 1 --data-dir "$work/data" >/dev/null 2>&1
source scripts/bench-server.sh
bench_user "$work/data"
bench_serve "$work/data"
bench_sign_in
token=$(bench_token)
# The token goes in a header file, never on a command line.
printf 'Authorization: Bearer %s\nContent-Type: application/json\n' "$token" >"$work/headers"
python3 - "$days" >"$work/payload.json" <<'PY'
import json, sys, datetime, random
days = int(sys.argv[1]); random.seed(1)
today = datetime.date.today()
steps, energy, weights, water, workouts = [], [], [], [], []
for d in range(days):
    day = today - datetime.timedelta(days=days - d)
    for minute in range(6 * 60, 23 * 60):
        stamp = f"{day} {minute // 60:02d}:{minute % 60:02d}:00 +0100"
        count = random.randint(0, 120)
        steps.append({"qty": count, "date": stamp, "source": "Sam's iPhone"})
        steps.append({"qty": count + random.randint(0, 10), "date": stamp, "source": "Sam's Apple Watch"})
        energy.append({"qty": round(random.uniform(0.5, 4), 2), "date": stamp, "source": "Sam's Apple Watch"})
    weights.append({"qty": round(72 + random.uniform(-0.5, 0.5), 1), "date": f"{day} 07:10:00 +0100", "source": "Withings"})
    for hour in (9, 12, 15):
        water.append({"qty": 250, "date": f"{day} {hour:02d}:05:00 +0100"})
    workouts.append({"id": f"run-{day}", "name": "Outdoor Run", "start": f"{day} 18:00:00 +0100", "end": f"{day} 18:40:00 +0100",
                     "duration": 2400, "activeEnergyBurned": {"qty": 420, "units": "kcal"}, "distance": {"qty": 7.2, "units": "km"}})
print(json.dumps({"data": {"metrics": [
    {"name": "step_count", "units": "count", "data": steps}, {"name": "active_energy", "units": "kcal", "data": energy},
    {"name": "weight_body_mass", "units": "kg", "data": weights}, {"name": "dietary_water", "units": "mL", "data": water}],
    "workouts": workouts}}))
PY
readings=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1]))['data']; print(sum(len(m['data']) for m in d['metrics']) + len(d['workouts']))" "$work/payload.json")
bytes=$(stat -c %s "$work/payload.json")
# Without "Expect: 100-continue" (curl's own, for a body over 1 MB): its wait is measured apart below.
send() { curl -s -o "$work/answer.json" -w "%{http_code} %{time_total}\n" -H "Expect:" -H @"$work/headers" --data-binary @"$work/payload.json" "$base/api/health"; }
asking() { curl -s -o "$work/answer.json" -w "%{http_code} %{time_total}\n" -H @"$work/headers" --data-binary @"$work/payload.json" "$base/api/health"; }
read -r first_status first_seconds < <(send)
first=$(cat "$work/answer.json")
read -r again_status again_seconds < <(send)
again=$(cat "$work/answer.json")
read -r asking_status asking_seconds < <(asking)
echo "payload: $days days, $readings readings, $((bytes / 1024)) KB"
echo "first sending:  HTTP $first_status in ${first_seconds}s: $first"
echo "second sending: HTTP $again_status in ${again_seconds}s: $again"
python3 -c "import sys; f, a, n = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]); print(f'readings a second: first {n / f:,.0f}, second {n / a:,.0f}; second / first = {a / f:.2f}')" "$first_seconds" "$again_seconds" "$readings"
# A script's plain `curl --data-binary @file` asks first: a server that never answers "100 Continue"
# costs it curl's one-second wait on every sending.
python3 -c "import sys; a, e = float(sys.argv[1]), float(sys.argv[2]); print(f'third sending, as plain curl asks (Expect: 100-continue): HTTP {sys.argv[3]} in {e:.3f}s; third / second = {e / a:.2f}')" "$again_seconds" "$asking_seconds" "$asking_status"
