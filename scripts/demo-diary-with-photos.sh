#!/usr/bin/env bash
# A data directory for the benchmarks: the demo's meals over DAYS, an owner "bench" (password
# "sardines on toast 1234") whose first diary it becomes, and PHOTOS extra photo originals of
# 3.5 MB of incompressible bytes (as JPEG data is) given to meals without one. Uses the release build.
#   ./scripts/demo-diary-with-photos.sh DATA_DIR DAYS PHOTOS
set -euo pipefail
cd "$(dirname "$0")/.."
data=$1 days=$2 photos=$3
bin=.build/release/fooddiary
$bin demo --days "$days" --data-dir "$data" >/dev/null 2>&1
printf 'sardines on toast 1234\n' | $bin user add bench --owner --data-dir "$data" >/dev/null
# A start moves the demo diary into diaries/1 and gives it to the owner.
$bin serve --port 0 --data-dir "$data" >"$data/first-start.log" 2>&1 &
server=$!
for _ in $(seq 1 300); do grep -q "ready at" "$data/first-start.log" && break; sleep 0.1; done
kill "$server"; wait "$server" || true
python3 - "$data/diaries/1" "$photos" <<'PY'
import hashlib, os, random, sqlite3, sys
diary, count = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(diary + "/diary.sqlite")
random.seed(7)
for i in range(count):
    # A JPEG's first markers, so libmagic calls it one, then noise.
    data = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + random.randbytes(3_500_000) + b"\xff\xd9"
    sha = hashlib.sha256(data).hexdigest()
    folder = f"{diary}/photos/originals/{sha[:2]}"
    os.makedirs(folder, exist_ok=True)
    open(f"{folder}/{sha}.jpg", "wb").write(data)
    db.execute("INSERT INTO photo (sha256, media_type, byte_count, width_px, height_px, created_at) VALUES (?, 'image/jpeg', ?, 4000, 3000, '2026-01-01 00:00:00.000')", (sha, len(data)))
    db.execute("UPDATE meal SET photo_sha256 = ? WHERE id = (SELECT id FROM meal WHERE photo_sha256 IS NULL ORDER BY id LIMIT 1)", (sha,))
db.commit()
PY
