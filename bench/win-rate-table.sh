#!/usr/bin/env bash
# The README's win-rate table from batch results:
#   bench/win-rate-table.sh RESULTS_DIR
# where RESULTS_DIR holds table-PRESET-1-1000.jsonl and table-PRESET-fair-1-1000.jsonl,
# each the stdout of `addiction solve --deals 1-1000 --rules PRESET [--fair] --time-limit 10`.
# A file cut short (a run still going) counts the deals it has.
set -euo pipefail
dir=$1
summarize() {  # FILE -> "deals won lost undecided"; a line cut short is skipped
  jq -R -r -n '[inputs | fromjson? | select(has("deal")) | .verdict]
    | [length, (map(select(. == "won")) | length), (map(select(. == "no-win")) | length)]
    | "\(.[0]) \(.[1]) \(.[2]) \(.[0] - .[1] - .[2])"' "$1"
}
pct() { awk -v a="$1" -v n="$2" 'BEGIN { if (n > 0) printf "%.1f%%", 100 * a / n; else printf "-" }'; }
echo "| preset | deals | won | proven no win | undecided | win rate (undecided as lost – as won) | fair player: won / lost / undecided | fair win rate (as lost – as won) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
for preset in gaps addiction montana mini; do
  f="$dir/table-$preset-1-1000.jsonl"
  [ -s "$f" ] || continue
  read -r n w l u < <(summarize "$f")
  fair="—"
  fair_rate="— (no shuffles)"
  [ "$preset" = gaps ] || { fair="not run"; fair_rate="not run"; }
  ff="$dir/table-$preset-fair-1-1000.jsonl"
  if [ -s "$ff" ]; then
    read -r fn fw fl fu < <(summarize "$ff")
    fair="$fw / $fl / $fu (of $fn)"
    fair_rate="$(pct "$fw" "$fn") – $(pct $((fw + fu)) "$fn")"
  fi
  echo "| \`$preset\` | 1–$n | $w | $l | $u | $(pct "$w" "$n") – $(pct $((w + u)) "$n") | $fair | $fair_rate |"
done
