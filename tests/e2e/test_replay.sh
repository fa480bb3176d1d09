#!/usr/bin/env bash
# addiction replay: positions one after another, from a game or an archive file.
source "$(dirname "$0")/lib.sh" "$1"

addiction new --rules mini 11 >/dev/null
for i in 1 2 3 4 5; do addiction $(addiction hint) >/dev/null; done

expect 0 "replay the game" --color never replay
[ "$(printf '%s\n' "$out" | grep -c '^position ')" -eq 6 ] && ok || bad "6 positions for 5 actions"
contains "$out" "position 0: the deal" "starts at the deal"
fifth=$(addiction export --format deal --with-history | grep -o "'move [^']*'" | sed -n 5p | tr -d "'")
contains "$out" "position 5: $fifth" "names the action before each position"
last=$(printf '%s\n' "$out" | tail -6)
contains "$last" "$(addiction --color never show | head -6 | tail -5)" "ends at the current board"

expect 0 "replay --from 2 --to 3" --color never replay --from 2 --to 3
[ "$(printf '%s\n' "$out" | grep -c '^position ')" -eq 2 ] && ok || bad "2 positions"
contains "$out" "position 2: move" "from 2"
refused 2 "bad range" replay --from 4 --to 2
[ "$err" = "addiction: --from 4 is after --to 2 (try 'addiction replay --help')" ] && ok || bad "bad range: $err"
# A deal number names a layout, not a line: said so, with the way to play it.
refused 1 "replay a deal number" replay 42
contains "$err" "'42' is a deal number, which has no line to replay ('addiction new 42' plays it" "replay a deal number: the message"
refused 2 "--from a word" replay --from two
contains "$err" "--from: 'two' is not a whole number, 0 or more" "--from a word"
refused 1 "past the end" replay --to 9
contains "$err" "--to 9 is past the last position: the game has" "past the end"
# NAME is a deal or a file; a named game's name says how that game is replayed.
addiction --game share new 4 >/dev/null
refused 1 "replay a named game's name" replay share
contains "$err" "the game named 'share' replays with 'addiction --game share replay'" "replay a named game's name: the way"

# A game exported with history replays to the same final board.
addiction export --format deal --with-history -o "$WORK/played.toml"
expect 0 "replay archive file" --color never replay "$WORK/played.toml"
[ "$(printf '%s\n' "$out" | tail -6)" = "$last" ] && ok || bad "archive replays to the same final board"
cp "$ADDICTION_FILE" "$WORK/copy.toml"
expect 0 "replay a game file" --color never replay "$WORK/copy.toml"
[ "$(printf '%s\n' "$out" | tail -6)" = "$last" ] && ok || bad "game file replays the same"

# A shipped winning line replays to a won game.
expect 0 "replay shipped line" --color never replay "$SRC/deals/mini-easy.toml"
contains "$(printf '%s\n' "$out" | tail -1)" ": won" "shipped line ends won"

# new NAME and replay NAME take the same names: shipped deals, yours, files.
mkdir -p "$XDG_DATA_HOME/addiction/deals"
expect 0 "export into your deals" export --format deal --with-history -o "$XDG_DATA_HOME/addiction/deals/mine.toml"
cp "$XDG_DATA_HOME/addiction/deals/mine.toml" "$WORK/here.toml"
cp "$ADDICTION_FILE" "$WORK/kept.toml"
for name in mini-easy mine ./here.toml here.toml "$WORK/here.toml"; do
  expect 0 "replay $name" --color never replay "$name"
  expect 0 "new $name" new --force "$name"
done
expect 0 "replay your deal" --color never replay mine
[ "$(printf '%s\n' "$out" | tail -6)" = "$last" ] && ok || bad "your deal replays to the same final board"
for name in no-such-deal ./no-such.toml; do
  refused 1 "new $name" new --force "$name"
  new_err=$err
  refused 1 "replay $name" replay "$name"
  [ "$err" = "$new_err" ] && ok || bad "new and replay say the same for $name: '$new_err' and '$err'"
