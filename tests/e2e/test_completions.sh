#!/usr/bin/env bash
# Shell completions: they load without errors in bash, zsh and fish, and complete
# subcommands and the cards that can legally move (asked from the binary).
source "$(dirname "$0")/lib.sh" "$1"
COMPLETIONS="$SRC/completions"

addiction new --rules mini 7 >/dev/null
movable=$(addiction complete movable | tr '\n' ' ')
[ "$movable" = "4H 5S 6D " ] && ok || bad "complete movable lists the cards that can move: $movable"
[ "$(addiction complete destinations 4H)" = a6 ] && ok || bad "complete destinations"
# The gaps a card can fill: move SLOT fills one (only cards were offered).
[ "$(addiction complete fillable | tr '\n' ' ')" = "a3 a6 d5 " ] && ok || bad "complete fillable: $(addiction complete fillable)"
contains "$(addiction complete commands)" $'move\t' "complete commands"
contains "$(addiction complete deals)" "mini-easy" "complete deals"
[ "$(addiction complete presets | tr '\n' ' ')" = "addiction montana gaps mini spaces blue-moon red-moon galary moonlight jungle spaces-and-aces " ] && ok || bad "complete presets"
cp "$ADDICTION_FILE" "$WORK/before.toml"
[[ "$(addiction --help)" != *complete* ]] && ok || bad "complete is hidden from --help"
XDG_STATE_HOME="$WORK/none" ADDICTION_FILE="$WORK/none.toml" "$BIN" complete movable >"$WORK/o" 2>&1 && ok || bad "no game: exit 0"
[ ! -s "$WORK/o" ] && ok || bad "no game: nothing printed"

# bash: source the script and call its function as bash would.
bash_complete() { # words... (the last is the one being completed)
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _addiction; echo "${COMPREPLY[*]}"' \
    _ "$COMPLETIONS/addiction.bash" "$BIN" "$@"
}
if [ -f /usr/share/bash-completion/bash_completion ]; then
  err=$(bash -c 'source /usr/share/bash-completion/bash_completion; source "$1"; complete -p addiction' _ \
    "$COMPLETIONS/addiction.bash" 2>&1 >/dev/null)
  [ -z "$err" ] && ok || bad "bash script loads with bash-completion: $err"
fi
[ "$(bash_complete mo)" = move ] && ok || bad "bash: mo -> move"
[ "$(bash_complete move "")" = "4H 5S 6D a3 a6 d5" ] && ok || bad "bash: legal cards and gaps after move: $(bash_complete move "")"
[ "$(bash_complete move a)" = "a3 a6" ] && ok || bad "bash: move a<TAB>: the gaps of row a: $(bash_complete move a)"
[ "$(bash_complete move 6)" = "6D" ] && ok || bad "bash: move 6<TAB>"
[ "$(bash_complete move 4H "")" = a6 ] && ok || bad "bash: the gap for 4H"
[ "$(bash_complete new --rules m)" = "montana mini moonlight" ] && ok || bad "bash: presets"
contains "$(bash_complete new mini-)" "mini-two-step" "bash: archive names after new"
contains "$(bash_complete export --format "")" "solvitaire" "bash: export formats"
contains "$(bash_complete replay --)" "--delay" "bash: replay options"
contains "$(bash_complete --)" "--file" "bash: global options"
[[ "$(bash_complete rules -)" != *--color* && "$(bash_complete rules -)" == *--json* ]] && ok ||
  bad "bash: rules - offers options rules refuses: $(bash_complete rules -)"
# bash splits --game=lunch at the '=': the game is still the one named.
addiction --game lunch new --rules mini 8 >/dev/null
lunch=$( (addiction --game lunch complete movable; addiction --game lunch complete fillable) | tr '\n' ' ')
[ "$lunch" != "4H 5S 6D a3 a6 d5 " ] && ok || bad "deal 8 moves the same cards as deal 7: the check below would prove nothing"
[ "$(bash_complete --game lunch move "") " = "$lunch" ] && ok || bad "bash: --game lunch move: $(bash_complete --game lunch move "")"
[ "$(bash_complete --game = lunch move "") " = "$lunch" ] && ok || bad "bash: --game=lunch move: $(bash_complete --game = lunch move "")"
# An option's value is not the command: the options that take one come from the binary.
[ "$(bash_complete --game lunch --color never move "") " = "$lunch" ] && ok ||
  bad "bash: --color never move: $(bash_complete --game lunch --color never move "")"
