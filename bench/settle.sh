#!/usr/bin/env bash
# Settles the deals a 60 s run leaves undecided, run by hand (not in CI):
#   bench/settle.sh BINARY PRESET FILE MEMORY_MB DEAL...
# e.g. bench/settle.sh build/addiction gaps bench/results/gaps-settled.jsonl 26000 14 21
# With TIME_LIMIT=S in the environment each deal stops at S seconds instead (the
# 60 s reruns of the deals a range left undecided: TIME_LIMIT=60 ... 1536 DEAL...).
# Runs bench/solve-bench.sh on each DEAL with no time limit and MEMORY_MB for its
# tables (from 6144 MB up, each table's entries keep the whole key and the table
# grows as far as the memory goes: README, "How the solver works"), so that a
# line it finds is replayed through the command line, and appends the deal's row
# to FILE as a JSON line: the fields of `solve --deals`, rss_mb (the process's
# peak resident memory) and, for a win, "replay" (how the replayed game ended:
# "won", or not). A deal FILE has a line for already is skipped, so an
# interrupted run goes on where it stopped. Give MEMORY_MB well below the
# machine's free memory: two tables of up to half of it each (gaps deal 152 took
# 16 GB resident at 26000).
set -euo pipefail
HERE=$(dirname "$(realpath "$0")")
BIN=$1
PRESET=$2
FILE=$3
MEMORY=$4
shift 4
touch "$FILE"
for deal in "$@"; do
  if [[ $(jq -s --argjson deal "$deal" 'any(.[]; .deal == $deal)' "$FILE") == true ]]; then
    echo "deal $deal: in $FILE already" >&2
    continue
  fi
  # solve-bench's columns: deal verdict moves shuffles positions seconds peak_mb replay rss_mb
  row=$("$HERE/solve-bench.sh" "$BIN" "$PRESET" "$deal-$deal" "${TIME_LIMIT:-0}" "$MEMORY" | grep -P "^$deal\t")
  line=$(jq -R -c --arg rules "$PRESET" 'split("\t") as [$deal, $verdict, $moves, $shuffles, $positions, $seconds, $peak, $replay, $rss]
    | {deal: ($deal | tonumber), rules: $rules, verdict: $verdict, moves: ($moves | tonumber),
       shuffles: ($shuffles | tonumber), positions: ($positions | tonumber), seconds: ($seconds | tonumber),
       peak_mb: ($peak | tonumber), rss_mb: ($rss | tonumber)}
    + (if $verdict == "won" then {replay: $replay} else {} end)' <<<"$row")
  printf '%s\n' "$line" >> "$FILE"
  jq -r '"deal \(.deal): \(.verdict), \(.positions) positions, \(.seconds) s, \(.rss_mb) MB resident\(if .replay then ", replay: " + .replay else "" end)"' <<<"$line" >&2
done
