# Shared helpers for the end-to-end suites: source it from a test_*.sh file.
# Each suite gets the built binary as $1 and runs it in a fresh temporary folder
# with ADDICTION_FILE pointing there, so nothing touches the user's own game.
set -u
BIN=$(realpath "$1")
SRC=${ADDICTION_SOURCE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
export ADDICTION_FILE="$WORK/game.toml"
export XDG_STATE_HOME="$WORK/state" XDG_DATA_HOME="$WORK/data" XDG_CACHE_HOME="$WORK/cache"
# Suits print as symbols only in a UTF-8 locale: pin one, so a run under LANG=C
# or with no locale at all tests the same thing (test_words sets its own).
export LANG=C.UTF-8
unset LC_ALL LC_CTYPE
unset NO_COLOR
passed=0
failed=0

addiction() { "$BIN" "$@"; }

# run CMD...: runs the binary, keeping stdout in $out, stderr in $err, status in $status.
run() {
  out=$("$BIN" "$@" 2>"$WORK/.err") && status=0 || status=$?
  err=$(<"$WORK/.err")
}

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# expect STATUS DESCRIPTION CMD...: run CMD and check its exit status.
expect() {
  local want=$1 what=$2
  shift 2
  run "$@"
  if [ "$status" -eq "$want" ]; then ok; else bad "$what: exit $status, wanted $want (stderr: $err)"; fi
}

# same_file A B DESCRIPTION: byte-identical files.
same_file() { if cmp -s "$1" "$2"; then ok; else bad "$3: files differ"; fi; }
# contains HAYSTACK NEEDLE DESCRIPTION
contains() { if [[ "$1" == *"$2"* ]]; then ok; else bad "$3: '$2' not in: $1"; fi; }
# jq_is JSON FILTER WANT DESCRIPTION: `jq -c FILTER` on JSON prints exactly WANT, so
# strings keep their quotes ('"won"') and objects their key order.
jq_is() {
  local got
  got=$(printf '%s' "$1" | jq -c "$2" 2>&1) || got="jq failed: $got"
  if [ "$got" == "$3" ]; then ok; else bad "$4: $2 is $got, wanted $3 in: $1"; fi
}
# one_line TEXT DESCRIPTION: error output is exactly one line. TEXT comes from $(...),
# which drops the trailing newlines, so one line is text with no newline left in it.
one_line() { if [[ -n $1 && $1 != *$'\n'* ]]; then ok; else bad "$2: not one line: $1"; fi; }

# refused STATUS DESCRIPTION CMD...: refused with STATUS, one line on stderr, game file unchanged.
refused() {
  local want=$1 what=$2
  shift 2
  local before="$WORK/.before"
  if [ -e "$ADDICTION_FILE" ]; then cp "$ADDICTION_FILE" "$before"; else rm -f "$before"; fi
  expect "$want" "$what" "$@"
  one_line "$err" "$what"
  if [ -e "$before" ]; then same_file "$before" "$ADDICTION_FILE" "$what (file unchanged)"; fi
}

finish() {
  echo "$(basename "$0" .sh): $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
