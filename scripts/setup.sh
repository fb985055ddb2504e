#!/usr/bin/env bash
# Idempotent setup shared by run.sh and test.sh: installs missing Debian packages, checks the
# Swift toolchain, and builds in the configuration given as $1 (debug or release).
set -euo pipefail
cd "$(dirname "$0")/.."

configuration="${1:-debug}"
# cairo and pango draw a report's PDF, in DejaVu Sans (embedded in it).
packages=(libsqlite3-dev libcurl4-openssl-dev libmagic-dev libvips-dev libexif-dev libxml2-dev zlib1g-dev libqrencode-dev libzbar-dev
  libcairo2-dev libpango1.0-dev fonts-dejavu-core)
# pip fetches the pinned USDA data; any python3 with pip will do.
python3 -m pip --version >/dev/null 2>&1 || packages+=(python3-pip)
# The test build also drives the browser journeys (Chromium, its WebDriver, a Python venv) and
# receives mail (aiosmtpd, a real SMTP server, with a certificate openssl makes); poppler's pdftotext
# reads a report's PDF back.
# They are not needed to build, so they arrive while the compiler works.
browser=()
if [ "$configuration" = debug ]; then
  browser+=(chromium chromium-driver curl openssl python3-aiosmtpd poppler-utils)
  python3 -c "import ensurepip" >/dev/null 2>&1 || browser+=(python3-venv)
fi

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

missing() {
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || echo "$package"
  done
}
mapfile -t missing_packages < <(missing "${packages[@]}")
mapfile -t missing_browser < <(missing "${browser[@]}")
sudo_cmd=()
if [ $((${#missing_packages[@]} + ${#missing_browser[@]})) -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "Need root or sudo to install: ${missing_packages[*]} ${missing_browser[*]}" >&2; exit 1; }
    sudo_cmd=(sudo)
  fi
  "${sudo_cmd[@]}" apt-get update -qq
fi
install() {
  say "Installing Debian packages: $*"
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "$@"
}
[ ${#missing_packages[@]} -eq 0 ] || install "${missing_packages[@]}"

if ! command -v swift >/dev/null; then
  echo "Swift 6 is not installed. Install a Swift 6 toolchain for Linux from swift.org, put its usr/bin on PATH, and run this again." >&2
  exit 1
fi
swift_major=$(swift --version 2>&1 | sed -n 's/.*Swift version \([0-9]*\).*/\1/p' | head -1)
if [ -z "$swift_major" ] || [ "$swift_major" -lt 6 ]; then
  echo "FoodDiary needs Swift 6 or newer; found: $(swift --version 2>&1 | head -1)" >&2
  exit 1
fi

# The browser's packages and the data are downloads, the compile is work for the cores: they go on
# at the same time, and the build waits for both before it is done.
background=()
if [ ${#missing_browser[@]} -gt 0 ]; then
  install "${missing_browser[@]}" &
  background+=($!)
fi
./scripts/fetch-data.sh &
background+=($!)

say "Building FoodDiary ($configuration)"
# The debug build is the tests' server: test.sh builds the tests themselves while the catalogs
# are imported with this binary.
if [ "$configuration" = release ]; then
  swift build -c release --product fooddiary
else
  swift build --product fooddiary
fi
for job in "${background[@]}"; do wait "$job"; done
