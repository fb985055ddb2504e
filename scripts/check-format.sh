#!/usr/bin/env bash
# Fails on Swift code that is not as the toolchain's swift-format writes it (the checked-in
# .swift-format: four spaces, 140 columns), so a review talks about design, not layout. Fix with
#   swift format format -i -r -p Sources Tests Package.swift
# `--self-test` shows it failing on a file laid out by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "--self-test" ]]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  cp .swift-format "$scratch/"
  printf 'struct Fine {\n    let a = 1\n}\n' > "$scratch/Fine.swift"
  printf 'struct Loose {\n  let a = 1\n        let b = [1,2]\n}\n' > "$scratch/Loose.swift"
  swift format lint --strict "$scratch/Fine.swift" || { echo "check-format self-test: a formatted file failed" >&2; exit 1; }
  if swift format lint --strict "$scratch/Loose.swift" 2>/dev/null; then
    echo "check-format self-test: a file laid out by hand passed" >&2
    exit 1
  fi
  echo "check-format self-test: caught a file laid out by hand, passed a formatted one"
  exit 0
fi
# The tree was formatted by this version; another lays some lines out differently, so on another
# toolchain the check says so instead of failing on layout nobody wrote.
formatted_by=6.3.1
version=$(swift format --version 2>/dev/null || echo none)
if [[ "$version" != "$formatted_by" ]]; then
  echo "check-format: skipped, swift-format is $version here and the tree is laid out by $formatted_by"
  exit 0
fi
swift format lint --strict -r -p Sources Tests Package.swift
echo "check-format: every Swift file is as swift-format $formatted_by writes it"
