#!/usr/bin/env bash
# The checks that read the code and the docs without running them (each first shows that it
# catches what it looks for): template keys up to date, each floor importing only those below it,
# no synchronous database call on a request's path, every documentation link finding its page,
# every Swift file as swift-format writes it, every word shown in every language's catalogue.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/generate-template-keys.py --check
./scripts/check-layers.sh --self-test
./scripts/check-layers.sh
./scripts/check-sync-database.sh --self-test
./scripts/check-sync-database.sh
python3 scripts/check-doc-links.py --self-test
python3 scripts/check-doc-links.py
./scripts/check-format.sh --self-test
./scripts/check-format.sh
python3 scripts/check-translations.py --self-test
python3 scripts/check-translations.py
