#!/usr/bin/env bash
# Backup and restore on the release build, against tar copying the same diaries folder in the same
# run (tar checks nothing and stops nothing: it is the floor). The diary is the demo's, a year of
# meals, with extra 12-megapixel photos so the archive is mostly photo bytes, as a real one is.
# Figures go in docs/BENCHMARKS.md.
#   ./scripts/bench-backup.sh [extra photos, default 40]
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh release >/dev/null
photos=${1:-40}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=.build/release/fooddiary
$bin demo --days 365 --data-dir "$work/data" >/dev/null 2>&1
printf 'sardines on toast 1234\n' | $bin user add bench --owner --data-dir "$work/data" >/dev/null
# A start moves the demo diary into diaries/1; the photos are then added as uploads would place them.
$bin serve --port 0 --data-dir "$work/data" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 300); do grep -q "ready at" "$work/serve.log" && break; sleep 0.1; done
kill "$server"; wait "$server" || true
python3 - "$work/data/diaries/1" "$photos" <<'PY'
import hashlib, os, random, sqlite3, sys
diary, count = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(diary + "/diary.sqlite")
random.seed(7)
for i in range(count):
    # 3.5 MB of noise compresses as little as a real photo's JPEG data does.
    data = b"\xff\xd8\xff\xe0" + random.randbytes(3_500_000) + b"\xff\xd9"
    sha = hashlib.sha256(data).hexdigest()
    folder = f"{diary}/photos/originals/{sha[:2]}"
    os.makedirs(folder, exist_ok=True)
    open(f"{folder}/{sha}.jpg", "wb").write(data)
    db.execute("INSERT INTO photo (sha256, media_type, byte_count, width_px, height_px, created_at) VALUES (?, 'image/jpeg', ?, 4000, 3000, '2026-01-01T00:00:00Z')", (sha, len(data)))
    db.execute("UPDATE meal SET photo_sha256 = ? WHERE id = (SELECT id FROM meal WHERE photo_sha256 IS NULL ORDER BY id LIMIT 1)", (sha,))
db.commit()
PY

best() { sort -n | head -1; }
timed() { local start=$EPOCHREALTIME; "$@" >/dev/null; awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.3f\n", b - a}'; }
for round in 1 2 3; do
  rm -rf "$work/tar" "$work/out" "$work/restored-$round"; mkdir -p "$work/tar"
  timed tar -cf "$work/tar/diaries.tar" -C "$work/data" accounts.sqlite diaries >>"$work/tar-create"
  timed tar -xf "$work/tar/diaries.tar" -C "$work/tar" >>"$work/tar-extract"
  timed $bin backup --data-dir "$work/data" --to "$work/out" >>"$work/backup"
  timed $bin restore "$work"/out/*.zip --data-dir "$work/restored-$round" >>"$work/restore"
  rm -rf "$work/restored-$round"
done
size=$(du -sb "$work/data/diaries" | cut -f1)
archive=$(stat -c %s "$work"/out/*.zip)
tar_c=$(best <"$work/tar-create"); tar_x=$(best <"$work/tar-extract"); backup=$(best <"$work/backup"); restore=$(best <"$work/restore")
meals=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from meal').fetchone()[0])" "$work/data/diaries/1/diary.sqlite")
echo "diary: $meals meals, $((size / 1000000)) MB on disk (photos and databases); archive $((archive / 1000000)) MB"
echo "best of 3, seconds:"
printf "  tar -cf (baseline)  %s\n  fooddiary backup    %s  (%.1f× tar)\n" "$tar_c" "$backup" "$(awk -v a="$backup" -v b="$tar_c" 'BEGIN {print a / b}')"
printf "  tar -xf (baseline)  %s\n  fooddiary restore   %s  (%.1f× tar)\n" "$tar_x" "$restore" "$(awk -v a="$restore" -v b="$tar_x" 'BEGIN {print a / b}')"
