#!/usr/bin/env bash
# The README's win-rate table from batch results:
#   bench/win-rate-table.sh RESULTS_DIR
# where RESULTS_DIR holds table-GAME-1-N.jsonl and table-GAME-fair-1-N.jsonl, each
# the stdout of `addiction solve --deals 1-N --rules GAME [--fair] ...` (gaps with
# --time-limit 60, the default limits of 60 s and 1536 MB a deal, as README says;
# the other first presets at --time-limit 10 --memory 2048, the rest of the family
# from bench/family-rates.sh).
# A row per game that has results, in the order `addiction rules` lists them. A
# rate counts undecided deals as lost; its 95% Wilson interval runs from the lower
# bound of that rate to the upper bound of the rate with undecided counted as won.
# A file cut short (a run still going) counts the deals it has.
# The row's game is the file name's, so each file's deal lines must say the same:
# that rule set with no settings of its own (not "custom", not changed by --ranks
# and the like), "fair" in the fair file only, no --no-shuffle. A file whose lines
# say otherwise is refused (exit 1) rather than shown under a name it is not.
# The fair column says the fair player's positions a phase (its budget, which
# makes the player); a file of more than one player is refused too.
set -euo pipefail
if [ $# -ne 1 ]; then
  echo "usage: bench/win-rate-table.sh RESULTS_DIR" >&2
  exit 2
fi
dir=$1
if [ ! -d "$dir" ]; then
  echo "bench/win-rate-table.sh: $dir: no such folder" >&2
  exit 1
fi
summarize() {  # FILE -> "deals won lost undecided first last"; a line cut short is skipped, a deal counted once
  jq -R -r -n '[inputs | fromjson? | select(has("deal"))] | unique_by(.deal)
    | [length, (map(select(.verdict == "won")) | length), (map(select(.verdict == "no-win")) | length),
       (.[0].deal // 0), (.[-1].deal // 0)]
    | "\(.[0]) \(.[1]) \(.[2]) \(.[0] - .[1] - .[2]) \(.[3]) \(.[4])"' "$1"
}
# deals COUNT FIRST LAST -> "1–1000", or "995 of 1–1000" where some are missing
deals() {
  if [ "$1" -eq $(($3 - $2 + 1)) ]; then echo "$2–$3"; else echo "$1 of $2–$3"; fi
}
# The file of the most deals where several are named for a game (ls -v: 1-2000 after 1-1000).
newest() { ls -v "$@" 2>/dev/null | tail -n 1; }
# check FILE GAME FAIR: exit 1 unless every deal line of FILE is GAME's own rules,
# fair exactly when FAIR is true, and not --no-shuffle.
check() {
  local what
  what=$(jq -R -r -n --arg game "$2" --argjson fair "$3" '[inputs | fromjson? | select(has("deal"))
      | select(.rules != $game or has("settings") or (.fair // false) != $fair or (.no_shuffle // false))
      | "\(.rules)\(if has("settings") then " with settings" else "" end)\(if .fair then ", fair" else "" end)\(if .no_shuffle then ", no shuffle" else "" end)"]
    | if length == 0 then empty else "\(length) deal lines say \(unique | join("; "))" end' "$1")
  if [ -n "$what" ]; then
    local named=$2
    if $3; then named="$2, fair"; fi
    echo "bench/win-rate-table.sh: ${1##*/} is named for $named, but $what; refusing it" >&2
    exit 1
  fi
}
# budget FILE -> the fair player's positions a phase, "1,000,000": its lines say
# (phase_positions), those from before they did are 300,000; exit 1 for a file
# that mixes players.
budget() {
  local budgets
  budgets=$(jq -R -r -n '[inputs | fromjson? | select(has("deal")) | (.phase_positions // 300000)] | unique
    | map(tostring) | join(" ")' "$1")
  if [ "$(wc -w <<<"$budgets")" != 1 ]; then
    echo "bench/win-rate-table.sh: ${1##*/} mixes fair players (positions a phase: $budgets); refusing it" >&2
    exit 1
  fi
  sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$budgets"
}
# rate DEALS WON UNDECIDED -> "R% (LOW–HIGH)", z = 1.96
rate() {
  awk -v n="$1" -v w="$2" -v u="$3" 'function bound(k, sign,   p, z, d, c, h) {
      z = 1.96; p = k / n; d = 1 + z * z / n; c = p + z * z / (2 * n)
      h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)); return 100 * (c + sign * h) / d }
    BEGIN { if (n == 0) { printf "—"; exit } printf "%.1f%% (%.1f–%.1f)", 100 * w / n, bound(w, -1), bound(w + u, 1) }'
}
rows=()
for game in gaps addiction montana mini spaces blue-moon red-moon galary moonlight jungle spaces-and-aces; do
  f=$(newest "$dir"/table-"$game"-1-*.jsonl) || true
  [ -n "$f" ] && [ -s "$f" ] || continue
  check "$f" "$game" false
  read -r n w l u first last < <(summarize "$f")
  fair="—"
  fair_rate="— (no shuffles)"
  ff=$(newest "$dir"/table-"$game"-fair-1-*.jsonl) || true
  if [ -n "$ff" ] && [ -s "$ff" ]; then
    check "$ff" "$game" true
    read -r fn fw fl fu _ _ < <(summarize "$ff")
    phase=$(budget "$ff") || exit 1
    fair="$fw / $fl / $fu (of $fn; $phase a phase)"
    fair_rate=$(rate "$fn" "$fw" "$fu")
  elif [ "$game" != gaps ] && [ "$game" != spaces-and-aces ]; then
    fair="not run"
    fair_rate="not run"
  fi
  rows+=("| \`$game\` | $(deals "$n" "$first" "$last") | $w | $l | $u | $(rate "$n" "$w" "$u") | $fair | $fair_rate |")
done
# No row is no table: a wrong folder should not pass for an empty study.
if [ ${#rows[@]} -eq 0 ]; then
  echo "bench/win-rate-table.sh: no results in $dir (no non-empty table-GAME-1-N.jsonl of a known game)" >&2
  exit 1
fi
echo "| game | deals | won | proven no win | undecided | win rate (95% interval) | fair player: won / lost / undecided | fair win rate (95% interval) |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
