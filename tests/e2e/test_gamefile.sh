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

finish
