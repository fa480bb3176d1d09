#!/usr/bin/env bash
# The solver benchmark, run by hand (not in CI):
#   bench/solve-bench.sh BINARY PRESET FROM-TO [TIME_LIMIT_S] [MEMORY_MB] [POSITIONS]
# e.g. bench/solve-bench.sh build/addiction gaps 1-100 60
# With POSITIONS each deal stops after storing that many positions instead of at
# the time limit (pass 0 for TIME_LIMIT_S): the same verdicts on any machine under
# any load, where a time limit gives fewer on a busy one.
# For each deal it starts a game, runs `solve --json` with the limits, and replays
# any line it prints through the command line, one `addiction move ...` or
# `addiction shuffle` at a time, checking that the game ends won. Prints one
# tab-separated line per deal, then a summary: decided, median and p90 seconds,
# peak memory (the solver's own count, and the process's resident peak),
# positions per second (all positions over all seconds). Run it under `nice` on a shared machine.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: bench/solve-bench.sh BINARY PRESET FROM-TO [TIME_LIMIT_S] [MEMORY_MB] [POSITIONS]" >&2
  exit 2
fi
BIN=$(realpath "$1")
PRESET=$2
RANGE=$3
LIMIT=${4:-60}
MEMORY=${5:-1536}
POSITIONS=${6:-}
FROM=${RANGE%-*}
TO=${RANGE#*-}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export ADDICTION_FILE="$WORK/game.toml"
# The games it plays are not the player's: keep them out of the real record, state and cache.
export ADDICTION_RECORD="$WORK/record" XDG_CACHE_HOME="$WORK/cache" XDG_STATE_HOME="$WORK/state" XDG_DATA_HOME="$WORK/data"

# field KEY JSON: the value, empty when the key or the JSON is missing (a crash, say).
field() { jq -r --arg key "$1" '.[$key] // empty' <<<"$2" 2>/dev/null || true; }

printf 'deal\tverdict\tmoves\tshuffles\tpositions\tseconds\tpeak_mb\treplay\trss_mb\n'
for ((deal = FROM; deal <= TO; deal++)); do
  "$BIN" new "$deal" --rules "$PRESET" --force >/dev/null
  # /usr/bin/time (Debian package time) gives the process's peak resident memory.
  json=$(/usr/bin/time -f %M -o "$WORK/rss" "$BIN" solve --json --time-limit "$LIMIT" --memory "$MEMORY" \
    ${POSITIONS:+--positions "$POSITIONS"}) || true
  rss=$(tail -n 1 "$WORK/rss" | awk '{ printf "%.1f", $1 / 1024 }')
  verdict=$(field verdict "$json")
  replay=-
  if [ "$verdict" = won ]; then
    # The line's actions, one a line, straight from the JSON array.
    jq -r '.line[]' <<<"$json" >"$WORK/line"
    replay=failed
    if while read -r action; do "$BIN" $action >/dev/null || exit 1; done <"$WORK/line"; then
      [ "$("$BIN" show --json | jq -r .status)" = won ] && replay=won
    fi
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$deal" "$verdict" "$(field moves "$json")" "$(field shuffles "$json")" \
    "$(field positions "$json")" "$(field seconds "$json")" "$(field peak_mb "$json")" "$replay" "$rss"
done | tee "$WORK/table"

awk -F'\t' -v preset="$PRESET" -v range="$RANGE" -v limit="$LIMIT s${POSITIONS:+, $POSITIONS positions}" '
  { n++; secs[n] = $6; pos += $5; total += $6; if ($7 > peak) peak = $7; if ($9 > rss) rss = $9
    if ($2 == "won") won++; else if ($2 == "no-win") lost++; else undecided++
    if ($8 == "failed") failed++ }
  END {
    # nearest-rank percentiles
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (secs[j] < secs[i]) { t = secs[i]; secs[i] = secs[j]; secs[j] = t }
    m = int(n * 0.5); if (m < n * 0.5) m++; p = int(n * 0.9); if (p < n * 0.9) p++
    f = "# %s deals %s, limit %s: %d deal" (n == 1 ? "" : "s") ", %d decided (%d won, %d proven no win), %d undecided; "
    f = f "median %.3f s, p90 %.3f s; peak %.1f MB in the table, %.1f MB resident; %.0f positions/s; lines failing to replay: %d\n"
    printf f, preset, range, limit, n, won + lost, won, lost, undecided, secs[m], secs[p], peak, rss,
           (total > 0 ? pos / total : 0), failed + 0
  }' "$WORK/table"
