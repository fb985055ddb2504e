#!/usr/bin/env bash
# Installs FoodDiary on this machine: the release binary as PREFIX/bin/fooddiary, and its templates,
# static files and the fetched USDA and GeoNames data in PREFIX/share/fooddiary, where `serve` finds
# them from any directory. With --service, also a `fooddiary` system user and the systemd unit
# (deploy/fooddiary.service), enabled and started: the diary then lives in /var/lib/fooddiary.
#   sudo ./scripts/install.sh [--prefix /usr/local] [--service] [--binary PATH]
# --binary installs a binary already built instead of building the release one.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=/usr/local service=no binary=""
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) prefix=$2; shift 2 ;;
    --service) service=yes; shift ;;
    --binary) binary=$2; shift 2 ;;
    *) echo "usage: $0 [--prefix DIR] [--service] [--binary PATH]" >&2; exit 2 ;;
  esac
done
if [ -z "$binary" ]; then
  ./scripts/setup.sh release
  binary=.build/release/fooddiary
else
  ./scripts/fetch-data.sh
fi
share="$prefix/share/fooddiary"
mkdir -p "$prefix/bin" "$share"
# Each folder is copied beside the old one and swapped in, so a running server never reads half of one.
replace() {
  rm -rf "$2.new"
  cp -R "$1" "$2.new"
  rm -rf "$2.old"
  if [ -e "$2" ]; then mv "$2" "$2.old"; fi
  mv "$2.new" "$2"
  rm -rf "$2.old"
}
replace Templates "$share/Templates"
replace Languages "$share/Languages"
replace Public "$share/Public"
replace .cache/sr28 "$share/sr28"
replace .cache/fdc "$share/fdc"
replace .cache/geonames "$share/geonames"
install -m 0755 "$binary" "$prefix/bin/fooddiary.new"
mv "$prefix/bin/fooddiary.new" "$prefix/bin/fooddiary"
echo "Installed $prefix/bin/fooddiary and $share"

if [ "$service" = yes ]; then
  [ "$(id -u)" -eq 0 ] || { echo "--service needs root (sudo)." >&2; exit 1; }
  id -u fooddiary >/dev/null 2>&1 || useradd --system --home-dir /var/lib/fooddiary --no-create-home --shell /usr/sbin/nologin fooddiary
  sed "s|/usr/local/bin/fooddiary|$prefix/bin/fooddiary|" deploy/fooddiary.service >/etc/systemd/system/fooddiary.service
  [ -e /etc/fooddiary.env ] || printf '# Settings for fooddiary serve; see `fooddiary serve --help`.\n# FOODDIARY_HOST=0.0.0.0\n' >/etc/fooddiary.env
  systemctl daemon-reload
  systemctl enable --now fooddiary
  systemctl restart fooddiary
  echo "FoodDiary runs as a service: systemctl status fooddiary; its log: journalctl -u fooddiary"
  echo "The first account's setup link is in that log; open it on this machine."
fi
