#!/usr/bin/env bash
# The deal archive: listing, starting archived deals, archiving a game, importing deals.
source "$(dirname "$0")/lib.sh" "$1"

# The board's rows as compact JSON; a failure prints a text no other call prints, so
# comparisons fail.
rows() {
  local r
  r=$(addiction show --json "$@" | jq -c .rows) && [ -n "$r" ] && [ "$r" != null ] && printf '%s\n' "$r" ||
    echo "no rows ($BASHPID)"
}

# The shipped archive is listed, filtered by rules, as text and as JSON.
expect 0 "deals lists" deals
for name in addiction-easy montana-easy gaps-easy gaps-no-win mini-easy mini-two-step; do
  contains "$out" "$name" "deals lists $name"
done
expect 0 "deals --rules mini" deals --rules mini
contains "$out" "mini-easy" "mini filter keeps mini deals"
[[ "$out" != *gaps-easy* ]] && ok || bad "mini filter drops gaps deals"
expect 0 "deals --json" deals --json
jq_is "$out" '[.[] | select(.name == "gaps-no-win") | .verdict, .source]' '["no-win","shipped"]' "json verdict and source"
[ "$(printf '%s' "$out" | jq length)" -ge 8 ] && ok || bad "at least 8 shipped deals"

# Every shipped verdict, through the command line: winning lines replay to a won
# game; no-win verdicts are re-proven by `addiction solve` (exit 3). The sanitizer
# build sets ADDICTION_TEST_SHORT=1: there only the smallest deal of each verdict
# (the unit test still replays every line).
declare -A checked=()
mapfile -t files < <(for file in "$SRC"/deals/*.toml; do
  printf '%s %s\n' "$(sed -n 's/^ranks = \([0-9]*\)$/\1/p' "$file")" "$file"
done | sort -s -n -k1,1 | cut -d' ' -f2-)
for file in "${files[@]}"; do
  name=$(basename "$file" .toml)
  verdict=$(sed -n "s/^verdict = '\(.*\)'$/\1/p" "$file")
  [ "${ADDICTION_TEST_SHORT:-0}" = 1 ] && [ -n "${checked[$verdict]+set}" ] && continue
  checked[$verdict]=1
  case $verdict in
    win)
      run --color never replay "$file"
      contains "$(printf '%s\n' "$out" | tail -1)" ": won" "$name: the line wins"
      ;;
    no-win | no-win-without-shuffles)
      addiction new --force "$name" >/dev/null
      flags=()
      [ "$verdict" = no-win-without-shuffles ] && flags=(--no-shuffle)
      expect 3 "$name: solve proves $verdict" solve "${flags[@]}" --memory 512
      ;;
    *) bad "$name: unexpected verdict '$verdict'" ;;
  esac
done

# addiction new NAME starts the archived deal with its rules.
expect 0 "new archived deal" new --force mini-easy
contains "$out" "deal 11 (mini rules) from the archive (mini-easy)" "new NAME says where it came from"
run show --json
jq_is "$out" .rules.preset '"mini"' "archived rules apply"
refused 1 "unknown archive name" new --force no-such-deal
contains "$err" "no deal or file named 'no-such-deal'" "unknown name message"

# Export a game as a deal, archive it, list it, start it again: the same layout.
addiction new --force 4242 >/dev/null
# Any legal move will do: hint --all lists them without the hint's search.
addiction $(addiction hint --all | head -1) >/dev/null
before=$(rows)
start=$(rows --at 0)
# The deals folder is made when missing, as the README's way to archive a deal
# goes (the export had failed for want of it).
[ ! -e "$XDG_DATA_HOME/addiction/deals" ] && ok || bad "the test wants no deals folder yet"
expect 0 "export deal into the user's archive" export --format deal --description "my own" \
  -o "$XDG_DATA_HOME/addiction/deals/kitchen.toml"
grep -q "name = 'kitchen'" "$XDG_DATA_HOME/addiction/deals/kitchen.toml" && ok || bad "name from the file name"
expect 0 "listed" deals
contains "$out" "kitchen" "user deal listed"
contains "$out" "[yours] my own" "user deal marked"
expect 0 "new kitchen" new --force kitchen
[ "$(rows)" = "$start" ] && ok || bad "archived deal starts with the same layout"
[ "$(rows)" != "$before" ] && ok || bad "and without the move played"
# A description may say "[play]": by path the deal was taken for a game file.
addiction export --format deal --with-history --description "how to [play] it" -o "$WORK/play.toml" >/dev/null
expect 0 "a deal whose description says [play]" new --force "$WORK/play.toml"
[ "$(rows)" = "$start" ] && ok || bad "a deal whose description says [play]: the layout"
expect 0 "replay a deal whose description says [play]" replay "$WORK/play.toml"

# The user's deal hides a shipped one of the same name.
printf "deal = '12'\ndescription = 'mine'\n[rules]\npreset = 'mini'\n" >"$XDG_DATA_HOME/addiction/deals/mini-easy.toml"
expect 0 "new NAME prefers the user's deal" new --force mini-easy
contains "$out" "deal 12 (mini rules)" "the user's mini-easy"
run deals --json
jq_is "$out" '[.[] | select(.name == "mini-easy") | .description][0]' '"mine"' "listed first"
rm "$XDG_DATA_HOME/addiction/deals/mini-easy.toml"

# A broken user file is skipped with a warning; the rest is still listed.
echo "deal = 'nonsense'" >"$XDG_DATA_HOME/addiction/deals/broken.toml"
expect 0 "deals with a broken file" deals
contains "$err" "warning: skipping" "broken file warned about"
# The path once, and a folder named as one, said to be one.
printf 'deal = \n' >"$XDG_DATA_HOME/addiction/deals/torn.toml"
mkdir "$XDG_DATA_HOME/addiction/deals/folder.toml"
run deals
contains "$err" "addiction: warning: skipping $XDG_DATA_HOME/addiction/deals/torn.toml:1:8: " "a TOML error names the file once"
contains "$err" "addiction: warning: skipping $XDG_DATA_HOME/addiction/deals/folder.toml: it is a folder" "a folder named as a deal: warned"
# A pipe is named as one and never read (new NAME waited for a writer); a link
# to nothing hides the shipped deal of its name, as any broken deal of yours.
mkfifo "$XDG_DATA_HOME/addiction/deals/pipe.toml"
ln -s /nonexistent "$XDG_DATA_HOME/addiction/deals/gaps-easy.toml"
refused 1 "new a pipe named as a deal" new --force pipe
contains "$err" "deals/pipe.toml: it is a pipe, not a file" "new a pipe named as a deal: the message"
refused 1 "a link to nothing hides the shipped deal of its name" new --force gaps-easy
contains "$err" "deals/gaps-easy.toml: No such file or directory" "a link to nothing named as a deal: the message"
rm "$XDG_DATA_HOME/addiction/deals/pipe.toml" "$XDG_DATA_HOME/addiction/deals/gaps-easy.toml"
rm -r "$XDG_DATA_HOME/addiction/deals/torn.toml" "$XDG_DATA_HOME/addiction/deals/folder.toml"
# A deal file's bad value, and a file name, are warned about escaped.
printf 'name = "\\u001b[31mRED\\u202e"\ndeal = "7"\n' >"$XDG_DATA_HOME/addiction/deals/esc.toml"
: >"$XDG_DATA_HOME/addiction/deals/"$'\e[31mred.toml'
run deals
contains "$err" "name '\\x1b[31mRED\\u202e' must be letters" "a bad value in a deal file: warned escaped"
contains "$err" "deals/\\x1b[31mred.toml: its name" "a file name with an escape: warned escaped"
[[ "$err" != *$'\e'* && "$err" != *$'\u202e'* ]] && ok || bad "deals printed an escape or an override raw: $(cat -v <<<"$err")"
rm "$XDG_DATA_HOME/addiction/deals/esc.toml" "$XDG_DATA_HOME/addiction/deals/"$'\e[31mred.toml'
contains "$out" "kitchen" "others still listed"
# Asked for by name, it is named with what is wrong, not "no deal named"...
refused 1 "new a broken deal of yours" new --force broken
[ "$err" = "addiction: $XDG_DATA_HOME/addiction/deals/broken.toml: deal: 'nonsense' is neither a deal number nor a deal code" ] &&
  ok || bad "new a broken deal of yours: $err"
rm "$XDG_DATA_HOME/addiction/deals/broken.toml"
# A line is checked wherever the deal is read: one that is not legal, or does
# not win as its verdict says, had been listed as a win and started by name.
printf "deal = '5'\nverdict = 'win'\nline = ['move 2C a1']\n" >"$XDG_DATA_HOME/addiction/deals/badline.toml"
printf "deal = '5'\nverdict = 'win'\nline = ['move KC a5']\n" >"$XDG_DATA_HOME/addiction/deals/fakewin.toml"
run deals
[[ "$out" != *badline* && "$out" != *fakewin* ]] && ok || bad "deals lists lines that fail: $out"
contains "$err" "deals/badline.toml: line entry 1 (move 2C a1): a1 is not a gap" "an illegal line: warned"
contains "$err" "deals/fakewin.toml: the line of 1 action does not win the deal" "a line that does not win: warned"
cp "$ADDICTION_FILE" "$WORK/before-badline.toml"
refused 1 "new a deal whose line is not legal" new --force badline
contains "$err" "line entry 1 (move 2C a1)" "new NAME: the line's problem"
same_file "$ADDICTION_FILE" "$WORK/before-badline.toml" "new NAME with a bad line leaves the game"
rm "$XDG_DATA_HOME/addiction/deals/badline.toml" "$XDG_DATA_HOME/addiction/deals/fakewin.toml"
# A game whose shuffle was undone (it stays spent) exports a line that leaves a
# shuffle's number out: read back, that shuffle deals as it did in the game.
addiction new --force 21 >/dev/null
addiction $(addiction hint --all | head -1) >/dev/null
addiction shuffle >/dev/null && addiction undo >/dev/null && addiction shuffle >/dev/null
played=$(rows)
expect 0 "export a line with a shuffle undone" export --format deal --with-history -o "$WORK/undone.toml"
contains "$(cat "$WORK/undone.toml")" "'shuffle 2'" "the line keeps the game's shuffle number"
board=$(addiction show --color never | head -5)
expect 0 "replay a line with a shuffle undone" replay "$WORK/undone.toml" --color never
[ "$(tail -6 <<<"$out" | head -5)" = "$board" ] && ok || bad "replay of a line with a shuffle undone ends at the game's board: $out"
contains "$(tail -1 <<<"$out")" "1 shuffle left" "replay: two shuffles spent"
cp "$WORK/undone.toml" "$XDG_DATA_HOME/addiction/deals/undone.toml"
expect 0 "replay NAME of it" replay undone
expect 0 "new a deal whose line has a shuffle undone" new --force "$WORK/undone.toml"
rm "$XDG_DATA_HOME/addiction/deals/undone.toml"
# ...nor passed over for the shipped deal of its name.
echo "deal = 'nonsense'" >"$XDG_DATA_HOME/addiction/deals/gaps-easy.toml"
refused 1 "a broken deal of yours hides the shipped one" new --force gaps-easy
contains "$err" "deals/gaps-easy.toml: deal:" "a broken deal of yours hides the shipped one: the message"
rm "$XDG_DATA_HOME/addiction/deals/gaps-easy.toml"
# A file whose name 'new' cannot find is not listed as a deal: a number, a space.
cp "$SRC/deals/mini-easy.toml" "$XDG_DATA_HOME/addiction/deals/12.toml"
cp "$SRC/deals/mini-easy.toml" "$XDG_DATA_HOME/addiction/deals/my deal.toml"
expect 0 "deals with names new cannot find" deals
[[ "$out" != *"my deal"* && "$(grep -c '^12 ' <<<"$out")" = 0 ]] && ok || bad "names new cannot find listed: $out"
contains "$err" "skipping $XDG_DATA_HOME/addiction/deals/12.toml: its name reads as a deal number" "a number: warned"
contains "$err" "deals/my deal.toml: its name must be letters" "a space: warned"
# replay takes names as new does: 12 is a deal number, not the file 12.toml.
refused 1 "replay a number" replay 12
rm "$XDG_DATA_HOME/addiction/deals/12.toml" "$XDG_DATA_HOME/addiction/deals/my deal.toml"

# Import: plain layout, with -- or .., from a file or standard input.
addiction new --force 77 >/dev/null
table=$(rows)
addiction export --format text | head -5 >"$WORK/table.txt"
expect 0 "new --from text layout" new --force --from "$WORK/table.txt"
contains "$out" "from $WORK/table.txt" "from message"
[ "$(rows)" = "$table" ] && ok || bad "layout imported"
sed 's/\.\./--/g' "$WORK/table.txt" | tail -4 | sed 's/^[a-d] //; s/\[//g; s/\]//g' >"$WORK/plain.txt"
expect 0 "new --from - (stdin)" new --force --from - <"$WORK/plain.txt"
# A rule option goes over the rules the board's status line names, as over
# any deal's own: Montana with --fill-from-right stays Montana's two shuffles
# after the runs (it had been Addiction's three, one of them spent).
addiction new --force 9 --rules montana >/dev/null
addiction export >"$WORK/montana.txt"
expect 0 "a board as text with a rule option" new --force --from "$WORK/montana.txt" --fill-from-right
jq_is "$(addiction show --json)" '[.rules.shuffles, .rules.redeal, .rules.fill_from_right, .shuffles_spent]' '[2,"after-run",true,0]' "the option over the status line's rules"
# A shuffle the board's game spent stays spent: --shuffles N is the game's
# total (it had set the shuffles left); more left than the rules have is refused.
addiction new --force 9 --rules montana >/dev/null
addiction shuffle >/dev/null
addiction show >"$WORK/montana-shuffled.txt"
expect 0 "a board with a shuffle spent, --shuffles 3" new --force --from "$WORK/montana-shuffled.txt" --shuffles 3
jq_is "$(addiction show --json)" '[.rules.shuffles, .shuffles_spent, .shuffles_left]' '[3,1,2]' "the spent shuffle stays spent"
sed -i 's/1 shuffle left/5 shuffles left/' "$WORK/montana-shuffled.txt"
cp "$ADDICTION_FILE" "$WORK/before-five.toml"
refused 1 "a status line with more shuffles left than its rules have" new --force --from "$WORK/montana-shuffled.txt"
contains "$err" "its status line says 5 shuffles left, but the montana rules have 2" "more shuffles left than the rules have: the message"
addiction new --force 5 --rules blue-moon >/dev/null
addiction export >"$WORK/blue-moon.txt"
expect 0 "a board with its aces, and --shuffles" new --force --from "$WORK/blue-moon.txt" --shuffles 0
jq_is "$(addiction show --json)" '[.rules.aces, .rules.shuffles, .rules.redeal]' '["row-starts",0,"after-run"]' "blue-moon's deal, no shuffles"

# Solvitaire JSON round trip.
addiction new --force 99 >/dev/null
first=$(rows)
addiction export --format solvitaire -o "$WORK/deal.json"
jq_is "$(cat "$WORK/deal.json")" '[.sequences[] | length]' '[13,13,13,13]' "solvitaire file written"
expect 0 "new --from solvitaire" new --force --from "$WORK/deal.json"
[ "$(rows)" = "$first" ] && ok || bad "solvitaire round trip gives the same layout"

# Archive file import brings its rules.
expect 0 "new --from archive file" new --force --from "$SRC/deals/mini-two-step.toml"
run show --json
jq_is "$out" '[.rules.preset, .rules.ranks, .rules.shuffles]' '["custom",7,0]' "archive file rules"

# Bad layouts: refused with the problem named, the game file unchanged.
addiction new --force 5 >/dev/null
awk 'NR == 1 { $2 = $1 } { print }' "$WORK/plain.txt" >"$WORK/twice.txt"
refused 1 "card twice" new --force --from "$WORK/twice.txt"
contains "$err" "appears twice" "card twice named"
head -3 "$WORK/plain.txt" >"$WORK/three.txt"
refused 1 "three rows" new --force --from "$WORK/three.txt"
contains "$err" "a layout has 4 rows, this one has 3" "row count named"
sed '2s/ [^ ]*$//' "$WORK/plain.txt" >"$WORK/short.txt"
refused 1 "short row" new --force --from "$WORK/short.txt"
contains "$err" "rows a to d have 13, 12, 13, 13 slots" "row length named"
printf '2C 3C 4C --\n2D 3D 4D --\n2H 3H 4H --\n2S 3S 4S --\n' >"$WORK/small.txt"
refused 1 "width vs rules" new --force --ranks 5 --from "$WORK/small.txt"
contains "$err" "the layout has 4 slots a row but the custom rules have 5 ranks (give --ranks 4)" "width hint"
expect 0 "small layout with --ranks 4" new --force --ranks 4 --from "$WORK/small.txt"
# Without rule options a board without its rules plays the rules of its shape,
# as its deal code would (it was refused for not having Addiction's 13 ranks).
expect 0 "small layout, no rule options" new --force --from "$WORK/small.txt"
jq_is "$(addiction show --json)" '[.rules.preset, .rules.ranks]' '["custom",4]' "a 4-rank board plays 4 ranks"
addiction new --force 5 --rules mini >/dev/null
addiction export --format solvitaire -o "$WORK/mini.json"
expect 0 "a 7-slot Solvitaire deal" new --force --from "$WORK/mini.json"
jq_is "$(addiction show --json)" '.rules.preset' '"mini"' "a 7-slot Solvitaire deal plays mini"
expect 0 "a 7-slot Solvitaire deal with a rule option" new --force --from "$WORK/mini.json" --shuffles 0
jq_is "$(addiction show --json)" '[.rules.ranks, .rules.shuffles]' '[7,0]' "the option over the rules of the board's shape"
refused 1 "missing file" new --force --from "$WORK/nope.txt"
contains "$err" "cannot read $WORK/nope.txt" "missing file named"
echo '{"sequences": [["2C"' >"$WORK/bad.json"
refused 1 "bad json" new --force --from "$WORK/bad.json"
contains "$err" "JSON at line 2, column 1" "json error located"
refused 2 "deal and --from" new --force --from
finish
