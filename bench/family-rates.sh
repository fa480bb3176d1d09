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
# (one thread each, the same answers). Ctrl-C stops the whole run (not just the
# phase it is in) with every finished deal's line kept; the exit status is then
# not 0.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: bench/family-rates.sh BINARY DIR [DEALS] [POSITIONS] [GAMES...]" >&2
  exit 2
fi
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

# Ctrl-C reaches the whole process group: solve stops and writes what it has, and
# bash runs this once solve is done, so nothing goes on to the next phase.
trap 'echo "bench/family-rates.sh: interrupted; the finished deals are kept, run it again to go on" >&2; exit 130' INT
trap 'echo "bench/family-rates.sh: terminated; the finished deals are kept, run it again to go on" >&2; exit 143' TERM

run() {  # FILE SOLVE-OPTIONS...: extend FILE with the deals it lacks
  local file=$1 status=0 filter=0
  shift
  touch "$file"
  # A line torn by a kill (of this script, or of the machine) is ended first, or
  # the next line would be glued to it and that deal lost from the study (solve
  # does this itself only when its standard output is the file).
  if [ -s "$file" ] && [ -n "$(tail -c 1 "$file")" ]; then echo >>"$file"; fi
  # The summary line is left out of the file. The filter writes each line as it
  # comes (not in 4 KB blocks) and ignores the stop signals, so it reads to the end
  # of what solve writes after a Ctrl-C: no finished line is lost or torn. grep's
  # own 1 means only that there was no deal line (nothing left to solve). solve reads
  # FILE (--resume) before it writes a line, so appending to it here is safe.
  # shellcheck disable=SC2094
  "$BIN" solve "$@" --jobs "${JOBS:-1}" --time-limit 0 --resume "$file" |
    (trap '' INT TERM HUP; exec grep --line-buffered -v '"summary"') >>"$file" ||
    { status=${PIPESTATUS[0]} filter=${PIPESTATUS[1]}; }
  if [ "$filter" -gt 1 ]; then
    echo "bench/family-rates.sh: grep failed ($filter) on ${file##*/}; stopping" >&2
    exit 1
  fi
  # 4 is a solve stopped by SIGINT or SIGTERM, 128+N one killed by signal N, anything
  # else an error (its message above): the run stops there in every case.
  if [ "$status" = 4 ] || [ "$status" -gt 128 ]; then
    echo "bench/family-rates.sh: solve interrupted ($status) in ${file##*/}; the finished deals are kept, run it again to go on" >&2
    exit "$status"
  elif [ "$status" != 0 ]; then
    echo "bench/family-rates.sh: solve failed ($status) on ${file##*/}; stopping" >&2
    exit "$status"
  fi
}
# In stages (100 deals of every game, then all DEALS), so that a run cut short has
# every game in the table; DEALS of 100 or fewer is one stage.
stages=$((DEALS < 100 ? DEALS : 100))
[ "$DEALS" -le 100 ] || stages="$stages $DEALS"
for stage in $stages; do
  for game in $GAMES; do
    run "$DIR/table-$game-1-$DEALS.jsonl" --deals "1-$stage" --rules "$game" --positions "$POSITIONS"
    # Without shuffles the fair player is the exact one with a smaller budget: not run.
    if [ "$("$BIN" rules "$game" --json | jq .rules.shuffles)" -gt 0 ]; then
      run "$DIR/table-$game-fair-1-$DEALS.jsonl" --deals "1-$stage" --rules "$game" --fair
    fi
    echo "$game: deals 1-$stage done" >&2
  done
done
