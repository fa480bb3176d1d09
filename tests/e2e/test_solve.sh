#!/usr/bin/env bash
# addiction solve and the solver-backed hint, through the command line.
source "$(dirname "$0")/lib.sh"

# Replays the actions on stdin one command at a time, as the README shows.
replay() { while read -r action; do addiction $action >/dev/null || return 1; done; }

# A line on stdout that the command line itself plays to a win.
addiction new 3 --rules gaps >/dev/null
expect 0 "solve finds a line" solve
contains "$err" "won:" "verdict on stderr"
contains "$out" "move " "line on stdout"
printf '%s\n' "$out" >line.txt
if replay <line.txt; then ok; else bad "the line replays"; fi
run show --json
contains "$out" '"status": "won"' "the replayed game is won"

# With shuffles, the line spends them by number; solving again on a won game is an empty line.
addiction new 7 --rules mini --force >/dev/null
run solve
printf '%s\n' "$out" >line.txt
if replay <line.txt; then ok; else bad "a line with shuffles replays"; fi
expect 0 "a won game solves to nothing" solve
if [ -z "$out" ]; then ok; else bad "no line for a won game: $out"; fi

# --apply plays the line into the file in one step.
addiction new 9 --rules mini --force >/dev/null
expect 0 "solve --apply" solve --apply
run show --json
contains "$out" '"status": "won"' "--apply wins the game"

# --json: one object on stdout.
addiction new 3 --rules gaps --force >/dev/null
expect 0 "solve --json" solve --json
contains "$out" '"verdict": "won"' "json verdict"
contains "$out" '"line": ["move ' "json line"
contains "$out" '"peak_mb": ' "json memory"

# A hand-made deal with no win: 3s fill the first column and the 2s sit in the
# last, so neither can ever move (see tests/unit/test_solver.cpp). Exit 3.
addiction new DAmg2FXPM- --ranks 4 --shuffles 0 --force >/dev/null
refused 3 "a proof of no win" solve
contains "$err" "no win exists" "no-win verdict"
if [ -z "$out" ]; then ok; else bad "no line for a lost deal: $out"; fi
refused 3 "--apply changes nothing without a win" solve --apply

# The memory limit turns a long proof into undecided (exit 4), not a crash.
addiction new 1 --rules gaps --force >/dev/null
refused 4 "memory limit" solve --memory 1
contains "$err" "memory limit" "undecided at the memory limit"
expect 4 "position budget" solve --positions 1000
contains "$err" "position budget" "undecided at the position budget"

# Usage errors exit 2; bad values the command checks exit 1.
refused 2 "bad --memory" solve --memory 0
refused 1 "bad shard" solve --deals 1-4 --shard 3/2
refused 1 "bad range" solve --deals 5-1

# hint: the first step of a winning line, playable as a command.
addiction new 3 --rules gaps --force >/dev/null
run solve
first=$(printf '%s\n' "$out" | head -n 1)
expect 0 "hint" hint
if [ "$out" = "$first" ]; then ok; else bad "hint '$out' is not the line's first step '$first'"; fi
addiction $out >/dev/null
expect 0 "hint after a move" hint
# Stuck (every gap right of a king) with a shuffle left: shuffle.
addiction new DAUY5eWJoX --ranks 4 --shuffles 1 --force >/dev/null
expect 0 "hint when stuck" hint
if [ "$out" = "shuffle" ]; then ok; else bad "stuck hint: $out"; fi
# The same with no shuffle left is lost; and a won game has nothing to hint.
addiction new DAUY5eWJoX --ranks 4 --shuffles 0 --force >/dev/null
refused 1 "hint on a lost game" hint
contains "$err" "lost" "lost message"
addiction new 7 --rules mini --force >/dev/null
run solve --apply
refused 1 "hint on a won game" hint
contains "$err" "won" "won message"

# Batch: one JSON line per deal in deal order, then a summary; the same lines
# whatever --jobs, and shards that add up to the range.
strip() { sed -E 's/"(seconds|median_seconds|p90_seconds|peak_mb)": [0-9.]+//g'; }
expect 0 "batch" solve --deals 1-6 --rules mini
one=$(printf '%s\n' "$out" | strip)
contains "$out" '{"deal": 1, "rules": "mini", "verdict": "won"' "first line"
contains "$out" '"summary": true' "summary line"
contains "$out" '"won": 6' "summary counts"
if [ "$(printf '%s\n' "$out" | wc -l)" -eq 7 ]; then ok; else bad "batch line count"; fi
run solve --deals 1-6 --rules mini --jobs 3
two=$(printf '%s\n' "$out" | strip)
if [ "$one" = "$two" ]; then ok; else bad "--jobs changes the output"; fi
run solve --deals 1-6 --rules mini --shard 1/2
a=$(printf '%s\n' "$out" | grep -o '"deal": [0-9]*' | tr '\n' ' ')
run solve --deals 1-6 --rules mini --shard 2/2
b=$(printf '%s\n' "$out" | grep -o '"deal": [0-9]*' | tr '\n' ' ')
if [ "$a" = '"deal": 1 "deal": 3 "deal": 5 ' ] && [ "$b" = '"deal": 2 "deal": 4 "deal": 6 ' ]; then ok; else
  bad "shards: '$a' and '$b'"; fi
expect 0 "fair batch" solve --deals 1-3 --rules mini --fair
contains "$out" '"fair": true' "fair lines are marked"

finish
