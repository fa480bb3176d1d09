#!/usr/bin/env bash
# Playing through the command line: new, show, move, shuffle, undo, redo, hint.
source "$(dirname "$0")/lib.sh" "$1"

FOUR_FROM_WON=MAPBgC7IglCJhxECXFjxbFhvqPhQBBsnHBPGgYYz # each King one slot right of its Queen's gap
STUCK=MAPBgC7IglCJqtGZY49JrY-2H8LzwXN7C_z1S4ZG         # every gap right of a King
TWO_SWAP=MALya5xC9UcVuduxmFtWp4Kk0lSSGmXAFAAAAAAM      # 2S must move from b1 to a1

# Without a game, every command but new says how to start one.
for cmd in show "move 6D c7" shuffle undo redo hint; do
  expect 1 "$cmd without a game" $cmd
  contains "$err" "addiction new" "$cmd without a game"
  one_line "$err" "$cmd without a game"
done
[ -z "$(find "$WORK" -name '*.lock')" ] && ok || bad "a refused command left a lock file"

# Usage errors exit 2 with one line.
expect 2 "no subcommand" ; one_line "$err" "no subcommand"
expect 2 "unknown subcommand" fly
expect 2 "move without a card" move
expect 2 "bad option value" new --rules nonsense
expect 2 "too many ranks" new --ranks 14
expect 0 "help" --help
contains "$out" "shuffle" "help lists subcommands"
expect 0 "version" --version

# A new game from a deal number.
expect 0 "new 1" new 1
contains "$out" "deal 1" "new prints the deal"
contains "$out" "T♣" "the board uses suit symbols"
[ -s "$ADDICTION_FILE" ] && ok || bad "new wrote no file"
expect 0 "new over a game with no actions needs no --force" new 2
expect 0 "new 1 again" new 1
addiction move 5S b9 >/dev/null
refused 1 "new over a game in progress" new 2
contains "$err" "--force" "new refusal says how"
contains "$err" "(deal 1, 1 action)" "one action, singular"
expect 0 "new --force" new --force 1
expect 0 "show" show
contains "$out" "deal code MCLrh219Quh_0pfsbvaAlLlHXP9ulkUx3sO-fYRC" "show prints the deal code"
contains "$out" "3 shuffles left, 0 moves made, 3 legal moves: playing" "status line"
width=$(addiction show --ascii | awk '{ if (length($0) > w) w = length($0) } END { print w }')
[ "$width" -le 80 ] && ok || bad "board is $width columns wide"
expect 0 "ascii" show --ascii
contains "$out" "TC" "ascii board"
[[ "$out" != *"♣"* ]] && ok || bad "ascii board has symbols"
expect 0 "colour always" show --color always
contains "$out" $'\e[' "colour escape codes"
expect 0 "colour auto off a terminal" show
[[ "$out" != *$'\e['* ]] && ok || bad "colour on a pipe"
out=$(NO_COLOR=1 "$BIN" show --color auto)
[[ "$out" != *$'\e['* ]] && ok || bad "NO_COLOR ignored"

# Refused moves: exit 1, one line naming the problem, file byte-identical.
refused 1 "illegal move" move 6D
contains "$err" "6D cannot move: the slot right of 5D (d7) holds 4C" "why a move is illegal"
# A suit with a variation selector (U+FE0F, as phones write it) is the suit.
refused 1 "a card with an emoji suit" move "$(printf '6\u2666\ufe0f')"
contains "$err" "6D cannot move: the slot right of 5D (d7) holds 4C" "a card with an emoji suit is read"
refused 1 "move to a non-gap" move 5S a1
contains "$err" "a1 is not a gap (it holds TC)" "non-gap named"
refused 1 "not a card" move 1Z
refused 1 "not a slot" move 5S z9
refused 1 "an ace" move AH
refused 1 "nothing to undo" undo
refused 1 "nothing to redo" redo
refused 2 "undo zero" undo 0
contains "$err" "count: '0' is not a number from 1 to 1000000, nor 'all'" "undo zero"

# Legal moves, several spellings.
expect 0 "move with slot" move 5S b9
expect 0 "undo" undo
expect 0 "move lower case, no slot" move 5s
expect 0 "move with symbol" move 4♠ d3
grep -q "'move 5S b9'" "$ADDICTION_FILE" && grep -q "'move 4S d3'" "$ADDICTION_FILE" && ok || bad "history recorded"

# show --json: the keys scripts rely on, in order, and legal == hint --all.
expect 0 "json" show --json
jq_is "$out" keys_unsorted \
  '["rules","deal","code","rows","placed","shuffles_left","shuffles_spent","moves","actions","status","legal","history","redo"]' "json keys"
