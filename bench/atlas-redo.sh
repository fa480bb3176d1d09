#!/usr/bin/env bash
# Solves the undecided deals of the atlas's exact cells again, with a newer
# solver, and puts each new line in place of the old one:
#   bench/atlas-redo.sh BINARY RESULTS_DIR [POSITIONS]
# e.g. nice bench/atlas-redo.sh build/addiction bench/results/atlas
#
# The cells and the budget are bench/atlas.sh's (POSITIONS: 20000000 unless
# given; ATLAS_RANKS and ATLAS_SHUFFLES narrow the run), so a cell stays one
# study: every deal solved with the same rules and budget, some by a later
# release. A deal's line is replaced as soon as it is solved, through a temporary
# file and a rename, so a run cut short keeps what it did and the next run
# goes on with the deals still undecided. The cell's summary line described the
# first run and is dropped: bench/atlas-table.sh counts the deal lines.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: bench/atlas-redo.sh BINARY RESULTS_DIR [POSITIONS]" >&2
  exit 2
fi
BIN=$(realpath "$1")
DIR=$2
POSITIONS=${3:-20000000}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export ADDICTION_RECORD="$WORK/record" XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state" XDG_DATA_HOME="$WORK/data"

for ranks in ${ATLAS_RANKS:-4 5 6 7 8 9 10 11 12 13}; do
  for shuffles in ${ATLAS_SHUFFLES:-0 1 2 3}; do
    styles="random after-run"
    [ "$shuffles" = 0 ] && styles=random
    for redeal in $styles; do
      file="$DIR/r$ranks-s$shuffles-$redeal-exact.jsonl"
      [ -s "$file" ] || continue
      for deal in $(jq -R -r 'fromjson? | select(.verdict? == "undecided") | .deal' "$file"); do
        echo "# ${file##*/}: deal $deal" >&2
        line=$("$BIN" solve --deals "$deal-$deal" --rules addiction --ranks "$ranks" --shuffles "$shuffles" \
          --redeal "$redeal" --time-limit 0 --jobs 1 --positions "$POSITIONS" | jq -R -r 'select((fromjson? // {}) | has("deal"))')
        [ -n "$line" ] || { echo "bench/atlas-redo.sh: no line for deal $deal of ${file##*/}" >&2; exit 1; }
        # Beside the cell, so that the rename replaces it in one step.
        next=$(mktemp "$DIR/.redo.XXXXXX")
        # Lines as solve printed them (jq would write some numbers differently).
        jq -R -r --arg line "$line" --argjson deal "$deal" \
          '. as $text | (fromjson? // {}) | select(has("deal")) | if .deal == $deal then $line else $text end' \
          "$file" >"$next" || { rm -f "$next"; exit 1; }
        chmod --reference="$file" "$next"
        mv "$next" "$file"
      done
    done
  done
done
