#!/usr/bin/env bash
# No option is silently ignored: every option of every subcommand (read from
# `addiction CMD --help`, the global options from `addiction --help`) has an entry
# below, either "always" (it applies wherever it may be given) or a command line in
# which it does not apply, which must be refused: exit 2, one line on stderr that
# names the option, the game file byte-identical. A new option without an entry
# fails this suite. Then a few combinations that do apply, which must succeed.
source "$(dirname "$0")/lib.sh" "$1"

# A mini game with actions, so that nothing refused can pass for harmless, and a
# named game "two" for --game.
addiction new --rules mini 11 >/dev/null
addiction "$(addiction hint 2>/dev/null)" >/dev/null 2>&1 || true
addiction move 4H a6 >/dev/null 2>&1 || addiction $(addiction hint 2>/dev/null) >/dev/null
addiction --game two new --rules mini 3 >/dev/null

# COMMAND OPTION :: always                    the option applies in every combination
# COMMAND OPTION :: ARGS...                   ARGS must be refused, naming OPTION
# Paths are relative to the suite's folder, where game.toml is the game.
table=$(cat <<'TABLE'
new --file :: always
new --game :: always
new --color :: always
new --ascii :: always
new --no-record :: always
new --from :: new 1 --from game.toml
new --rules :: always
new --ranks :: always
new --shuffles :: always
new --redeal :: always
new --fill-from-right :: always
new --force :: always
new --winnable :: always
show --file :: always
show --game :: always
show --color :: show --json --color never
show --ascii :: show --json --ascii
show --no-record :: show --no-record
show --json :: always
show --at :: always
show --wants :: show --json --wants
move --file :: always
move --game :: always
move --color :: always
move --ascii :: always
move --no-record :: always
shuffle --file :: always
shuffle --game :: always
shuffle --color :: always
shuffle --ascii :: always
shuffle --no-record :: always
undo --file :: always
undo --game :: always
undo --color :: always
undo --ascii :: always
undo --no-record :: always
redo --file :: always
redo --game :: always
redo --color :: always
redo --ascii :: always
redo --no-record :: always
hint --file :: always
hint --game :: always
hint --color :: hint --color never
hint --ascii :: hint --ascii
hint --no-record :: hint --all --no-record
hint --all :: always
hint --peek :: hint --all --peek
hint --json :: hint --all --json
solve --file :: solve --deals 1-1 -f game.toml
solve --game :: solve --deals 1-1 --game two
solve --color :: solve --color never
solve --ascii :: solve --ascii
solve --no-record :: solve --deals 1-1 --no-record
solve --time-limit :: always
solve --memory :: always
solve --positions :: always
solve --no-shuffle :: always
solve --apply :: solve --apply --deals 1-1
solve --json :: solve --json --deals 1-1
solve --fair :: always
solve --deals :: always
solve --rules :: solve --rules gaps
solve --ranks :: solve --ranks 7
solve --shuffles :: solve --shuffles 1
solve --redeal :: solve --redeal random
solve --fill-from-right :: solve --fill-from-right
solve --jobs :: solve --jobs 2
solve --shard :: solve --shard 1/2
solve --resume :: solve --resume game.toml
deals --file :: deals -f game.toml
deals --game :: deals --game two
deals --color :: deals --color never
deals --ascii :: deals --ascii
deals --no-record :: deals --no-record
deals --json :: always
deals --rules :: always
rules --file :: rules -f game.toml
rules --game :: rules --game two
rules --color :: rules --color never
rules --ascii :: rules --ascii
rules --no-record :: rules --no-record
rules --json :: always
export --file :: always
export --game :: always
export --color :: export --color never
export --ascii :: export --format json --ascii
export --no-record :: export --no-record
export --format :: always
export --output :: always
export --at :: export --at 1 --format deal
export --with-history :: export --with-history --format svg
export --name :: export --name foo --format svg
export --description :: export --description words --format json
replay --file :: replay mini-easy -f game.toml
replay --game :: replay mini-easy --game two
replay --color :: always
replay --ascii :: always
replay --no-record :: replay --no-record
replay --from :: always
replay --to :: always
replay --delay :: always
stats --file :: stats -f game.toml
stats --game :: stats --game two
stats --color :: stats --json --color never
stats --ascii :: stats --ascii
stats --no-record :: stats --no-record
stats --rules :: stats --reset --rules mini
stats --json :: stats --reset --json
stats --since :: stats --reset --since 2026-01-01
stats --reset :: always
games --file :: games -f game.toml
games --game :: games --game two
games --color :: games --color never
games --ascii :: games --ascii
games --no-record :: games --no-record
games --json :: games --remove two --json
games --remove :: always
games --force :: games --force
help --file :: help -f game.toml
help --game :: help --game two
help --color :: help --color never
help --ascii :: help --ascii
help --no-record :: help --no-record
TABLE
)