jq_is "$out" .rules '{"preset":"addiction","ranks":13,"shuffles":3,"redeal":"random","fill_from_right":false,"aces":"removed","fill":"same-suit-next","right_fills_first_column":true}' "json rules"
jq_is "$out" .deal '"1"' "json deal"
jq_is "$out" '[.rows[] | length]' '[13,13,13,13]' "json rows"
jq_is "$out" '[.rows[][] | select(. == null)] | length' 4 "json gaps are null"
jq_is "$out" .shuffles_left 3 "json shuffles_left"
jq_is "$out" .status '"playing"' "json status"
json_legal=$(printf '%s' "$out" | jq -r '.legal[]')
all=$(addiction hint --all)
[ -n "$json_legal" ] && [ "$json_legal" == "$all" ] && ok || bad "json legal differs from hint --all: $json_legal vs $all"
expect 0 "json at 0" show --json --at 0
jq_is "$out" .actions 0 "show --at 0"
refused 1 "show --at past the end" show --at 9
refused 2 "show --at a word" show --at x
[ "$err" = "addiction: --at: 'x' is not a whole number, 0 or more (try 'addiction show --help')" ] && ok ||
  bad "show --at a word: $err"
refused 2 "show --at -1" show --at -1
contains "$err" "--at: '-1' is not a whole number, 0 or more" "show --at -1"

# Shuffles: undo keeps them spent, redo brings back the same cards.
expect 0 "shuffle" shuffle
contains "$out" "2 shuffles left" "a shuffle is spent"
after_shuffle=$(addiction show --json)
expect 0 "undo shuffle" undo
contains "$out" "2 shuffles left" "undo does not refund a shuffle"
# show --at: the position now is the game (its undone shuffle spent); a past
# one says how to get back to it, not "your move".
expect 0 "show --at now" show --at 2
contains "$out" "2 shuffles left" "show --at now: the undone shuffle stays spent"
contains "$out" "your move:" "show --at now: the game's advice"
expect 0 "show --at a past position" show --at 1
contains "$out" "a past position, after 1 of 2 actions: 'addiction undo 1' goes back to it (with 2 shuffles left: an undone shuffle stays spent)" "show --at a past position"
[[ "$out" != *"your move"* ]] && ok || bad "show --at a past position: no 'your move' for it: $out"
expect 0 "redo shuffle" redo
[ "$(addiction show --json)" == "$after_shuffle" ] && ok || bad "redo gave another shuffle"
expect 0 "undo 3" undo 3
contains "$out" "0 moves made" "undo N"
expect 0 "redo 2" redo 2
contains "$out" "2 moves made" "redo N"
expect 0 "redo past what there is redoes all there is" redo 5
[ "$err" = "addiction: note: only 1 action to redo; redid it" ] && ok || bad "redo too many: note: $err"
jq_is "$(addiction show --json)" '[.actions, .redo]' '[3,0]' "redo too many"
refused 1 "nothing left to redo" redo
expect 0 "undo all" undo all
[ -z "$err" ] && ok || bad "undo all: no note wanted: $err"
jq_is "$(addiction show --json)" '[.actions, .redo, (.history | length)]' '[0,3,0]' "undo all"
expect 0 "redo 99 redoes all there is" redo 99
[ "$err" = "addiction: note: only 3 actions to redo; redid them all" ] && ok || bad "redo 99: note: $err"
expect 0 "undo 2" undo 2
expect 0 "redo ALL, in any case as cards are" redo ALL
[ -z "$err" ] && ok || bad "redo ALL: no note wanted: $err"
jq_is "$(addiction show --json)" '[.actions, .redo]' '[3,0]' "redo ALL redid all"
expect 0 "undo 2" undo 2
expect 0 "redo all" redo all
jq_is "$(addiction show --json)" '[.actions, .redo]' '[3,0]' "redo all"
refused 2 "undo a word" undo some
contains "$err" "count: 'some' is not a number from 1 to 1000000, nor 'all'" "undo a word"
refused 2 "redo a fraction" redo 1.5
contains "$err" "count: '1.5' is not a number from 1 to 1000000, nor 'all'" "redo a fraction"
expect 0 "shuffle 2" shuffle
expect 0 "shuffle 3" shuffle
refused 1 "no shuffle left" shuffle
contains "$err" "no shuffle left (3 used)" "shuffle refusal"

# A scripted win, one command per move, then a won game refuses actions.
expect 0 "new from a code" new --force $FOUR_FROM_WON
for m in "KC a12" "KD b12" "KH c12"; do expect 0 "move $m" move $m; done
expect 0 "winning move" move KS d12
contains "$out" "won" "win reported"
expect 0 "show won" show
contains "$out" "won in 4 moves" "advice for a won game"
refused 1 "move after the win" move KS d13
refused 1 "shuffle after the win" shuffle
refused 1 "hint after the win" hint
contains "$err" "won" "hint on a won game"
expect 0 "new after a won game needs no force" new 3

# addiction $(addiction hint) plays until the game is won.
expect 0 "new two-swap" new --force $TWO_SWAP
for i in 1 2 3 4 5; do
  [ "$(addiction show --json | jq -r .status)" == won ] && break
  addiction $(addiction hint) >/dev/null || bad "hint did not play"