[ "$(bash_complete --game lunch --color = never move "") " = "$lunch" ] && ok ||
  bad "bash: --color=never move: $(bash_complete --game lunch --color = never move "")"
# A file typed with ~ is the one ~ names: the binary was given '~/...' as typed.
# (A home of its own: ctest's HOME is a folder that is not there.)
mkdir -p "$WORK/home"
cp "$XDG_STATE_HOME/addiction/games/lunch.toml" "$WORK/home/lunch-copy.toml"
[ "$(HOME="$WORK/home" bash_complete -f '~/lunch-copy.toml' move "") " = "$lunch" ] && ok ||
  bad "bash: -f ~/FILE move: $(HOME="$WORK/home" bash_complete -f '~/lunch-copy.toml' move "")"
# The game names themselves, the value not typed yet: it was passed on as
# `--game ''`, which the binary refuses, and nothing was offered.
[ "$(bash_complete --game "")" = lunch ] && ok || bad "bash: --game <TAB>: '$(bash_complete --game "")'"
[ "$(bash_complete --game = "")" = lunch ] && ok || bad "bash: --game=<TAB>: '$(bash_complete --game = "")'"
[ "$(bash_complete new --rules mini --game "")" = lunch ] && ok || bad "bash: new --rules mini --game <TAB>"
[ "$(bash_complete new --rules = m)" = "montana mini moonlight" ] && ok || bad "bash: --rules=m: $(bash_complete new --rules = m)"
# A rule set of yours that does not load is not offered (--rules refuses it).
mkdir -p "$XDG_DATA_HOME/addiction/rules"
echo "ranks = 99" >"$XDG_DATA_HOME/addiction/rules/broken.toml"
echo "ranks = 6" >"$XDG_DATA_HOME/addiction/rules/six.toml"
[ "$(addiction complete presets | tail -n 2 | tr '\n' ' ')" = "spaces-and-aces six " ] && ok ||
  bad "complete presets: $(addiction complete presets | tr '\n' ' ')"
rm "$XDG_DATA_HOME/addiction/rules/broken.toml" "$XDG_DATA_HOME/addiction/rules/six.toml"

[ "$(bash_complete undo "")" = all ] && ok || bad "bash: undo all"
contains "$(bash_complete replay mini-)" "mini-two-step" "bash: archive names after replay, as after new"
contains "$(bash_complete help mo)" "move" "bash: commands after help"
contains "$(bash_complete stats --rules c)" "custom" "bash: stats --rules custom"

# Every command, and every option its --help lists (the global ones too), is in
# the zsh and fish scripts: a new option without a completion fails here. bash
# (and fish, for the global ones) asks the binary: `complete options COMMAND`
# lists the command's options and the global options it takes, and leaves out
# only those the command refuses (exit 2, "stats does not take --ascii").
options_in() { sed -n -E 's/^ +(-[a-zA-Z],)?(--[a-z][a-z-]*).*/\2/p' | grep -v -x -e --help -e --version | sort -u; }
zsh_script=$(cat "$COMPLETIONS/_addiction")
fish_script=$(cat "$COMPLETIONS/addiction.fish")
for command in $(addiction complete commands | cut -f1); do
  contains "$fish_script" " $command" "fish knows the command $command"
  # shuffle too: it takes only the global options, which zsh offered nowhere after it.
  [[ $zsh_script =~ [[:space:]\|]$command[\|\)] ]] && ok || bad "zsh completes the arguments of $command"
  offered=" $(addiction complete options "$command" | tr '\n' ' ')"
  for option in $(addiction "$command" --help | options_in); do
    [[ $offered == *" $option "* ]] && ok || bad "complete options $command: no $option in$offered"
  done
  for option in $(addiction --help | options_in); do
    if [[ $offered != *" $option "* ]]; then
      case $option in --file) value=(x) ;; --game) value=(g) ;; --color) value=(never) ;; *) value=() ;; esac
      "$BIN" "$command" "$option" "${value[@]}" >/dev/null 2>"$WORK/.refused" && status=0 || status=$?
      [ "$status" = 2 ] && contains "$(<"$WORK/.refused")" "$command does not take $option" "$command refuses $option" ||
        bad "complete options $command leaves out $option, which $command takes"
    fi
  done
  for option in $(addiction "$command" --help | options_in) $(addiction --help | options_in); do
    contains "$zsh_script" "$option" "zsh completes $command $option"
    contains "$fish_script" "-l ${option#--}" "fish completes $command $option"
  done
