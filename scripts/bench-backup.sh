#!/usr/bin/env bash
# Backup and restore on the release build, against tar copying the same diaries folder in the same
# run (tar checks nothing and stops nothing: it is the floor). The diary is the demo's, a year of
# meals, with extra 12-megapixel photos so the archive is mostly photo bytes, as a real one is.
# Figures go in docs/BENCHMARKS.md.
#   ./scripts/bench-backup.sh [extra photos, default 40]     (FOODDIARY_BIN=path/to/fooddiary to bench another build)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${FOODDIARY_BIN:-}" ] || ./scripts/setup.sh release >/dev/null
photos=${1:-40}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bin=${FOODDIARY_BIN:-.build/release/fooddiary}
./scripts/demo-diary-with-photos.sh "$work/data" 365 "$photos"

best() { sort -n | head -1; }
timed() { local start=$EPOCHREALTIME; "$@" >/dev/null; awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.3f\n", b - a}'; }
for round in 1 2 3; do
  rm -rf "$work/tar" "$work/out" "$work/restored-$round"; mkdir -p "$work/tar"
  timed tar -cf "$work/tar/diaries.tar" -C "$work/data" accounts.sqlite diaries >>"$work/tar-create"
  timed tar -xf "$work/tar/diaries.tar" -C "$work/tar" >>"$work/tar-extract"
  timed $bin backup --data-dir "$work/data" --to "$work/out" >>"$work/backup"
  timed $bin restore "$work"/out/*.zip --data-dir "$work/restored-$round" --from-another-server >>"$work/restore"
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
