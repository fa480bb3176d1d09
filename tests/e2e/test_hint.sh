#!/usr/bin/env bash
# addiction hint through the command line: hint loops never repeat a position
# and, once they find a winning line, win; the same hints with and without the
# cache; fair hints do not depend on the deal's seed; solve --fair from a game
# in progress reports what the hints play; --json, --peek, stderr.
# bench/hint-loop.sh is the long form.
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
. "$HERE/hint_loop.sh"

# check_loop WHAT MUST-END NEW-ARGS...: one hint loop, both properties.
check_loop() {
  local what=$1 must_end=$2
  shift 2
  hint_loop "$BIN" "$@"
  [ "$loop_repeats" -eq 0 ] && ok || bad "$what: $loop_repeats positions repeated in $loop_actions actions"
  [ "$loop_broken" -eq 0 ] && ok || bad "$what: $loop_broken hints left a winning line"
  # A loop cut short (MUST-END no) may still be on its way along the line.
  if [ "$loop_line_at" -ge 0 ] && [ "$must_end" = yes ]; then
    [ "$loop_status" = won ] && ok || bad "$what: a line was found at action $loop_line_at but the loop ended $loop_status"
  fi
  if [ "$must_end" = yes ]; then
    [ "$loop_status" != playing ] || [[ "$("$BIN" hint 2>&1 >/dev/null)" = "addiction: no move leads anywhere new: each one goes back to an earlier position ('addiction"*" undo' to try another line, or 'addiction"*" solve', whose line may pass through them)" ]] &&
      ok || bad "$what: the loop stopped while playing"
  fi
}

# CI plays small deals to the end (a gaps one below, with solve --fair) and the
# issue's deals (gaps 3 and 8 cycled, addiction 36 repeated a position after
# 57 actions) for 20 actions;
# bench/hint-loop.sh plays 20 deals of every preset to the end. The sanitizer
# build sets ADDICTION_TEST_SHORT=1: each property checked once, shorter loops.
if [ "${ADDICTION_TEST_SHORT:-0}" = 1 ]; then
  most=3 cache_most=4 seed_steps=6 short=yes
else
  most=20 cache_most=10 seed_steps=20 short=no
fi
HINT_LOOP_MOST=$most check_loop "gaps 3 ($most actions)" no 3 --rules gaps
[ "$loop_line_at" -eq 0 ] && ok || bad "gaps 3: no line found at the start"
HINT_LOOP_MOST=$most check_loop "gaps 8 ($most actions)" no 8 --rules gaps
HINT_LOOP_MOST=$most check_loop "addiction 36 ($most actions)" no 36
HINT_LOOP_MOST=$most check_loop "montana 2 ($most actions)" no 2 --rules montana
# A guess, a shuffle, then a line found and followed to the win.
check_loop "mini 2 of 5 ranks" yes 2 --rules mini --ranks 5
[ "$loop_line_at" -gt 0 ] && [ "$loop_status" = won ] && ok ||
  bad "mini 2 of 5 ranks: line at $loop_line_at, ended $loop_status"
end_deal=(2 --rules mini --ranks 5)
if [ $short = no ]; then
  check_loop "mini 1" yes 1 --rules mini
  end_deal=(1 --rules mini)
fi

# The loop the man page shows ends by itself, where the checked loop ended.
addiction new "${end_deal[@]}" --force >/dev/null
while addiction $(addiction hint 2>/dev/null) >/dev/null 2>&1; do :; done
run show --json
jq_is "$out" .status "\"$loop_status\"" "the plain loop on ${end_deal[*]}"

# solve --fair from a game in progress reports the line that following hints
# from there plays: after own moves (the last legal one) and followed hints,
# through the history's plan and its positions to avoid.
fair_from_here() {
  local what=$1 step action verdict line
  shift
  addiction new "$@" --force >/dev/null
  for step in own hint own own; do
    if [ $step = own ]; then action=$(addiction hint --all | grep '^move' | tail -n 1); else action=$(addiction hint 2>/dev/null); fi
    [ -n "$action" ] && addiction $action >/dev/null
  done
  run solve --fair --json --time-limit 0
  verdict=$(jq -r .verdict <<<"$out")
  line=$(jq -r '.line[]' <<<"$out")
  hint_loop "$BIN"
  [ "$loop_repeats" -eq 0 ] && ok || bad "$what: $loop_repeats positions repeated"
  if [ "$verdict" = won ]; then
    [ "$loop_played" = "$line"$'\n' ] && [ "$loop_status" = won ] && ok ||
      bad "$what: solve --fair won in $(wc -l <<<"$line") actions, the hints played $loop_actions and ended $loop_status"
  else
    [[ $loop_played == "$line"* ]] && ok || bad "$what: the hints did not play solve --fair's line ($verdict)"
  fi
}
fair_from_here "mini 3 of 5 ranks in progress" 3 --rules mini --ranks 5
if [ $short = no ]; then
  fair_from_here "gaps 2 of 6 ranks in progress" 2 --rules gaps --ranks 6
  fair_from_here "montana 2 of 6 ranks in progress" 2 --rules montana --ranks 6
  fair_from_here "mini 4 in progress" 4 --rules mini
fi

