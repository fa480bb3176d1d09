#!/usr/bin/env bash
# Every word is heard or refused: mistyped commands, help, undo past the start,
# new over finished games, rule options on archived deals, round trips of shown
# boards, quoting in messages, and text that follows the terminal.
source "$(dirname "$0")/lib.sh" "$1"

# A mistyped command says which, and what was meant.
refused 2 "mvoe" mvoe 5S
[ "$err" = "addiction: unknown command 'mvoe'; did you mean 'move'?" ] && ok || bad "mvoe: $err"
refused 2 "sho" sho
[ "$err" = "addiction: unknown command 'sho'; did you mean 'show'?" ] && ok || bad "sho: $err"
refused 2 "no near command" xyzzy
[ "$err" = "addiction: unknown command 'xyzzy' (try 'addiction help')" ] && ok || bad "xyzzy: $err"
expect 0 "help" help
contains "$out" "Usage: addiction" "help prints the help"
contains "$out" "Subcommands:" "help lists the commands, not help's own options"
expect 0 "help new" help new
contains "$out" "--fill-from-right" "help new prints new's help"
refused 2 "help of a typo" help nwe
contains "$err" "did you mean 'new'?" "help of a typo"
# A mistyped option too, in the command's options or the program's; words left
# over are quoted in the order given (CLI11 listed them last first).
refused 2 "--colour" --colour never show
[ "$err" = "addiction: unknown option '--colour'; did you mean '--color'? (try 'addiction show --help')" ] && ok || bad "--colour: $err"
refused 2 "--tim-limit=5" solve --tim-limit=5
[ "$err" = "addiction: unknown option '--tim-limit'; did you mean '--time-limit'? (try 'addiction solve --help')" ] && ok ||
  bad "--tim-limit: $err"
refused 2 "-x" show -x
[ "$err" = "addiction: unknown option '-x' (try 'addiction show --help')" ] && ok || bad "-x: $err"
# An unknown option comes before a missing argument (it said "card is required").
refused 2 "move with an unknown option alone" move --foo
[ "$err" = "addiction: unknown option '--foo' (try 'addiction move --help')" ] && ok || bad "move --foo: $err"
refused 2 "move with nothing" move
[ "$err" = "addiction: card is required (try 'addiction move --help')" ] && ok || bad "move: $err"
refused 2 "two words over" show one two
[ "$err" = "addiction: unexpected arguments: 'one' 'two' (try 'addiction show --help')" ] && ok || bad "one two: $err"
refused 2 "an option's name after --" show -- --json
[ "$err" = "addiction: unexpected argument: '--json' (try 'addiction show --help')" ] && ok || bad "-- --json: $err"
refused 2 "no command" --ascii
[ "$err" = "addiction: a command is required (try 'addiction --help')" ] && ok || bad "no command: $err"

# new replaces a game with no actions, or a finished one, without --force.
expect 0 "new 1" new 1
expect 0 "new over no actions" new 2
addiction new --force 1 >/dev/null
addiction move 5S b9 >/dev/null
refused 1 "new over a game with an action" new 3

# Rule options over an archived deal take effect, or are refused naming the option.
expect 0 "montana-easy with gaps rules" new --force montana-easy --rules gaps
jq_is "$(addiction show --json)" .rules.preset '"gaps"' "montana-easy --rules gaps plays gaps"
refused 2 "mini-easy --ranks 13" new --force mini-easy --ranks 13
contains "$err" "--ranks 13" "mini-easy --ranks 13 names the option"
expect 0 "mini-easy --shuffles 5" new --force mini-easy --shuffles 5
jq_is "$(addiction show --json)" '[.rules.preset, .rules.shuffles]' '["custom",5]' "mini-easy --shuffles 5"

