#!/usr/bin/env bash
# Apple Health's export.zip of a given size imported by the release build: a synthetic export.xml in
# the layout of a real one (mostly heart rate, which is passed over, then steps and active energy
# from a phone and a watch every few minutes, weigh-ins, water and workouts), zipped. Measured: the
# import's seconds and peak memory against the floor in the same run, inflating the same entry
# (reading it through Python's zlib, a megabyte at a time); and a second import, which must add nothing.
# Then the same file through the Export & import page of a server of its own, as a browser sends it:
# the upload, reading it for the preview, importing it, each timed while its progress page is polled,
# and the server's peak memory above its idle. Figures go in docs/BENCHMARKS.md.
#   ./scripts/bench-apple-health.sh [MB of export.xml, default 1024]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${FOODDIARY_BIN:-}" ] || ./scripts/setup.sh release >/dev/null
megabytes=${1:-1024}
bin=${FOODDIARY_BIN:-.build/release/fooddiary}
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
source scripts/bench-server.sh
# An owner with one empty diary, as scripts/bench-portability.sh makes one: for the command, and for the page.
for data in "$work/data" "$work/page"; do
  bench_user "$data" --owner
  python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(\"INSERT INTO diary (id, account_id, name, created_at) VALUES (1, 1, 'My diary', '2026-01-01 00:00:00.000')\"); c.commit()" "$data/accounts.sqlite"
done
mkdir -p "$work/apple_health_export"
python3 - "$megabytes" "$work/apple_health_export/export.xml" <<'PY'
import sys, datetime
target = int(sys.argv[1]) << 20
out = open(sys.argv[2], "w", buffering=1 << 22)
out.write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord)*)>\n]>\n<HealthData locale="en_GB">\n <ExportDate value="2026-11-28 09:00:00 +0000"/>\n')
written, day = 0, datetime.date(2016, 1, 1)
watch, phone = "Sam&#8217;s Apple Watch", "Sam&#8217;s iPhone"
while written < target:
    lines = []
    stamp = lambda h, m: f"{day} {h:02d}:{m:02d}:00 +0000"
    for minute in range(0, 24 * 60, 2):
        h, m = divmod(minute, 60)
        lines.append(f' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="{watch}" sourceVersion="10.1" device="&lt;&lt;HKDevice: 0x283&gt;, name:Apple Watch&gt;" unit="count/min" creationDate="{stamp(h, m)}" startDate="{stamp(h, m)}" endDate="{stamp(h, m)}" value="{60 + minute % 40}">\n  <MetadataEntry key="HKMetadataKeyHeartRateMotionContext" value="0"/>\n </Record>\n')
    for minute in range(7 * 60, 22 * 60, 10):
        h, m = divmod(minute, 60)
        for source, device in ((phone, "iPhone"), (watch, "Apple Watch")):
            lines.append(f' <Record type="HKQuantityTypeIdentifierStepCount" sourceName="{source}" sourceVersion="17.1" device="&lt;&lt;HKDevice: 0x1&gt;, name:{device}&gt;" unit="count" creationDate="{stamp(h, m)}" startDate="{stamp(h, m)}" endDate="{stamp(h, m + 9)}" value="{minute % 97 + 20}"/>\n')
        lines.append(f' <Record type="HKQuantityTypeIdentifierActiveEnergyBurned" sourceName="{watch}" unit="kcal" creationDate="{stamp(h, m)}" startDate="{stamp(h, m)}" endDate="{stamp(h, m + 9)}" value="{(minute % 13) / 2 + 1}"/>\n')
    lines.append(f' <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Withings" unit="kg" creationDate="{stamp(7, 5)}" startDate="{stamp(7, 5)}" endDate="{stamp(7, 5)}" value="{72 + (day.toordinal() % 10) / 10}"/>\n')
    lines.append(f' <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="WaterMinder" unit="mL" creationDate="{stamp(10, 0)}" startDate="{stamp(10, 0)}" endDate="{stamp(10, 0)}" value="330"/>\n')
    if day.toordinal() % 2 == 0:
        lines.append(f' <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="35" durationUnit="min" sourceName="{watch}" creationDate="{stamp(18, 40)}" startDate="{stamp(18, 0)}" endDate="{stamp(18, 35)}">\n  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="{stamp(18, 0)}" endDate="{stamp(18, 35)}" sum="380" unit="kcal"/>\n  <WorkoutStatistics type="HKQuantityTypeIdentifierDistanceWalkingRunning" startDate="{stamp(18, 0)}" endDate="{stamp(18, 35)}" sum="6.1" unit="km"/>\n </Workout>\n')
    text = "".join(lines)
    out.write(text)
    written += len(text)
    day += datetime.timedelta(days=1)