# The same hints without the cache, and with a damaged one.
export HINT_LOOP_MOST=$cache_most
hint_loop "$BIN" 3 --rules mini
cached=$loop_played
ADDICTION_CACHE=off hint_loop "$BIN" 3 --rules mini
[ "$loop_played" = "$cached" ] && ok || bad "hints differ without the cache"
for entry in "$XDG_CACHE_HOME"/addiction/plans/*.plan; do printf 'not a plan\n' >"$entry"; done
hint_loop "$BIN" 3 --rules mini
[ "$loop_played" = "$cached" ] && ok || bad "hints differ with a damaged cache"
unset HINT_LOOP_MOST
# After own moves the walk meets its deviations: still the same with and without.
addiction new 5 --rules mini --force >/dev/null
for i in 1 2 3 4; do addiction $(addiction hint --all | grep '^move' | tail -1) >/dev/null; done
with=$(addiction hint 2>&1)
without=$(ADDICTION_CACHE=off addiction hint 2>&1)
[ "$with" = "$without" ] && ok || bad "after own moves: '$with' with the cache, '$without' without"

# Before a shuffle the hint places what can be placed: a shuffle keeps the
# placed cards. Here no win follows by moves alone (a dead end at the start),
# and the hint had been "shuffle" with four 2s free to go to the row starts.
addiction new 5 --rules blue-moon --force >/dev/null
addiction shuffle >/dev/null
run hint
[ "$out" = "move 2C a2" ] && ok || bad "a hint before a shuffle places a card first: $out ($err)"
contains "$err" "moves to the most cards placed, then shuffle" "the hint says where it goes"

# Fair by construction: deal 4 by number and by code (other shuffle seeds) get
# the same hints (up to and including the first shuffle: the unit tests check
# all of that on smaller deals; here the first $seed_steps actions).
addiction new 4 --force >/dev/null
code=$(addiction show --json | jq -r .code)
cp "$ADDICTION_FILE" "$WORK/by_number.toml"
addiction new "$code" --force >/dev/null
cp "$ADDICTION_FILE" "$WORK/by_code.toml"
same=yes
for step in $(seq "$seed_steps"); do
  a=$(addiction -f "$WORK/by_number.toml" hint 2>/dev/null)
  b=$(addiction -f "$WORK/by_code.toml" hint 2>/dev/null)
  if [ "$a" != "$b" ]; then same="no: '$a' and '$b' at action $step"; break; fi
  [ -z "$a" ] && break
  addiction -f "$WORK/by_number.toml" $a >/dev/null
  addiction -f "$WORK/by_code.toml" $b >/dev/null
  [ "$a" = shuffle ] && break
done
[ "$same" = yes ] && ok || bad "deal by number and by code: $same"

# --json: the keys in order; stdout one action; stderr one line; the file unchanged.
addiction new 3 --rules gaps --force >/dev/null
cp "$ADDICTION_FILE" "$WORK/before.toml"
expect 0 "hint --json" hint --json
jq_is "$out" keys_unsorted '["action","kind","actions_left"]' "hint --json keys"
jq_is "$out" .kind '"line"' "gaps 3 hint kind"
[ "$(jq -r .actions_left <<<"$out")" -gt 0 ] && ok || bad "actions_left: $out"
expect 0 "hint" hint
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && ok || bad "stdout is not one action: $out"
one_line "$err" "hint's stderr"
contains "$err" "a winning line" "hint says it follows a line"
expect 0 "hint --peek" hint --peek
same_file "$WORK/before.toml" "$ADDICTION_FILE" "hint leaves the game file"
addiction new 2 --rules gaps --force >/dev/null
expect 0 "hint with no line in the budget" hint --json
jq_is "$out" '[.kind, .actions_left]' '["guess",null]' "hint with no line"

# The cache goes under XDG_CACHE_HOME, else ~/.cache; a relative XDG_CACHE_HOME is ignored.
[ -n "$(ls "$XDG_CACHE_HOME/addiction/plans")" ] && ok || bad "no plans cached in XDG_CACHE_HOME"
addiction new 1 --rules mini --ranks 5 --force >/dev/null  # a quick search
(export HOME="$WORK/home" XDG_CACHE_HOME=relative; addiction hint >/dev/null 2>&1)
[ -d "$WORK/home/.cache/addiction/plans" ] && [ ! -e relative ] && ok || bad "relative XDG_CACHE_HOME not ignored"
(export HOME="$WORK/home2" ADDICTION_CACHE=off; unset XDG_CACHE_HOME; addiction hint >/dev/null 2>&1)
[ ! -e "$WORK/home2/.cache" ] && ok || bad "ADDICTION_CACHE=off still wrote a cache"
# A value that is neither on nor off is refused, not taken for on.
ADDICTION_CACHE=OFF refused 1 "ADDICTION_CACHE=OFF" hint
[ "$err" = "addiction: ADDICTION_CACHE must be 'on' or 'off', not 'OFF'" ] && ok || bad "ADDICTION_CACHE=OFF: $err"
ADDICTION_CACHE=on expect 0 "ADDICTION_CACHE=on" hint

# Every move goes back to an earlier position, where solve still wins: the hint
# says so and where to go (it said only "no move leads anywhere new").
addiction new 6 --rules gaps --ranks 4 --fill-from-right --force >/dev/null
for m in "3H a2" "2C c3" "2C d1" "2C c3" "3S d1" "4D b4" "2D c1" "2S b1" "3D c2" "3S b2" "2S d1" "2H b1" "3D b3" \
  "2S a1" "3D c2" "2D d1" "2D c1" "3S d1" "3D b3" "2D b2" "2D c1" "3H b2" "3H a2"; do
  addiction move $m >/dev/null 2>&1 || bad "the moves to a position with nowhere new: move $m"
done
refused 1 "a hint with nowhere new to go" hint
contains "$err" "no move leads anywhere new: each one goes back to an earlier position" "nowhere new: the message"
contains "$err" "undo' to try another line, or 'addiction solve'" "nowhere new: the way on"
expect 0 "solve wins where the hints found nowhere new" solve

finish
