#!/usr/bin/env bash
# What a hint costs: a fresh hint (no cache) on full-size deals, including the
# hardest shipped gaps deal; a hint that goes on with a cached plan; and the
# first hint after 30 own moves, without a cache and with an empty one. Run by
# hand, not in CI: times are this machine's.
#
#   bench/hint-bench.sh BINARY
set -u
BIN=$(realpath "$1")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Never the player's own game, record, notes or cache.
export ADDICTION_FILE="$WORK/game.toml" XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state" \
  XDG_DATA_HOME="$WORK/data" ADDICTION_RECORD="$WORK/record"
# timed WHAT CMD...: wall and user seconds, with hyperfine when installed.
timed() {
  local what=$1
  shift
  if command -v hyperfine >/dev/null; then
    hyperfine -N -r 5 --style none --export-json "$WORK/h.json" -- "$*" >/dev/null 2>&1
    printf '%-58s %s\n' "$what" "$(jq -r '.results[0] | "\(.mean*1000|floor) ms mean"' "$WORK/h.json")"
  else
    /usr/bin/time -f "%e s wall %U s user" -o "$WORK/t" "$@" >/dev/null 2>&1
    printf '%-58s %s\n' "$what" "$(cat "$WORK/t")"
  fi
}
# gaps 2 is the shipped gaps-hard.
for deal in "2 --rules gaps" "3 --rules gaps" "8 --rules gaps" "1" "36" "1 --rules montana"; do
  "$BIN" new $deal --force >/dev/null
  rm -rf "$XDG_CACHE_HOME"
  ADDICTION_CACHE=off timed "fresh hint, new $deal" "$BIN" hint
  ADDICTION_CACHE=off timed "fresh hint --peek, new $deal" "$BIN" hint --peek
  "$BIN" hint >/dev/null 2>&1
  # shellcheck disable=SC2046
  "$BIN" $("$BIN" hint 2>/dev/null) >/dev/null
  timed "continued hint (cached plan), new $deal" "$BIN" hint
  timed "show, for comparison" "$BIN" show
done
for deal in "1" "1 --rules montana" "5 --rules mini"; do
  "$BIN" new $deal --force >/dev/null
  for _ in $(seq 30); do
    action=$("$BIN" hint --all | grep '^move' | tail -n 1)
    [ -n "$action" ] || break
    # shellcheck disable=SC2086
    "$BIN" $action >/dev/null
  done
  rm -rf "$XDG_CACHE_HOME"
  ADDICTION_CACHE=off timed "first hint after 30 own moves, no cache, new $deal" "$BIN" hint
  rm -rf "$XDG_CACHE_HOME"
  timed "first hint after 30 own moves, empty cache, new $deal" "$BIN" hint
done
