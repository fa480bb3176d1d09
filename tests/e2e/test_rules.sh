#!/usr/bin/env bash
# Rule sets: `rules` lists and prints them, the user's own in
# $XDG_DATA_HOME/addiction/rules are played by --rules NAME, and a game keeps its
# rule set in full when the file goes away.
source "$(dirname "$0")/lib.sh" "$1"

shipped="addiction montana gaps mini spaces blue-moon red-moon galary moonlight jungle spaces-and-aces"

# The listing: the 11 shipped sets in order, each with its description, aligned.
run rules
[ "$status" = 0 ] && ok || bad "rules: status $status"
[ "$(printf '%s\n' "$out" | awk '{print $1}' | tr '\n' ' ')" = "$shipped " ] && ok || bad "rules lists the 11 in order: $out"
[ "$(printf '%s\n' "$out" | wc -l)" = 11 ] && ok || bad "rules: 11 lines"
contains "$out" "blue-moon        Blue Moon (Rangoon)" "rules: names aligned with descriptions"

# One set: its file's text, and --json.
run rules gaps
[ "$status" = 0 ] && ok || bad "rules gaps: status $status"
[ "$out" = "$(cat "$SRC/share/addiction/rules/gaps.toml")" ] && ok || bad "rules gaps prints its file: $out"
run rules gaps --json
jq_is "$out" .rules '{"preset":"gaps","ranks":13,"shuffles":0,"redeal":"random","fill_from_right":false,"aces":"removed","fill":"same-suit-next","right_fills_first_column":true}' "rules gaps --json"
jq_is "$out" .source '"shipped"' "rules gaps --json: source"
run rules --json
jq_is "$out" 'length' 11 "rules --json: 11 sets"
jq_is "$out" '.[5].rules.aces' '"row-starts"' "rules --json: blue-moon's aces"

# An unknown name: exit 1, one line, the closest name offered.
run rules gasp
[ "$status" = 1 ] && ok || bad "rules gasp: status $status"
one_line "$err" "rules gasp"
contains "$err" "unknown rule set 'gasp'; did you mean 'gaps'?" "rules gasp"
# Caps lock is one slip, however long the word.
refused 1 "rules MONTANA" rules MONTANA
contains "$err" "unknown rule set 'MONTANA'; did you mean 'montana'?" "rules MONTANA"
expect 2 "new --rules unknown is a usage error" new 1 --rules nosuch

# A user's set, a variant of Montana: listed, played, recorded in full in the game.
rules_dir="$XDG_DATA_HOME/addiction/rules"
mkdir -p "$rules_dir"
cat >"$rules_dir/mine.toml" <<'TOML'
description = "Montana with three shuffles"
ranks = 13
shuffles = 3
redeal = "after-run"
TOML
run rules
[ "$(printf '%s\n' "$out" | wc -l)" = 12 ] && ok || bad "rules lists 11 and mine: $out"
contains "$out" "mine             [yours] Montana with three shuffles" "rules lists mine"
run rules mine
[ "$out" = "$(cat "$rules_dir/mine.toml")" ] && ok || bad "rules mine prints the user's file"
run rules mine --json
jq_is "$out" '[.source, .rules.preset, .rules.shuffles, .rules.redeal]' '["user","mine",3,"after-run"]' "rules mine --json"
contains "$(addiction complete presets)" mine "completion offers the user's set"
run new 5 --rules mine
[ "$status" = 0 ] && ok || bad "new 5 --rules mine: status $status: $err"
contains "$out" "(mine rules)" "new names the user's set"
contains "$(cat game.toml)" "preset = 'mine'" "the game file names the set"
contains "$(cat game.toml)" "shuffles = 3" "the game file has its settings"
contains "$(cat game.toml)" "redeal = 'after-run'" "the game file has its redeal"
contains "$(cat game.toml)" "format = 2" "a set without family settings keeps format 2"
rm "$rules_dir/mine.toml"
run show --json
[ "$status" = 0 ] && ok || bad "show after the set is gone: status $status: $err"
jq_is "$out" '[.rules.preset, .rules.shuffles, .shuffles_left]' '["mine",3,3]' "the game keeps its rules"
# Its deal archived: listed, and found by deals --rules, with the set's file gone.
addiction export --format deal -o "$XDG_DATA_HOME/addiction/deals/minedeal.toml"
expect 0 "deals --rules of a set whose file is gone" deals --rules mine
contains "$out" "minedeal" "deals --rules of a set whose file is gone lists its deal"
refused 2 "deals --rules of no set and no deal" deals --rules minx
rm "$XDG_DATA_HOME/addiction/deals/minedeal.toml"
run new 6 --rules montana --shuffles 3 --force
contains "$out" "(custom rules)" "an option over a set makes it custom"
# With no shuffles the redeal is never used: Montana without them is Gaps.
run new 6 --rules montana --shuffles 0 --force
contains "$out" "(gaps rules)" "montana --shuffles 0 is gaps"
jq_is "$(addiction show --json)" '.rules' "$(addiction rules gaps --json | jq -c .rules)" "montana --shuffles 0 has gaps' settings"
run new 6 --rules mini --shuffles 0 --redeal random-slots --force
jq_is "$(addiction show --json)" '[.rules.preset, .rules.redeal]' '["custom","random"]' "custom rules without shuffles: the redeal that does not count is random"
grep -q "format = 2" game.toml && ok || bad "a redeal that does not count asks for no format 3"

