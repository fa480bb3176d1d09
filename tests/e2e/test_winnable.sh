#!/usr/bin/env bash
# new --winnable: on every preset the chosen deal is one that solve, with the
# same position budget, wins again; a given deal that is not winnable is refused.
source "$(dirname "$0")/lib.sh" "$1"
export HOME="$WORK/home" ADDICTION_RECORD="$WORK/record"

# spaces-and-aces: few of its deals are winnable within the budget (deal 11 is
# the only one among 1-60), so a random pick tries many deals, up to half a
# minute under the sanitizers; its winnable deal is checked by number below.
for preset in $(addiction rules --json | jq -r '.[].name | select(. != "spaces-and-aces")'); do
  expect 0 "new --winnable --rules $preset" new --winnable --force --rules "$preset"
  contains "$out" ": winnable, checked in " "$preset: says so"
  deal=$(addiction show --json | jq -r .deal)
  [[ "$out" == "deal $deal: winnable"* ]] && ok || bad "$preset: the deal named is the deal played: $out"
  expect 0 "$preset deal $deal re-checked by solve" solve --positions 1000000
  # The same number given back is accepted.
  expect 0 "$preset: new $deal --winnable" new "$deal" --winnable --force --rules "$preset"
done

expect 0 "spaces-and-aces: new 11 --winnable" new 11 --winnable --force --rules spaces-and-aces
contains "$out" "deal 11: winnable" "spaces-and-aces: says so"
expect 0 "spaces-and-aces deal 11 re-checked by solve" solve --positions 1000000

# A deal with no win (3s fill the first column, the 2s sit in the last) is refused.
addiction new 1 --force >/dev/null
refused 1 "a deal with no win" new DAmg2FXPM- --ranks 4 --shuffles 0 --winnable --force
contains "$err" "not winnable within 1000000 positions: no win exists" "the refusal says why"

# A game in progress is refused before the search, not after it has said "winnable".
addiction new 3 --force >/dev/null
# shellcheck disable=SC2046
addiction $(addiction hint 2>/dev/null) >/dev/null
refused 1 "new --winnable over a game in progress" new --winnable
contains "$err" "a game is in progress" "the refusal says why"
[ -z "$out" ] && ok || bad "nothing is claimed winnable when the game is refused: $out"

finish
