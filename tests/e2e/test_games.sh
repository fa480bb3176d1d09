#!/usr/bin/env bash
# Named games side by side (--game, $ADDICTION_GAME), their listing and removal;
# a gap named alone; show's score, clock and --wants.
source "$(dirname "$0")/lib.sh" "$1"
export HOME="$WORK/home" ADDICTION_RECORD="$WORK/record" SOURCE_DATE_EPOCH=1767225600
unset ADDICTION_GAME
GAMES="$XDG_STATE_HOME/addiction/games"
FOUR_FROM_WON=MAPBgC7IglCJhxECXFjxbFhvqPhQBBsnHBPGgYY

expect 0 "no named games yet" games
contains "$out" "no named games" "empty list"
expect 0 "a named game" --game one new 1
[ -f "$GAMES/one.toml" ] && ok || bad "one.toml"
SOURCE_DATE_EPOCH=1767225650 addiction --game one $(addiction --game one hint --all | head -n 1) >/dev/null
SOURCE_DATE_EPOCH=1767225700 addiction --game two new 2 >/dev/null
SOURCE_DATE_EPOCH=1767225800 addiction --game two $(addiction --game two hint --all | head -n 1) >/dev/null
ADDICTION_FILE="" ADDICTION_GAME=one run show --json
[ "$(jq -r .deal <<<"$out")" = 1 ] && ok || bad "ADDICTION_GAME selects one"
# The order: -f, --game, $ADDICTION_FILE, $ADDICTION_GAME.
addiction new 3 >/dev/null
[ "$(ADDICTION_GAME=two "$BIN" show --json | jq -r .deal)" = 3 ] && ok || bad "ADDICTION_FILE before ADDICTION_GAME"
[ "$("$BIN" --game two show --json | jq -r .deal)" = 2 ] && ok || bad "--game before ADDICTION_FILE"
refused 2 "-f and --game: which game?" -f "$ADDICTION_FILE" --game two show
contains "$err" "--file and --game do not go together" "-f and --game name the options"
refused 2 "a bad game name" --game ../evil show
ADDICTION_FILE="" ADDICTION_GAME=../evil refused 1 "a bad game name in ADDICTION_GAME" show
contains "$err" "ADDICTION_GAME: '../evil' is not a game name" "the variable named"
# A game not there yet: the way to start it is the way it was named.
refused 1 "a named game not there" --game three show
contains "$err" "start one with 'addiction --game three new'" "a named game not there"
refused 1 "a file not there" -f "$WORK/it's new.toml" show
contains "$err" "no game at $WORK/it's new.toml: start one with 'addiction -f FILE new'" "a file not there"
# The suggestion names the path as a shell reads it back, so that copied it works.
refused 1 "a file not there, its name with a space" -f "$WORK/my game.toml" show
suggested=$(sed -n "s/.*start one with '\(.*\)'$/\1/p" <<<"$err")
[ "$suggested" = "addiction -f \"$WORK/my game.toml\" new" ] && ok || bad "the suggestion: $suggested"
(PATH="$(dirname "$BIN"):$PATH" eval "$suggested" >/dev/null) && [ -f "$WORK/my game.toml" ] && ok ||
  bad "the suggestion, run, did not start the game at $WORK/my game.toml"
rm -f "$WORK/my game.toml"
ADDICTION_FILE="" ADDICTION_GAME=three refused 1 "ADDICTION_GAME not there" show
contains "$err" "start one with 'addiction new'" "ADDICTION_GAME not there"
expect 0 "games" games
[ "$(sed -n 2p <<<"$out" | cut -d' ' -f1)" = two ] && ok || bad "newest first: $out"
contains "$out" "LAST PLAYED" "the table's header"
run games --json
[ "$(jq -r '.[0].name, .[0].status, .[0].actions' <<<"$out" | tr '\n' ' ')" = "two playing 1 " ] && ok ||
  bad "games --json: $out"
[ "$(jq -r '.[1].name, .[1].last_played' <<<"$out" | tr '\n' ' ')" = "one 2026-01-01T00:00:50Z " ] && ok ||
  bad "games --json lists one"