# A set of yours without a description: its line ends at the tag.
: >"$rules_dir/plain.toml"
contains "$(addiction rules)" "plain            [yours]" "rules lists a set without a description"
[ "$(addiction rules | grep -c ' $')" = 0 ] && ok || bad "rules: no trailing blank after [yours]: $(addiction rules | cat -A)"
rm "$rules_dir/plain.toml"

# A folder, a pipe, a link to nothing or to a device (/dev/null too), named
# NAME.toml: listed as broken, as a file that does not load is (they had gone
# unlisted, and --rules NAME said there was no such set), and never read (a pipe
# would wait).
mkdir "$rules_dir/folder.toml"
ln -s /nonexistent "$rules_dir/nothing.toml"
ln -s /dev/zero "$rules_dir/zero.toml"
mkfifo "$rules_dir/pipe.toml"
run rules
contains "$out" "folder           [yours, broken] cannot read $rules_dir/folder.toml: it is a folder" "rules lists a folder as broken"
contains "$out" "nothing          [yours, broken] cannot read $rules_dir/nothing.toml:" "rules lists a link to nothing as broken"
contains "$out" "zero             [yours, broken] cannot read $rules_dir/zero.toml: it is a device, not a file" "rules lists a device as broken"
contains "$out" "pipe             [yours, broken] cannot read $rules_dir/pipe.toml: it is a pipe, not a file" "rules lists a pipe as broken"
ln -s /dev/null "$rules_dir/null.toml"
contains "$(addiction rules)" "null             [yours, broken] cannot read $rules_dir/null.toml: it is a device" "rules lists a link to /dev/null as broken"
rm "$rules_dir/null.toml"
refused 1 "new --rules a device" new 5 --rules zero --force
contains "$err" "zero.toml: it is a device, not a file" "new --rules a device: the message"
rm -r "$rules_dir/folder.toml" "$rules_dir/nothing.toml" "$rules_dir/zero.toml" "$rules_dir/pipe.toml"

# What a shared file says of itself reaches the terminal escaped, as an error
# does: a key with an escape sequence and a bidirectional override, in a listing.
printf '"\\u001b[31mkey\\u202e" = 1\n' >"$rules_dir/esckey.toml"
run rules
contains "$out" "unknown key '\\x1b[31mkey\\u202e'" "rules lists a broken set's problem escaped"
[[ "$out" != *$'\e'* && "$out" != *$'\u202e'* ]] && ok || bad "rules printed an escape or an override raw: $(cat -v <<<"$out")"
rm "$rules_dir/esckey.toml"