done
[ "$(addiction complete options stats | tr '\n' ' ')" = "-h --help -r --rules --json --since --reset --color " ] && ok ||
  bad "complete options stats: $(addiction complete options stats | tr '\n' ' ')"

# zsh: the script parses, and compinit picks it up for addiction.
if command -v zsh >/dev/null; then
  zsh -n "$COMPLETIONS/_addiction" && ok || bad "zsh: script parses"
  out=$(zsh -f -c 'fpath=("$1" $fpath); autoload -Uz compinit; compinit -u -d "$2/zcompdump";
    print -r -- $_comps[addiction]; autoload -Uz +X _addiction' _ "$COMPLETIONS" "$WORK" 2>&1)
  [ "$out" = _addiction ] && ok || bad "zsh: compinit loads _addiction: $out"
  # A real completion: an interactive zsh on a pseudo-terminal (zpty) is sent the
  # line and a TAB; a wrapped compadd records what the completion system offers.
  cat >"$WORK/zcomp.zsh" <<'ZSH'
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "PROMPT=''; RPROMPT=''; PATH=$2:\$PATH; fpath=($1 \$fpath); autoload -Uz compinit; compinit -u -d $3.zcd"
zpty -w z "compadd () { local -a __hits; builtin compadd -O __hits \"\$@\"; (( \${#__hits} )) && print -l -- \$__hits >> $3; builtin compadd \"\$@\"; }"
zpty -w -n z "$4"$'\t'
for i in {1..50}; do [[ -s $3 ]] && break; sleep 0.2; done
sleep 0.5
zpty -d z
ZSH
  zsh_complete() {
    rm -f "$WORK/zsh.out"
    timeout 30 zsh -f "$WORK/zcomp.zsh" "$COMPLETIONS" "$(dirname "$BIN")" "$WORK/zsh.out" "$1" >/dev/null 2>&1
    sort -u "$WORK/zsh.out" 2>/dev/null | tr '\n' ' '
  }
  [ "$(zsh_complete 'addiction mo')" = "move " ] && ok || bad "zsh: mo -> move: $(zsh_complete 'addiction mo')"
  [ "$(zsh_complete 'addiction move ')" = "4H 5S 6D a3 a6 d5 " ] && ok || bad "zsh: legal cards and gaps after move: $(zsh_complete 'addiction move ')"
  [ "$(zsh_complete 'addiction move 4H ')" = "a6 " ] && ok || bad "zsh: the gap for 4H"
  # The game named before the command is the one whose cards are offered: the
  # command's own _arguments call once dropped -f and --game.
  [ "$(zsh_complete 'addiction --game lunch move ')" = "$lunch" ] && ok || bad "zsh: --game lunch move: $(zsh_complete 'addiction --game lunch move ')"
  [ "$(zsh_complete "addiction -f $XDG_STATE_HOME/addiction/games/lunch.toml move ")" = "$lunch" ] && ok ||
    bad "zsh: -f FILE move: $(zsh_complete "addiction -f $XDG_STATE_HOME/addiction/games/lunch.toml move ")"
  # The global options a command takes are offered after it too (bash and fish
  # did; zsh offered only the command's own), and not those it refuses.
  got=$(zsh_complete 'addiction show --')
  [[ $got == *--color* && $got == *--game* && $got == *--json* && $got != *--no-record* ]] && ok ||
    bad "zsh: show --<TAB>: $got"
  got=$(zsh_complete 'addiction rules --')
  [[ $got == *--json* && $got != *--color* && $got != *--game* ]] && ok || bad "zsh: rules --<TAB>: $got"
  [ "$(zsh_complete 'addiction show --game ')" = "lunch " ] && ok || bad "zsh: show --game <TAB>: $(zsh_complete 'addiction show --game ')"
else
  bad "zsh is not installed (scripts/install-deps installs it)"
fi

# fish: the script loads, and fish's own completion engine uses it.
if command -v fish >/dev/null; then
  fish_complete() { PATH="$(dirname "$BIN"):$PATH" fish --no-config -c "source '$COMPLETIONS/addiction.fish'; complete -C '$1'" 2>&1; }
  err=$(fish --no-config -c "source '$COMPLETIONS/addiction.fish'" 2>&1)
  [ -z "$err" ] && ok || bad "fish: script loads: $err"
  # A binary that cannot be run: no words, and none of fish's own "Unknown
  # command" errors (one for each condition, 56 of them).
  err=$(PATH=/usr/bin:/bin fish --no-config -c "source '$COMPLETIONS/addiction.fish'; complete -C 'addiction --color never '" 2>&1)
  [[ $err != *"Unknown command"* ]] && ok || bad "fish: a binary not found floods: $(grep -c 'Unknown command' <<<"$err")"
  contains "$(fish_complete 'addiction mo')" $'move\t' "fish: mo -> move"
  [ "$(fish_complete 'addiction move ' | cut -f1 | tr '\n' ' ')" = "4H 5S 6D a3 a6 d5 " ] && ok || bad "fish: legal cards and gaps after move: $(fish_complete "addiction move " | cut -f1 | tr "\n" " ")"
  [ "$(fish_complete 'addiction move 4H ' | cut -f1)" = a6 ] && ok || bad "fish: the gap for 4H"
  contains "$(fish_complete 'addiction new --rules ')" "mini" "fish: presets"
  contains "$(fish_complete 'addiction undo ')" "all" "fish: undo all"
  contains "$(fish_complete 'addiction replay mini-')" "mini-easy" "fish: archive names after replay"
  contains "$(fish_complete 'addiction help ')" "move" "fish: commands after help"
  [ "$(fish_complete 'addiction --game lunch move ' | cut -f1 | tr '\n' ' ')" = "$lunch" ] && ok ||
    bad "fish: --game lunch move: $(fish_complete 'addiction --game lunch move ' | cut -f1 | tr '\n' ' ')"
  [ "$(fish_complete 'addiction --game=lunch move ' | cut -f1 | tr '\n' ' ')" = "$lunch" ] && ok || bad "fish: --game=lunch move"
  [ "$(HOME="$WORK/home" fish_complete 'addiction -f ~/lunch-copy.toml move ' | cut -f1 | tr '\n' ' ')" = "$lunch" ] &&
    ok || bad "fish: -f ~/FILE move: $(HOME="$WORK/home" fish_complete 'addiction -f ~/lunch-copy.toml move ' | cut -f1)"
  # A game named as a command is no command: `--game new show` offered new's options.
  addiction --game move new --rules mini 8 >/dev/null
  [ "$(fish_complete 'addiction --game move move ' | cut -f1 | tr '\n' ' ')" = "$lunch" ] && ok ||
    bad "fish: --game move move: $(fish_complete 'addiction --game move move ' | cut -f1 | tr '\n' ' ')"
  [[ "$(fish_complete 'addiction --game move show --' | cut -f1 | tr '\n' ' ')" == *--at* ]] && ok || bad "fish: --game move show -- offers show's options"
  [[ "$(fish_complete 'addiction rules -' | cut -f1 | tr '\n' ' ')" != *--color* ]] && ok || bad "fish: rules - offers --color"
else
  bad "fish is not installed (scripts/install-deps installs it)"
fi
same_file "$WORK/before.toml" "$ADDICTION_FILE" "completing never changes the game"
finish
