#!/usr/bin/env bash
# Broken game files (tests/data/bad/): every command that reads the game refuses
# each one with exit 1 and one line naming the problem, and leaves the file byte
# for byte as it was. Then the files that cannot be read at all: missing, a
# folder, unreadable, in a read-only folder.
source "$(dirname "$0")/lib.sh" "$1"
BAD="$SRC/tests/data/bad"

# What each message must name. A file in tests/data/bad without a line here fails
# the suite, so the corpus and the expectations cannot drift apart.
declare -A want=(
  [ace_on_board]="play.board: AC is on the board"
  [bad_card]="play.board: '7X' is not a card"
  [binary_junk]="game.toml:1:1: Encountered invalid utf-8"
  [board_mismatch]="play.board does not match the history's 11 actions: b3 holds 3H"
  [control_chars]="game.toml:5:8:"
  [deal_id_escapes]="deal.id: '1\\n2\\x1b[31mred' is neither a deal number nor a deal code"
  [deal_id_unknown]="deal.id: 'not-a-deal' is neither a deal number nor a deal code"
  [deal_rows_mismatch]="deal.rows are not the layout of deal 1"
  [duplicate_card]="play.board: card 7H appears twice"
  [duplicate_key]="cannot redefine existing integer 'format'"
  [empty]="not an addiction game file (it has no 'format' key)"
  [float_ranks]="rules.ranks must be an integer from 4 to 13"
  [format_9]="game file format 9 is not one this addiction reads (it reads 1 to 3)"
  [format_string]="format must be an integer"
  [history_bad_action]="play.history entry 4: 'z3' is not a slot"
  [history_escapes]="play.history entry 4: 'move 4S\\x1b[2Jd3\\x0d' is not an action"
  [history_illegal]="action 4 (move 4S a1) is not legal: a1 is not a gap"
  [history_shuffle_order]="action 9 (shuffle 2) is out of order"
  [history_too_long]="redo action 3 (move KC d11) is not legal"
  [huge_deal_number]="deal.id: deal number 99999999999999999999 is too large"
  [huge_ranks]="rules.ranks must be an integer from 4 to 13"
  [huge_ranks_overflow]="is not representable in 64 bits"
  [huge_shuffle_number]="play.history entry 9: 'shuffle 4294967297' is not an action"
  [huge_shuffles_spent]="play.shuffles_spent must be an integer from 0 to 99"
  [huge_slot]="'d99999999999999999999' is not a slot"
  [invalid_utf8]="game.toml:5:6: Encountered invalid utf-8"
  [mini_wrong_width]="rules.preset is 'mini' but the settings are not that preset's"
  [missing_card]="play.board: card 7C is missing"
  [negative_ranks]="rules.ranks must be an integer from 4 to 13"
  [no_format]="not an addiction game file (it has no 'format' key)"
  [nul_bytes]="game.toml:9:32:"
  [preset_mismatch]="rules.preset is 'addiction' but the settings are not that preset's"
  [redo_illegal]="redo action 3 (move KC a1) is not legal"
  [short_row]="play.board: row a has 12 slots instead of 13"
  [bad_play_id]="play.id must be 16 hexadecimal digits, not '12345678abcdefgh'"
  [spent_over_rules]="shuffles_spent is 4 but the rules allow 0 to 3"
  [truncated]="game.toml:18:5: Error while parsing array: encountered end-of-file"
  [truncated_before_rules]="the game file has no [rules] table"
  [utf16]="game.toml:1:1: Encountered invalid utf-8"
  [wrong_type_fill]="rules.fill_from_right must be true or false"
  [wrong_type_history]="play.history must be an array of strings"
  [wrong_type_history_entry]="play.history must be an array of strings"
  [wrong_type_play]="the game file has no [play] table"
  [wrong_type_ranks]="rules.ranks must be an integer from 4 to 13"
  [wrong_type_rows]="deal.rows must be an array of strings"
)