done
[ "$err" != "${err#*no-such.toml}" ] && ok || bad "an unknown file is named: $err"
refused 1 "replay an unknown name" replay no-such-deal
[ "$err" = "addiction: no deal or file named 'no-such-deal' ('addiction deals' lists the archive)" ] && ok ||
  bad "unknown name: $err"
cp "$WORK/kept.toml" "$ADDICTION_FILE"

# export --format deal -o refuses a file that new NAME could not find again, and writes nothing.
for bad_name in 12.toml mine.txt .hidden.toml "two words.toml" MCLrh219Quh_0pfsbvaAlLlHXP9ulkUx3sO-fYRC.toml; do
  refused 2 "export -o $bad_name" export --format deal -o "$XDG_DATA_HOME/addiction/deals/$bad_name"
  contains "$err" "--output" "export -o $bad_name names the option"
  [ ! -e "$XDG_DATA_HOME/addiction/deals/$bad_name" ] && ok || bad "export -o $bad_name wrote the file"
done
refused 2 "export --name 42" export --format deal --name 42
expect 0 "export -o a name new finds" export --format deal -o "$XDG_DATA_HOME/addiction/deals/mini-11.toml"
expect 0 "new finds it" new --force mini-11
expect 0 "export other formats anywhere" export --format json -o "$WORK/12.txt"
cp "$WORK/kept.toml" "$ADDICTION_FILE"

# --delay is a number of seconds from 0 to 3600.
for value in -1 3601 nan abc; do
  refused 2 "--delay $value" replay --delay "$value"
  contains "$err" "--delay: '$value' is not a number of seconds from 0 to 3600" "--delay $value: the message"
done
# --delay waits between positions.
start=$(date +%s%N)
expect 0 "replay --delay" replay --from 0 --to 2 --delay 0.2
elapsed=$((($(date +%s%N) - start) / 1000000))
[ "$elapsed" -ge 400 ] && ok || bad "--delay 0.2 over 2 steps took ${elapsed} ms"
# On a terminal it redraws in place, but not on a dumb one, which would show the
# escape sequences as text (script(1) gives the terminal).
if command -v script >/dev/null; then
  redraws() { TERM=$1 script -qc "'$BIN' replay gaps-easy --to 2 --delay 0.01" /dev/null | grep -c $'\e\[H'; }
  [ "$(redraws xterm)" = 3 ] && ok || bad "replay --delay does not redraw on a terminal"
  [ "$(redraws dumb)" = 0 ] && ok || bad "replay --delay sends escape sequences to TERM=dumb"
else
  echo "SKIP: replay --delay on a terminal (script(1) is missing)"
fi
refused 1 "missing file" replay "$WORK/none.toml"
echo "deal = 'x'" >"$WORK/bad.toml"
refused 1 "bad archive" replay "$WORK/bad.toml"
# What new --from takes but holds no actions: said so, with the command that
# starts a game from it (the TOML parser's complaint about a '{' had been it).
addiction new --force 3 >/dev/null
addiction export --format solvitaire -o "$WORK/deal.json"
refused 1 "replay a Solvitaire deal" replay "$WORK/deal.json"
contains "$err" "a Solvitaire deal has no actions to replay" "replay a Solvitaire deal: the message"
contains "$err" "'addiction new --from $WORK/deal.json'" "replay a Solvitaire deal: the way to start it"
cp "$WORK/deal.json" "$WORK/my deal.json"
refused 1 "replay a Solvitaire deal whose name has a space" replay "$WORK/my deal.json"
contains "$err" "'addiction new --from \"$WORK/my deal.json\"'" "the way to start it, quoted for the shell"
addiction export -o "$WORK/board.txt"
refused 1 "replay a board as text" replay "$WORK/board.txt"
contains "$err" "a board as text has no actions to replay" "replay a board as text: the message"
printf 'hello\n' >"$WORK/hello.txt"
refused 1 "replay a text that is no board" replay "$WORK/hello.txt"
contains "$err" "neither a game file nor an archive deal file" "replay a text that is no board: the message"
finish
