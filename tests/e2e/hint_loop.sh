# A hint loop through the command line, checked step by step: sourced by
# tests/e2e/test_hint.sh and bench/hint-loop.sh.
#
# hint_loop BIN NEW-ARGS...: starts a game with `new NEW-ARGS --force` and plays
# `addiction $(addiction hint)` until hint fails (won, lost, or no move leads
# anywhere new), or after $HINT_LOOP_MOST actions when that is set. Sets:
#   loop_actions  actions played
#   loop_status   the game's status at the end (won, lost, stuck, playing)
#   loop_repeats  positions (board and shuffles spent, from show --json) entered twice
#   loop_broken   hints after a winning line that did not go on with it
#   loop_line_at  the action count at the first hint of kind line, or -1
#   loop_played   the actions, one a line
hint_loop() {
  local bin=$1
  shift
  "$bin" new "$@" --force >/dev/null || return 1
  declare -A seen=()
  local position json action kind left last_left=-1
  position=$("$bin" show --json | jq -c '[.rows, .shuffles_spent]')
  seen[$position]=1
  loop_actions=0 loop_repeats=0 loop_broken=0 loop_line_at=-1 loop_played=""
  while [ "$loop_actions" -lt "${HINT_LOOP_MOST:-1000000000}" ] && json=$("$bin" hint --json 2>/dev/null); do
    IFS=$'\t' read -r action kind left < <(jq -r '[.action, .kind, .actions_left] | @tsv' <<<"$json")
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
    position=$("$bin" show --json | jq -c '[.rows, .shuffles_spent]')
    [ -n "${seen[$position]:-}" ] && loop_repeats=$((loop_repeats + 1))
    seen[$position]=1
  done
  loop_status=$("$bin" show --json | jq -r .status)
}