done
expect 0 "show after hints" show --json
jq_is "$out" .status '"won"' "hints win the two-swap deal"
jq_is "$out" .moves 2 "in two moves"

# Stuck and lost.
expect 0 "stuck" new --force $STUCK
contains "$out" "stuck" "stuck status"
expect 0 "show stuck" show
contains "$out" "no moves: shuffle (3 left)" "stuck advice"
run hint
[ "$out" == "shuffle" ] && ok || bad "hint when stuck: $out"
expect 0 "lost" new --force --rules gaps $STUCK
contains "$out" "lost" "lost status"
refused 1 "hint when lost" hint
refused 1 "shuffle under gaps rules" shuffle
contains "$err" "no shuffles" "gaps has no shuffles"

# Presets and options are stored.
expect 0 "mini" new --force --rules mini 5
grep -q "ranks = 7" "$ADDICTION_FILE" && grep -q "redeal = 'after-run'" "$ADDICTION_FILE" && ok || bad "mini rules"
expect 0 "custom" new --force --rules mini --fill-from-right --shuffles 4 5
grep -q "preset = 'custom'" "$ADDICTION_FILE" && grep -q "fill_from_right = true" "$ADDICTION_FILE" && ok || bad "custom rules"
expect 2 "code with the wrong ranks" new --force --rules addiction GCEvif8N1Q-EwJcSr9h
contains "$err" "--rules addiction asks for 13 ranks but the deal code GCEvif8N1Q-EwJcSr9h is for 7" "ranks mismatch named"
expect 0 "random deal" new --force
contains "$out" "new game: deal " "random deal number printed"

# Global options after the subcommand, and -f.
expect 0 "file option" new -f "$WORK/other.toml" 7
[ -s "$WORK/other.toml" ] && ok || bad "-f ignored"
expect 0 "show -f after subcommand" show --ascii -f "$WORK/other.toml"
contains "$out" "deal 7" "-f after the subcommand"

# Standard output that cannot be written (a full disk: /dev/full; a closed
# descriptor) is an error, exit 1 and one line, not a silent exit 0: a short
# output sits in stdio's buffer until the end, a long one fails on the way.
if [ -w /dev/full ]; then
  for args in "show" "show --json" "hint" "export --format svg" "rules" "--help"; do
    # shellcheck disable=SC2086
    "$BIN" $args >/dev/full 2>"$WORK/.err" && status=0 || status=$?
    err=$(<"$WORK/.err")
    [ "$status" -eq 1 ] && ok || bad "$args >/dev/full: exit $status, wanted 1"
    contains "$err" "addiction: cannot write to standard output: No space left on device" "$args >/dev/full: the message"
  done
else
  bad "/dev/full is missing: standard output's errors are not checked"
fi
for args in "show" "--no-record hint" "--no-record solve"; do
  # shellcheck disable=SC2086
  "$BIN" $args >&- 2>"$WORK/.err" && status=0 || status=$?
  [ "$status" -eq 1 ] && ok || bad "$args with standard output closed: exit $status, wanted 1"
  # hint and solve said their own line (the hint's, the verdict) before the error.
  one_line "$(<"$WORK/.err")" "$args with standard output closed"
done

# Standard error that cannot be written loses the message, never the command's
# work nor its exit status: fmt threw there, and the program aborted (134) after
# a hint had gone nowhere and a refused move had been reported as a crash.
cp "$ADDICTION_FILE" "$WORK/.stderr-game"
for closed in "2>&-" "2>/dev/full"; do
  [ "$closed" = "2>/dev/full" ] && [ ! -w /dev/full ] && continue
  eval '"$BIN" nosuchcommand '"$closed" && status=0 || status=$?
  [ "$status" -eq 2 ] && ok || bad "a usage error with $closed: exit $status, wanted 2"
  eval '"$BIN" move KS a1 '"$closed" && status=0 || status=$?
  [ "$status" -eq 1 ] && ok || bad "a refused move with $closed: exit $status, wanted 1"
  same_file "$WORK/.stderr-game" "$ADDICTION_FILE" "a refused move with $closed (file unchanged)"
  action=$(eval '"$BIN" --no-record hint '"$closed") && status=0 || status=$?
  [ "$status" -eq 0 ] && [[ $action == move* || $action == shuffle ]] && ok ||
    bad "hint with $closed: exit $status, wanted 0 and the action on stdout: '$action'"
  eval '"$BIN" solve --deals 1-2 --rules mini >"$WORK/.lines" '"$closed" && status=0 || status=$?
  [ "$status" -eq 0 ] && ok || bad "solve --deals with $closed: exit $status, wanted 0"
  [ "$(grep -c '"deal"' "$WORK/.lines")" -eq 2 ] && ok || bad "solve --deals with $closed: not 2 lines: $(<"$WORK/.lines")"
done

# Default location follows XDG_STATE_HOME.
(unset ADDICTION_FILE; "$BIN" new 8 >/dev/null) && [ -s "$XDG_STATE_HOME/addiction/game.toml" ] && ok || bad "XDG_STATE_HOME location"

finish