# Every subcommand that reads the game, `new` included: it must not replace a
# file it cannot read without --force.
commands=("show" "show --json" "move 5S b9" "move 2C" "shuffle" "undo" "redo" "hint" "new 5")
# The sanitizer build sets ADDICTION_TEST_SHORT=1: there each file meets two of the
# commands, taken in turn, so that each command still meets about ten files.
if [ "${ADDICTION_TEST_SHORT:-0}" = 1 ]; then per_file=2; else per_file=${#commands[@]}; fi
turn=0

# check NAME FRAGMENT: the commands (all, or the next per_file) on the game file now in place.
check() {
  local name=$1 fragment=$2 i cmd
  for ((i = 0; i < per_file; i++)); do
    cmd=${commands[(turn + i) % ${#commands[@]}]}
    # shellcheck disable=SC2086  # the command's words are meant to split
    refused 1 "$name: $cmd" $cmd
    contains "$err" "$fragment" "$name: $cmd"
  done
  turn=$(((turn + per_file) % ${#commands[@]}))
  tried=$((tried + 1))
}

tried=0
for file in "$BAD"/*.toml; do
  name=$(basename "$file" .toml)
  if [ -z "${want[$name]+set}" ]; then
    bad "$name: no expected message in test_bad_files.sh"
    continue
  fi
  cp "$file" "$ADDICTION_FILE"
  check "$name" "${want[$name]}"
done
[ "$tried" -eq "${#want[@]}" ] && ok || bad "only $tried of ${#want[@]} broken files found in $BAD"

# Huge files, made here rather than kept in the tree: a row of 300,000 cards, and
# a history of 200,000 actions whose second cannot be played.
seed="$SRC/tests/fuzz/corpus/fuzz_gamefile/played.toml"
awk '/^    .TC KD 9H TS/ { printf "    \x27"; for (i = 0; i < 300000; i++) printf "2C "; print "\x27,"; next }
  { print }' "$seed" >"$ADDICTION_FILE"
check huge_row "deal.rows: row a has more than 13 slots"
awk '/^history = \[/ { skip = 1; printf "history = [ "; for (i = 0; i < 200000; i++) printf "\x27move 5S b9\x27, ";
  print "]"; next } skip && /^\]/ { skip = 0; next } !skip { print }' "$seed" >"$ADDICTION_FILE"
check huge_history "action 2 (move 5S b9) is not legal"
# A dotted key of 60,000 parts used to overflow toml++'s stack (SIGSEGV).
{ cat "$seed"; printf 'a.%.0s' $(seq 60000); echo "b = 1"; } >"$ADDICTION_FILE"
check deep_key "a key with more than 32 dotted parts"

# Imports (`new --from`) of hostile deal files: refused, and the game in place kept.
cp "$seed" "$ADDICTION_FILE"
{ echo 'format = 1'; printf 'a.%.0s' $(seq 60000); echo "b = 1"; echo 'deal = "1"'; } >"$WORK/deep.toml"
refused 1 "import: deep dotted key" new --force --from "$WORK/deep.toml"
contains "$err" "a key with more than 32 dotted parts" "import: deep dotted key"
{ printf '{"x": '; printf '[%.0s' $(seq 100000); printf ']%.0s' $(seq 100000); echo ', "sequences": []}'; } >"$WORK/deep.json"
refused 1 "import: deeply nested JSON" new --force --from "$WORK/deep.json"
contains "$err" "nested too deeply" "import: deeply nested JSON"
head -c 4096 "$BAD/binary_junk.toml" >"$WORK/junk"
refused 1 "import: binary junk" new --force --from "$WORK/junk"
tried=$((tried + 3))

# Regression (found by the soak): in a game of 7 ranks, 8H "fitted" the gap after
# 7H; the move was saved and the file no longer loaded.
printf '2H 7C 4S 2C -- 3S 5H\n4D 6D 6H 7S -- 6C 5C\n4C 7H -- 2S 3D -- 5D\n7D 4H 3C 6S 3H 2D 5S\n' >"$WORK/seven.txt"
expect 0 "a seven-rank game from a layout" new --force --ranks 7 --from "$WORK/seven.txt"
refused 1 "a card the game does not have" move 8H c3
contains "$err" "8H is not in this game" "a card the game does not have"
refused 1 "a card the game does not have, no slot" move 8H
expect 0 "the game still loads" show

# No game: every command says how to start one and creates nothing.
rm -f "$ADDICTION_FILE"
for cmd in "show" "move 5S b9" "shuffle" "undo" "redo" "hint"; do
  # shellcheck disable=SC2086
  refused 1 "missing: $cmd" $cmd
  contains "$err" "no game at $ADDICTION_FILE: start one with 'addiction new'" "missing: $cmd"
  [ ! -e "$ADDICTION_FILE" ] && [ -z "$(find "$WORK" -name '*.lock')" ] && ok || bad "missing: $cmd created a file"
done
tried=$((tried + 1))

# A folder where the game file should be.
mkdir "$ADDICTION_FILE"
for cmd in "show" "move 5S b9" "shuffle" "undo" "redo" "hint"; do
  # shellcheck disable=SC2086
  expect 1 "folder: $cmd" $cmd
  one_line "$err" "folder: $cmd"
  contains "$err" "is a folder, not a game file" "folder: $cmd"
done
# new says what --force would meet, not "use --force to replace it".
for cmd in "new 1" "new 1 --force"; do
  # shellcheck disable=SC2086
  expect 1 "folder: $cmd" $cmd
  [ "$err" = "addiction: cannot replace $ADDICTION_FILE: it is a folder, not a file" ] && ok || bad "folder: $cmd: $err"
done
rmdir "$ADDICTION_FILE"
tried=$((tried + 1))

# A path that names a folder (a trailing /, . or ..): refused before anything is
# made of it; new had made the folder, then failed on it.
for path in "$WORK/newdir/" "." ".."; do
  for cmd in "new 1" "show"; do
    # shellcheck disable=SC2086
    refused 1 "-f $path: $cmd" -f "$path" $cmd
    contains "$err" "--file '$path' names a folder, not a game file" "-f $path: $cmd"
  done
done
[ ! -e "$WORK/newdir" ] && ok || bad "new -f DIR/ made the folder"
# Under a file no game can be started: the message says so, not 'start one with'.
touch "$WORK/plain"
refused 1 "a game under a file" -f "$WORK/plain/game.toml" show
[ "$err" = "addiction: no game at $WORK/plain/game.toml: $WORK/plain is not a folder" ] && ok || bad "under a file: $err"
refused 1 "new under a file" -f "$WORK/plain/game.toml" new 1
[ "$err" = "addiction: cannot make a file at $WORK/plain/game.toml: $WORK/plain is not a folder" ] && ok ||
  bad "new under a file: $err"
rm "$WORK/plain"
ln -s "$WORK/nowhere" "$WORK/dangling"
refused 1 "new under a link to nothing" -f "$WORK/dangling/game.toml" new 1
[ "$err" = "addiction: cannot make a file at $WORK/dangling/game.toml: $WORK/dangling is a link to nothing" ] && ok ||
  bad "new under a link to nothing: $err"
refused 1 "show under a link to nothing" -f "$WORK/dangling/game.toml" show
[ "$err" = "addiction: no game at $WORK/dangling/game.toml: $WORK/dangling is a link to nothing" ] && ok ||
  bad "show under a link to nothing: $err"
rm "$WORK/dangling"
tried=$((tried + 1))

# A pipe where the game file should be: read, it waited for ever for a writer.
mkfifo "$ADDICTION_FILE"
for cmd in "show" "move 5S b9" "undo" "hint" "export" "new 1"; do
  # shellcheck disable=SC2086
  out=$(timeout 10 "$BIN" $cmd 2>"$WORK/.err") && status=0 || status=$?
  err=$(<"$WORK/.err")
  [ "$status" = 1 ] && ok || bad "pipe: $cmd: exit $status, wanted 1 (124: it waited)"
  one_line "$err" "pipe: $cmd"
  if [ "$cmd" = "new 1" ]; then want="cannot replace $ADDICTION_FILE: it is a pipe, not a file"
  else want="$ADDICTION_FILE is a pipe, not a game file"; fi
  contains "$err" "$want" "pipe: $cmd"
done
[ -p "$ADDICTION_FILE" ] && ok || bad "pipe: no longer a pipe"
rm "$ADDICTION_FILE"
tried=$((tried + 1))

# Permissions. Root reads and writes through them, so as root the commands run as
# the user nobody (setpriv, util-linux); without setpriv these are skipped.
as_user=()
if [ "$(id -u)" -eq 0 ]; then
  if command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
    as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  else
    echo "skipped: unreadable file and read-only folder (running as root without setpriv)"
  fi
fi
if [ "$(id -u)" -ne 0 ] || [ ${#as_user[@]} -gt 0 ]; then
  chmod 755 "$WORK"
  mkdir "$WORK/perm"
  export ADDICTION_FILE="$WORK/perm/game.toml"
  cp "$seed" "$ADDICTION_FILE"
  legal=$("$BIN" hint --all | head -1)  # a move that would succeed if it could be saved
  perm_run() { "${as_user[@]}" "$BIN" "$@"; }
  # run_as STATUS DESCRIPTION CMD...: like refused, as the other user.
  refused_as() {
    local want=$1 what=$2
    shift 2
    cp "$ADDICTION_FILE" "$WORK/.before"
    out=$(perm_run "$@" 2>"$WORK/.err") && status=0 || status=$?
    err=$(<"$WORK/.err")
    [ "$status" -eq "$want" ] && ok || bad "$what: exit $status, wanted $want (stderr: $err)"
    one_line "$err" "$what"
    same_file "$WORK/.before" "$ADDICTION_FILE" "$what (file unchanged)"
  }

  # Unreadable file; its folder and lock are writable, so only the read can fail.
  chmod 777 "$WORK/perm"
  chmod 000 "$ADDICTION_FILE"
  for cmd in "show" "move 5S b9" "shuffle" "undo" "redo" "hint" "new 5"; do
    # shellcheck disable=SC2086
    refused_as 1 "unreadable: $cmd" $cmd
    contains "$err" "$ADDICTION_FILE" "unreadable: $cmd"
    contains "$err" "Permission denied" "unreadable: $cmd"
  done
  tried=$((tried + 1))

  # A folder that may not be searched: the game may be there, so it is not "no
  # game" but the reason it cannot be read.
  chmod 644 "$ADDICTION_FILE"
  cp "$ADDICTION_FILE" "$WORK/.searchless"
  chmod 600 "$WORK/perm"
  for cmd in "show" "move 5S b9" "hint"; do
    # shellcheck disable=SC2086
    out=$(perm_run $cmd 2>"$WORK/.err") && status=0 || status=$?
    err=$(<"$WORK/.err")
    [ "$status" -eq 1 ] && ok || bad "unsearchable folder: $cmd: exit $status, wanted 1"
    one_line "$err" "unsearchable folder: $cmd"
    contains "$err" "cannot read $ADDICTION_FILE: Permission denied" "unsearchable folder: $cmd"
  done
  # The same for the record and the named games: not an empty record, not "no named games".
  out=$(ADDICTION_RECORD="$WORK/perm/record" perm_run stats 2>&1) && status=0 || status=$?
  [ "$status" -eq 1 ] && ok || bad "unsearchable folder: stats: exit $status, wanted 1"
  contains "$out" "cannot read $WORK/perm/record: Permission denied" "unsearchable folder: stats"
  out=$(XDG_STATE_HOME="$WORK/perm" perm_run games 2>&1) && status=0 || status=$?
  [ "$status" -eq 1 ] && ok || bad "unsearchable folder: games: exit $status, wanted 1"
  contains "$out" "cannot read $WORK/perm/addiction/games: Permission denied" "unsearchable folder: games"
  # Your rule sets and deals: the shipped ones listed, and a warning that yours are not.
  for cmd in rules deals; do
    out=$(XDG_DATA_HOME="$WORK/perm" perm_run $cmd 2>"$WORK/.err") && status=0 || status=$?
    err=$(<"$WORK/.err")
    [ "$status" -eq 0 ] && [ -n "$out" ] && ok || bad "unsearchable folder: $cmd: exit $status, wanted 0 and a list"
    contains "$err" "addiction: warning: skipping $WORK/perm/addiction/$cmd: Permission denied" "unsearchable folder: $cmd"
  done
  chmod 777 "$WORK/perm"
  same_file "$WORK/.searchless" "$ADDICTION_FILE" "unsearchable folder (file unchanged)"
  tried=$((tried + 1))

  # Read-only folder: the game reads but no change can be saved (the lock is on
  # the folder itself, so it needs no file there).
  chmod 644 "$ADDICTION_FILE"
  chmod 555 "$WORK/perm"
  out=$(perm_run show 2>&1) && ok || bad "read-only folder: show should work: $out"
  for cmd in "$legal" "shuffle" "undo" "redo"; do
    # shellcheck disable=SC2086
    refused_as 1 "read-only folder: $cmd" $cmd
    contains "$err" "cannot write a temporary file in $WORK/perm: Permission denied" "read-only folder: $cmd"
  done
  [ -z "$(find "$WORK/perm" -name '.game.toml.tmp.*')" ] && ok || bad "read-only folder: temporary file left"
  # A game with an action, replaced or removed where the folder refuses it: the
  # record learns nothing (it said "abandoned" of a game still there, which its
  # end then counted a second time).
  mkdir -m 777 "$WORK/rec"
  chmod 755 "$WORK/perm"
  # shellcheck disable=SC2086
  "$BIN" --no-record $legal >/dev/null
  chmod 555 "$WORK/perm"
  ADDICTION_RECORD="$WORK/rec/record" refused_as 1 "read-only folder: new --force" new --force 3
  [ ! -e "$WORK/rec/record" ] && ok || bad "read-only folder: new --force recorded: $(cat "$WORK/rec/record")"
  mkdir -p "$WORK/st/addiction/games"
  XDG_STATE_HOME="$WORK/st" "$BIN" --no-record --game g new 1 >/dev/null
  # shellcheck disable=SC2046
  XDG_STATE_HOME="$WORK/st" "$BIN" --no-record --game g $(XDG_STATE_HOME="$WORK/st" "$BIN" --game g hint --all | head -1) >/dev/null
  chmod 555 "$WORK/st/addiction/games"
  out=$(XDG_STATE_HOME="$WORK/st" ADDICTION_RECORD="$WORK/rec/record" perm_run games --remove g --force 2>&1) &&
    status=0 || status=$?
  [ "$status" = 1 ] && contains "$out" "cannot remove $WORK/st/addiction/games/g.toml: Permission denied" \
    "read-only folder: games --remove" || bad "read-only folder: games --remove: exit $status: $out"
  [ -e "$WORK/st/addiction/games/g.toml" ] && [ ! -e "$WORK/rec/record" ] && ok ||
    bad "read-only folder: games --remove recorded, or removed, the game"
  # A game's end where the folder refuses the game: the record learns nothing.
  # It had the end, and the game, left as it was, was counted a second time
  # when it ended again (tester P).
  mkdir -m 777 "$WORK/won"
  "$BIN" --no-record -f "$WORK/won/game.toml" new 1 --rules mini >/dev/null
  chmod 644 "$WORK/won/game.toml"
  chmod 555 "$WORK/won"
  ADDICTION_FILE="$WORK/won/game.toml" ADDICTION_RECORD="$WORK/rec/record" \
    refused_as 1 "read-only folder: a winning solve --apply" solve --apply
  [ ! -e "$WORK/rec/record" ] && ok || bad "read-only folder: solve --apply recorded the win: $(cat "$WORK/rec/record")"
  [ -z "$(find "$WORK/won" -name '.game.toml.tmp.*')" ] && ok || bad "read-only folder: solve --apply left a temporary file"
  chmod 755 "$WORK/won"
  tried=$((tried + 1))
  chmod 755 "$WORK/perm"
fi

# Files that never end: a device is refused at once, a pipe past 256 MB (read
# whole, /dev/zero took memory until the system killed the process).
export ADDICTION_FILE="$WORK/endless.toml"
addiction new 1 >/dev/null
cp "$ADDICTION_FILE" "$WORK/endless.before"
for cmd in "-f /dev/zero show" "-f /dev/urandom show" "new --force --from /dev/zero" "replay /dev/zero"; do
  # shellcheck disable=SC2086
  refused 1 "$cmd" $cmd
  contains "$err" "is a device, not a" "$cmd: says it is a device"
done
# The plain build only: the sanitizers' copy of 256 MB takes long.
if [ "${ADDICTION_TEST_SHORT:-0}" != 1 ]; then
  refused 1 "new --from a pipe of 300 MB" new --force --from <(head -c 300000000 /dev/zero)
  contains "$err" "it is larger than 256 MB" "a pipe past the bound"
  refused 1 "new --from - of 300 MB" new --force --from - < <(head -c 300000000 /dev/zero)
fi
same_file "$WORK/endless.before" "$ADDICTION_FILE" "the game after the endless files"

echo "broken files tried: $tried, each with $per_file of the ${#commands[@]} commands that read the game"
finish