out.write("</HealthData>\n")
print(f"{day - datetime.date(2016, 1, 1)} of records", file=sys.stderr)
PY
python3 -c "import sys, zipfile; zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED, allowZip64=True).write(sys.argv[2], 'apple_health_export/export.xml')" \
  "$work/export.zip" "$work/apple_health_export/export.xml"
xml_bytes=$(stat -c %s "$work/apple_health_export/export.xml")
rm -rf "$work/apple_health_export"
measure() { /usr/bin/time -f "%e %M" "$@" 2>"$work/time" >"$work/out"; tail -1 "$work/time"; }
read -r floor_seconds floor_kb < <(measure python3 -c "
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]).open('apple_health_export/export.xml') as entry:
    while entry.read(1 << 20): pass" "$work/export.zip")
read -r first_seconds first_kb < <(measure "$bin" import "$work/export.zip" --data-dir "$work/data" --commit)
first=$(cat "$work/out")
read -r again_seconds again_kb < <(measure "$bin" import "$work/export.zip" --data-dir "$work/data" --commit)
again=$(cat "$work/out")
echo "export.xml: $((xml_bytes >> 20)) MB, zipped $(( $(stat -c %s "$work/export.zip") >> 20 )) MB"
echo "floor (inflate):  ${floor_seconds}s, $((floor_kb / 1024)) MB peak"
echo "import:           ${first_seconds}s, $((first_kb / 1024)) MB peak: $first"
echo "import again:     ${again_seconds}s, $((again_kb / 1024)) MB peak: $again"
python3 -c "import sys; b, f, a, u = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]); m = b / (1 << 20); print(f'MB of export.xml a second: import {m / f:.0f}, again {m / a:.0f}, inflating alone {m / u:.0f}; import / inflating = {f / u:.2f}')" "$xml_bytes" "$first_seconds" "$again_seconds" "$floor_seconds"

# The page: a server of its own on the second data directory, signed in as a browser is.
bench_serve "$work/page"
bench_sign_in
kb() { awk -v key="$1:" '$1 == key {print $2}' "/proc/$pid/status"; }
idle_kb=$(kb VmRSS)
now() { date +%s.%N; }
# Polled as the page's Refresh does (every second would only round the figures up; every 0.2 s).
wait_page() { while curl -s -b "$jar" -D "$work/headers" -o "$work/page.html" "$base$1" && grep -qi '^refresh:' "$work/headers"; do sleep 0.2; done; }
start=$(now)
location=$(curl -s -H "Expect:" -b "$jar" -F "_csrf=$csrf" -F "file=@$work/export.zip;type=application/zip" -D - -o /dev/null "$base/import" | awk 'tolower($1) == "location:" {print $2}' | tr -d '\r')
uploaded=$(now)
wait_page "$location"
previewed=$(now)
holds=$(grep -o '<li>[^<]*</li>' "$work/page.html" | sed 's/<[^>]*>//g' | paste -sd ';' | sed 's/;/; /g')
curl -s -b "$jar" -o /dev/null -d "_csrf=$csrf" "$base$location"
wait_page "$location"
imported=$(now)
done_at=$(awk 'tolower($1) == "location:" {print $2}' "$work/headers" | tr -d '\r')
peak_kb=$(kb VmHWM)
echo "page: upload $(python3 -c "print(f'{$uploaded - $start:.2f}')")s, preview $(python3 -c "print(f'{$previewed - $uploaded:.2f}')")s ($holds), import $(python3 -c "print(f'{$imported - $previewed:.2f}')")s -> $done_at"
echo "page: server idle $((idle_kb / 1024)) MB, peak $((peak_kb / 1024)) MB, $(( (peak_kb - idle_kb) / 1024 )) MB above idle"
python3 -c "import sys; b, r, i = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]); m = b / (1 << 20); print(f'page: MB of export.xml a second: reading {m / r:.0f}, importing {m / i:.0f}')" "$xml_bytes" "$(python3 -c "print($previewed - $uploaded)")" "$(python3 -c "print($imported - $previewed)")"