[ "$(addiction complete games | tr '\n' ' ')" = "one two " ] && ok || bad "completion offers game names"
refused 1 "removing a game in progress" games --remove two
contains "$err" "in progress (deal 2, 1 action)" "why"
# One just dealt loses nothing: it goes without --force, as new replaces it, and
# is not a game played.
addiction --game dealt new 4 >/dev/null
expect 0 "removing a game just dealt" games --remove dealt
[ ! -e "$GAMES/dealt.toml" ] && ok || bad "dealt is gone"
[ ! -s "$ADDICTION_RECORD" ] && ok || bad "a game just dealt is not recorded"
# A read-only game is the user's "keep it": refused, as new --force refuses it.
chmod 444 "$GAMES/two.toml"
refused 1 "removing a read-only game" games --remove two --force
contains "$err" "$GAMES/two.toml is read-only" "removing a read-only game: why"
[ -e "$GAMES/two.toml" ] && [ ! -s "$ADDICTION_RECORD" ] && ok || bad "a read-only game removed, or recorded"
chmod 644 "$GAMES/two.toml"
expect 0 "games --remove --force" games --remove two --force
[ ! -e "$GAMES/two.toml" ] && ok || bad "two is gone"
[ "$(jq -r .result "$ADDICTION_RECORD")" = abandoned ] && ok || bad "a removed unfinished game is abandoned"
expect 0 "removing a game with --force" games --remove one --force
refused 1 "no such game" games --remove two
refused 2 "games --remove a bad name" games --remove 'bad name'
contains "$err" "--remove: 'bad name' is not a game name" "games --remove a bad name: as --game says it"
# A name starting with '-' reads as options wherever it is passed on.
refused 2 "a game name starting with -" --game=-x new 3
contains "$err" "'-x' is not a game name" "a game name starting with - is refused by name"
[ ! -e "$GAMES/-x.toml" ] && ok || bad "a game named -x was made"
printf 'garbage =\n' >"$GAMES/damaged.toml"
refused 1 "removing a damaged game" games --remove damaged
contains "$err" "game 'damaged' does not load, so it is kept (--force removes it)" "removing a damaged game: the way on"
expect 0 "removing a damaged game with --force" games --remove damaged --force
# A link to nothing is listed as damaged (with the link's own time, not 1970),
# so it is there to remove: it said "no game named". --force removes the link.
ln -s "$WORK/nowhere.toml" "$GAMES/dangling.toml"
run games --json
[ "$(jq -r '.[] | select(.name == "dangling") | .status, (.last_played | startswith("1970"))' <<<"$out" | tr '\n' ' ')" = \
  "damaged false " ] && ok || bad "a link to nothing is listed as damaged, with its own time: $out"
refused 1 "removing a link to nothing" games --remove dangling
contains "$err" "game 'dangling' is a link to nothing ($WORK/nowhere.toml), so it is kept (--force removes the link)" \
  "removing a link to nothing: the way on"
expect 0 "removing a link to nothing with --force" games --remove dangling --force
[ ! -L "$GAMES/dangling.toml" ] && ok || bad "the link to nothing is gone"
# A link that leads back to itself is damaged too, and --force removes it (it
# said "Too many levels of symbolic links").
ln -s "$GAMES/loop.toml" "$GAMES/loop.toml"
expect 0 "removing a link to itself with --force" games --remove loop --force
[ ! -L "$GAMES/loop.toml" ] && ok || bad "the link to itself is gone"
# A game reached through a link: what goes is the link, the game stays where it
# leads, unended, so it is not recorded as abandoned (its end, when it came,
# counted it a second time).
addiction -f "$WORK/elsewhere.toml" new 1 --rules mini >/dev/null
ln -s "$WORK/elsewhere.toml" "$GAMES/linked.toml"
# shellcheck disable=SC2046
addiction --game linked $(addiction --game linked hint --all | head -1) >/dev/null
record_lines=$(wc -l <"$ADDICTION_RECORD" 2>/dev/null || echo 0)
expect 0 "removing a linked game" games --remove linked --force
contains "$out" "removed game 'linked' (a link: the game stays at $WORK/elsewhere.toml)" "removing a linked game: what stays"
[ -f "$WORK/elsewhere.toml" ] && [ ! -L "$GAMES/linked.toml" ] && ok || bad "removing a linked game: the link goes, the game stays"
[ "$(wc -l <"$ADDICTION_RECORD" 2>/dev/null || echo 0)" = "$record_lines" ] && ok || bad "removing a linked game recorded it"
# A file '--game' cannot name is not listed, but said, as deals says its own:
# it vanished without a word.
addiction --game named new 3 >/dev/null
cp "$GAMES/named.toml" "$GAMES/a b.toml"
expect 0 "games with a file no game name names" games
contains "$err" "warning: skipping $GAMES/a b.toml: 'a b' is not a game name" "games says what it skips"
[[ $out != *"a b"* ]] && ok || bad "a file no game name names is listed: $out"
rm "$GAMES/a b.toml"