# show | new --from - and export | new --from -: the same board, rules, shuffles left.
# place_some N: up to N moves that extend a row's placed run, the first such
# legal move each time (no search, so that it costs little under the sanitizers).
place_some() {
  local move
  for _ in $(seq "$1"); do
    move=$(addiction show --json | jq -r '.placed as $p | [.legal[]
      | capture("^move (?<card>\\S+) (?<row>[a-d])(?<col>[0-9]+)$")
      | select(. as $m | ($m.col | tonumber) == $p["abcd" | index($m.row)] + 1)]
      | if length == 0 then empty else .[0] | "move \(.card) \(.row)\(.col)" end')
    [ -n "$move" ] || break
    # shellcheck disable=SC2086
    addiction $move >/dev/null
  done
}
# Each preset goes through the four round trips (show or export, with or without
# --ascii). The sanitizer build (ADDICTION_TEST_SHORT=1) gives each preset one of
# them, taken in turn, so that each round trip still meets two or three presets.
round_trips=("show " "export " "show --ascii" "export --ascii")
if [ "${ADDICTION_TEST_SHORT:-0}" = 1 ]; then per_preset=1; else per_preset=${#round_trips[@]}; fi
turn=0
touching=0
# Every preset, after a few placing moves and a shuffle, so that placed runs
# ([2♦][3♦] without colour) and dead gaps are on the board.
for preset in $(addiction rules --json | jq -r '.[].name'); do
  addiction new --force --rules "$preset" 11 >/dev/null
  place_some 6
  addiction shuffle >/dev/null 2>&1 || true
  place_some 3
  case $(addiction show) in *"]["*) touching=$((touching + 1)) ;; esac
  cp "$ADDICTION_FILE" "$WORK/.played"
  for ((i = 0; i < per_preset; i++)); do
    read -r how ascii <<<"${round_trips[(turn + i) % ${#round_trips[@]}]}"
    cp "$WORK/.played" "$ADDICTION_FILE"
    want=$(addiction show --json | jq -c '[.rows, .rules, .shuffles_left]')
    # shellcheck disable=SC2086
    addiction $how $ascii | addiction new --force --from - >/dev/null 2>"$WORK/.rt" || bad "$preset $how $ascii: $(<"$WORK/.rt")"
    got=$(addiction show --json | jq -c '[.rows, .rules, .shuffles_left]')
    [ "$got" = "$want" ] && ok || bad "$how $ascii | new --from - ($preset): $got, wanted $want"
  done
  turn=$(((turn + per_preset) % ${#round_trips[@]}))
done
[ "$touching" -gt 0 ] && ok || bad "no round trip had touching placed cards ([2♦][3♦]) to read back"
# A rule set of yours goes through as a shipped one does.
mkdir -p "$XDG_DATA_HOME/addiction/rules"
printf 'ranks = 6\nshuffles = 5\nredeal = "after-run"\n' >"$XDG_DATA_HOME/addiction/rules/quick.toml"
addiction new --force --rules quick 7 >/dev/null
addiction shuffle >/dev/null
want=$(addiction show --json | jq -c '[.rows, .rules, .shuffles_left]')
addiction show | addiction new --force --from - >/dev/null 2>"$WORK/.rt" || bad "quick: show | new --from -: $(<"$WORK/.rt")"
jq_is "$(addiction show --json)" '[.rows, .rules, .shuffles_left]' "$want" "your rule set: show | new --from -"
# One not here, or custom rules (the text has only their name), were played as
# Addiction's without a word: now refused, unless the rules are given.
addiction export >"$WORK/quick.txt"
rm "$XDG_DATA_HOME/addiction/rules/quick.toml"
refused 1 "a rule set not here" new --force --from "$WORK/quick.txt"
[ "$err" = "addiction: $WORK/quick.txt: its status line's rules: unknown rule set 'quick' ('addiction rules' lists them)" ] &&
  ok || bad "a rule set not here: $err"
addiction new --force 5 --rules montana --shuffles 5 >/dev/null
addiction export >"$WORK/custom.txt"
refused 1 "custom rules" new --force --from - <"$WORK/custom.txt"
contains "$err" "standard input: its status line says custom rules, which a board as text does not carry" "custom rules: the message"
expect 0 "custom rules given" new --force --from - --rules montana --shuffles 5 <"$WORK/custom.txt"
jq_is "$(addiction show --json)" '[.rules.preset, .rules.redeal, .shuffles_left]' '["custom","after-run",5]' "custom rules given: kept"
# A byte-order mark before a layout is skipped.
addiction new --force 1 >/dev/null
{ printf '\xef\xbb\xbf'; addiction export; } >"$WORK/bom.txt"
expect 0 "layout with a BOM" new --force --from "$WORK/bom.txt"

# Quoted input over 60 characters is cut in the middle, so a path keeps its
# file's name; C1 controls are escaped.
refused 1 "a long word" new --force "$(printf 'x%.0s' $(seq 60))y$(printf 'z%.0s' $(seq 60))"
contains "$err" "'$(printf 'x%.0s' $(seq 20))…$(printf 'z%.0s' $(seq 39))'" "long quoted input cut in the middle"
long_dir=$WORK/$(printf 'd%.0s' $(seq 70))
mkdir "$long_dir"
addiction -f "$long_dir/my-game.toml" new 1 >/dev/null
refused 2 "a long path" -f "$long_dir/my-game.toml" export -o "$long_dir/my-game.toml"
contains "$err" "…dddd" "a long path is cut"
contains "$err" "dddd/my-game.toml' is the game file" "a long path's message ends with its file's name"
refused 1 "C1 control" new --force "$(printf 'a\xc2\x9bb\x9bc')"
contains "$err" "'a\\u009bb\\x9bc'" "C1 controls escaped"

# Wording.
addiction new --force 1 >/dev/null
refused 1 "a card already in its slot" move TC a1
[ "$err" = "addiction: TC is already in a1" ] && ok || bad "already in its slot: $err"

# Text follows the terminal: LANG=C gives letters, TERM=dumb no colour.
out=$(LANG=C LC_ALL= LC_CTYPE= "$BIN" show)
contains "$out" "TC" "LANG=C: suit letters"
[[ "$out" != *"♣"* ]] && ok || bad "LANG=C: symbols shown"
out=$(LANG=C.UTF-8 LC_ALL= LC_CTYPE= "$BIN" show)
contains "$out" "T♣" "UTF-8: symbols"
if command -v script >/dev/null; then
  out=$(TERM=dumb script -qc "$BIN show" /dev/null)
  [[ "$out" != *$'\e['* ]] && ok || bad "TERM=dumb: colour"
  out=$(TERM=xterm script -qc "$BIN show" /dev/null)
  [[ "$out" == *$'\e['* ]] && ok || bad "TERM=xterm on a terminal: no colour"
  [[ "$out" != *$'\e[31m xx'* ]] && ok || bad "a dead gap drawn in red"
fi

# A letter and digits is a slot, whatever the letter: `move e1` said "'e1' is
# not a card", which looks like the slot it is.
refused 1 "move to a slot of no row" move e1
contains "$err" "'e1' is not a slot (rows a-d" "move to a slot of no row: the message"

# A deal of yours hides the shipped one of the same name.
mkdir -p "$XDG_DATA_HOME/addiction/deals"
printf "deal = '12'\ndescription = 'mine'\n[rules]\npreset = 'mini'\n" >"$XDG_DATA_HOME/addiction/deals/mini-easy.toml"
run deals
[ "$(printf '%s\n' "$out" | grep -c '^mini-easy ')" -eq 1 ] && ok || bad "deals lists mini-easy twice: $out"
contains "$out" "[yours] mine" "your mini-easy is listed"
# A deal of yours without a description: marked, and no padding after the last word.
addiction export --format deal -o "$XDG_DATA_HOME/addiction/deals/plain.toml" >/dev/null
run deals
[[ "$(printf '%s\n' "$out" | grep '^plain ')" == *"[yours]" ]] && ok || bad "your plain deal: $out"
[ "$(printf '%s\n' "$out" | grep -c ' $')" -eq 0 ] && ok || bad "deals pads lines with spaces: $out"

finish
