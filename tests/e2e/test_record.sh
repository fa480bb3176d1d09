#!/usr/bin/env bash
# The player's record: games played to a win, a loss and an abandon through the
# command line are each appended once, at their first end, also when the command
# is killed between the append and the save and when several processes play at
# once; stats --json counts them exactly.
source "$(dirname "$0")/lib.sh" "$1"
export HOME="$WORK/home" XDG_CACHE_HOME="$WORK/cache"
unset ADDICTION_RECORD ADDICTION_GAME
export SOURCE_DATE_EPOCH=1767225600
RECORD="$XDG_DATA_HOME/addiction/record"
FOUR_FROM_WON=MAPBgC7IglCJhxECXFjxbFhvqPhQBBsnHBPGgYY  # each King one slot right of its Queen's gap

# Each game starts 100 s after the last, as on a real clock: under
# SOURCE_DATE_EPOCH two games alike in file, deal, start and actions are one.
tick() { export SOURCE_DATE_EPOCH=$((SOURCE_DATE_EPOCH + 100)); }
win() {  # win [GLOBAL OPTIONS...]: a new game won in four moves
  tick
  addiction "$@" new --force $FOUR_FROM_WON >/dev/null
  for m in "KC a12" "KD b12" "KH c12" "KS d12"; do addiction "$@" move $m >/dev/null || bad "move $m"; done
}
lose() {  # deal 23, 4 ranks, no shuffles: lost after one move
  tick
  addiction "$@" new --force 23 --ranks 4 --shuffles 0 >/dev/null
  addiction "$@" move 3H c4 >/dev/null || bad "losing move"
}
stat() {  # stat KEY [OPTIONS...]: one number of stats --json's overall
  local key=$1
  shift
  addiction stats --json "$@" | jq -r ".overall.$key"
}
lines() { if [ -e "$RECORD" ]; then grep -c . "$RECORD"; else echo 0; fi; }

# Nothing yet.
expect 0 "stats with no record" stats
contains "$out" "no games in the record yet" "empty record"
[ "$(stat played)" = 0 ] && ok || bad "nothing played yet"
[ ! -e "$RECORD" ] && ok || bad "reading stats made a record"

