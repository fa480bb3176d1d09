#!/usr/bin/env bash
# The README's win-rate table from batch results:
#   bench/win-rate-table.sh RESULTS_DIR
# where RESULTS_DIR holds table-GAME-1-N.jsonl and table-GAME-fair-1-N.jsonl, each
# the stdout of `addiction solve --deals 1-N --rules GAME [--fair] ...` (gaps with
# --time-limit 0 --positions 75000000, the other first presets at --time-limit 10,
# the rest of the family from bench/family-rates.sh).
# A row per game that has results, in the order `addiction rules` lists them. A
# rate counts undecided deals as lost; its 95% Wilson interval runs from the lower
# bound of that rate to the upper bound of the rate with undecided counted as won.
# A file cut short (a run still going) counts the deals it has.
set -euo pipefail
dir=$1
summarize() {  # FILE -> "deals won lost undecided"; a line cut short is skipped, a deal counted once
  jq -R -r -n '[inputs | fromjson? | select(has("deal"))] | unique_by(.deal) | map(.verdict)
    | [length, (map(select(. == "won")) | length), (map(select(. == "no-win")) | length)]
    | "\(.[0]) \(.[1]) \(.[2]) \(.[0] - .[1] - .[2])"' "$1"
}
# rate DEALS WON UNDECIDED -> "R% (LOW–HIGH)", z = 1.96
rate() {
  awk -v n="$1" -v w="$2" -v u="$3" 'function bound(k, sign,   p, z, d, c, h) {
      z = 1.96; p = k / n; d = 1 + z * z / n; c = p + z * z / (2 * n)
      h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)); return 100 * (c + sign * h) / d }
    BEGIN { if (n == 0) { printf "—"; exit } printf "%.1f%% (%.1f–%.1f)", 100 * w / n, bound(w, -1), bound(w + u, 1) }'
}
echo "| game | deals | won | proven no win | undecided | win rate (95% interval) | fair player: won / lost / undecided | fair win rate (95% interval) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for game in gaps addiction montana mini spaces blue-moon red-moon galary moonlight jungle spaces-and-aces; do
  f=$(ls "$dir"/table-"$game"-1-*.jsonl 2>/dev/null | head -n 1) || true
  [ -n "$f" ] && [ -s "$f" ] || continue
  read -r n w l u < <(summarize "$f")
  fair="—"
  fair_rate="— (no shuffles)"
  ff=$(ls "$dir"/table-"$game"-fair-1-*.jsonl 2>/dev/null | head -n 1) || true
  if [ -n "$ff" ] && [ -s "$ff" ]; then
    read -r fn fw fl fu < <(summarize "$ff")
    fair="$fw / $fl / $fu (of $fn)"
    fair_rate=$(rate "$fn" "$fw" "$fu")
  elif [ "$game" != gaps ] && [ "$game" != spaces-and-aces ]; then
    fair="not run"
    fair_rate="not run"
  fi
  echo "| \`$game\` | 1–$n | $w | $l | $u | $(rate "$n" "$w" "$u") | $fair | $fair_rate |"
done
