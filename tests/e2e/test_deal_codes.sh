#!/usr/bin/env bash
# Deal codes on the command line: the check character refuses typos, codes written
# before it existed still work, and a code chooses the rules of its rank count.
source "$(dirname "$0")/lib.sh" "$1"

FULL=MCLrh219Quh_0pfsbvaAlLlHXP9ulkUx3sO-fYRC  # deal 1, 13 ranks
MINI=GCEvif8N1Q-EwJcSr9h                       # deal 1, mini rules
OLD_MINI=${MINI%h}                             # the same, as codes were written before
WRONG="addiction: not a deal code (check character does not match)"

# typo CODE POSITION CHARACTER: CODE with the character at POSITION (from 0) replaced.
typo() { printf '%s%s%s' "${1:0:$2}" "$3" "${1:$(($2 + 1))}"; }
# swap CODE POSITION: CODE with the characters at POSITION and POSITION+1 swapped.
swap() { printf '%s%s%s%s' "${1:0:$2}" "${1:$(($2 + 1)):1}" "${1:$2:1}" "${1:$(($2 + 2))}"; }

# A typo is refused with the same one line wherever it is, and creates no game file.
mistypes=("$(typo "$FULL" 5 x)" "$(typo "$FULL" 39 D)" "$(swap "$FULL" 1)" "$(swap "$FULL" 38)"
  "$(typo "$MINI" 10 _)" "$(swap "$MINI" 14)")
# The sanitizer build sets ADDICTION_TEST_SHORT=1: there only the check character
# of a full code mistyped, and two characters of a mini code swapped.
[ "${ADDICTION_TEST_SHORT:-0}" = 1 ] && mistypes=("${mistypes[1]}" "${mistypes[5]}")
for mistyped in "${mistypes[@]}"; do
  refused 1 "typo $mistyped" new "$mistyped"
  if [ "$err" = "$WRONG" ]; then ok; else bad "typo $mistyped: $err"; fi
  [ ! -e "$ADDICTION_FILE" ] && ok || bad "typo $mistyped created a game file"
done

# A mini code starts a mini game, and says nothing on stderr.
expect 0 "new mini code" new "$MINI"
contains "$out" "deal $MINI (mini rules)" "a mini code plays the mini rules"
if [ -z "$err" ]; then ok; else bad "new with a checked code printed: $err"; fi
[ "$(addiction show --json | jq -c '[.rules.preset, .rules.ranks, .deal]')" = "[\"mini\",7,\"$MINI\"]" ] && ok ||
  bad "mini game: $(addiction show --json | jq -c .rules)"
addiction shuffle >/dev/null
cp "$ADDICTION_FILE" "$WORK/checked.toml"

# Over a game in progress, a typo leaves it byte-identical.
refused 1 "typo over a game" new --force "$(typo "$MINI" 3 A)"

# A code without its check character over a game in progress: the refusal alone,
# one line (the note came first).
addiction new --force 3 >/dev/null
addiction $(addiction hint --all | head -1) >/dev/null
refused 1 "old code over a game in progress" new "$OLD_MINI"
contains "$err" "a game is in progress" "old code over a game in progress: the refusal"
# A code without its check character: the same deal and game, stored in the checked form, with a note.
expect 0 "new old code" new --force "$OLD_MINI"
if [ "$err" = "addiction: note: deal code without check character (an old code, or one with a character left out: check the deal); its checked form is $MINI" ]; then ok; else
  bad "old code note: $err"
fi
addiction shuffle >/dev/null
same_file "$WORK/checked.toml" "$ADDICTION_FILE" "both spellings give the same game"

# A game file written with an old code keeps it, and its shuffles are those of the deal.
sed "s/^id = '$MINI'/id = '$OLD_MINI'/" "$WORK/checked.toml" >"$ADDICTION_FILE"
grep -q "^id = '$OLD_MINI'$" "$ADDICTION_FILE" && ok || bad "old id not in the file"
cp "$ADDICTION_FILE" "$WORK/old.toml"
expect 0 "show a game with an old code" show
expect 0 "undo in a game with an old code" undo
expect 0 "redo in a game with an old code" redo
same_file "$WORK/old.toml" "$ADDICTION_FILE" "an old game replays byte-identically"

# Given rules must agree with the code's rank count; other rank counts play custom rules.
# A usage error naming the option: it said "(add --ranks 7)" to --ranks 8 too.
refused 2 "mini code with gaps rules" new --force --rules gaps "$MINI"
contains "$err" "--rules gaps asks for 13 ranks but the deal code $MINI is for 7" "ranks mismatch named"
refused 2 "mini code with --ranks 8" new --force --ranks 8 "$MINI"
contains "$err" "--ranks 8 asks for 8 ranks but the deal code $MINI is for 7" "--ranks mismatch named"
# The aces too, a usage error as the ranks are (it was exit 1).
addiction new 5 --force >/dev/null
no_aces=$(addiction show --json | jq -r .code)
refused 2 "a code without aces with blue-moon rules" new --force --rules blue-moon "$no_aces"
contains "$err" "the blue-moon rules keep the aces on the board but the deal code $no_aces is for a layout without aces" \
  "aces mismatch named"
# In a deal file without [rules], a code chooses the rules as on the command line.
printf "deal = '%s'\n" "$MINI" >"$WORK/code.toml"
expect 0 "a deal file holding a mini code" new --force --from "$WORK/code.toml"
contains "$out" "(mini rules)" "a deal file holding a mini code: mini rules"
expect 0 "mini code with --ranks 7" new --force --rules gaps --ranks 7 "$MINI"
contains "$out" "(custom rules)" "gaps rules with 7 ranks"
expect 0 "full-deck code" new --force "$FULL"
contains "$out" "(addiction rules)" "a full-deck code plays the addiction rules"
addiction new --force --ranks 9 5 >/dev/null
nine=$(addiction show --json | jq -r .code)
expect 0 "9-rank code" new --force "$nine"
[ "$(addiction show --json | jq -c '[.rules.preset, .rules.ranks, .rules.shuffles]')" = '["custom",9,3]' ] && ok ||
  bad "9-rank code: $(addiction show --json | jq -c .rules)"

finish
