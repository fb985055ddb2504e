#!/usr/bin/env bash
# The installation as a home server runs it: installs the debug build into a temporary prefix with
# scripts/install.sh, serves from / (so nothing is found through the working directory), checks the
# pages and static files, then sends SIGTERM in the middle of a slow upload: the upload must be
# saved and the server gone within 10 seconds. Then `fooddiary backup` while it serves, and
# `fooddiary restore` into a new data directory that a server opens with the same sign-in.
# Called by scripts/test.sh after the Swift tests.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
./scripts/install.sh --prefix "$work/prefix" --binary "$(swift build --show-bin-path)/fooddiary" >/dev/null
bin="$work/prefix/bin/fooddiary"
printf 'sardines on toast 1234\n' | "$bin" user add installer --owner --data-dir "$work/data" >/dev/null

start_server() {
  # Emptied here, not by the background redirection: that runs after the loop below may have
  # read the last server's "ready at", and its port, which no longer answers.
  : >"$work/serve.log"
  (cd / && exec "$bin" serve --port 0 --data-dir "${1:-$work/data}") >"$work/serve.log" 2>&1 &
  server=$!
  for _ in $(seq 1 600); do grep -q "ready at" "$work/serve.log" && break; sleep 0.2; done
  base=$(grep -o "http://127.0.0.1:[0-9]*" "$work/serve.log" | head -1)
  [ -n "$base" ] || { cat "$work/serve.log"; echo "install check: the installed server did not start" >&2; exit 1; }
}
fail() { echo "install check: $*" >&2; exit 1; }
start_server
[ "$(curl -s "$base/healthz")" = ok ] || fail "/healthz did not answer ok"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/static/css/app.css")" = 200 ] || fail "the stylesheet is not served"
jar="$work/cookies"
curl -s -c "$jar" "$base/signin" | grep -q "Sign in" || fail "the sign-in page did not render"
csrf=$(awk '$6 == "fooddiary_csrf" {print $7}' "$jar")
curl -s -b "$jar" -c "$jar" -o /dev/null -d "name=installer&password=sardines+on+toast+1234&_csrf=$csrf" "$base/signin"
token=$(curl -s -b "$jar" "$base/meals/new" | grep -o 'name="_csrf" value="[0-9a-f]*"' | head -1 | grep -o '[0-9a-f]\{64\}')
[ -n "$token" ] || fail "signing in failed"

# A slow upload (about 3 s), and SIGTERM one second into it.
python3 -c "import sys; sys.path.insert(0, 'Tests/e2e'); import photos; sys.stdout.buffer.write(photos.jpeg_with_exif('2026:03:08 19:42:10', 51.5, -0.14))" >"$work/photo.jpg"
head -c 60000 /dev/zero | tr '\0' 'x' >"$work/padding.txt"
curl -s -b "$jar" -o /dev/null -w '%{http_code}' --limit-rate 20k -F "_csrf=$token" -F "eaten_at=2026-03-08T19:42" -F "utc_offset=0" \
  -F "notes=Uploaded while the server stops" -F "padding=<$work/padding.txt" -F "photo=@$work/photo.jpg;type=image/jpeg" \
  "$base/meals" >"$work/upload-status" &
upload=$!
sleep 1
stopped_at=$EPOCHREALTIME
kill -TERM "$server"
wait "$upload" || true
wait "$server" || true
took=$(awk -v a="$stopped_at" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.1f", b - a}')
[ "$(cat "$work/upload-status")" = 303 ] || fail "the upload in flight at SIGTERM got $(cat "$work/upload-status"), not 303"
awk -v t="$took" 'BEGIN {exit !(t < 10)}' || fail "the server took ${took}s to stop"

start_server
curl -s -b "$jar" "$base/api/meals" | grep -q "Uploaded while the server stops" || fail "the meal uploaded during shutdown is missing"
(cd / && "$bin" backup --data-dir "$work/data" --to "$work/backups") >"$work/backup.log" || { cat "$work/backup.log"; fail "backup while serving failed"; }
archive=$(ls "$work"/backups/fooddiary-backup-*.zip)
[ "$(stat -c %a "$archive")" = 600 ] || fail "the archive is readable by others"
"$bin" restore "$archive" --data-dir "$work/data" 2>"$work/refused.log" && fail "a restore onto a running server was not refused"
grep -q "Stop it first" "$work/refused.log" || fail "the refusal does not say why: $(cat "$work/refused.log")"
# An upload that would take two minutes does not hold the server up: it is cut off after 8 s.
head -c 3000000 /dev/zero >"$work/slow.bin"
curl -s -b "$jar" -o /dev/null -w "%{http_code}" --limit-rate 30k -F "_csrf=$token" -F "eaten_at=2026-03-08T19:42" -F "photo=@$work/slow.bin;type=image/jpeg" "$base/meals" >"$work/stalled-status" &
stalled=$!
sleep 1
stopped_at=$EPOCHREALTIME
kill -TERM "$server"
wait "$server" || true
cut=$(awk -v a="$stopped_at" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.1f", b - a}')
kill "$stalled" 2>/dev/null || true
awk -v t="$cut" 'BEGIN {exit !(t < 10)}' || fail "with a stalled upload the server took ${cut}s to stop"
(cd / && "$bin" restore "$archive" --data-dir "$work/restored" --from-another-server) >"$work/restore.log" || { cat "$work/restore.log"; fail "restore failed"; }
start_server "$work/restored"
curl -s -b "$jar" "$base/api/meals" | grep -q "Uploaded while the server stops" || fail "the restored data lacks the meal, or the sign-in"
kill -TERM "$server"; wait "$server" || true
echo "install check: ok (served from / out of $work/prefix; SIGTERM mid-upload: upload saved, stopped in ${took} s; with an upload stalled: stopped in ${cut} s; backed up while serving and restored)"