# A win, at its end: one line with what the issue lists.
win
[ "$(lines)" = 1 ] && ok || bad "a win appends one line"
entry=$(head -n 1 "$RECORD")
for key in record game when rules deal result actions moves shuffles placed seconds helped history file; do
  [ "$(jq "has(\"$key\")" <<<"$entry")" = true ] && ok || bad "the entry has no $key"
done
[ "$(jq -r .result <<<"$entry")" = won ] && ok || bad "result won"
[ "$(jq -r .file <<<"$entry")" = "$ADDICTION_FILE" ] && ok || bad "the game's file"
[ "$(jq -r '.history | length' <<<"$entry")" = 4 ] && ok || bad "the history"
[ "$(jq -r .when <<<"$entry")" = 2026-01-01T00:01:40Z ] && ok || bad "when, from SOURCE_DATE_EPOCH"
grep -q '^recorded = true' "$ADDICTION_FILE" && ok || bad "the game file says recorded"

# Undo after the end and a second end: not again.
addiction undo >/dev/null
addiction move KS d12 >/dev/null
[ "$(lines)" = 1 ] && ok || bad "a second end of the same game is not recorded"

# Undo and the record, each case with a record of its own; then the game and the
# default record (no ADDICTION_RECORD) of the checks around them again.
cp "$ADDICTION_FILE" "$WORK/before-undo.toml"
# A game whose moves were all undone is not a game played: new takes it without
# --force, and the record hears nothing (it said "abandoned", 0 actions).
export ADDICTION_RECORD="$WORK/undone-record"
addiction new --force 40 >/dev/null
addiction $(addiction hint --all | head -n 1) >/dev/null
addiction undo >/dev/null
out=$(addiction new 41 2>&1) && [ ! -e "$ADDICTION_RECORD" ] && ok ||
  bad "a game with its moves undone: $out; $(cat "$ADDICTION_RECORD" 2>&1)"
# Undoing the last shuffle lands where no move is left (the shuffle stays
# spent), with the redo still there: not an end (it was recorded as a loss of 0
# actions); replaced there, the game is recorded as lost.
export ADDICTION_RECORD="$WORK/undo-record"
printf '%s\n' "JC 7H 2D JS QS KC -- 4H 6H QD TS 4S 8H" "TD 5H JH 7S 5D KD -- 6C 4C JD QH 7C TC" \
  "4D 8C 9S 2C 3S KH -- 9D 5S 8D 3D 6S TH" "3H 9C QC 5C 6D KS -- 9H 3C 2S 2H 7D 8S" >"$WORK/stuck.txt"
addiction new --force --from "$WORK/stuck.txt" --shuffles 1 >/dev/null
addiction shuffle >/dev/null
out=$(addiction undo)
[[ $out == *"0 legal moves: lost"* ]] && [ ! -e "$ADDICTION_RECORD" ] && ok ||
  bad "an undo that lands on a loss recorded it: $(cat "$ADDICTION_RECORD" 2>&1)"
addiction redo >/dev/null
addiction undo >/dev/null
addiction new --force 3 >/dev/null
[ "$(grep -c . "$ADDICTION_RECORD")" = 1 ] && [ "$(jq -r .result "$ADDICTION_RECORD")" = lost ] && ok ||
  bad "replaced where the undo landed: not recorded as lost: $(cat "$ADDICTION_RECORD")"
# A shuffle undone where moves are left: the game goes on, the shuffle stays
# spent, and replacing the game would record it: new and games --remove want
# --force for it (they took it without a word, and the record said abandoned).
export ADDICTION_RECORD="$WORK/undone-shuffle-record"
addiction new --force 10 >/dev/null
addiction shuffle >/dev/null
addiction undo >/dev/null
refused 1 "new over a game whose shuffle was undone" new 3
contains "$err" "(deal 10, a shuffle spent, then undone): finish it, or use --force" "new over an undone shuffle: the message"
addiction --game undone new 10 >/dev/null
addiction --game undone shuffle >/dev/null
addiction --game undone undo >/dev/null
refused 1 "games --remove of a game whose shuffle was undone" games --remove undone
[ ! -e "$ADDICTION_RECORD" ] && ok || bad "refused, yet recorded: $(cat "$ADDICTION_RECORD")"
expect 0 "new --force over it" new --force 3
[ "$(jq -r .result "$ADDICTION_RECORD")" = abandoned ] && ok || bad "new --force over an undone shuffle: not abandoned"
addiction games --remove undone --force >/dev/null
unset ADDICTION_RECORD
cp "$WORK/before-undo.toml" "$ADDICTION_FILE"

# A loss, and an abandon (replaced by new while unfinished, with an action).
lose
addiction new --force 5 >/dev/null
addiction move "$(addiction hint --all | head -n 1 | cut -d' ' -f2-)" >/dev/null 2>&1 ||
  addiction $(addiction hint --all | head -n 1) >/dev/null
expect 0 "new over an unfinished game" new --force 6
[ "$(lines)" = 3 ] && ok || bad "win, loss, abandon: 3 lines, not $(lines)"
# A game without a single action is not played.
expect 0 "new over an untouched game" new --force 7
[ "$(lines)" = 3 ] && ok || bad "an untouched game is not recorded"
run stats --json
[ "$(jq '.overall | [.played, .won, .lost, .abandoned] | join(" ")' -r <<<"$out")" = "3 1 1 1" ] && ok ||
  bad "played won lost abandoned: $(jq -c .overall <<<"$out")"
[ "$(jq '.overall.current_streak' <<<"$out")" = 0 ] && ok || bad "an abandon ends the streak"

# On a real clock, games alike in file, deal, rules and actions, started in the
# same second, are each a game: the first action draws the game's play.id. Three
# such wins counted as one.
failed_before=$failed
(
  unset SOURCE_DATE_EPOCH
  export ADDICTION_RECORD="$WORK/same-second-record"
  for i in 1 2 3; do
    addiction new --force $FOUR_FROM_WON >/dev/null
    for m in "KC a12" "KD b12" "KH c12" "KS d12"; do addiction move $m >/dev/null; done
  done
  grep -Eq "^id = '[0-9a-f]{16}'$" "$ADDICTION_FILE" && ok || bad "a game on a real clock has no play.id"
  [ "$(addiction stats --json | jq -c '.overall | [.played, .won]')" = "[3,3]" ] && ok ||
    bad "three wins in one second: $(addiction stats --json | jq -c .overall)"
  # Still once each: a win undone and played again is the same game.
  addiction undo >/dev/null
  addiction move KS d12 >/dev/null
  [ "$(grep -c . "$ADDICTION_RECORD")" = 3 ] && ok || bad "a win undone and redone counted again"
  exit $((failed > failed_before))
) && ok || bad "games in the same second (above)"
[ "$(jq '.overall.longest_win_streak' <<<"$out")" = 1 ] && ok || bad "longest win streak"
[ "$(jq '.overall.fewest_moves' <<<"$out")" = 4 ] && ok || bad "fewest moves"
[ "$(jq '.presets | keys | length' <<<"$out")" = 2 ] && ok || bad "addiction and one custom group"
[ "$(jq '.presets.addiction.won' <<<"$out")" = 1 ] && ok || bad "per preset"
[ "$(jq '.presets["custom: 4 ranks, 0 shuffles, random redeal"].lost' <<<"$out")" = 1 ] && ok ||
  bad "a custom game grouped by its rules: $(jq -c '.presets | keys' <<<"$out")"
for key in played won lost abandoned win_rate current_streak longest_win_streak longest_loss_streak \
  fewest_moves fewest_shuffles fastest_seconds; do
  [ "$(jq ".overall | has(\"$key\")" <<<"$out")" = true ] && ok || bad "stats --json has no $key"
done
[ "$(stat played --rules addiction)" = 2 ] && ok || bad "--rules addiction: the win and the abandon"
[ "$(stat played --rules custom)" = 1 ] && ok || bad "--rules custom"
# A rule set of yours whose file is gone keeps its games, and --rules takes its
# name from the record (it said "unknown rule set" of a column stats showed).
(
  export ADDICTION_RECORD="$WORK/gone-record"
  mkdir -p "$XDG_DATA_HOME/addiction/rules"
  addiction rules mini >"$XDG_DATA_HOME/addiction/rules/quick.toml"
  tick
  addiction --game q new 11 --rules quick >/dev/null && addiction --game q solve --apply >/dev/null 2>&1
  rm "$XDG_DATA_HOME/addiction/rules/quick.toml"
  [ "$(stat played --rules quick)" = 1 ] || exit 1
  "$BIN" stats --rules quik >/dev/null 2>&1
  [ $? = 2 ]
) && ok || bad "stats --rules of a rule set whose file is gone"
[ "$(stat played --since 2026-01-02)" = 0 ] && ok || bad "--since after every game"
expect 0 "stats --since after every game" stats --since 2026-01-02
contains "$out" "no game of the record's 3 matches --since 2026-01-02" "--since after every game: not 'no games yet'"
[ "$(stat played --since 2026-01-01)" = 3 ] && ok || bad "--since the day of every game"
refused 2 "a bad date" stats --since yesterday
[ "$err" = "addiction: --since: 'yesterday' is not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ, UTC) (try 'addiction stats --help')" ] &&
  ok || bad "a bad date: $err"
expect 0 "stats as a table" stats
contains "$out" "longest winning streak" "the table"
# A win rate in whole percents is never 100% with a loss (199 won of 200 said
# 100%): a record of copies of one won line, each another game, and a loss.
won_line=$(jq -c 'select(.result == "won")' "$RECORD" | head -n 1)
for i in $(seq 1 199); do jq -c --arg g "g$i" '.game = $g' <<<"$won_line"; done >"$WORK/rates"
jq -c '.game = "lost1" | .result = "lost"' <<<"$won_line" >>"$WORK/rates"
ADDICTION_RECORD="$WORK/rates" run stats
contains "$out" "99.5%" "199 won of 200: 99.5%, not 100%"

# Play time: first to last action.
addiction new --force $FOUR_FROM_WON >/dev/null
t=$SOURCE_DATE_EPOCH
SOURCE_DATE_EPOCH=$((t + 1000)) addiction move KC a12 >/dev/null
SOURCE_DATE_EPOCH=$((t + 1100)) addiction move KD b12 >/dev/null
SOURCE_DATE_EPOCH=$((t + 1200)) addiction move KH c12 >/dev/null
SOURCE_DATE_EPOCH=$((t + 1300)) addiction move KS d12 >/dev/null
export SOURCE_DATE_EPOCH=$((t + 2000))
[ "$(tail -n 1 "$RECORD" | jq .seconds)" = 300 ] && ok || bad "300 s from the first to the last move"
expect 0 "show a won game" show
contains "$out" "won in 4 moves, 0 shuffles, 5:00" "show sums up the win"
contains "$out" "addiction stats" "show points at stats"
[ "$(stat fastest_seconds)" = 0 ] && ok || bad "fastest win"
# Each action's time is in the game file; an undo takes its time back, a redo is
# stamped anew: the play time runs from the first action to the last.
[ "$(tr -d '\n' <"$ADDICTION_FILE" | grep -o 'times = \[[^]]*]' | grep -o '[0-9]\{10\}' | tr '\n' ' ')" = \
  "$((t + 1000)) $((t + 1100)) $((t + 1200)) $((t + 1300)) " ] && ok || bad "four actions, four times"
SOURCE_DATE_EPOCH=$((t + 1400)) addiction undo >/dev/null
SOURCE_DATE_EPOCH=$((t + 1500)) addiction undo >/dev/null
expect 0 "show after two undos" show
contains "$out" "play time 1:40" "the play time without the undone actions' times"
SOURCE_DATE_EPOCH=$((t + 1600)) addiction redo 2 >/dev/null
expect 0 "show after the redo" show
contains "$out" "won in 4 moves, 0 shuffles, 10:00" "a redo is stamped when it is played"
# A position shown with --at has the clock of its own actions (it said 0:00).
expect 0 "show --at 2" show --at 2
contains "$out" "play time 1:40" "show --at 2: the play time of its two actions"
expect 0 "show --at 1" show --at 1
contains "$out" "play time 0:00" "show --at 1: one action, no time yet"

# SIGKILL between the append and the save: the game is not saved ended, and
# playing its last move again appends it again; stats counts it once.
before=$(stat won)
tick
addiction new --force $FOUR_FROM_WON >/dev/null
for m in "KC a12" "KD b12" "KH c12"; do addiction move $m >/dev/null; done
ADDICTION_TEST_KILL=after-record "$BIN" move KS d12 >/dev/null 2>&1 && status=0 || status=$?
[ "$status" = 137 ] && ok || bad "the kill hook: exit $status"
grep -q '^recorded = false' "$ADDICTION_FILE" && ok || bad "killed before the save: not marked"
n=$(lines)
addiction move KS d12 >/dev/null
[ "$(lines)" = $((n + 1)) ] && ok || bad "the end is appended again"
[ "$(stat won)" = $((before + 1)) ] && ok || bad "but counted once"
# Killed just before the append: nothing appended, the game not saved; the move
# played again is recorded once.
before=$(stat won)
n=$(lines)
tick
addiction new --force $FOUR_FROM_WON >/dev/null
for m in "KC a12" "KD b12" "KH c12"; do addiction move $m >/dev/null; done
ADDICTION_TEST_KILL=before-record "$BIN" move KS d12 >/dev/null 2>&1
[ "$(lines)" = "$n" ] && ok || bad "killed before the append: nothing appended"
addiction move KS d12 >/dev/null
[ "$(lines)" = $((n + 1)) ] && [ "$(stat won)" = $((before + 1)) ] && ok || bad "killed before the append: once"
# Killed after the append of an abandon: the next new appends it again, once counted.
tick
addiction new --force 8 >/dev/null
addiction $(addiction hint --all | head -n 1) >/dev/null
before=$(stat abandoned)
ADDICTION_TEST_KILL=after-record "$BIN" new --force 9 >/dev/null 2>&1
addiction new --force 9 >/dev/null
[ "$(stat abandoned)" = $((before + 1)) ] && ok || bad "an abandon killed mid-way counts once"

# SIGKILL at random moments of the winning move, then the move played again as
# a player would: every game counts exactly once, whatever the kill hit.
KILLS=${RECORD_KILLS:-20}
[ "${ADDICTION_TEST_SHORT:-0}" = 1 ] && KILLS=${RECORD_KILLS:-6}  # the sanitizer build: the same paths, fewer
before=$(stat won)
# One game a move from won, copied: each copy is another file, so another game.
tick
addiction -f "$WORK/kill.toml" new $FOUR_FROM_WON >/dev/null 2>&1
for m in "KC a12" "KD b12" "KH c12"; do addiction -f "$WORK/kill.toml" move $m >/dev/null; done
RANDOM=7
for ((k = 0; k < KILLS; k++)); do
  game="$WORK/kill$k.toml"
  cp "$WORK/kill.toml" "$game"
  "$BIN" -f "$game" move KS d12 >/dev/null 2>&1 &
  pid=$!
  sleep "0.00$((RANDOM % 10))$((RANDOM % 10))"
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  grep -q '^recorded = true' "$game" || addiction -f "$game" move KS d12 >/dev/null 2>&1 ||
    bad "kill $k: the game does not go on: $(addiction -f "$game" show 2>&1 | tail -n 1)"
done
[ "$(stat won)" = $((before + KILLS)) ] && ok || bad "$KILLS killed wins count $(($(stat won) - before))"

# A damaged line is reported and skipped; the next append starts a new line.
before=$(stat won)
printf '{"record": 1, "game": "torn' >>"$RECORD"
win
run stats --json
[ "$status" = 0 ] && ok || bad "stats with a damaged line: $status"
contains "$err" "line $(($(lines) - 1)): " "the damaged line is named"
[ "$(jq .overall.won <<<"$out")" = $((before + 1)) ] && ok || bad "nothing else lost"
echo 'not json at all' >>"$RECORD"
[ "$(stat played 2>/dev/null)" -gt 0 ] && ok || bad "the rest is still read"

# --no-record and ADDICTION_RECORD.
n=$(lines)
win --no-record
[ "$(lines)" = "$n" ] && ok || bad "--no-record appends nothing"
grep -q '^recorded = true' "$ADDICTION_FILE" && ok || bad "--no-record settles the game"
ADDICTION_RECORD="$WORK/other" win
[ "$(lines)" = "$n" ] && [ "$(grep -c . "$WORK/other")" = 1 ] && ok || bad "ADDICTION_RECORD"
[ "$(ADDICTION_RECORD="$WORK/other" addiction stats --json | jq .overall.won)" = 1 ] && ok || bad "stats reads ADDICTION_RECORD"

# solve --apply marks the game helped: a win, not unassisted.
before=$(stat won_unassisted)
tick
addiction new --force $FOUR_FROM_WON >/dev/null
addiction move KC a12 >/dev/null
expect 0 "solve --apply" solve --apply
[ "$(tail -n 1 "$RECORD" | jq .helped)" = true ] && ok || bad "helped"
[ "$(stat won_unassisted)" = "$before" ] && ok || bad "a helped win is not unassisted"

# A hint or a solve is help too: noted beside the record (the game file stays
# as it is), and the game's end is recorded helped.
NOTES="$XDG_STATE_HOME/addiction/helped"
helped() { tail -n 1 "$RECORD" | jq .helped; }
tick
addiction new --force $FOUR_FROM_WON >/dev/null
addiction move KC a12 >/dev/null
cp "$ADDICTION_FILE" "$WORK/before-hint"
expect 0 "a hint" hint
same_file "$WORK/before-hint" "$ADDICTION_FILE" "hint leaves the game file byte-identical"
[ "$(grep -c . "$NOTES")" = 1 ] && ok || bad "one note for the hinted game"
addiction hint >/dev/null 2>&1
[ "$(grep -c . "$NOTES")" = 1 ] && ok || bad "one note a game, however many hints"
before=$(stat won_unassisted)
won=$(stat won)
for m in "KD b12" "KH c12" "KS d12"; do addiction move $m >/dev/null; done
[ "$(helped)" = true ] && ok || bad "a game won after a hint is helped"
[ "$(stat won)" = $((won + 1)) ] && [ "$(stat won_unassisted)" = "$before" ] && ok ||
  bad "a hinted win counts as won, not unassisted"
[ ! -e "$NOTES" ] && ok || bad "the game's note goes once it is recorded"
# A solve that decides nothing gave no help: no note (it noted one, while an
# interrupted solve --apply did not).
(
  export ADDICTION_FILE="$WORK/undecided.toml"
  addiction new 3 --rules gaps >/dev/null
  addiction solve --positions 1000 >/dev/null 2>&1
  [ $? = 4 ] && [ ! -e "$NOTES" ]
) && ok || bad "an undecided solve noted help: $(cat "$NOTES" 2>&1)"
# The same deal again in the same file: no hint, unassisted.
tick
addiction new --force $FOUR_FROM_WON >/dev/null
for m in "KC a12" "KD b12" "KH c12" "KS d12"; do addiction move $m >/dev/null; done
[ "$(helped)" = false ] && [ "$(stat won_unassisted)" = $((before + 1)) ] && ok ||
  bad "a game after a hinted game of the same deal is unassisted"
# A hint before the first action, the game abandoned by new; the next game of the
# same deal, under the same clock, starts unhelped.
addiction new --force $FOUR_FROM_WON >/dev/null
addiction hint >/dev/null 2>&1
addiction move KC a12 >/dev/null
addiction new --force $FOUR_FROM_WON >/dev/null
[ "$(tail -n 1 "$RECORD" | jq -r '"\(.result) \(.helped)"')" = "abandoned true" ] && ok ||
  bad "a hint before the first action helps the game: $(tail -n 1 "$RECORD")"
for m in "KC a12" "KD b12" "KH c12" "KS d12"; do addiction move $m >/dev/null; done
[ "$(helped)" = false ] && ok || bad "a new game of the same deal does not inherit the abandoned one's hint"
# solve without --apply, on a read-only game file: noted all the same.
addiction new --force $FOUR_FROM_WON >/dev/null
addiction move KC a12 >/dev/null
chmod a-w "$ADDICTION_FILE"
cp "$ADDICTION_FILE" "$WORK/before-solve"
expect 0 "solve on a read-only game" solve
same_file "$WORK/before-solve" "$ADDICTION_FILE" "solve leaves the game file byte-identical"
chmod u+w "$ADDICTION_FILE"
for m in "KD b12" "KH c12" "KS d12"; do addiction move $m >/dev/null; done
[ "$(helped)" = true ] && ok || bad "solve counts as help"
# --no-record: no notes at all. ADDICTION_RECORD: the notes beside that record,
# none for a record that is no file.
addiction new --force $FOUR_FROM_WON >/dev/null
addiction move KC a12 >/dev/null
expect 0 "hint --no-record" --no-record hint
[ ! -e "$NOTES" ] && ok || bad "hint --no-record writes no notes"
expect 0 "solve --no-record" --no-record solve
[ ! -e "$NOTES" ] && ok || bad "solve --no-record writes no notes"
ADDICTION_RECORD="$WORK/other" addiction hint >/dev/null 2>&1
[ ! -e "$NOTES" ] && [ "$(grep -c . "$WORK/other.helped")" = 1 ] && ok || bad "the notes follow ADDICTION_RECORD"
ADDICTION_RECORD=/dev/null addiction hint >/dev/null 2>&1
[ ! -e "$NOTES" ] && [ ! -e /dev/null.helped ] && ok || bad "no notes beside /dev/null"
for m in "KD b12" "KH c12" "KS d12"; do ADDICTION_RECORD="$WORK/other" addiction move $m >/dev/null; done
[ "$(tail -n 1 "$WORK/other" | jq .helped)" = true ] && [ ! -e "$WORK/other.helped" ] && ok ||
  bad "a game hinted under ADDICTION_RECORD is recorded there helped"

# Hints and moves racing, on games side by side in one folder that end at once:
# every note lands or is dropped with its own game, never another game's.
for w in 1 2 3 4; do
  (tick
   addiction --game "h$w" new --force $FOUR_FROM_WON >/dev/null
   addiction --game "h$w" move KC a12 >/dev/null
   addiction --game "h$w" hint >/dev/null 2>&1 &
   addiction --game "h$w" move KD b12 >/dev/null
   wait
   for m in "KH c12" "KS d12"; do addiction --game "h$w" move $m >/dev/null; done) &
done
wait
for w in 1 2 3 4; do
  [ "$(grep -F "/h$w.toml\"" "$RECORD" | jq .helped)" = true ] && ok ||
    bad "h$w's hint, racing its move, is counted"
done
[ ! -e "$NOTES" ] && ok || bad "no notes left once the games are recorded"

# -f and named games are recorded alike.
win -f "$WORK/elsewhere.toml"
[ "$(tail -n 1 "$RECORD" | jq -r .file)" = "$WORK/elsewhere.toml" ] && ok || bad "-f game recorded"
win --game side
[ "$(tail -n 1 "$RECORD" | jq -r .file)" = "$XDG_STATE_HOME/addiction/games/side.toml" ] && ok || bad "named game recorded"

# Same actions, same SOURCE_DATE_EPOCH: byte-identical files; without it, a clock.
(win -f "$WORK/a.toml")  # in subshells: the same clock for both
(win -f "$WORK/b.toml")
same_file "$WORK/a.toml" "$WORK/b.toml" "byte-identical under SOURCE_DATE_EPOCH"
(unset SOURCE_DATE_EPOCH; "$BIN" -f "$WORK/c.toml" new 1 >/dev/null; "$BIN" -f "$WORK/c.toml" undo >/dev/null 2>&1
 "$BIN" -f "$WORK/c.toml" $("$BIN" -f "$WORK/c.toml" hint --all | head -n 1) >/dev/null)
started=$(grep '^started = ' "$WORK/c.toml" | cut -d' ' -f3)
[ "${started:-0}" -gt 1767225600 ] && ok || bad "the clock without SOURCE_DATE_EPOCH: $started"
SOURCE_DATE_EPOCH=soon run -f "$WORK/c.toml" undo
[ "$status" = 1 ] && ok || bad "a bad SOURCE_DATE_EPOCH is refused"

# A format 1 file loads, and its next save is format 2.
addiction new --force 1 >/dev/null
sed -i -e 's/^format = 2/format = 1/' -e '/^helped = /d' -e '/^recorded = /d' "$ADDICTION_FILE"
expect 0 "a format 1 file loads" show
addiction $(addiction hint --all | head -n 1) >/dev/null
grep -q '^format = 2' "$ADDICTION_FILE" && ok || bad "saved as format 2"

# Several processes end games at once: 6 named games won side by side, and 4
# processes racing to play the last move of one game. Each game counted once.
tick
addiction new --force $FOUR_FROM_WON >/dev/null  # records the unfinished format 1 game as abandoned
before=$(stat won)
n=$(lines)
for w in 1 2 3 4 5 6; do win --game "w$w" & done
wait
for m in "KC a12" "KD b12" "KH c12"; do addiction move $m >/dev/null; done
for w in 1 2 3 4; do "$BIN" move KS d12 >/dev/null 2>&1 & done
wait
[ "$(lines)" = $((n + 7)) ] && ok || bad "7 ends appended, not $(($(lines) - n))"
[ "$(stat won)" = $((before + 7)) ] && ok || bad "7 wins counted"
[ "$(addiction games --json | jq '[.[] | select(.status == "won")] | length')" -ge 6 ] && ok || bad "games lists them"

# A record that cannot be written (here a folder, which stops root too): the
# action that would add to it changes nothing and says why and what goes on;
# --no-record goes on. The same for the help notes.
mkdir -p "$WORK/blocked/record" "$WORK/blocked/other.helped"
addiction new --force $FOUR_FROM_WON >/dev/null
for m in "KC a12" "KD b12" "KH c12"; do addiction move $m >/dev/null; done
ADDICTION_RECORD="$WORK/blocked/record" refused 1 "the winning move, the record a folder" move KS d12
contains "$err" "cannot add the game's end to the record, so nothing was changed (--no-record goes on without it): cannot open $WORK/blocked/record: Is a directory" "the winning move, the record a folder"
ADDICTION_RECORD="$WORK/blocked/record" refused 1 "a new game, the record a folder" new --force 5
contains "$err" "cannot add the game's end to the record, so nothing was changed" "a new game, the record a folder"
ADDICTION_RECORD="$WORK/blocked/other" refused 1 "a hint, the notes a folder" hint
contains "$err" "cannot note in the record that this game had help (--no-record goes on without the note): cannot open $WORK/blocked/other.helped: Is a directory" "a hint, the notes a folder"
[ -z "$out" ] && ok || bad "no hint printed when its note cannot be written: $out"
ADDICTION_RECORD="$WORK/blocked/other" refused 1 "a solve, the notes a folder" solve
contains "$err" "cannot note in the record that this game had help" "a solve, the notes a folder"
ADDICTION_RECORD="$WORK/blocked/other" expect 0 "hint --no-record, the notes a folder" --no-record hint
[ "$out" = "move KS d12" ] && ok || bad "hint --no-record: '$out'"
ADDICTION_RECORD="$WORK/blocked/record" expect 0 "the winning move --no-record, the record a folder" --no-record move KS d12
grep -q '^recorded = true' "$ADDICTION_FILE" && ok || bad "the game won with --no-record"
# A record at /dev/null keeps nothing and refuses nothing (addiction(5)): a
# game's end failed "Invalid argument" (it cannot be synced). A pipe keeps no
# record, and reading one waited for ever: both refused, the game unchanged.
mkfifo "$WORK/blocked/pipe"
addiction new --force $FOUR_FROM_WON >/dev/null
for m in "KC a12" "KD b12" "KH c12"; do addiction move $m >/dev/null; done
ADDICTION_RECORD="$WORK/blocked/pipe" refused 1 "the winning move, the record a pipe" move KS d12
contains "$err" "cannot append to $WORK/blocked/pipe: it is a pipe, not a file" "the winning move, the record a pipe"
ADDICTION_RECORD="$WORK/blocked/pipe" refused 1 "stats of a record that is a pipe" stats
contains "$err" "cannot read $WORK/blocked/pipe: it is a pipe, not a file" "stats of a record that is a pipe"
ADDICTION_RECORD=/dev/null expect 0 "the winning move, the record /dev/null" move KS d12
grep -q '^recorded = true' "$ADDICTION_FILE" && ok || bad "the game won with the record at /dev/null"
ADDICTION_RECORD=/dev/null expect 0 "stats of /dev/null" stats
contains "$out" "no games in the record yet" "stats of /dev/null"

# stats --reset moves the record aside, dated, and keeps it.
expect 0 "stats --reset" stats --reset
[ ! -e "$RECORD" ] && ok || bad "the record is moved"
kept=$(ls "$XDG_DATA_HOME/addiction/" | grep -c '^record\.2026')
[ "$kept" = 1 ] && ok || bad "a dated copy is kept"
[ "$(stat played)" = 0 ] && ok || bad "a fresh record"
refused 1 "nothing to reset" stats --reset

# Won with the clock set back: the line ends at the game's last action, not
# before its own play time (stats skipped it as damaged, the win gone).
addiction new --force $FOUR_FROM_WON >/dev/null
SOURCE_DATE_EPOCH=$((t + 30000)) addiction move KC a12 >/dev/null
SOURCE_DATE_EPOCH=$((t + 30500)) addiction move KD b12 >/dev/null
SOURCE_DATE_EPOCH=100 addiction move KH c12 >/dev/null
SOURCE_DATE_EPOCH=100 addiction move KS d12 >/dev/null
[ "$(tail -n 1 "$RECORD" | jq -c '[.result, .seconds, .when]')" = "[\"won\",500,\"$(date -u -d @$((t + 30500)) +%Y-%m-%dT%H:%M:%SZ)\"]" ] &&
  ok || bad "a win with the clock set back: $(tail -n 1 "$RECORD")"
run stats --json
[[ $err != *damaged* && $err != *skipped* ]] && ok || bad "stats skips the win with the clock set back: $err"

finish