# A command that waits for the folder's lock while the game is removed (as
# games --remove does, under that lock): one line, exit 1, and no new game.
# The lock is held here with flock(1) until the command waits for it
# (/proc/locks shows a waiter on the folder's inode), then the game goes.
removed_while_waiting() {  # removed_while_waiting DESCRIPTION ARGS...
  local what=$1
  shift
  addiction --game gone new --force 1 >/dev/null
  addiction --game gone move 5S b9 >/dev/null
  rm -f "$WORK/held"
  # flock -c runs $SHELL, which may be dash (CI has no SHELL set): bash by name.
  flock "$GAMES" bash -c "touch '$WORK/held'
    for ((i = 0; i < 500; i++)); do grep -q -- '-> .*:$(stat -c %i "$GAMES") ' /proc/locks && break; sleep 0.01; done
    rm '$GAMES/gone.toml'" &
  while [ ! -e "$WORK/held" ]; do sleep 0.01; done
  run "$@"
  wait
  [ "$status" = 1 ] && ok || bad "$what: exit $status (stderr: $err)"
  one_line "$err" "$what"
  [ ! -e "$GAMES/gone.toml" ] && ok || bad "$what: made a game"
}
if command -v flock >/dev/null; then
  removed_while_waiting "move after a removal" --game gone move 6S b10
  contains "$err" "was removed while this command waited" "move says why"
  removed_while_waiting "a second removal" games --remove gone --force
  contains "$err" "was removed while this command waited" "remove says why"
else
  echo "SKIP: flock(1) is missing: a command waiting while games --remove removes the game is not checked"
fi

# A won game refuses to play on and says how to start another where it is.
addiction --game done new $FOUR_FROM_WON >/dev/null
for m in "KC a12" "KD b12" "KH c12" "KS d12"; do addiction --game done move $m >/dev/null; done
refused 1 "a move in a won named game" --game done move 2C
contains "$err" "the game is won; start another with 'addiction --game done new'" "a move in a won named game"
refused 1 "a shuffle in a won named game" --game done shuffle
contains "$err" "the game is won; start another with 'addiction --game done new'" "a shuffle in a won named game"

# A deal lost as dealt is no game for the record, and its advice says so (it
# pointed to the record, which never has it).
addiction --game asdealt new 68 --rules gaps --ranks 4 >/dev/null
run --game asdealt show
contains "$out" "lost as dealt, with 3/12 placed: no moves and no shuffles left (not a game for your record: 'addiction --game asdealt new' deals another)" \
  "the advice of a deal lost as dealt"
# The advice of a named game names it, so that its undo is not the default game's.
addiction --game lost new 23 --ranks 4 --shuffles 0 >/dev/null
run --game lost show
contains "$out" "your move: 'addiction --game lost move CARD [SLOT]', or 'addiction --game lost hint' for a suggestion" \
  "the advice of a named game"
addiction --game lost $(addiction --game lost hint --all | head -n 1) >/dev/null
run --game lost show
contains "$out" "('addiction --game lost undo' to try another line, 'addiction stats' for your record)" \
  "the advice of a lost named game"
refused 1 "a hint in a lost named game" --game lost hint
[ "$err" = "addiction: the game is lost: no moves and no shuffles left ('addiction --game lost undo' to go back)" ] &&
  ok || bad "a hint in a lost named game: $err"
# A move or a shuffle there says so too, as in a won game (a move named only its own reason).
for action in "move 2C" "shuffle"; do
  # shellcheck disable=SC2086
  refused 1 "$action in a lost named game" --game lost $action
  [ "$err" = "addiction: the game is lost: no moves and no shuffles left ('addiction --game lost undo' to go back)" ] &&
    ok || bad "$action in a lost named game: $err"
done

# move SLOT: the one card that fits; refusals say why.
addiction new --force $FOUR_FROM_WON >/dev/null
expect 0 "move A12, a slot in capitals" move A12
contains "$out" "[K♣]" "KC moved to a12"
addiction undo >/dev/null
expect 0 "move a12" move a12
contains "$out" "[K♣]" "KC moved to a12"
refused 1 "not a gap" move a12
contains "$err" "a12 is not a gap (it holds KC)" "not a gap"
refused 1 "a dead gap" move a13
contains "$err" "a13 is a dead gap" "dead gap"
addiction new --force 1 >/dev/null
expect 0 "show --wants" --ascii show --wants
contains "$out" "(5S)" "b9 wants 5S"
contains "$out" "placed 0/48, play time 0:00" "score and clock"
addiction move 5S b9 >/dev/null
refused 1 "several candidates in the first column" move b1
contains "$err" "fit b1: name the card" "candidates listed"
expect 0 "highlight on a colour terminal" --color always show
[[ "$out" == *$'\e[7m'* ]] && ok || bad "the last action's card is highlighted"
expect 0 "replay highlights too" --color always replay --from 1 --to 1
[[ "$out" == *$'\e[7m'* ]] && ok || bad "replay highlight"

finish
