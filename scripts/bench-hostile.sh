#!/usr/bin/env bash
# What hostile files and a hostile upstream cost the server, for each binary given (default: this
# checkout's release build), against an ordinary upload measured in the same run:
#   - an ordinary photo upload (the baseline);
#   - a PNG with 2 MB of zTXt chunks that unpack to 100 MB each;
#   - a PNG whose header claims 40000 x 40000 pixels;
#   - an online search whose upstream answers 500 MB (a local stand-in speaking FoodData Central's
#     protocol), with the server's peak resident memory before and after;
#   - a saved recipe page of 100,000 ingredient lines uploaded, alone and eight at once (each
#     answer's status, and the slowest);
#   - a recipe address on this machine's open port and on a closed one (a port map's question):
#     each answer's status and words, and whether the open port saw a connection.
#   ./scripts/bench-hostile.sh [BINARY ...]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then ./scripts/setup.sh release >/dev/null; set -- .build-release/release/fooddiary; fi
work=$(mktemp -d)
trap 'kill -9 "$server" "$upstream" 2>/dev/null; rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import struct, sys, zlib
sys.path.insert(0, 'Tests/e2e')
import photos
work = sys.argv[1]
open(work + '/photo.jpg', 'wb').write(photos.jpeg_with_exif('2026:03:08 19:42:10', 51.5, -0.14))
def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
rows = b''.join(b'\0' + b'\x80' * 24 for _ in range(8))
bomb = zlib.compress(b'\0' * 100_000_000, 9)
chunks = [chunk(b'IHDR', struct.pack('>IIBBBBB', 8, 8, 8, 2, 0, 0, 0))]
chunks += [chunk(b'zTXt', b'Comment\0\0' + bomb)] * (2_000_000 // len(bomb) + 1)
chunks += [chunk(b'IDAT', zlib.compress(rows)), chunk(b'IEND', b'')]
open(work + '/ztxt.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + b''.join(chunks))
giant = [chunk(b'IHDR', struct.pack('>IIBBBBB', 40000, 40000, 8, 2, 0, 0, 0)),
         chunk(b'IDAT', bytes([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])), chunk(b'IEND', b'')]
open(work + '/giant.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + b''.join(giant))
lines = ','.join('"%d cups flour"' % (n % 3 + 1) for n in range(100_000))
open(work + '/long-recipe.html', 'w').write('<html><head><script type="application/ld+json">{"@type": "Recipe", "name": "Long", '
                                            '"recipeYield": "4", "recipeIngredient": [%s]}</script></head><body></body></html>' % lines)
PY

# The upstream: every search is answered with 500 MB of JSON-looking spaces.
cat >"$work/upstream.py" <<'PY'
import http.server, sys
class Huge(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get('Content-Length', 0)))
        self.send_response(200)
        self.send_header('Content-Type', 'application/json')
        self.end_headers()
        megabyte = b' ' * (1 << 20)
        try:
            for _ in range(500): self.wfile.write(megabyte)
        except (BrokenPipeError, ConnectionResetError):
            pass
    do_GET = do_POST
    def log_message(self, *args): pass
server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Huge)
print(server.server_address[1], flush=True)
server.serve_forever()
PY
python3 "$work/upstream.py" >"$work/upstream.port" &
upstream=$!
for _ in $(seq 1 50); do [ -s "$work/upstream.port" ] && break; sleep 0.1; done
upstream_port=$(cat "$work/upstream.port")

seconds_for() { # prints "<status> <seconds>"
  curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$@"
}

for binary in "$@"; do
  rm -rf "$work/data"
  printf 'sardines on toast 1234\n' | "$binary" user add bench --owner --data-dir "$work/data" >/dev/null
  : >"$work/log" # emptied now: the last binary's "ready at" would otherwise be read before the redirection
  "$binary" serve --port 0 --data-dir "$work/data" --fdc-base-url "http://127.0.0.1:$upstream_port/fdc" --off-base-url http://127.0.0.1:9 >"$work/log" 2>&1 &
  server=$!
  for _ in $(seq 1 300); do grep -q "ready at" "$work/log" && break; sleep 0.1; done
  base=$(grep -o "http://127.0.0.1:[0-9]*" "$work/log" | head -1)
  jar="$work/jar"
  curl -s -c "$jar" -o /dev/null "$base/signin"
  csrf=$(awk '$6 == "fooddiary_csrf" {print $7}' "$jar")
  curl -s -b "$jar" -c "$jar" -o /dev/null -d "name=bench&password=sardines+on+toast+1234&_csrf=$csrf" "$base/signin"
  token=$(curl -s -b "$jar" "$base/meals/new" | grep -o 'name="_csrf" value="[0-9a-f]*"' | head -1 | grep -o '[0-9a-f]\{64\}')
  # No `Expect: 100-continue` (curl waits a second for it above 1 MB where a build before 2026-11-28 never answered; browsers never send it).
  upload() { seconds_for -H "Expect:" -b "$jar" -F "_csrf=$token" -F "eaten_at=2026-03-08T19:42" -F "photo=@$1" "$base/meals"; }
  peak() { awk '/VmHWM/ {print int($2 / 1024)}' "/proc/$server/status"; }

  echo "== $binary"
  read -r status ordinary < <(upload "$work/photo.jpg")
  echo "  ordinary photo upload        $status in ${ordinary} s (the baseline)"
  read -r status bomb < <(upload "$work/ztxt.png")
  printf "  PNG with 2 MB of zTXt        %s in %s s (%.1fx the baseline)\n" "$status" "$bomb" "$(awk -v a="$bomb" -v b="$ordinary" 'BEGIN {print a / b}')"
  read -r status giant < <(upload "$work/giant.png")
  printf "  PNG claiming 40000 x 40000   %s in %s s (%.1fx the baseline)\n" "$status" "$giant" "$(awk -v a="$giant" -v b="$ordinary" 'BEGIN {print a / b}')"
  meal=$(curl -s -b "$jar" "$base/api/meals?limit=1" | python3 -c "import json, sys; print(json.load(sys.stdin)['meals'][0]['id'])")
  before=$(peak)
  read -r status online < <(seconds_for -b "$jar" "$base/meals/$meal/foods/online?q=apple")
  after=$(peak)
  echo "  online search, 500 MB answer $status in ${online} s; server peak resident ${before} MiB before, ${after} MiB after"
  page() { seconds_for -H "Expect:" -b "$jar" -F "_csrf=$token" -F "page=@$work/long-recipe.html;type=text/html" "$base/recipes/import"; }
  read -r status alone < <(page)
  printf "  recipe page, 100,000 lines   %s in %s s (%.1fx the baseline)\n" "$status" "$alone" "$(awk -v a="$alone" -v b="$ordinary" 'BEGIN {print a / b}')"
  pages=()
  for n in 1 2 3 4 5 6 7 8; do page >"$work/page.$n" & pages+=($!); done
  wait "${pages[@]}"
  echo "  the same, eight at once      $(cat "$work"/page.* | awk '{n[$1]++; if ($2 > m) m = $2} END {for (s in n) printf "%s×%d ", s, n[s]; printf "slowest %s s", m}')"
  rm -f "$work/open.count"
  python3 -c "
import socket, sys
s = socket.socket(); s.bind(('127.0.0.1', 0)); s.listen(64); print(s.getsockname()[1], flush=True)
count = 0
while True:
    s.accept()[0].close(); count += 1
    open(sys.argv[1], 'w').write(str(count))
" "$work/open.count" >"$work/open.port" &
  listener=$!
  for _ in $(seq 1 50); do [ -s "$work/open.port" ] && break; sleep 0.1; done
  open_port=$(cat "$work/open.port")
  for target in "127.1:$open_port" "127.1:9" "2130706433:$open_port" "2130706433:9"; do
    answer=$(curl -s -b "$jar" -d "_csrf=$token" --data-urlencode "url=http://$target/x" -w '\n%{http_code}' "$base/recipes/import")
    printf "  recipe from http://%-22s %s %s\n" "$target" "$(echo "$answer" | tail -1)" "$(echo "$answer" | grep -o 'role="alert">[^<]*' | cut -c14-70)"
  done
  echo "  connections the open port saw: $(cat "$work/open.count" 2>/dev/null || echo 0)"
  kill "$listener" 2>/dev/null || true
  kill "$server"; wait "$server" 2>/dev/null || true
done
