#!/usr/bin/env bash
# The man pages: built by scdoc, render without warnings, and document every command and option.
source "$(dirname "$0")/lib.sh" "$1"
MAN="$(dirname "$BIN")/man"

for page in addiction.1 addiction.5; do
  if [ ! -s "$MAN/$page" ]; then bad "$page was not built (is scdoc installed?)"; continue; fi
  ok
  if command -v groff >/dev/null; then
    warnings=$(groff -ww -z -man "$MAN/$page" 2>&1)
    [ -z "$warnings" ] && ok || bad "groff warns about $page: $warnings"
  fi
  if command -v man >/dev/null; then
    warnings=$(MANWIDTH=80 man -l --warnings "$MAN/$page" 2>&1 >/dev/null)
    [ -z "$warnings" ] && ok || bad "man -l warns about $page: $warnings"
    MANWIDTH=80 man -l "$MAN/$page" >"$WORK/$page.txt" 2>/dev/null
    [ "$(wc -l <"$WORK/$page.txt")" -gt 50 ] && ok || bad "$page renders to text"
  fi
done

# Every command and each of its options appear in addiction(1).
page=$(cat "$MAN/addiction.1" 2>/dev/null)
for command in $(addiction complete commands | cut -f1); do
  contains "$page" "$command" "addiction(1) documents $command"
  for option in $(addiction "$command" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    [ "$option" = --help ] && continue
    contains "$page" "$option" "addiction(1) documents $command $option"
  done
done
for option in $(addiction --help | sed -n -E 's/^ +(-[a-zA-Z],)?(--[a-z][a-z-]*).*/\2/p'); do
  contains "$page" "$option" "addiction(1) documents the global option $option"
done
# What the command line does today: round trips, undo all, did-you-mean, refusals.
for words in "addiction show | addiction new --from -" "addiction export | addiction new --from -" "undo all" \
  "did you mean" "never ignored" "no deal or file named" "replay" "check character"; do
  contains "$page" "$words" "addiction(1) says: $words"
done
for section in "EXIT STATUS" ENVIRONMENT FILES EXAMPLES; do contains "$page" "$section" "addiction(1) has $section"; done
contains "$page" 'addiction $(addiction hint)' "example of addiction \$(addiction hint)"

page5=$(cat "$MAN/addiction.5" 2>/dev/null)
for words in "xoshiro256" "SplitMix64" "0xD1342543DE82EF95" "Lemire" "FNV-1a" "verdict" "history" \
  "check character" "left out"; do
  contains "$page5" "$words" "addiction(5) has $words"
done

# README's console examples run as shown: each block from a fresh state, each
# command as a shell runs it. 'move c7' on deal 42 went stale (c7 holds a card).
block=0
while IFS= read -r line; do
  case "$line" in
    '```console') block=$((block + 1)); state="$WORK/readme-$block"; mkdir -p "$state"; continue ;;
    '$ '*) command=${line#'$ '} ;;
    *) continue ;;
  esac
  # The loops play whole games a command at a time: a minute under the
  # sanitizers (ADDICTION_TEST_SHORT=1), which check each command's path once.
  [ "${ADDICTION_TEST_SHORT:-0}" = 1 ] && [[ "$command" == *while* ]] && continue
  ( unset ADDICTION_FILE; export XDG_STATE_HOME="$state"
    addiction() { "$BIN" "$@"; }
    eval "$command" ) >"$WORK/.readme-out" 2>&1 && ok || bad "README block $block: '$command' failed: $(tail -1 "$WORK/.readme-out")"
  # The board README shows for deal 1 is the one dealt.
  if [ "$command" = "addiction new 1" ]; then
    shown=$(sed -n '/^\$ addiction new 1$/,/^\$ /p' "$SRC/README.md" | grep -E '^ +1 +2|^[a-d]  ')
    dealt=$(grep -E '^ +1 +2|^[a-d]  ' "$WORK/.readme-out")
    [ -n "$shown" ] && [ "$shown" = "$dealt" ] && ok || bad "README's board of deal 1 is not the one dealt"
  fi
done < <(awk '/^```console/ {print; f = 1; next} /^```/ {f = 0} f && /^\$ /' "$SRC/README.md")
[ "$block" -ge 6 ] && ok || bad "README's console examples: found $block blocks"
finish
