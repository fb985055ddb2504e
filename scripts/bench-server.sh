# Sourced by the benchmarks that talk to a running server: makes the bench user, starts the release
# build on a data directory, signs in as the bench user a browser's way, and makes an access token.
#   bench_user DATA_DIR [--owner] adds the bench user (needs $bin), before the server starts
#   bench_serve DATA_DIR         starts `fooddiary serve`, sets $pid and $base (needs $bin and $work)
#   bench_sign_in                signs in as bench, sets $jar (the cookies) and $csrf (of /account)
#   bench_token                  prints a new token that may read and write (never on a command line after)

bench_password='sardines on toast 1234'

bench_user() {
  printf '%s\n' "$bench_password" | "$bin" user add bench "${@:2}" --data-dir "$1" >/dev/null
}

bench_serve() {
  mkdir -p "$work/no-fdc"
  # No FoodData Central folder: a branded import in the background would share the two cores.
  "$bin" serve --port 0 --data-dir "$1" --fdc-dir "$work/no-fdc" --fdc-base-url http://127.0.0.1:9/fdc --off-base-url http://127.0.0.1:9 >"$work/serve.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 300); do grep -q "ready at" "$work/serve.log" && break; sleep 0.1; done
  base=$(grep -o "http://127.0.0.1:[0-9]*" "$work/serve.log" | head -1)
}

bench_sign_in() {
  jar="$work/cookies"
  curl -s -c "$jar" -o /dev/null "$base/signin"
  csrf=$(awk '$6 == "fooddiary_csrf" {print $7}' "$jar")
  curl -s -b "$jar" -c "$jar" -o /dev/null -d "name=bench&_csrf=$csrf" --data-urlencode "password=$bench_password" "$base/signin"
  csrf=$(curl -s -b "$jar" "$base/account" | grep -o 'name="_csrf" value="[^"]*"' | head -1 | sed 's/.*value="//; s/"$//')
}

bench_token() {
  # A token is a way in: made with the (bench's throwaway) password typed again.
  curl -s -b "$jar" -d "name=bench&access=write&_csrf=$csrf" --data-urlencode "current_password=$bench_password" "$base/account/tokens" \
    | grep -o 'fdt_[A-Za-z0-9_-]\{43\}' | head -1
}
