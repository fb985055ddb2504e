#!/usr/bin/env bash
# Writes the app icons the web app manifest names (Public/icons/app-*.png) from their SVGs, with
# libvips' command line (Debian's libvips-tools). Run after changing an SVG; the PNGs are committed.
set -euo pipefail
cd "$(dirname "$0")/../Public/icons"
vips copy "favicon.svg[scale=6]" app-192.png
vips copy "favicon.svg[scale=16]" app-512.png
vips copy "app-maskable.svg[scale=16]" app-maskable-512.png
