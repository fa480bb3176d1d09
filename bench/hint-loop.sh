#!/usr/bin/env bash
# The long form of tests/e2e/test_hint.sh: hint loops through the command line,
# `addiction $(addiction hint)` until the game ends, on deals FROM-TO of each
# preset, checked step by step. Run by hand, not in CI.
#
#   bench/hint-loop.sh BINARY [FROM-TO] [PRESET...]   (default 1-20, every preset)
#
# One line per deal (preset, deal, actions, status, repeats, broken lines,
# where the first line was found), then per preset: deals, loops won, loops
# that found a line (all of them must win), repeats seen (must be 0), broken
# lines (must be 0), actions played and wall time.
set -u
if [ $# -lt 1 ]; then
  echo "usage: bench/hint-loop.sh BINARY [FROM-TO] [PRESET...]" >&2
  exit 2
fi
BIN=$(realpath "$1")
RANGE=${2:-1-20}
shift $(($# < 2 ? $# : 2))
PRESETS=("$@")
[ ${#PRESETS[@]} -eq 0 ] && PRESETS=(gaps mini addiction montana)
HERE=$(cd "$(dirname "$0")" && pwd)
# The loop itself is the e2e test's (one copy of the checks), so this runs from
# the source tree only: say so in one line rather than fail on each use of it.
LOOP="$HERE/../tests/e2e/hint_loop.sh"
if [ ! -r "$LOOP" ]; then
  echo "bench/hint-loop.sh: needs tests/e2e/hint_loop.sh of the source tree, not found at $(realpath -m "$LOOP")" >&2
  exit 2
fi
# shellcheck source=SCRIPTDIR/../tests/e2e/hint_loop.sh
. "$LOOP"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Never the player's own game, record, notes or cache.
export ADDICTION_FILE="$WORK/game.toml" XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state" \
  XDG_DATA_HOME="$WORK/data" ADDICTION_RECORD="$WORK/record"
failed=0
for preset in "${PRESETS[@]}"; do
  deals=0 won=0 lines=0 lines_won=0 repeats=0 broken=0 actions=0
  SECONDS=0
  for deal in $(seq "${RANGE%-*}" "${RANGE#*-}"); do
    hint_loop "$BIN" "$deal" --rules "$preset"
    printf '%s\t%s\t%s actions\t%s\trepeats %s\tbroken %s\tline at %s\n' "$preset" "$deal" "$loop_actions" \
      "$loop_status" "$loop_repeats" "$loop_broken" "$loop_line_at"
    deals=$((deals + 1))
    [ "$loop_status" = won ] && won=$((won + 1))
    if [ "$loop_line_at" -ge 0 ]; then
      lines=$((lines + 1))
      [ "$loop_status" = won ] && lines_won=$((lines_won + 1))
    fi
    repeats=$((repeats + loop_repeats))
    actions=$((actions + loop_actions))
    broken=$((broken + loop_broken))
  done
  echo "$preset: $deals deals, $won loops won, $lines found a line ($lines_won of them won), $repeats repeats, $broken broken lines; $actions actions in $SECONDS s"
  [ "$repeats" -eq 0 ] && [ "$broken" -eq 0 ] && [ "$lines" -eq "$lines_won" ] || failed=1
done
exit $failed
