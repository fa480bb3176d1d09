#!/usr/bin/env bash
# addiction hint through the command line: hint loops never repeat a position
# and, once they find a winning line, win; the same hints with and without the
# cache; fair hints do not depend on the deal's seed; --json, --peek, stderr.
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
    [ "$loop_status" != playing ] || [ "$("$BIN" hint 2>&1 >/dev/null)" = "addiction: no move leads anywhere new" ] &&
      ok || bad "$what: the loop stopped while playing"
  fi
}

# The deals of the issue: gaps 3 and 8 cycled, addiction 36 repeated a position
# after 57 actions. CI plays gaps 3 and mini 1 to the end and the others for
# 20 actions; bench/hint-loop.sh plays 20 deals of every preset to the end.
check_loop "gaps 3" yes 3 --rules gaps
[ "$loop_status" = won ] && ok || bad "gaps 3: the loop ended $loop_status"
HINT_LOOP_MOST=20 check_loop "gaps 8 (20 actions)" no 8 --rules gaps
HINT_LOOP_MOST=20 check_loop "addiction 36 (20 actions)" no 36
HINT_LOOP_MOST=20 check_loop "montana 2 (20 actions)" no 2 --rules montana
check_loop "mini 1" yes 1 --rules mini

# The loop the man page shows ends by itself, where the checked loop ended.
addiction new 1 --rules mini --force >/dev/null
while addiction $(addiction hint 2>/dev/null) >/dev/null 2>&1; do :; done
run show --json
jq_is "$out" .status "\"$loop_status\"" "the plain loop on mini 1"

# The same hints without the cache, and with a damaged one.
export HINT_LOOP_MOST=15
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

# Fair by construction: deal 4 by number and by code (other shuffle seeds) get
# the same hints (up to and including the first shuffle: its plan is long, so
# the unit tests check that part on smaller deals; here 30 actions).
addiction new 4 --force >/dev/null
code=$(addiction show --json | jq -r .code)
cp "$ADDICTION_FILE" "$WORK/by_number.toml"
addiction new "$code" --force >/dev/null
cp "$ADDICTION_FILE" "$WORK/by_code.toml"
same=yes
for step in $(seq 30); do
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
(export HOME="$WORK/home" XDG_CACHE_HOME=relative; addiction hint >/dev/null 2>&1)
[ -d "$WORK/home/.cache/addiction/plans" ] && [ ! -e relative ] && ok || bad "relative XDG_CACHE_HOME not ignored"
(export HOME="$WORK/home2" ADDICTION_CACHE=off; unset XDG_CACHE_HOME; addiction hint >/dev/null 2>&1)
[ ! -e "$WORK/home2/.cache" ] && ok || bad "ADDICTION_CACHE=off still wrote a cache"

finish
