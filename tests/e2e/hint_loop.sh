# A hint loop through the command line, checked step by step: sourced by
# tests/e2e/test_hint.sh and bench/hint-loop.sh.
#
# hint_loop BIN NEW-ARGS...: starts a game with `new NEW-ARGS --force` (without
# NEW-ARGS: goes on with the current game) and plays
# `addiction $(addiction hint)` until hint fails (won, lost, or no move leads
# anywhere new), or after $HINT_LOOP_MOST actions when that is set. Sets:
#   loop_actions  actions played
#   loop_status   the game's status at the end (won, lost, stuck, playing)
#   loop_repeats  positions (board and shuffles spent, from show --json) entered twice
#   loop_broken   hints after a winning line that did not go on with it
#   loop_line_at  the action count at the first hint of kind line, or -1
#   loop_played   the actions, one a line
# The position in show --json: its rows and shuffles spent. Read with bash, not
# jq, since a loop reads one per action; a form it does not know is an error,
# never a position that cannot repeat.
hint_loop_position() {
  local json rows
  json=$("$1" show --json) || return 1
  rows=${json#*\"rows\":}
  rows=${rows%%,\"placed\":*}
  [[ $rows =~ ^\[\[[^{}]*\]\]$ && $json =~ \"shuffles_spent\":([0-9]+) ]] ||
    { echo "hint_loop: cannot read the position in: $json" >&2; return 1; }
  position="$rows ${BASH_REMATCH[1]}"
}

hint_loop() {
  local bin=$1
  shift
  if [ $# -gt 0 ]; then "$bin" new "$@" --force >/dev/null || return 1; fi
  declare -A seen=()
  local position json action kind left last_left=-1
  hint_loop_position "$bin" || return 1
  seen[$position]=1
  loop_actions=0 loop_repeats=0 loop_broken=0 loop_line_at=-1 loop_played=""
  while [ "$loop_actions" -lt "${HINT_LOOP_MOST:-1000000000}" ] && json=$("$bin" hint --json 2>/dev/null); do
    # {"action":"move 7C a12","kind":"line","actions_left":127}; test_hint.sh checks the keys and their order.
    [[ $json =~ ^\{\"action\":\"([^\"]+)\",\"kind\":\"([a-z-]+)\",\"actions_left\":([0-9]+|null)\}$ ]] ||
      { echo "hint_loop: cannot read hint --json: $json" >&2; return 1; }
    action=${BASH_REMATCH[1]} kind=${BASH_REMATCH[2]} left=${BASH_REMATCH[3]}
    if [ "$last_left" -ge 0 ] && { [ "$kind" != line ] || [ "$left" -ne $((last_left - 1)) ]; }; then
      loop_broken=$((loop_broken + 1))
    fi
    if [ "$kind" = line ]; then
      last_left=$left
      [ "$loop_line_at" -lt 0 ] && loop_line_at=$loop_actions
    fi
    # shellcheck disable=SC2086 # the action is words for the command line
    "$bin" $action >/dev/null || break
    loop_actions=$((loop_actions + 1))
    loop_played+="$action"$'\n'
    hint_loop_position "$bin" || return 1
    [ -n "${seen[$position]:-}" ] && loop_repeats=$((loop_repeats + 1))
    seen[$position]=1
  done
  loop_status=$("$bin" show --json | jq -r .status)
}
