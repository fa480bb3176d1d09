#!/usr/bin/env bash
# The game file: determinism, pinned deals, corrupt files refused without changes.
source "$(dirname "$0")/lib.sh" "$1"

# The short run (sanitizer build) follows 15 hints, the plain run up to the next shuffle.
script() {
  local followed=0 most=1000000
  [ "${ADDICTION_TEST_SHORT:-0}" = 1 ] && most=15
  addiction new --force "$@" >/dev/null
  for a in "move 5S b9" "move 4S d3" "shuffle" "undo" "redo" "undo 2" "shuffle"; do addiction $a >/dev/null 2>&1; done
  while [ "$followed" -lt "$most" ] && a=$(addiction hint 2>/dev/null) && [ "$a" != shuffle ]; do
    addiction $a >/dev/null || break
    followed=$((followed + 1))
  done
}

# The same actions on the same deal give byte-identical files.
script 1; cp "$ADDICTION_FILE" "$WORK/first.toml"
script 1; same_file "$WORK/first.toml" "$ADDICTION_FILE" "same script, same file"
grep -q "'shuffle 2'" "$ADDICTION_FILE" && ok || bad "the second shuffle after an undone one is numbered 2"

# Pinned deal vectors through the command line.
addiction new --force 1 >/dev/null
run show --json
jq_is "$out" '.rows[0]' '["TC","KD","9H","TS","8D","6H","5H","KS",null,"4D","QD","9S","8S"]' "deal 1 row a"
addiction new --force 18446744073709551615 >/dev/null
run show --json
jq_is "$out" '.rows[3]' '["7D","2C","JC",null,"9S","8S","5D","9H","2H","JH","KD",null,"4H"]' "deal 2^64-1 row d"
refused 1 "deal number past 2^64-1" new --force 18446744073709551616
addiction new --force --rules mini 1 >/dev/null
run show --json
jq_is "$out" .code '"GCEvif8N1Q-EwJcSr9h"' "mini deal 1 code"

# Hand-corrupted files: exit 1, one line naming the problem, file byte-identical.
addiction new --force 1 >/dev/null
addiction move 5S b9 >/dev/null
cp "$ADDICTION_FILE" "$WORK/good.toml"
corrupt() {  # corrupt DESCRIPTION EXPECTED-MESSAGE SED-EXPRESSION
  local what=$1 message=$2
  sed "$3" "$WORK/good.toml" >"$ADDICTION_FILE"
  cmp -s "$WORK/good.toml" "$ADDICTION_FILE" && { bad "$what: sed changed nothing"; return; }
  for cmd in show "move 4S d3" shuffle undo redo hint "new 2"; do
    refused 1 "$what ($cmd)" $cmd
    contains "$err" "$message" "$what ($cmd)"
  done
}
corrupt "duplicate card" "card 9S appears twice" "s/'TC KD 9H TS 8D 6H 5H KS -- 4D QD 9S 8S'/'TC KD 9H TS 8D 6H 5H KS -- 4D QD 9S 9S'/"
corrupt "syntax error" "game.toml:3:" "3s/.*/[deal/"
corrupt "illegal history" "action 1 (move 5S b8) is not legal" "s/'move 5S b9'/'move 5S b8'/"
corrupt "board does not match" "play.board does not match the history's 0 actions" "s/history = \[ 'move 5S b9' \]/history = []/"
corrupt "format version" "format 7 is not one" "s/format = 2/format = 7/"
corrupt "wrong type" "rules.shuffles must be an integer" "s/shuffles = 3/shuffles = 'three'/"
corrupt "huge value" "rules.ranks must be an integer from 4 to 13" "s/ranks = 13/ranks = 99999999999999999/"

# A new game with --force replaces even a broken file.
expect 0 "new --force over a broken file" new --force 2

# A clock set back between two moves (a correction, a file from a machine whose
# clock ran ahead) leaves a file that loads: the next move had written a last
# before started, which every command then refused.
addiction new --force 1 >/dev/null
SOURCE_DATE_EPOCH=1767225600 addiction move 5S >/dev/null
SOURCE_DATE_EPOCH=1700000000 expect 0 "a move with the clock set back" move 4S
expect 0 "the game after a move with the clock set back" show
grep -q '^last = 1767225600$' "$ADDICTION_FILE" && ok || bad "last moved back: $(grep '^last' "$ADDICTION_FILE")"
# A SOURCE_DATE_EPOCH past the year 9999 (which the record cannot write) is refused before it is written.
cp "$ADDICTION_FILE" "$WORK/before.toml"
SOURCE_DATE_EPOCH=253402300800 refused 1 "a SOURCE_DATE_EPOCH past 9999" undo
contains "$err" "SOURCE_DATE_EPOCH must be a number of seconds from 1 to 253402300799 (9999-12-31)" "the limit named"
same_file "$WORK/before.toml" "$ADDICTION_FILE" "the game after a refused SOURCE_DATE_EPOCH"
expect 0 "the game after a refused SOURCE_DATE_EPOCH" show
# A file such a move wrote before (last before started) loads again.
sed -i 's/^last = .*/last = 1700000000/' "$ADDICTION_FILE"
expect 0 "a file whose last is before its start" show

finish
