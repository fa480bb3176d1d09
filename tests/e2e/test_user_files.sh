#!/usr/bin/env bash
# The game file belongs to the user: saves write through links, keep the file's
# mode (and owner and group where allowed), refuse a read-only file, and leave
# nothing beside it; XDG folders given as relative paths are ignored.
source "$(dirname "$0")/lib.sh" "$1"

mode() { stat -c %a "$1"; }
litter() { find "$WORK" -name '*.lock' -o -name '.*.tmp.*'; }

# Through a link, and a chain of links: the real file changes, the links stay links.
mkdir "$WORK/real"
addiction -f "$WORK/real/game.toml" new 1 >/dev/null
ln -s real/game.toml "$WORK/link.toml"
ln -s "$WORK/link.toml" "$WORK/chain.toml"
expect 0 "move through a link" -f "$WORK/link.toml" move 5S b9
[ -L "$WORK/link.toml" ] && ok || bad "the link was replaced by a file"
grep -q "move 5S b9" "$WORK/real/game.toml" && ok || bad "the real file behind the link was not updated"
expect 0 "move through a chain of links" -f "$WORK/chain.toml" move 4S d3
[ -L "$WORK/chain.toml" ] && [ -L "$WORK/link.toml" ] && ok || bad "a link in the chain was replaced"
grep -q "move 4S d3" "$WORK/real/game.toml" && ok || bad "the real file behind the chain was not updated"
expect 0 "undo through a chain" -f "$WORK/chain.toml" undo
expect 0 "new through a link" -f "$WORK/link.toml" new --force 2
[ -L "$WORK/link.toml" ] && ok || bad "new replaced the link"
grep -q "^id = '2'" "$WORK/real/game.toml" && ok || bad "new did not write through the link"
# A dangling link: new creates the file at its end.
ln -s real/later.toml "$WORK/dangling.toml"
expect 0 "new through a dangling link" -f "$WORK/dangling.toml" new 3
[ -L "$WORK/dangling.toml" ] && [ -f "$WORK/real/later.toml" ] && ok || bad "new through a dangling link"
[ -z "$(litter)" ] && ok || bad "saves through links left files behind: $(litter)"

# Permission bits are kept.
addiction new --force 1 >/dev/null
chmod 600 "$ADDICTION_FILE"
expect 0 "move on a 600 file" move 5S b9
[ "$(mode "$ADDICTION_FILE")" = 600 ] && ok || bad "mode 600 became $(mode "$ADDICTION_FILE")"
chmod 640 "$ADDICTION_FILE"
expect 0 "new --force on a 640 file" new --force 2
[ "$(mode "$ADDICTION_FILE")" = 640 ] && ok || bad "mode 640 became $(mode "$ADDICTION_FILE")"
chmod 644 "$ADDICTION_FILE"

# Owner and group are kept where the process may (root may give them away).
if [ "$(id -u)" -eq 0 ]; then
  addiction new --force 1 >/dev/null
  chown 65534:65534 "$ADDICTION_FILE"
  expect 0 "move on a file owned by another user (as root)" move 5S b9
  [ "$(stat -c %u:%g "$ADDICTION_FILE")" = 65534:65534 ] && ok || bad "owner became $(stat -c %u:%g "$ADDICTION_FILE")"
  chown 0:0 "$ADDICTION_FILE"
else
  echo "skipped: owner kept (needs root)"
fi

# A read-only file is refused by its mode bits, even for root; readers still read it.
addiction new --force 1 >/dev/null
chmod 444 "$ADDICTION_FILE"
for cmd in "move 5S b9" "shuffle" "undo" "redo" "new --force 2" "new 2"; do
  # shellcheck disable=SC2086
  refused 1 "read-only: $cmd" $cmd
  [ "$err" = "addiction: $ADDICTION_FILE is read-only" ] && ok || bad "read-only: $cmd said: $err"
done
[ "$(mode "$ADDICTION_FILE")" = 444 ] && ok || bad "read-only file's mode changed"
for cmd in "show" "hint" "export" "show --json"; do
  # shellcheck disable=SC2086
  expect 0 "read-only: $cmd still reads" $cmd
done
ln -s "$ADDICTION_FILE" "$WORK/ro-link.toml"
refused 1 "read-only through a link" -f "$WORK/ro-link.toml" move 5S b9
contains "$err" "is read-only" "read-only through a link"
chmod 644 "$ADDICTION_FILE"