# A broken user's set: listed as broken, an error naming the file when asked for.
printf 'rank = 13\n' >"$rules_dir/broken.toml"
run rules
[ "$status" = 0 ] && ok || bad "rules with a broken set: status $status"
contains "$out" "broken           [yours, broken] $rules_dir/broken.toml: unknown key 'rank'" "rules lists the broken set"
cp game.toml before.toml
run new 5 --rules broken --force
[ "$status" = 1 ] && ok || bad "new --rules broken: status $status"
one_line "$err" "new --rules broken"
contains "$err" "$rules_dir/broken.toml: unknown key 'rank'" "the error names the file"
same_file game.toml before.toml "new --rules broken leaves the game"
# A shared deal naming a set of someone's own gives its settings: with only the
# name it would be labelled with the set and play Addiction's.
printf "deal = '5'\n[rules]\npreset = 'jr'\n" >jr-deal.toml
refused 1 "a deal naming an own set without settings" new ./jr-deal.toml --force
contains "$err" "rules.ranks is missing: 'jr' is a rule set of your own" "the error says what the deal lacks"
printf "deal = '5'\n[rules]\npreset = 'jr'\nranks = 13\nshuffles = 1\nredeal = 'after-run'\nfill_from_right = false\n" >jr-deal.toml
expect 0 "a deal with an own set's settings" new ./jr-deal.toml --force
jq_is "$(addiction show --json)" '[.rules.preset, .rules.shuffles, .rules.redeal]' '["jr",1,"after-run"]' "a deal with an own set's settings plays them"
cp game.toml before.toml
run rules broken
[ "$status" = 1 ] && ok || bad "rules broken: status $status"
contains "$err" "$rules_dir/broken.toml" "rules broken names the file"
one_line "$err" "rules broken"
# ...and prints it, as the file to mend (the man page says NAME prints the file).
[ "$out" = "rank = 13" ] && ok || bad "rules broken prints the file: $out"
run rules broken --json
[ "$status" = 1 ] && ok || bad "rules broken --json: status $status"
jq_is "$out" '[.text, .rules, (.error | contains("unknown key"))]' '["rank = 13\n",null,true]' "rules broken --json: the object with text and error"
rm "$rules_dir/broken.toml"

# A user's file with a shipped name is not used: a warning when it is looked at.
printf 'shuffles = 9\n' >"$rules_dir/montana.toml"
run new 5 --rules montana --force
[ "$status" = 0 ] && ok || bad "new --rules montana with a user's montana: $err"
one_line "$err" "the warning"
contains "$err" "warning: $rules_dir/montana.toml is not used" "a shipped name is not the user's"
contains "$(cat game.toml)" "shuffles = 2" "the shipped montana is played"
# An archived deal looks the set up twice; the warning came twice.
run new gaps-easy --rules montana --force
[ "$status" = 0 ] && ok || bad "new gaps-easy --rules montana with a user's montana: $err"
one_line "$err" "the warning, once"
rm "$rules_dir/montana.toml"

# A name that is a shipped one but for case, or custom in any case, is no rule
# set's: listed as broken, and refused with the shipped name suggested.
printf 'ranks = 5\n' >"$rules_dir/Montana.toml"
printf 'ranks = 9\n' >"$rules_dir/Custom.toml"
contains "$(addiction rules 2>&1)" "'Montana' is not a rule-set name: it is the shipped 'montana' but for case" \
  "rules lists Montana as broken"
contains "$(addiction rules 2>&1)" "'Custom' is not a rule-set name" "rules lists Custom as broken"
refused 2 "new --rules Montana" new 1 --rules Montana --force
contains "$err" "did you mean 'montana'?" "Montana suggests montana"
# Asked for, such a file is named with its problem, not "unknown rule set".
printf 'ranks = 9\n' >"$rules_dir/custom.toml"
refused 2 "new --rules custom, a custom.toml of yours" new 1 --rules custom --force
contains "$err" "$rules_dir/custom.toml: 'custom' is not a rule-set name" "custom.toml asked for: the file and why"
rm "$rules_dir/Montana.toml" "$rules_dir/Custom.toml" "$rules_dir/custom.toml"

# A relative XDG_DATA_HOME is ignored: the default under HOME applies.
mkdir -p "$WORK/cwd/data/addiction/rules" "$WORK/home/.local/share/addiction/rules"
printf 'description = "rel"\n' >"$WORK/cwd/data/addiction/rules/relset.toml"
printf 'description = "home"\n' >"$WORK/home/.local/share/addiction/rules/homeset.toml"
out=$(cd "$WORK/cwd" && env HOME="$WORK/home" XDG_DATA_HOME=data "$BIN" rules 2>&1)
[[ "$out" != *relset* ]] && ok || bad "a relative XDG_DATA_HOME was used: $out"
contains "$out" homeset "relative XDG_DATA_HOME falls back to HOME"

finish
