#!/usr/bin/env bash
# Several processes play on one game file at once: moves, shuffles, undo and redo,
# while another keeps reading it. Every action must be applied or refused, none
# lost, and the file must load at every moment. Each applied action changes the
# history's length by exactly one (undo -1, the others +1) whatever the order, so
# the final length must equal what the players report they did.
source "$(dirname "$0")/lib.sh" "$1"

# The sanitizer build sets ADDICTION_TEST_SHORT=1: as many players, each with a
# quarter of the actions, so they still contend for the file all the while.
WORKERS=${CONCURRENCY_WORKERS:-4}
if [ "${ADDICTION_TEST_SHORT:-0}" = 1 ]; then ACTIONS=${CONCURRENCY_ACTIONS:-10}; else ACTIONS=${CONCURRENCY_ACTIONS:-40}; fi

addiction new 1 --shuffles 3 >/dev/null

# player N: ACTIONS random actions, one "KIND STATUS" line each in log.N.
player() {
  local n=$1 i kind moves status
  RANDOM=$((n * 7919))
  for ((i = 0; i < ACTIONS; i++)); do
    case $((RANDOM % 10)) in
      0 | 1) kind=undo ;;
      2 | 3) kind=redo ;;
      4) kind=shuffle ;;
      *) kind=move ;;
    esac
    if [ "$kind" = move ]; then
      # Another player may change the board between this look and the move: then
      # the move is refused, which is one of the outcomes under test.
      mapfile -t moves < <("$BIN" hint --all 2>/dev/null | grep '^move ')
      if [ ${#moves[@]} -eq 0 ]; then kind=undo; set -- undo; else
        # shellcheck disable=SC2086
        set -- ${moves[RANDOM % ${#moves[@]}]}
      fi
    else
      set -- "$kind"
    fi
    "$BIN" "$@" >/dev/null 2>"$WORK/err.$n.$i" && status=0 || status=$?
    echo "$kind $status $*" >>"$WORK/log.$n"
  done
}

# reader: loads the game until the players are done; logs every failure.
reader() {
  local reads=0
  while [ ! -e "$WORK/done" ]; do
    "$BIN" show --json >/dev/null 2>>"$WORK/reader.err" || echo "read failed" >>"$WORK/reader.log"
    reads=$((reads + 1))
  done
  echo "$reads" >"$WORK/reads"
}

reader &
reader_pid=$!
pids=()
for ((n = 0; n < WORKERS; n++)); do
  player "$n" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
touch "$WORK/done"
wait "$reader_pid"

cat "$WORK"/log.* >"$WORK/all.log"
tried=$(wc -l <"$WORK/all.log")
applied=$(awk '$2 == 0' "$WORK/all.log" | wc -l)
refused_count=$(awk '$2 == 1' "$WORK/all.log" | wc -l)
other=$(awk '$2 != 0 && $2 != 1' "$WORK/all.log" | wc -l)
undone=$(awk '$2 == 0 && $1 == "undo"' "$WORK/all.log" | wc -l)
[ "$tried" -eq $((WORKERS * ACTIONS)) ] && ok || bad "expected $((WORKERS * ACTIONS)) actions in the logs, got $tried"
[ "$other" -eq 0 ] && ok || bad "$other actions ended with a status other than 0 or 1: $(awk '$2 > 1' "$WORK/all.log" | head -3)"

# Refusals are the game's own, one line each: never a lock, load or save failure.
for f in "$WORK"/err.*; do
  [ -s "$f" ] || continue
  msg=$(cat "$f")
  one_line "$msg" "refusal in $(basename "$f")"
  # Load and save failures name the file, so a refusal must not.
  case $msg in
    *"$ADDICTION_FILE"* | *"internal error"*) bad "not a refusal of the action: $msg" ;;
    *) ok ;;
  esac
done

# None lost: the history's length is what the players' successes add up to.
run show --json
[ "$status" -eq 0 ] && ok || bad "final game does not load: $err"
length=$(printf '%s' "$out" | jq .actions)
expected=$((applied - 2 * undone))
[ "$length" = "$expected" ] && ok ||
  bad "history has ${length:-?} actions; the players applied $((applied - undone)) forward and $undone undos, so $expected"
[ -e "$WORK/reader.log" ] && bad "the reader failed to load the game $(wc -l <"$WORK/reader.log") times: $(head -2 "$WORK/reader.err")" || ok
[ -z "$(find "$WORK" -name '.game.toml.tmp.*')" ] && ok || bad "temporary files left behind"

echo "concurrent actions tried: $tried by $WORKERS processes, applied $applied, refused $refused_count," \
  "lost $((expected - ${length:-0})); loads by the reader meanwhile: $(cat "$WORK/reads")"

# solve --apply searches without the game's lock (the lock is the folder's, which
# the named games share) and plays its line only into the game it solved: a move
# made meanwhile goes through, and the line is not played over it. The search is
# stopped (SIGSTOP) while the move is made, so a fast machine cannot finish it
# first; gaps deal 17 takes it 2.8 million positions, far more than 0.3 s. (Under
# the old lock the move waited for the line, and was refused: the game was won.)
addiction new --force --rules gaps 17 >/dev/null
"$BIN" solve --apply >"$WORK/apply.out" 2>"$WORK/apply.err" &
solver=$!
sleep 0.3
kill -STOP "$solver" && ok || bad "solve --apply ended within 0.3 s"
timeout 20 "$BIN" $(addiction hint --all | head -n 1) >/dev/null 2>"$WORK/.err" && ok ||
  bad "a move while solve --apply searches: $(cat "$WORK/.err")"
kill -CONT "$solver"
wait "$solver" && status=0 || status=$?
[ "$status" -eq 1 ] && ok || bad "solve --apply after the game changed: exit $status, wanted 1"
contains "$(cat "$WORK/apply.err")" "the game changed while solve ran, so its line was not played (solve again)" \
  "solve --apply after the game changed"
jq_is "$(addiction show --json)" '[.actions, .status]' '[1,"playing"]' "only the move was played"
finish