# No lock file or temporary file is left by any command, changed or refused.
for cmd in "move 5S b9" "undo" "redo" "shuffle" "move 2C a1" "new --force 4" "show"; do
  # shellcheck disable=SC2086
  run $cmd
done
[ -z "$(litter)" ] && ok || bad "commands left files behind: $(litter)"

# Relative XDG folders are ignored (the XDG spec): the defaults under HOME apply.
mkdir -p "$WORK/home" "$WORK/cwd"
(
  cd "$WORK/cwd" || exit 1
  env -u ADDICTION_FILE HOME="$WORK/home" XDG_STATE_HOME=state XDG_DATA_HOME=data "$BIN" new 1 >/dev/null
)
[ -f "$WORK/home/.local/state/addiction/game.toml" ] && ok || bad "a relative XDG_STATE_HOME was not ignored"
[ ! -e "$WORK/cwd/state" ] && ok || bad "a relative XDG_STATE_HOME was used"
mkdir -p "$WORK/cwd/data/addiction/deals" "$WORK/home/.local/share/addiction/deals"
printf "deal = '12'\ndescription = 'relative'\n[rules]\npreset = 'mini'\n" >"$WORK/cwd/data/addiction/deals/rel.toml"
printf "deal = '12'\ndescription = 'home'\n[rules]\npreset = 'mini'\n" >"$WORK/home/.local/share/addiction/deals/homedeal.toml"
out=$(cd "$WORK/cwd" && env HOME="$WORK/home" XDG_DATA_HOME=data "$BIN" deals 2>&1)
[[ "$out" != *rel* ]] && ok || bad "a relative XDG_DATA_HOME was used: $out"
contains "$out" homedeal "relative XDG_DATA_HOME falls back to HOME"

# Only a regular file is ever replaced. A save, an export or stats --reset over
# a device or a pipe used to put a regular file in its place (as root, over
# /dev/null: the whole system's). A device of our own here, never the real ones.
unset ADDICTION_RECORD
mkfifo "$WORK/pipe"
# Refused before anything reads it: a read would wait for a writer (timeout: 124).
out=$(timeout 10 "$BIN" -f "$WORK/pipe" new --force 3 2>"$WORK/.err") && status=0 || status=$?
err=$(<"$WORK/.err")
[ "$status" = 1 ] && ok || bad "new --force over a pipe: exit $status, wanted 1"
contains "$err" "cannot replace $WORK/pipe: it is a pipe, not a file" "new --force over a pipe"
[ -p "$WORK/pipe" ] && ok || bad "the pipe is still a pipe after new --force"
addiction new --force 3 >/dev/null
addiction export >"$WORK/want.txt"
(timeout 10 cat "$WORK/pipe" >"$WORK/got.txt" &)
expect 0 "export -o a pipe" export -o "$WORK/pipe"
for _ in 1 2 3 4 5 6 7 8 9 10; do cmp -s "$WORK/want.txt" "$WORK/got.txt" && break; sleep 0.1; done
same_file "$WORK/want.txt" "$WORK/got.txt" "export -o a pipe writes into it"
[ -p "$WORK/pipe" ] && ok || bad "the pipe is still a pipe after export -o"
run export -o /dev/stdout
[ "$status" = 0 ] && [ "$out" = "$(cat "$WORK/want.txt")" ] && ok || bad "export -o /dev/stdout: $status $err"
ADDICTION_RECORD="$WORK/pipe" refused 1 "stats --reset of a pipe" stats --reset
contains "$err" "the record $WORK/pipe is not a file: nothing to reset" "stats --reset of a pipe"
[ -p "$WORK/pipe" ] && ok || bad "the pipe is still a pipe after stats --reset"
if mknod "$WORK/null" c 1 3 2>/dev/null; then
  refused 1 "new --force over a device" -f "$WORK/null" new --force 3
  contains "$err" "cannot replace $WORK/null: it is a device, not a file" "new --force over a device"
  expect 0 "export -o a device" export -o "$WORK/null"
  ADDICTION_RECORD="$WORK/null" refused 1 "stats --reset of a device" stats --reset
  [ -c "$WORK/null" ] && ok || bad "the device is still a device"
else
  echo "SKIP: new, export and stats --reset over a device (mknod needs root)"
fi

finish
