#!/usr/bin/env bash
# Fails on any synchronous GRDB call in Sources/ that does not end with `// sync: start-up only`
# (a command, or start-up before the server listens) or `// sync: own thread` (work that only ever
# runs on a thread of its own, `offTheCooperativePool`, as backups do).
# One such call on a request path holds one of the few threads that run every request while it
# waits for a connection, and a crowd of them froze the whole server. Async calls (`try await
# writer.read { … }`) and calls on the `db` a transaction hands over are fine.
# Called by scripts/test.sh; `--self-test` shows it catching each form it exists to catch.
set -euo pipefail
cd "$(dirname "$0")/.."

methods='read|write|unsafeRead|unsafeReentrantRead|unsafeReentrantWrite|writeWithoutTransaction|barrierWriteWithoutTransaction|inDatabase|inTransaction|readOneStatement'
# `try writer.read {`, `try read {`, `try pool.writeWithoutTransaction {`, `try writer.read(body)`,
# `try database.writer.read(Queries.days)` — but not `try handle.read(upToCount: 8)` nor `try Progress.read(db)`.
pattern="\\btry[?!]?\\s+(?!db\\.)([A-Za-z_]\\w*(\\([^()]*\\))?\\.)*($methods)\\s*(\\{|\\(\\s*\\{|\\(\\s*(?!db\\s*\\))[A-Za-z_][\\w.]*\\s*\\))"

find_sync_calls() {
  grep -rnP --include='*.swift' "$pattern" "$@" | grep -v 'await' | grep -vE '// sync: (start-up only|own thread)$' || true
}

if [ "${1:-}" = --self-test ]; then
  sample=$(mktemp -d)
  trap 'rm -rf "$sample"' EXIT
  cat >"$sample/Sample.swift" <<'SWIFT'
let a = try writer.read { db in 1 }
let b = try read { db in 2 }
try pool.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
let c = try database.writer.read(Queries.days)
let d = try catalog.writer.write({ db in 3 })
let ok1 = try await writer.read { db in 1 }
let ok2 = try handle.read(upToCount: 64)
let ok3 = try Progress.read(db)
let e = try writer.read { db in try Progress.read(db) }
try db.inTransaction { .commit }
let ok4 = try writer.read { db in 1 } // sync: start-up only
let ok5 = try queue.inDatabase(body) // sync: own thread
let f = try queue.inDatabase(body) // sync: start-up only, or so I think
SWIFT
  found=$(find_sync_calls "$sample" | wc -l)
  [ "$found" -eq 7 ] || { echo "check-sync-database self-test: found $found of the 7 synchronous calls" >&2; find_sync_calls "$sample" >&2; exit 1; }
  echo "check-sync-database self-test: ok"
  exit 0
fi

calls=$(find_sync_calls Sources)
if [ -n "$calls" ]; then
  echo "$calls"
  echo "check-sync-database: $(printf '%s\n' "$calls" | wc -l) synchronous database calls in Sources/." >&2
  echo "Use GRDB's async read/write (try await …); a call that must stay synchronous ends with // sync: start-up only (a command, start-up before the server listens) or // sync: own thread (only ever run by offTheCooperativePool)" >&2
  exit 1
fi
echo "check-sync-database: no synchronous database call outside start-up and commands"
