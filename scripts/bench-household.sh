#!/usr/bin/env bash
# A household of five on the release build: the pages that read the others' diaries (their shared
# foods and recipes) and sharing a meal with a 12-megapixel photo with one person and with four,
# each as the server's own time per request, against a static file measured in the same run.
# Figures go in docs/BENCHMARKS.md.
#   ./scripts/bench-household.sh [requests per page, default 100]
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh release >/dev/null
requests=${1:-100}
if ! command -v vips >/dev/null; then
  sudo_cmd=(); [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends libvips-tools >/dev/null
fi
data=$(mktemp -d)
trap 'kill "$server" 2>/dev/null; rm -rf "$data"' EXIT
bin=.build/release/fooddiary
people=(ann bo cy di)
printf 'sardines on toast 1234\n' | $bin user add bench --owner --data-dir "$data" >/dev/null
for person in "${people[@]}"; do printf 'sardines on toast 1234\n' | $bin user add "$person" --data-dir "$data" >/dev/null; done

log="$data/serve.log"
$bin serve --port 0 --data-dir "$data" >"$log" 2>&1 &
server=$!
for _ in $(seq 1 300); do grep -q "ready at" "$log" && break; sleep 0.1; done
base=$(grep -o "http://127.0.0.1:[0-9]*" "$log" | head -1)

# sign_in NAME: sets $cookie and $token (the session's CSRF token) as a browser gets them.
sign_in() {
  local jar="$data/cookies-$1"
  curl -s -c "$jar" -o /dev/null "$base/signin"
  local csrf; csrf=$(awk '$6 == "fooddiary_csrf" {print $7}' "$jar")
  curl -s -b "$jar" -c "$jar" -o /dev/null -d "name=$1&password=sardines+on+toast+1234&_csrf=$csrf" "$base/signin"
  cookie="Cookie: fooddiary_session=$(awk '$6 == "fooddiary_session" {print $7}' "$jar")"
  token=$(curl -s -H "$cookie" "$base/my-foods/new" | grep -o 'name="_csrf" value="[0-9a-f]*"' | head -1 | grep -o '[0-9a-f]\{64\}')
}
post() { curl -s -o /dev/null -w '%{redirect_url}' -H "$cookie" "$@"; }

sign_in bench
# new_meal: a meal with a photo of its own (12 MP, new bytes each time) and three foods; prints its id.
new_meal() {
  local photo="$data/photo-$RANDOM$RANDOM.jpg"
  vips gaussnoise "$photo" 4032 3024 --seed "$RANDOM" >/dev/null
  local location; location=$(post -F "_csrf=$token" -F "eaten_at=2026-03-09T19:30" -F "utc_offset=0" -F "notes=Pot for all" \
    -F "photo=@$photo;type=image/jpeg" "$base/meals")
  local meal; meal=$(echo "$location" | grep -o '/meals/[0-9]*' | grep -o '[0-9]*$')
  for grams in g100 g250 g500; do post -d "_csrf=$token&source=catalog:9040&amount=$grams" "$base/meals/$meal/foods" >/dev/null; done
  echo "$meal"
}
meal=$(new_meal)

# times PATTERN: server ms of the requests logged since $start whose method and path match.
times() { tail -n +"$((start + 1))" "$log" | grep -o " $1 [0-9]* [0-9.,]* ms" | awk '{gsub(",", "", $(NF-1)); print $(NF-1)}' | sort -n; }
summary() { awk '{v[NR]=$1} END {printf "%9.3f %9.3f", v[int((NR + 1) / 2)], v[int(NR * 0.9)]}'; }
printf "%-44s %9s %9s %10s\n" "request (signed in)" "p50 ms" "p90 ms" "p50/static"
static_p50=""
measure() {
  local label=$1 path=$2
  start=$(wc -l <"$log")
  for _ in $(seq 1 "$requests"); do curl -s -o /dev/null -H "$cookie" "$base$path"; done
  local line; line=$(times "GET [^ ]*" | summary)
  local p50; p50=$(echo "$line" | awk '{print $1}')
  [ -z "$static_p50" ] && static_p50=$p50
  printf "%-44s %s %9s\n" "$label" "$line" "$(awk -v a="$p50" -v b="$static_p50" 'BEGIN {printf "%.1f×", a / b}')"
}
pages() {
  measure "/my-foods ($1)" /my-foods
  measure "/recipes ($1)" /recipes
  measure "/meals/{id}/foods/new?q=bar ($1)" "/meals/$meal/foods/new?q=bar"
}
measure /static/css/app.css /static/css/app.css
measure "/foods?q=bar (the catalog alone)" "/foods?q=bar"
pages "nothing shared"
measure "/meals/{id}/share" "/meals/$meal/share"
measure "/meals/{id}" "/meals/$meal"
# Then each of the four shares 20 foods and 5 recipes of one ingredient each.
for person in "${people[@]}"; do
  sign_in "$person"
  for n in $(seq 1 20); do
    post -d "_csrf=$token&name=$person+bar+$n&serving_grams=40&energy_kcal=180&protein_g=4" "$base/my-foods" >/dev/null
    post -d "_csrf=$token&shared=1" "$base/my-foods/$n/household" >/dev/null
  done
  for n in $(seq 1 5); do
    post -d "_csrf=$token&name=$person+stew+$n&servings=4" "$base/recipes" >/dev/null
    post -d "_csrf=$token&source=catalog:9040&amount=g500" "$base/recipes/$n/ingredients" >/dev/null
    post -d "_csrf=$token&shared=1" "$base/recipes/$n/household" >/dev/null
  done
done

sign_in bench
pages "80 foods, 20 recipes shared by 4"

# share_with N: shares 10 new meals with the first N people; server ms of each share POST.
share_with() {
  local fields="" id
  for id in $(seq 2 $(($1 + 1))); do fields="$fields&servings_$id=1"; done
  local meals=() n
  for n in $(seq 1 10); do meals+=("$(new_meal)"); done
  start=$(wc -l <"$log")
  for n in "${meals[@]}"; do
    local form; form=$(curl -s -H "$cookie" "$base/meals/$n/share")
    local hidden; hidden=$(echo "$form" | grep -o 'name="\(share_key\|meal_version\)" value="[^"]*"' | sed 's/name="\([a-z_]*\)" value="\([^"]*\)"/\1=\2/' | paste -sd '&')
    case $(post -d "_csrf=$token&$hidden&own_servings=1$fields" "$base/meals/$n/share") in
      *notice=shared) ;;
      *) echo "sharing meal $n failed" >&2; exit 1 ;;
    esac
  done
  printf "%-44s %s\n" "POST share, photo + 3 foods, with $1" "$(times "POST /meals/[0-9]*/share" | summary)"
}
share_with 1
share_with 4
