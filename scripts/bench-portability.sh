#!/usr/bin/env bash
# Export and import of a big diary on the release build: 20,000 meals of the demo's kind and 1 GB
# of photo originals, against tar copying the same diary folder in the same run (the floor), with
# each command's peak memory, which must not grow with the diary. Figures go in docs/BENCHMARKS.md.
#   ./scripts/bench-portability.sh [days of meals, default 5700] [12-megapixel photos, default 290]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${FOODDIARY_BIN:-}" ] || ./scripts/setup.sh release >/dev/null
days=${1:-5700}
photos=${2:-290}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${FOODDIARY_BIN:-.build/release/fooddiary}
./scripts/demo-diary-with-photos.sh "$work/data" "$days" "$photos"
# A second data directory with an owner and an empty diary to import into.
printf 'sardines on toast 1234\n' | $bin user add bench --owner --data-dir "$work/empty" >/dev/null
python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(\"INSERT INTO diary (id, account_id, name, created_at) VALUES (1, 1, 'My diary', '2026-01-01 00:00:00.000')\"); c.commit()" "$work/empty/accounts.sqlite"
cp "$work/data/catalog.sqlite" "$work/empty/"

measure() { # seconds and peak RSS in MB of a command
  /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null
  awk '{printf "%s %d\n", $1, $2 / 1024}' "$work/time"
}
rm -rf "$work/import-data"
tar_c=$(measure tar -cf "$work/diary.tar" -C "$work/data/diaries" 1)
export=$(measure $bin export --data-dir "$work/data" --diary 1 --to "$work/export.zip")
preview=$(measure $bin import "$work/export.zip" --data-dir "$work/empty" --diary 1)
commit=$(measure $bin import "$work/export.zip" --data-dir "$work/empty" --diary 1 --commit)
again=$(measure $bin import "$work/export.zip" --data-dir "$work/empty" --diary 1 --commit)
meals=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from meal').fetchone()[0])" "$work/data/diaries/1/diary.sqlite")
imported=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select count(*) from meal').fetchone()[0])" "$work/empty/diaries/1/diary.sqlite")
size=$(du -sb "$work/data/diaries/1" | cut -f1)
archive=$(stat -c %s "$work/export.zip")
echo "diary: $meals meals, $((size / 1000000)) MB on disk; export $((archive / 1000000)) MB; imported $imported meals"
echo "seconds, peak RSS MB:"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", a / b}'; }
printf "  tar -cf (baseline)         %s\n" "$tar_c"
printf "  fooddiary export           %s  (%s× tar)\n" "$export" "$(ratio "${export%% *}" "${tar_c%% *}")"
printf "  fooddiary import (preview) %s\n" "$preview"
printf "  fooddiary import --commit  %s\n" "$commit"
printf "  the same again (adds 0)    %s\n" "$again"
