#!/usr/bin/env bash
# Fails when a floor of the code uses one above it, or a library its floor must not know.
# SwiftPM's targets already refuse a cycle and an undeclared module of our own; this also holds
# each floor to the libraries it may use, so a base that "just needs GRDB for one thing" cannot
# creep in (docs/ARCHITECTURE.md). Floors, lowest first:
#   FoodDiaryBase     time, text, nutrition arithmetic, files, hashing, blocking work: Foundation and Crypto only
#   FoodDiaryStorage  the SQLite files: opening, migrating, reading and counting writes; GRDB, no web, no feature
#   FoodDiaryPhotos   the photo store, admission and image library: libvips, libexif, libmagic; no web, no page
#   FoodDiaryCatalog  the catalog engine: import, in-memory index, ranking, search, amounts; no web, no page
#   FoodDiaryWeb      HTTP plumbing, forms, rendering: Hummingbird and NIO, no feature
#   FoodDiary         the features: each area's pages, reads and views
#   FoodDiaryApp      the app that wires them: configuration, start-up, the server and its services
#   FoodDiaryTools  the demo diary and the benchmarks
#   fooddiary       the command line
# Called by scripts/test.sh; `--self-test` shows it catching what it exists to catch.
set -euo pipefail
cd "$(dirname "$0")/.."

# allowed FLOOR: the modules a floor's files may import.
allowed() {
  local system='Foundation|FoundationEssentials|Glibc|Dispatch|Synchronization|_Concurrency'
  case "$1" in
    FoodDiaryBase) echo "$system|Crypto" ;;
    FoodDiaryStorage) echo "$system|FoodDiaryBase|GRDB|NIOConcurrencyHelpers" ;;
    FoodDiaryPhotos) echo "$system|FoodDiaryBase|FoodDiaryStorage|GRDB|CMagic|CPhotoShim" ;;
    FoodDiaryCatalog) echo "$system|FoodDiaryBase|FoodDiaryStorage|GRDB|Logging|ServiceLifecycle|NIOConcurrencyHelpers|CSV|CSearchRank" ;;
    FoodDiaryWeb) echo "$system|FoodDiaryBase|FoodDiaryStorage|Crypto|GRDB|Hummingbird|HummingbirdCore|HTTPTypes|Logging|MultipartKit|NIO[A-Za-z0-9]*|CHTTPShim|CHTMLShim" ;;
    # Not CHTTPShim: a feature goes out only through the web floor's OutboundHTTP, which checks
    # every address before a connection opens.
    FoodDiary) echo "$system|FoodDiaryBase|FoodDiaryStorage|FoodDiaryPhotos|FoodDiaryCatalog|FoodDiaryWeb|Crypto|GRDB|Hummingbird|HummingbirdBcrypt|HTTPTypes|Logging|ServiceLifecycle|MultipartKit|NIO[A-Za-z0-9]*|FoundationNetworking|ZIPFoundation|CSV" ;;
    FoodDiaryApp) echo "$(allowed FoodDiary)|FoodDiary|HummingbirdCore|HummingbirdTLS" ;;
    FoodDiaryTools) echo "$(allowed FoodDiaryApp)|FoodDiaryApp" ;;
    fooddiary) echo "$(allowed FoodDiaryTools)|FoodDiaryTools|ArgumentParser" ;;
  esac
}

# check ROOT: each wrong import under ROOT/<floor>/, as file:line: import.
check() {
  local root=$1 floor
  for floor in FoodDiaryBase FoodDiaryStorage FoodDiaryPhotos FoodDiaryCatalog FoodDiaryWeb FoodDiary FoodDiaryApp FoodDiaryTools fooddiary; do
    [ -d "$root/$floor" ] || continue
    grep -rnE --include='*.swift' '^(@[A-Za-z_]+(\([^)]*\))? )*import ' "$root/$floor" \
      | grep -vE "import (struct |class |enum |func )?($(allowed "$floor"))(\.[A-Za-z_.]+)?\s*$" || true
  done
}

if [ "${1:-}" = --self-test ]; then
  sample=$(mktemp -d)
  trap 'rm -rf "$sample"' EXIT
  mkdir -p "$sample/FoodDiaryBase" "$sample/FoodDiaryStorage" "$sample/FoodDiaryPhotos" "$sample/FoodDiaryCatalog" "$sample/FoodDiaryWeb" "$sample/FoodDiary" "$sample/FoodDiaryApp" "$sample/FoodDiaryTools"
  printf 'import CPhotoShim\nimport FoodDiaryStorage\nimport Hummingbird\n' >"$sample/FoodDiaryPhotos/Web.swift"
  printf 'import Foundation\nimport FoodDiary\n' >"$sample/FoodDiaryBase/Up.swift"
  printf 'import CSearchRank\nimport FoodDiaryWeb\nimport Hummingbird\n' >"$sample/FoodDiaryCatalog/Page.swift"
  printf '@preconcurrency import GRDB\n' >"$sample/FoodDiaryBase/Database.swift"
  printf 'import Hummingbird\n' >"$sample/FoodDiaryBase/Web.swift"
  printf 'import FoodDiaryTools\nimport FoodDiaryApp\nimport CHTTPShim\n' >"$sample/FoodDiary/Up.swift"
  printf 'import FoodDiaryTools\nimport FoodDiary\nimport HummingbirdTLS\n' >"$sample/FoodDiaryApp/Up.swift"
  printf 'import GRDB\nimport FoodDiaryBase\nimport Hummingbird\nimport FoodDiary\n' >"$sample/FoodDiaryStorage/Up.swift"
  printf 'import Hummingbird\nimport FoodDiaryStorage\nimport FoodDiary\nimport ZIPFoundation\n' >"$sample/FoodDiaryWeb/Up.swift"
  printf '@testable import FoodDiary\nimport GRDB\nimport FoodDiaryBase\n' >"$sample/FoodDiaryTools/Fine.swift"
  printf 'import Crypto\nimport struct Foundation.Date\n' >"$sample/FoodDiaryBase/Fine.swift"
  found=$(check "$sample" | wc -l)
  [ "$found" -eq 14 ] || { echo "check-layers self-test: expected 14 wrong imports, found $found:" >&2; check "$sample" >&2; exit 1; }
  echo "check-layers self-test: caught all 14 upward or forbidden imports, passed the fine ones"
  python3 scripts/check-declared-imports.py --self-test
  python3 scripts/check-feature-folders.py --self-test
  exit 0
fi

wrong=$(check Sources)
if [ -n "$wrong" ]; then
  echo "A floor imports what it must not (see docs/ARCHITECTURE.md):" >&2
  echo "$wrong" >&2
  exit 1
fi
echo "check-layers: every floor imports only itself, the floors below it and its libraries"
# What each floor may use rests on what Package.swift declares: every import must be declared.
python3 scripts/check-declared-imports.py
# Inside the features, the compiler sees one target: the folders must still form layers.
python3 scripts/check-feature-folders.py
