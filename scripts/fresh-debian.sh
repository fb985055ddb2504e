#!/usr/bin/env bash
# The release checklist's fresh machine: a stock Debian 12 made by debootstrap, with /etc/hosts as
# Debian's installer writes it (localhost is ::1 as well as 127.0.0.1), the Swift toolchain
# bind-mounted from this machine and its own prerequisites from Debian, nothing else. It clones
# this repository's HEAD and runs the README's two commands as a newcomer would: run.sh until the
# server answers, then test.sh, RUNS times in a row. Each run starts from a clean clone; its result
# and phase times are printed at the end and kept in ROOT/results.txt. FRESH_TESTS_ONLY=1 skips
# run.sh.
#
#   sudo scripts/fresh-debian.sh [ROOT] [RUNS]     defaults: /var/tmp/fooddiary-fresh, 2
#
# Needs root (debootstrap, chroot, mounts) and the debootstrap package. A ROOT made earlier is
# used again as it stands: remove it for a new machine, once nothing is mounted in it (a run
# killed before its end leaves its mounts; `findmnt -R ROOT` lists them, `umount -R -l ROOT/proc`
# and the others take them away). This machine's /dev is bound read-only, so removing a ROOT
# with its mounts still in place cannot remove this machine's devices.
set -euo pipefail
cd "$(dirname "$0")/.."

root=${1:-/var/tmp/fooddiary-fresh}
runs=${2:-2}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
swift_root=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
repository=$(pwd)

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
[ "$(id -u)" -eq 0 ] || { echo "Run as root: debootstrap and chroot need it." >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "Install debootstrap first (apt-get install debootstrap)." >&2; exit 1; }

if [ ! -x "$root/bin/bash" ]; then
  say "Making a stock Debian 12 in $root"
  debootstrap bookworm "$root" "$mirror"
fi

# As Debian's installer leaves them: the name in /etc/hostname, both loopbacks in /etc/hosts, and
# the main, security and updates suites.
echo fresh-debian >"$root/etc/hostname"
cat >"$root/etc/hosts" <<'HOSTS'
127.0.0.1	localhost
127.0.1.1	fresh-debian

# The following lines are desirable for IPv6 capable hosts
::1     localhost ip6-localhost ip6-loopback
ff02::1 ip6-allnodes
ff02::2 ip6-allrouters
HOSTS
cat >"$root/etc/apt/sources.list" <<SOURCES
deb $mirror bookworm main
deb http://deb.debian.org/debian-security bookworm-security main
deb $mirror bookworm-updates main
SOURCES
cp /etc/resolv.conf "$root/etc/resolv.conf"

mounted=()
mount_in() {
  mkdir -p "$root$2"
  mountpoint -q "$root$2" || { mount "${@:3}" "$1" "$root$2"; mounted=("$root$2" "${mounted[@]}"); }
}
unmount_all() { for point in "${mounted[@]}"; do umount -l "$point" 2>/dev/null || true; done; }
trap unmount_all EXIT
mount_in proc /proc -t proc
mount_in sysfs /sys -t sysfs
mount_in /dev /dev --bind -o ro
mount_in devpts /dev/pts -t devpts
mount_in tmpfs /dev/shm -t tmpfs
mount_in "$swift_root" /opt/swift --bind -o ro
mount_in "$repository" /mnt/repository --bind -o ro

inside() { chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 PATH=/opt/swift/usr/bin:/usr/sbin:/usr/bin:/sbin:/bin bash -c "$1"; }

# What swift.org lists for its Debian 12 toolchain, and git to clone with: a person who followed
# swift.org's instructions has these; FoodDiary's own needs are setup.sh's to install.
say "Installing the Swift toolchain's prerequisites and git"
inside "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  binutils-gold ca-certificates curl gcc git gnupg2 libc6-dev libcurl4-openssl-dev libedit2 libgcc-12-dev libncurses-dev \
  libpython3-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libz3-dev pkg-config python3-lldb-14 tzdata unzip uuid-dev zlib1g-dev >/dev/null"

# Where GitHub is not reached, this machine's git reads Swift packages from a local copy: the fresh
# machine is given the same copy and the same rewrite of their addresses.
if [ -d /opt/swift-packages ]; then
  mount_in /opt/swift-packages /opt/swift-packages --bind -o ro
  inside "git config --system --unset-all url./opt/swift-packages/.insteadof || true"
  git config --system --get-regexp '^url\..*\.insteadof$' | while read -r key value; do
    inside "git config --system --add '$key' '$value'"
  done
fi

# Where this machine's outgoing TLS passes a proxy with a certificate authority of its own, the
# fresh machine trusts that authority too (as its owner's network would have it set up).
if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  inside "update-ca-certificates >/dev/null"
fi

commit=$(git rev-parse HEAD)
clean_clone() {
  say "Cloning ${commit:0:7} into a clean work tree"
  inside "rm -rf /root/FoodDiary && git clone -q /mnt/repository /root/FoodDiary && git -C /root/FoodDiary checkout -q $commit"
}

results="$root/results.txt"
: >"$results"

if [ "${FRESH_TESTS_ONLY:-}" != 1 ]; then
clean_clone
say "The README's first command: ./scripts/run.sh, until the server answers"
start=$SECONDS
inside "cd /root/FoodDiary && (./scripts/run.sh >/root/run.log 2>&1 &) ; \
  for _ in \$(seq 1 3600); do grep -q 'ready at' /root/run.log && break; sleep 1; done; \
  curl -fsS http://localhost:8080/healthz; answered=\$?; pkill -INT -f '[f]ooddiary serve'; sleep 5; \
  [ \$answered -eq 0 ] && ! pgrep -f '[f]ooddiary serve'" \
  && echo "run.sh: served /healthz after $((SECONDS - start)) s" | tee -a "$results" \
  || { echo "run.sh: FAILED after $((SECONDS - start)) s (log in $root/root/run.log)" | tee -a "$results"; exit 1; }
fi

failed=0
for run in $(seq 1 "$runs"); do
  clean_clone
  say "The README's second command, run $run of $runs: ./scripts/test.sh"
  start=$SECONDS
  if inside "cd /root/FoodDiary && ./scripts/test.sh" >"$root/root/test-$run.log" 2>&1; then
    outcome=passed
  else
    outcome=FAILED
    failed=1
  fi
  echo "test.sh run $run: $outcome in $((SECONDS - start)) s ($(grep -E 'Test run with [0-9]+ tests' "$root/root/test-$run.log" | tr '\n' ' '))" | tee -a "$results"
  sed -n '/==> Phases/,$p' "$root/root/test-$run.log" | tee -a "$results"
done
exit $failed
