#!/usr/bin/env bash
# The win-rate atlas's tables and chart, from the files bench/atlas.sh writes:
#   bench/atlas-table.sh RESULTS_DIR [SVG_FILE]
# Prints one Markdown table per player (exact, fair): ranks down, shuffles and
# redeal style across. A cell is the win rate with undecided deals counted as
# lost, its 95% Wilson interval (from the lower end of the undecided-as-lost
# rate to the upper end of the undecided-as-won rate), the undecided count
# when there are any, and the deals when fewer than in the fullest cell. A file cut short (a run still going)
# counts the deals it has; a cell not run yet is "—".
# With SVG_FILE it also draws the fair win rate against ranks, one line per
# shuffle count and redeal style, with the intervals as error bars (gnuplot,
# Debian package gnuplot-nox).
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: bench/atlas-table.sh RESULTS_DIR [SVG_FILE]" >&2
  exit 2
fi
dir=$1
svg=${2:-}
ranks="4 5 6 7 8 9 10 11 12 13"
columns="0:random 1:random 1:after-run 2:random 2:after-run 3:random 3:after-run"

# counts FILE -> "deals won undecided"; lines cut short and summaries are skipped,
# and a deal solved twice (a resumed run that redid a torn line) counts once.
counts() {
  jq -R -r -n '[inputs | fromjson? | select(has("deal"))] | unique_by(.deal) | map(.verdict)
    | "\(length) \(map(select(. == "won")) | length) \(map(select(. == "undecided")) | length)"' "$1"
}

# wilson DEALS WON UNDECIDED -> "rate low high" in percent: the rate counts
# undecided as lost; low is the Wilson lower bound of that rate, high the upper
# bound of the rate with undecided counted as won (z = 1.96, 95%).
wilson() {
  awk -v n="$1" -v w="$2" -v u="$3" 'function lo(k) { return bound(k, -1) }
    function hi(k) { return bound(k, 1) }
    function bound(k, sign,   p, z, d, c, h) {
      z = 1.96; p = k / n; d = 1 + z * z / n; c = p + z * z / (2 * n)
      h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)); return 100 * (c + sign * h) / d }
    BEGIN { printf "%.1f %.1f %.1f\n", 100 * w / n, lo(w), hi(w + u) }'
}

cell() {  # RANKS SHUFFLES REDEAL PLAYER -> the table cell
  local f="$dir/r$1-s$2-$3-$4.jsonl" n w u rate low high
  [ -s "$f" ] || { echo "—"; return; }
  read -r n w u < <(counts "$f")
  [ "$n" -gt 0 ] || { echo "—"; return; }
  read -r rate low high < <(wilson "$n" "$w" "$u")
  local text="$rate ($low–$high)"
  [ "$u" = 0 ] || text="$text, $u undecided"
  [ "$n" = "$most" ] || text="$text [of $n]"
  echo "$text"
}

# The deals in the fullest cell; a cell with fewer says so.
most=0
for f in "$dir"/r*-s*-*.jsonl; do
  [ -s "$f" ] || continue
  read -r n _ _ < <(counts "$f")
  [ "$n" -le "$most" ] || most=$n
done
echo "Win rate in percent (undecided deals as lost), its 95% Wilson interval (undecided as lost to undecided as won), $most deals a cell unless a cell says [of N]."
for player in exact fair; do
  echo
  if [ "$player" = exact ]; then
    echo "Exact (seeded: the solver knows what each shuffle brings; an upper bound for any player):"
  else
    echo "Fair (\`solve --fair\`: never looks at a shuffle's outcome; a lower bound for the best fair player):"
  fi
  echo
  header="| ranks"
  rule="| ---"
  for c in $columns; do
    s=${c%%:*}
    style=${c#*:}
    if [ "$s" = 0 ]; then header="$header | no shuffle"; else header="$header | $s, $style"; fi
    rule="$rule | ---"
  done
  echo "$header |"
  echo "$rule |"
  for r in $ranks; do
    line="| $r"
    for c in $columns; do line="$line | $(cell "$r" "${c%%:*}" "${c#*:}" "$player")"; done
    echo "$line |"
  done
done

[ -n "$svg" ] || exit 0
if ! command -v gnuplot >/dev/null; then
  echo "atlas-table.sh: gnuplot is missing (apt-get install gnuplot-nox): no chart drawn" >&2
  exit 1
fi
data=$(mktemp)
trap 'rm -f "$data"' EXIT
# One gnuplot data block per line of the chart: ranks, rate, low, high.
plots=()
block=0
for c in $columns; do
  s=${c%%:*}
  style=${c#*:}
  {
    for r in $ranks; do
      f="$dir/r$r-s$s-$style-fair.jsonl"
      [ -s "$f" ] || continue
      read -r n w u < <(counts "$f")
      [ "$n" -gt 0 ] || continue
      read -r rate low high < <(wilson "$n" "$w" "$u")
      echo "$r $rate $low $high"
    done
    printf '\n\n'
  } >>"$data"
  if [ "$s" = 0 ]; then title="no shuffle"; else title="$s shuffle$([ "$s" = 1 ] || echo s), $style"; fi
  dash=1
  [ "$style" = after-run ] && dash=2
  # Each line a little to the side of the others, so that the error bars stay apart.
  offset=$(awk -v b="$block" 'BEGIN { printf "%.2f", (b - 3) * 0.06 }')
  plots+=("'$data' index $block using (\$1 + $offset):2:3:4 with yerrorlines lc $((s + 1)) dt $dash pt 7 ps 0.6 title '$title'")
  block=$((block + 1))
done
IFS=,
gnuplot <<EOF
set terminal svg size 800,500 dynamic font "sans,13" background "white"
set output '$svg'
set title "Fair win rate by size of game (4 rows; 95% Wilson intervals)"
set xlabel "ranks per suit (cards per row)"
set ylabel "games won by solve --fair (%)"
set xrange [3.5:13.5]
set xtics 4,1,13
set yrange [0:100]
set grid ytics
set key outside right center
plot ${plots[*]}
EOF
echo "chart: $svg" >&2
