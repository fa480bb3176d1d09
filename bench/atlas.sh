#!/usr/bin/env bash
# The win-rate atlas, run by hand (not in CI): how the chance of winning moves
# with the size of the game and the number of shuffles.
#   bench/atlas.sh [--redo] BINARY RESULTS_DIR [DEALS] [POSITIONS]
# e.g. nice bench/atlas.sh build/addiction bench/results/atlas 200
#
# One cell per ranks (4 to 13, 4 rows) x shuffles (0 to 3) x redeal style
# (random, after-run; one cell for 0 shuffles, where they do not differ) x
# player (exact: the seeded solver, which knows what each shuffle brings;
# fair: `solve --fair`, which never looks). Each cell is one file
# RESULTS_DIR/r{RANKS}-s{SHUFFLES}-{REDEAL}-{exact|fair}.jsonl, the output of
# `addiction solve --deals 1-DEALS ...` (DEALS: 200 unless given).
#
# Deterministic, whatever the machine or its load: the exact solver stops after
# POSITIONS stored positions per deal (20000000 unless given; such a deal is
# undecided), the fair player its own budgets (`solve --fair`: 1000000
# positions a phase, 300000 in the last; the shipped cells are this player's,
# and `solve --resume` refuses to extend a cell with another), or with
# ATLAS_FAIR_POSITIONS=N N in every phase (`--positions N`; 300000 is the
# player of before 2026-11-29), and no clock limit applies (--time-limit 0).
#
# Resumable: a cell's file is extended with --resume, so a run cut short (Ctrl-C,
# a kill, the end of a session) goes on where it stopped, and a larger DEALS
# later adds deals to every cell. ATLAS_PLAYERS ("exact fair"), ATLAS_RANKS
# ("4 ... 13"), ATLAS_SHUFFLES ("0 1 2 3") and ATLAS_JOBS (1) narrow or widen a
# run. bench/atlas-table.sh prints the table and draws the chart.
#
# --redo solves the exact cells' undecided deals again (a newer solver, the same
# POSITIONS), each new line put in place of the old one through a file beside
# the cell and a rename as soon as it is there, so a run cut short keeps what it
# did; a cell's summary lines, which described its first run, are dropped
# (bench/atlas-table.sh counts the deal lines).
set -euo pipefail
REDO=false
if [ "${1:-}" = --redo ]; then
  REDO=true
  shift
fi
if [ $# -lt 2 ]; then
  echo "usage: bench/atlas.sh [--redo] BINARY RESULTS_DIR [DEALS] [POSITIONS]" >&2
  exit 2
fi
BIN=$(realpath "$1")
DIR=$2
DEALS=${3:-200}
POSITIONS=${4:-20000000}
mkdir -p "$DIR"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Batch solving touches no game file, but keep the player's record, notes and cache out of reach anyway.
export ADDICTION_RECORD="$WORK/record" XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state" XDG_DATA_HOME="$WORK/data"

# redo FILE SOLVE_ARGS...: the cell's undecided deals again, one at a time.
redo() {
  local file=$1 deal line next
  shift
  for deal in $(jq -R -r 'fromjson? | select(.verdict? == "undecided") | .deal' "$file"); do
    echo "# ${file##*/}: deal $deal again" >&2
    line=$("$BIN" "$@" --deals "$deal-$deal" | jq -R -r 'select((fromjson? // {}) | has("deal"))')
    [ -n "$line" ] || { echo "bench/atlas.sh: no line for deal $deal of ${file##*/}" >&2; exit 1; }
    next=$(mktemp "$DIR/.redo.XXXXXX")
    # The lines as solve printed them (jq would write some numbers differently).
    jq -R -r --arg line "$line" --argjson deal "$deal" \
      '. as $text | (fromjson? // {}) | select(has("deal")) | if .deal == $deal then $line else $text end' \
      "$file" >"$next" || { rm -f "$next"; exit 1; }
    chmod --reference="$file" "$next"
    mv "$next" "$file"
  done
}

for player in ${ATLAS_PLAYERS:-exact fair}; do
  for ranks in ${ATLAS_RANKS:-4 5 6 7 8 9 10 11 12 13}; do
    for shuffles in ${ATLAS_SHUFFLES:-0 1 2 3}; do
      styles="random after-run"
      [ "$shuffles" = 0 ] && styles=random
      for redeal in $styles; do
        file="$DIR/r$ranks-s$shuffles-$redeal-$player.jsonl"
        args=(solve --rules addiction --ranks "$ranks" --shuffles "$shuffles" --redeal "$redeal"
          --time-limit 0 --jobs "${ATLAS_JOBS:-1}")
        if [ "$player" = fair ]; then
          args+=(--fair)
          [ -n "${ATLAS_FAIR_POSITIONS:-}" ] && args+=(--positions "$ATLAS_FAIR_POSITIONS")
        else
          args+=(--positions "$POSITIONS")
        fi
        if $REDO; then
          [ "$player" = exact ] && [ -s "$file" ] && redo "$file" "${args[@]}"
          continue
        fi
        args+=(--deals "1-$DEALS")
        touch "$file"
        echo "# ${file##*/}: ${args[*]}" >&2
        # Exit 4 is a run stopped by Ctrl-C: its lines are kept, and the atlas stops there.
        status=0
        "$BIN" "${args[@]}" --resume "$file" >>"$file" || status=$?
        [ "$status" = 0 ] || exit "$status"
      done
    done
  done
done
