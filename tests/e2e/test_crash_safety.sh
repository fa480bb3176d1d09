#!/usr/bin/env bash
# SIGKILL at random moments while a command loads, changes and saves the game:
# afterwards the file must be byte for byte the old one or the new one, never torn,
# it must load, and a temporary file left by a killed save must not confuse the
# next command (which removes it under the lock).
source "$(dirname "$0")/lib.sh" "$1"

# PAIRS: a long history, so each save takes a while. The sanitizer build sets
# ADDICTION_TEST_SHORT=1, where each invocation is several times slower: a quarter
# of the kills on a quarter of the history (a save still long enough to be hit).
if [ "${ADDICTION_TEST_SHORT:-0}" = 1 ]; then
  KILLS=${CRASH_KILLS:-25} PAIRS=${CRASH_PAIRS:-375}
else
  KILLS=${CRASH_KILLS:-100} PAIRS=${CRASH_PAIRS:-1500}
fi

# Deal 1 after these six moves has 2C in a1 and a gap in b1, so 2C can shuttle
# between them for as long as we like; that gives a long, valid history.
addiction new 1 >/dev/null
for m in "5S b9" "2C b1" "JH c8" "4S d3" "TC b8" "2C a1"; do
  # shellcheck disable=SC2086
  addiction move $m >/dev/null
done
shuttle=$(for ((i = 0; i < PAIRS; i++)); do printf "'move 2C b1', 'move 2C a1', "; done)
awk -v extra="$shuttle" '
  /^history = \[/ { inside = ($0 !~ /\]$/); sub(/ *\]$/, ""); printf "%s", $0; if (!inside) print ", " extra "]"; else print ""; next }
  inside && /^\]/ { print extra "]"; inside = 0; next }
  inside { sub(/[^,]$/, "&,"); print; next }
  { print }' "$ADDICTION_FILE" >"$WORK/long.toml"
mv "$WORK/long.toml" "$ADDICTION_FILE"
run show --json
jq_is "$out" .actions $((6 + 2 * PAIRS)) "the long game loads"

mkdir "$WORK/shadow"
temps() { find "$WORK" -maxdepth 1 -name '.game.toml.tmp.*' | wc -l; }

# How long one undo takes here, so the kills spread over the whole command.
start=$(date +%s%N)
cp "$ADDICTION_FILE" "$WORK/shadow/game.toml"
ADDICTION_FILE="$WORK/shadow/game.toml" "$BIN" undo >/dev/null
span_us=$((($(date +%s%N) - start) / 1000 * 12 / 10))

old=0 new=0 torn=0 strays=0
RANDOM=42
for ((k = 0; k < KILLS; k++)); do
  # The new file, made by the same command on a copy that nobody kills.
  cmd=undo
  [ $((RANDOM % 2)) -eq 0 ] && cmd=redo
  cp "$ADDICTION_FILE" "$WORK/before"
  cp "$ADDICTION_FILE" "$WORK/shadow/game.toml"
  if ! ADDICTION_FILE="$WORK/shadow/game.toml" "$BIN" "$cmd" >/dev/null 2>&1; then
    cmd=undo
    cp "$ADDICTION_FILE" "$WORK/shadow/game.toml"
    ADDICTION_FILE="$WORK/shadow/game.toml" "$BIN" "$cmd" >/dev/null
  fi

  "$BIN" "$cmd" >/dev/null 2>&1 &
  pid=$!
  delay=$(((RANDOM * 32768 + RANDOM) % span_us))
  sleep "$(printf '0.%06d' "$delay")"
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true

  if cmp -s "$ADDICTION_FILE" "$WORK/before"; then
    old=$((old + 1))
  elif cmp -s "$ADDICTION_FILE" "$WORK/shadow/game.toml"; then
    new=$((new + 1))
  else
    torn=$((torn + 1))
    cp "$ADDICTION_FILE" "$WORK/torn.$k"
    cp "$WORK/before" "$ADDICTION_FILE"
  fi
  [ "$(temps)" -gt 0 ] && strays=$((strays + 1))
  run show
  [ "$status" -eq 0 ] && ok || bad "kill $k: the game does not load: $err"
done
[ "$torn" -eq 0 ] && ok || bad "$torn torn files after kills"
[ -z "$(find "$WORK" -name '*.lock')" ] && ok || bad "a lock file was left behind"

# Make sure the clean-up is exercised even if no kill landed mid-save: a stray
# temporary file, as a killed save leaves it, goes with the next change.
printf 'half a game' >"$WORK/.game.toml.tmp.AbC123"
printf 'not ours' >"$WORK/.game.toml.tmp.keep-me"
cp "$ADDICTION_FILE" "$WORK/before"
refused 1 "a stray file is not read" move ZZ
expect 0 "the next change works beside a stray temporary file" undo
[ "$(temps)" -eq 1 ] && [ -e "$WORK/.game.toml.tmp.keep-me" ] && ok ||
  bad "stale temporary files were not removed (or the wrong ones were): $(find "$WORK" -maxdepth 1 -name '.game.toml.tmp.*')"
expect 0 "the game loads afterwards" show
# A reader holds no lock, so it must leave temporary files alone: one may be a live save.
printf 'in flight' >"$WORK/.game.toml.tmp.XyZ789"
expect 0 "show beside a temporary file" show
[ -e "$WORK/.game.toml.tmp.XyZ789" ] && ok || bad "show removed a temporary file without the lock"

echo "kills tried: $KILLS, file old afterwards: $old, new: $new, torn: $torn;" \
  "kills that left a temporary file behind: $strays"
finish
