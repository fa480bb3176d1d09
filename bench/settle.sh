#!/usr/bin/env bash
# Settles the deals a 60 s run leaves undecided, run by hand (not in CI):
#   bench/settle.sh BINARY PRESET FILE MEMORY_MB DEAL...
# e.g. bench/settle.sh build/addiction gaps bench/results/gaps-settled.jsonl 26000 14 21
# Solves each DEAL with `solve --deals DEAL-DEAL`, no time limit and MEMORY_MB for
# its tables (from 6144 MB up, each table's entries keep the whole key and the
# table grows as far as the memory goes: README, "How the solver works"), and
# appends its JSON line to FILE with rss_mb, the process's peak resident memory.
# A won deal is then solved again by bench/solve-bench.sh, which replays the line
# through the command line: "replay" says how the game ended ("won" or not). A
# deal FILE has a line for already is skipped, so an interrupted run goes on
# where it stopped. Give MEMORY_MB well below the machine's free memory: two
# tables of up to half of it each (gaps deal 152 took 16 GB resident at 26000).
set -euo pipefail
HERE=$(dirname "$(realpath "$0")")
BIN=$(realpath "$1")
PRESET=$2
FILE=$3
MEMORY=$4
shift 4
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# The games it plays are not the player's: keep them out of the real record, state and cache.
export ADDICTION_RECORD="$WORK/record" XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state" XDG_DATA_HOME="$WORK/data"
touch "$FILE"
for deal in "$@"; do
  if [[ $(jq -s --argjson deal "$deal" 'any(.[]; .deal == $deal)' "$FILE") == true ]]; then
    echo "deal $deal: in $FILE already" >&2
    continue
  fi
  # /usr/bin/time (Debian package time) gives the process's peak resident memory.
  line=$(/usr/bin/time -f %M -o "$WORK/rss" "$BIN" solve --deals "$deal-$deal" --rules "$PRESET" \
    --time-limit 0 --memory "$MEMORY" 2>/dev/null | jq -c 'select(.summary != true)')
  line=$(jq -c --argjson kb "$(tail -n 1 "$WORK/rss")" '. + {rss_mb: ($kb / 1024 * 10 | round / 10)}' <<<"$line")
  if [[ $(jq -r .verdict <<<"$line") == won ]]; then
    replay=$("$HERE/solve-bench.sh" "$BIN" "$PRESET" "$deal-$deal" 0 "$MEMORY" | grep -P "^$deal\t" | cut -f 8)
    line=$(jq -c --arg replay "$replay" '. + {replay: $replay}' <<<"$line")
  fi
  printf '%s\n' "$line" >> "$FILE"
  jq -r '"deal \(.deal): \(.verdict), \(.positions) positions, \(.seconds) s, \(.rss_mb) MB resident\(if .replay then ", replay: " + .replay else "" end)"' <<<"$line" >&2
done
