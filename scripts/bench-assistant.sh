#!/usr/bin/env bash
# The assistant's endpoint on the release build: a day read through /mcp (tools/call read_day), and
# the same day through the JSON API (/api/days/{date} and its nutrients), the baseline in the same
# run; then "a banana and a coffee" logged and taken back through /mcp, against the same foods
# added by "What did you have?" (/log/text). Sequential requests over one kept-alive connection,
# medians of each. Figures go in docs/BENCHMARKS.md.
#   ./scripts/bench-assistant.sh [requests each, default 200]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${FOODDIARY_BIN:-}" ] || ./scripts/setup.sh release >/dev/null
count=${1:-200}
bin=${FOODDIARY_BIN:-.build/release/fooddiary}
work=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"' EXIT
"$bin" demo --days 30 --data-dir "$work/data" >/dev/null 2>&1
source scripts/bench-server.sh
bench_user "$work/data"
bench_serve "$work/data"
bench_sign_in
token=$(bench_token)
# The token goes to Python through the environment, never on a command line.
BASE="$base" TOKEN="$token" COUNT="$count" CSRF="$csrf" JAR="$jar" python3 - <<'PY'
import datetime, http.client, http.cookiejar, json, os, statistics, time, urllib.parse
base, token, count = os.environ["BASE"], os.environ["TOKEN"], int(os.environ["COUNT"])
host = urllib.parse.urlsplit(base)
connection = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
jar = http.cookiejar.MozillaCookieJar(os.environ["JAR"]); jar.load(ignore_discard=True, ignore_expires=True)
cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
bearer = {"Authorization": "Bearer " + token}
def timed(method, path, body=None, headers={}):
    start = time.perf_counter()
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse(); data = response.read()
    assert response.status in (200, 303), (path, response.status, data[:300])
    return time.perf_counter() - start, data
def rpc(tool, arguments):
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool, "arguments": arguments}})
    return timed("POST", "/mcp", body, {**bearer, "Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
day = (datetime.date.today() - datetime.timedelta(days=1)).isoformat()
def median_ms(samples): return statistics.median(samples) * 1000
api = [timed("GET", f"/api/days/{day}", headers=bearer)[0] + timed("GET", f"/api/days/{day}/nutrients", headers=bearer)[0] for _ in range(count)]
mcp = [rpc("read_day", {"date": day})[0] for _ in range(count)]
print(f"read a day, {count} each: /api/days + nutrients {median_ms(api):.2f} ms, /mcp read_day {median_ms(mcp):.2f} ms; mcp / api = {median_ms(mcp) / median_ms(api):.2f}")
form = urllib.parse.urlencode({"text": "a banana and a coffee"})
page = []
for _ in range(count // 4):
    page.append(timed("GET", "/log/text?" + form, headers={"Cookie": cookies})[0])
logged, undone = [], []
for _ in range(count // 4):
    seconds, data = rpc("log_foods", {"text": "a banana and a coffee"})
    assert not json.loads(data)["result"].get("isError"), data[:300]
    logged.append(seconds)
    undone.append(rpc("undo_last", {})[0])
print(f"a banana and a coffee, {count // 4} each: read on /log/text {median_ms(page):.2f} ms, logged by /mcp log_foods {median_ms(logged):.2f} ms "
      f"(log / read = {median_ms(logged) / median_ms(page):.2f}), taken back by undo_last {median_ms(undone):.2f} ms")
PY
