#!/usr/bin/env bash
# The Montana family through the command line: every game started, shown, played
# by hints, refused a wrong move, undone, shuffled, exported and taken back,
# solved (exact and fair, on a smaller deck so it is quick) with the line replayed.
source "$(dirname "$0")/lib.sh" "$1"

# name width aces-stay shuffles
games="spaces:13:no:2 blue-moon:14:yes:2 red-moon:14:yes:2 galary:14:yes:2
moonlight:13:no:2 jungle:14:yes:1 spaces-and-aces:14:yes:0"

for entry in $games; do
  IFS=: read -r game width aces shuffles <<<"$entry"
  expect 0 "$game: new" new 1 --rules "$game" --force
  contains "$out" "($game rules)" "$game: new names the rules"
  grep -q '^format = 3$' "$ADDICTION_FILE" && ok || bad "$game: the game file is not format 3"
  json=$(addiction show --json)
  jq_is "$json" .rules.preset "\"$game\"" "$game: show --json names the rule set"
  jq_is "$json" '[.rows[] | length] | unique' "[$width]" "$game: rows $width slots wide"
  jq_is "$json" '[.rows[][] | select(. == null)] | length' 4 "$game: four gaps"
  jq_is "$json" .shuffles_left "$shuffles" "$game: shuffles"
  if [ "$aces" = yes ]; then
    jq_is "$json" '[.rows[][0][0:1]] | unique' '["A"]' "$game: the aces start the rows"
  else
    jq_is "$json" '[.rows[][] | select(. != null) | select(startswith("A"))] | length' 0 "$game: no aces"
  fi
  # A win places every card but the gaps: 52 where the aces stay (it said /48).
  contains "$(addiction show)" "/$((4 * (width - 1))), play time" "$game: placed out of $((4 * (width - 1)))"
  if [ "$game" = red-moon ] || [ "$game" = galary ]; then
    jq_is "$json" '[.rows[][1]] | unique' '[null]' "$game: the second column is empty"
  fi

  # A card that cannot move is refused in one line, the file unchanged: a King never
  # fills the first column (a1 is a card or a gap for the base rank only).
  refused 1 "$game: an illegal move" move KS a1

  # Hints play legal moves; undo then redo comes back byte for byte.
  for _ in 1 2 3 4 5; do
    action=$(addiction hint 2>/dev/null) || break
    expect 0 "$game: the hint '$action' plays" $action
  done
  cp "$ADDICTION_FILE" "$WORK/played"
  # The board as show --wants draws it reads back: a placed card touches the want
  # beside it ([A♣](2♣)), which read as one word.
  rows=$(addiction show --json | jq -c .rows)
  addiction show --wants | addiction -f "$WORK/wants.toml" new --from - --force >/dev/null 2>&1 \
    && ok || bad "$game: show --wants does not read back"
  jq_is "$(addiction -f "$WORK/wants.toml" show --json)" .rows "$rows" "$game: show --wants reads back"
  if addiction undo >/dev/null 2>&1; then
    expect 0 "$game: redo" redo
    same_file "$WORK/played" "$ADDICTION_FILE" "$game: undo then redo"
  fi

  if [ "$shuffles" -gt 0 ]; then
    expect 0 "$game: shuffle" shuffle
    jq_is "$(addiction show --json)" .shuffles_left $((shuffles - 1)) "$game: a shuffle spent"
    jq_is "$(addiction show --json)" '[.rows[][] | select(. == null)] | length' 4 "$game: four gaps after a shuffle"
  else
    refused 1 "$game: no shuffle in this game" shuffle
  fi

  # Exported as a deal code and as a deal file, the layout comes back.
  expect 0 "$game: new again" new 2 --rules "$game" --force
  rows=$(addiction show --json | jq -c .rows)
  code=$(addiction show --json | jq -r .code)
  expect 0 "$game: new from its code" new "$code" --rules "$game" --force
  jq_is "$(addiction show --json)" .rows "$rows" "$game: the code gives the layout back"
  addiction export --format deal -o "$WORK/$game-deal.toml" >/dev/null && ok || bad "$game: export --format deal"
  expect 0 "$game: new from the exported deal" new "$WORK/$game-deal.toml" --force
  jq_is "$(addiction show --json)" .rows "$rows" "$game: the deal file gives the layout back"
  jq_is "$(addiction show --json)" .rules.preset "\"$game\"" "$game: the deal file keeps the rules"
  expect 0 "$game: export svg" export --format svg
  contains "$out" "<svg" "$game: svg"
  # The title names the game: every picture said "Addiction".
  name=$(addiction rules --json | jq -r --arg g "$game" '.[] | select(.name == $g) | .description | split(":")[0]')
  contains "$out" ">$name, deal " "$game: the picture's title names $name"

  # Solved on a five-rank deck: a won line replays to a win through the command line.
  expect 0 "$game: a small deal" new 3 --rules "$game" --ranks 5 --force
  json=$(addiction solve --json)
  verdict=$(jq -r .verdict <<<"$json")
  case "$verdict" in
    won)
      ok
      # One start per move: the sanitizer build replays one game's line through the
      # command line (the unit tests replay every game's lines in the engine).
      [ "${ADDICTION_TEST_SHORT:-0}" = 1 ] && [ "$game" != jungle ] && continue
      while read -r action; do addiction $action >/dev/null || bad "$game: '$action' of the line refused"; done \
        < <(jq -r '.line[]' <<<"$json")
      jq_is "$(addiction show --json)" .status '"won"' "$game: the solver's line wins"
      ;;
    no-win) ok ;;
    *) bad "$game: solve on 5 ranks said $verdict" ;;
  esac
  # The batch paths are the same code for every game (test_solve has them in full):
  # the sanitizer build (ADDICTION_TEST_SHORT=1) runs them for one game.
  [ "${ADDICTION_TEST_SHORT:-0}" = 1 ] && [ "$game" != jungle ] && continue
  expect 0 "$game: solve --deals" solve --deals 1-4 --rules "$game" --ranks 5
  jq_is "$(tail -n 1 <<<"$out")" .deals 4 "$game: four deals solved"
  expect 0 "$game: solve --fair" solve --deals 1-2 --rules "$game" --ranks 5 --fair
done

# Where a gap also takes a card from its right, a dead gap is blocked on both
# sides, and the message says both (it said "right of a gap" alone, which a
# player of Moonlight reads as wrong: the gap takes 3C once a4 holds 4C).
cat >right.txt <<'LAYOUT'
2C -- -- -- 5C 6C 7C 8C 9C TC JC QC KC
2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --
2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 3C
2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 4C
LAYOUT
expect 0 "moonlight from a layout" new --from right.txt --rules moonlight --force
refused 1 "moonlight: a gap between gaps" move a3
contains "$err" "a3 is a dead gap: it is right of a gap and left of one" "moonlight: a gap between gaps: both sides"
expect 0 "moonlight: 4C fills a4 from its right" move 4C a4
expect 0 "moonlight: then 3C fills a3" move 3C a3

finish