# The options of a help text: the first long name on each line that declares one.
options_in() { sed -n -E 's/^ +(-[a-zA-Z],)?(--[a-z][a-z-]*).*/\2/p' | grep -v -x -e --help -e --version | sort -u; }
globals=$(addiction --help | options_in)
[ "$(wc -l <<<"$globals")" -ge 5 ] && ok || bad "global options read from --help: $globals"

# Each command's options, read once: the two walks below ask for them often.
commands=$(addiction complete commands | cut -f1)
declare -A options_of=()
for command in $commands; do options_of[$command]=$(addiction "$command" --help | options_in); done

# The table's entries by "COMMAND OPTION", the first one where there are two.
declare -A entry_of=()
while IFS= read -r line; do
  key=${line%% :: *}
  [ -n "${entry_of[$key]+set}" ] || entry_of[$key]=$line
done <<<"$table"

walked=0
for command in $commands; do
  for option in $globals ${options_of[$command]}; do
    entry=${entry_of["$command $option"]:-}
    if [ -z "$entry" ]; then
      bad "$command $option has no entry in test_options.sh: say where it does not apply, or 'always'"
      continue
    fi
    ok
    args=${entry#* :: }
    [ "$args" = always ] && continue
    walked=$((walked + 1))
    # shellcheck disable=SC2086
    refused 2 "$command $option does not apply: $args" $args
    contains "$err" "$option" "$args: the message names $option"
  done
done
[ "$walked" -ge 60 ] && ok || bad "only $walked refusals walked"

# No entry for an option that is gone: the table stays the list of what there is.
while read -r command option _; do
  if [[ $'\n'$globals$'\n'${options_of[$command]:-}$'\n' == *$'\n'$option$'\n'* ]]; then ok; else
    bad "test_options.sh lists $command $option, which --help does not"
  fi
done <<<"$table"

# An empty value is refused, never taken for one left out (`-f "$FILE"` with FILE
# unset must not play the default game): every option of every command that
# takes a value, given '', is a usage error that names it. Only the free text of
# export --description may be empty.
# (A value's type follows its option in capitals, "--from FILE"; "--json Excludes:" is a flag.)
values_in() {
  sed -n -E 's/^ +(-[a-zA-Z],)?(--[a-z][a-z-]*) [A-Z][A-Z0-9_|-]*([ :=].*)?$/\2/p' | grep -v -x -e --description | sort -u
}
global_values=$(addiction --help | values_in)
emptied=0
for command in $commands; do
  for option in $global_values $(addiction "$command" --help | values_in); do
    emptied=$((emptied + 1))
    refused 2 "$command $option ''" "$command" "$option" ''
    contains "$err" "$option" "$command $option '': the message names $option"
    # Each option's own check spoke first: "'' is not a number of seconds".
    contains "$err" "$option: an empty value" "$command $option '': the message says the value is empty"
    # Written --option= too: CLI11 took the next word for the value (--file= new
    # new started a game in ./new).
    refused 2 "$command $option= x" "$command" "$option=" x
    contains "$err" "$option: an empty value" "$command $option= x: the value is empty, not x"
  done
done
[ "$emptied" -ge 60 ] && ok || bad "only $emptied options given an empty value"
# The same for the positionals.
for args in "new ''" "move ''" "move 4H ''" "undo ''" "redo ''" "replay ''" "rules ''" "help ''"; do
  eval "set -- $args"
  refused 2 "$args" "$@"
done
refused 2 "-f ''" -f '' show
contains "$err" "an empty value" "-f '': says the value is empty"
expect 0 "export --description ''" export --format deal --description ''
run export --format deal --description= --with-history --name foo
[ "$status" = 0 ] && [[ $out != *"description = '--with-history'"* ]] && ok ||
  bad "export --description= took the next word: $status $out"

# The positionals that exclude an option.
refused 2 "new DEAL --from" new 1 --from game.toml
[ "$err" = "addiction: DEAL and --from do not go together (try 'addiction new --help')" ] && ok ||
  bad "new DEAL --from: $err"
refused 2 "-f and --game" -f game.toml --game two show
contains "$err" "--file and --game do not go together" "-f --game names --game"
# CLI11's words were "rules excludes --file" and "--file: At Most 1 required but received 2".
refused 2 "rules -f" rules -f game.toml
contains "$err" "rules does not take --file" "rules -f: the message"
refused 2 "-f twice" -f game.toml -f game.toml show
contains "$err" "--file is given more than once: give it once" "-f twice: the message"
# More of CLI11's words: "alway not in {auto,always,never}", "--remove: 1 required
# NAME missing", "unexpected argument: '--json'" (an option of show before show).
refused 2 "--color alway" show --color alway
contains "$err" "--color: 'alway' is not one of auto, always, never; did you mean 'always'?" "--color alway: the message"
refused 2 "--at without its value" show --at
contains "$err" "--at needs a value (N)" "--at without its value: the message"
refused 2 "--json before show" --json show
contains "$err" "--json is an option of show: put it after 'show'" "--json before show: the message"
refused 2 "an empty command" ''
contains "$err" "an empty word where the command goes" "an empty command: the message"
# A flag takes no value: --fill-from-right=false started Moonlight filling from
# the right, and solve --apply=0 did not apply.
refused 2 "a flag given a value" new 1 --rules moonlight --fill-from-right=false --force
contains "$err" "--fill-from-right takes no value: give it alone" "a flag given a value: the message"
refused 2 "a subcommand's flag given a value" solve --apply=0
refused 2 "a global flag given a value" --no-record=1 show
# ...an empty one too: `show --json=` printed the JSON, and --version=x said
# "Could not convert: --version = x".
refused 2 "a flag given an empty value" show --json=
contains "$err" "--json takes no value: give it alone" "a flag given an empty value: the message"
refused 2 "a global flag given an empty value" --ascii= show
refused 2 "--version given a value" --version=x
contains "$err" "--version takes no value: give it alone" "--version given a value: the message"
refused 2 "--help given a value" --help=x
contains "$err" "--help takes no value: give it alone" "--help given a value: the message"
refused 2 "a command's -h given an empty value" show -h=

# Combinations that apply succeed.
cp game.toml game.before
while IFS= read -r args; do
  # shellcheck disable=SC2086
  expect 0 "applies: $args" $args
done <<'APPLIES'
--ascii show
--color never show --wants
show --json --at 1
-f game.toml hint --json
--game two hint --all
export --format deal --name mine --description words --with-history --at 1
export --format text --ascii
export --format solvitaire --at 1
replay mini-easy --ascii --from 1 --to 2
stats --color never --since 2026-01-01
deals --json -r mini
solve --deals 1-2 --rules mini --ranks 7 --shuffles 2 --redeal random --jobs 2 --shard 1/1 --time-limit 5
solve --json --positions 100000
hint --no-record
solve --no-record --positions 100000
APPLIES
same_file game.before game.toml "the game is unchanged by what only reads it"
expect 0 "solve --apply --ascii --no-record" --ascii --no-record solve --apply --positions 1000000
expect 0 "games --remove --no-record" --no-record games --remove two --force
finish
