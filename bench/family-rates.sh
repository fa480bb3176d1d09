#!/usr/bin/env bash
# Win rates of the Montana family, run by hand (not in CI), resumable:
#   bench/family-rates.sh BINARY DIR [DEALS=1000] [POSITIONS=2000000] [GAMES...]
# For each game (default: the seven of the family past the four presets) it solves
# deals 1 to DEALS twice, exactly (seeded shuffles) and with --fair (not for a game
# without shuffles, where the fair player is the exact one with less budget), into
# DIR/table-GAME-1-DEALS.jsonl and DIR/table-GAME-fair-1-DEALS.jsonl. Limits are in
# positions (POSITIONS a deal for the exact solver; the fair player keeps its own
# budgets), never in seconds, so the counts are the same on any machine under any
# load; run it again to go on where it stopped. bench/win-rate-table.sh prints the
# table. Run it under `nice` on a shared machine; JOBS=N solves N deals at once
# (one thread each, the same answers).
set -euo pipefail
BIN=$(realpath "$1")
DIR=$2
DEALS=${3:-1000}
POSITIONS=${4:-2000000}
shift $(($# < 4 ? $# : 4))
GAMES=${*:-spaces blue-moon red-moon galary moonlight jungle spaces-and-aces}
mkdir -p "$DIR"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# The games it solves are not the player's: keep them out of the real record and cache.
export ADDICTION_RECORD="$WORK/record" XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state" XDG_DATA_HOME="$WORK/data"

run() {  # FILE SOLVE-OPTIONS...: extend FILE with the deals it lacks
  local file=$1
  shift
  touch "$file"
  "$BIN" solve "$@" --jobs "${JOBS:-1}" --time-limit 0 --resume "$file" | grep -v '"summary"' >>"$file" || true
}
# In stages (100 deals of every game, then all DEALS), so that a run cut short has
# every game in the table.
for stage in 100 "$DEALS"; do
  [ "$stage" -le "$DEALS" ] || continue
  for game in $GAMES; do
    run "$DIR/table-$game-1-$DEALS.jsonl" --deals "1-$stage" --rules "$game" --positions "$POSITIONS"
    # Without shuffles the fair player is the exact one with a smaller budget: not run.
    if [ "$("$BIN" rules "$game" --json | jq .rules.shuffles)" -gt 0 ]; then
      run "$DIR/table-$game-fair-1-$DEALS.jsonl" --deals "1-$stage" --rules "$game" --fair
    fi
    echo "$game: deals 1-$stage done" >&2
  done
done
