#!/usr/bin/env bash
# addiction solve that ends and talks: the time limit, Ctrl-C and SIGTERM, the
# status line on a terminal (a pseudo-terminal) and none on a pipe, and
# `solve --deals` interrupted and resumed.
source "$(dirname "$0")/lib.sh"

# spawn MODE SIGNAL CMD...: runs the binary with CMD under python3, on a
# pseudo-terminal (MODE pty: stdout and stderr both on it) or on pipes (MODE
# pipe). With SIGNAL (INT, TERM or -), it waits until the process catches
# SIGINT (so the search has begun), lets it search a moment and sends SIGNAL;
# TERM:twice sends it twice, 5 ms apart, as timeout(1) may.
# Sets $out, $err (empty for pty), $status, and $stop_ms: the time from the
# signal to the exit.
cat >"$WORK/spawn.py" <<'EOF'
import os, pty, signal, subprocess, sys, time
mode, sig, outfile, errfile, *cmd = sys.argv[1:]
def catches_sigint(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("SigCgt:"):
                    return int(line.split()[1], 16) & (1 << (signal.SIGINT - 1)) != 0
    except OSError:
        pass
    return False
def stop(pid):
    if sig == "-":
        return None
    deadline = time.time() + 30
    while not catches_sigint(pid) and time.time() < deadline:
        time.sleep(0.02)
    time.sleep(0.5)
    name, _, times = sig.partition(":")
    os.kill(pid, getattr(signal, "SIG" + name))
    if times == "twice":
        time.sleep(0.005)
        os.kill(pid, getattr(signal, "SIG" + name))
    return time.time()
if mode == "pty":
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(cmd[0], cmd)
    # Read on a thread-free loop: the signal is sent between reads.
    import select
    out = b""
    sent = None
    began = time.time()
    while True:
        if sent is None and sig != "-" and catches_sigint(pid):
            time.sleep(0.5)
            if sig == "KEY":  # Ctrl-C typed: the terminal echoes ^C and signals
                os.write(fd, b"\x03")
            else:
                os.kill(pid, getattr(signal, "SIG" + sig))
            sent = time.time()
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            out += data
    _, st = os.waitpid(pid, 0)
    end = time.time()
    open(outfile, "wb").write(out)
    open(errfile, "wb").write(b"")
else:
    with open(outfile, "wb") as o, open(errfile, "wb") as e:
        p = subprocess.Popen(cmd, stdout=o, stderr=e)
        sent = stop(p.pid)
        p.wait(timeout=60)
        end = time.time()
        st = None
        code = p.returncode
if st is not None:
    code = os.waitstatus_to_exitcode(st)
print(code, int((end - sent) * 1000) if sent else -1)
EOF
spawn() {
  local mode=$1 sig=$2 result
  shift 2
  result=$(python3 "$WORK/spawn.py" "$mode" "$sig" "$WORK/.sout" "$WORK/.serr" "$BIN" "$@")
  status=${result% *}
  stop_ms=${result#* }
  out=$(cat "$WORK/.sout")
  err=$(cat "$WORK/.serr")
}

# A deal the solver cannot decide quickly (gaps 14 needs over 100 million positions)
# ends by itself at the time limit: exit 4, the limit named.
addiction new 14 --rules gaps >/dev/null
expect 4 "a small time limit ends the search" solve --time-limit 1
contains "$err" "undecided: stopped at the time limit" "the time limit is the verdict"
one_line "$err" "no status line when stderr is not a terminal"
if [[ "$err" != *$'\r'* ]]; then ok; else bad "a carriage return on a pipe: $err"; fi
if addiction solve --help | grep -q -- "--time-limit SECONDS.*=60"; then ok; else bad "the default time limit in --help"; fi

# SIGINT stops it cleanly: the statistics line, "interrupted", exit 4.
spawn pipe INT solve --time-limit 0
if [ "$status" = 4 ]; then ok; else bad "SIGINT: exit $status, wanted 4 ($err)"; fi
contains "$err" "undecided: interrupted;" "SIGINT verdict"
contains "$err" "positions in" "the statistics line after SIGINT"
echo "solve stopped $stop_ms ms after SIGINT" >&2
spawn pipe TERM solve --json --time-limit 0
if [ "$status" = 4 ]; then ok; else bad "SIGTERM: exit $status, wanted 4 ($err)"; fi
jq_is "$out" '[.verdict, .limit]' '["undecided","interrupted"]' "SIGTERM in the JSON"
echo "solve stopped $stop_ms ms after SIGTERM" >&2
# timeout(1) signals the command and then its process group: two SIGTERMs close
# together are one request (the second ended the process, its summary lost, one
# `timeout 2 solve --deals` in five).
for _ in 1 2 3; do
  spawn pipe TERM:twice solve --time-limit 0
  if [ "$status" = 4 ]; then ok; else bad "SIGTERM twice: exit $status, wanted 4 ($err)"; fi
  contains "$err" "undecided: interrupted;" "SIGTERM twice: the verdict"
done

# With --apply an interrupted solve leaves the game file byte-identical.
cp "$ADDICTION_FILE" before.toml
spawn pipe INT solve --apply --time-limit 0
if [ "$status" = 4 ]; then ok; else bad "SIGINT --apply: exit $status ($err)"; fi
same_file before.toml "$ADDICTION_FILE" "an interrupted --apply"

# On a terminal: the status line, redrawn with \r, erased before the verdict.
spawn pty INT solve --time-limit 0
if [ "$status" = 4 ]; then ok; else bad "SIGINT on a terminal: exit $status"; fi
contains "$out" "solving: " "the status line on a terminal"
contains "$out" " positions, " "the status line counts positions"
contains "$out" " of 1536 MB" "the status line shows memory of the limit"
contains "$out" $'\r' "the status line is redrawn in place"
last=$(printf '%s' "$out" | tr -d '\n' | tr '\r' '\n' | grep -v '^ *$' | tail -n 1)
contains "$last" "undecided: interrupted;" "the verdict comes last, on a clean line"
spawn pty - solve --time-limit 0.5
contains "$out" "undecided: stopped at the time limit" "the time limit on a terminal"
# Ctrl-C typed on the terminal: the echoed ^C is erased with the status line
# (it was left after the verdict, past the erased width).
spawn pty KEY solve --time-limit 0
if [ "$status" = 4 ]; then ok; else bad "Ctrl-C typed: exit $status"; fi
# The screen's rows as a terminal shows them: \r goes back, text overwrites.
screen=$(printf '%s' "$out" | python3 -c '
import sys
rows, row, col = [[]], 0, 0
for ch in sys.stdin.read():
    if ch == "\r": col = 0
    elif ch == "\n": rows.append([]); row += 1; col = 0
    else:
        line = rows[row]
        line.extend(" " * (col + 1 - len(line)))
        line[col] = ch; col += 1
print("\n".join("".join(r).rstrip() for r in rows))')
contains "$screen" "undecided: interrupted;" "Ctrl-C typed: the verdict"
[[ $screen != *"^C"* ]] && ok || bad "Ctrl-C typed: the echoed ^C is left on the screen: $screen"

# Option strictness: what only applies to --deals is refused without it (exit 2).
for option in "--rules gaps" "--jobs 2" "--shard 1/2" "--ranks 5" "--shuffles 1" "--redeal after-run" \
  "--fill-from-right" "--resume x.jsonl"; do
  # shellcheck disable=SC2086
  refused 2 "solve $option without --deals" solve $option
  contains "$err" "${option%% *}" "the error names $option"
done
refused 2 "--apply with --deals" solve --apply --deals 1-2

# --deals on a terminal: the progress line.
spawn pty - solve --deals 1-3 --rules mini
if [ "$status" = 0 ]; then ok; else bad "batch on a terminal: exit $status"; fi
contains "$out" "deals 1 of 3: 1 won, 0 no win, 0 undecided" "the batch progress line"
contains "$out" "3 deals: 3 won" "the batch summary on a terminal"

# --deals on a terminal, interrupted: the status line is redrawn after every
# deal, so Ctrl-C often lands in a write to the terminal. That write must go
# on (SA_RESTART): it failed with EINTR, and the run ended in "internal error"
# with no summary (4 of 6 times by hand). Three tries.
for try in 1 2 3; do
  spawn pty INT solve --deals 1-3000 --rules gaps --ranks 7
  if [ "$status" = 4 ]; then ok; else bad "interrupted batch on a terminal, try $try: exit $status"; fi
  contains "$out" "interrupted after " "interrupted batch on a terminal, try $try: the summary"
  [[ "$out" != *"internal error"* ]] && ok || bad "interrupted batch on a terminal, try $try: $out"
done

# --deals interrupted: every finished deal's line, then a summary of those, exit 4.
spawn pipe INT solve --deals 1-40 --rules gaps --time-limit 0.5
if [ "$status" = 4 ]; then ok; else bad "interrupted batch: exit $status ($err)"; fi
contains "$err" "interrupted after " "the batch says it was interrupted"
n=$(printf '%s\n' "$out" | jq -s '[.[] | select(.summary != true)] | length')
jq_is "$out" 'select(.summary == true) | [.interrupted, .deals]' "[true,$n]" "the summary counts the finished deals"
jq_is "$(printf '%s\n' "$out" | jq -s -c '[.[] | select(.summary != true) | .limit] | map(select(. == "interrupted")) | length')" . 0 \
  "no line for a deal that did not finish"

# --resume skips what an earlier run wrote and writes only the rest.
addiction solve --deals 1-4 --rules mini >out.jsonl
expect 0 "resume" solve --deals 1-7 --rules mini --resume out.jsonl
jq_is "$(printf '%s\n' "$out" | jq -s -c '[.[] | select(.summary != true) | .deal]')" . '[5,6,7]' "resumed deals"
jq_is "$(printf '%s\n' "$out" | jq -c 'select(.summary == true) | [.deals, .skipped]')" . '[3,4]' "resume summary"
# A last line torn by a kill is solved again, on a line of its own.
head -c -20 out.jsonl | head -n 3 >torn.jsonl
printf '{"deal":4,"rules":"mi' >>torn.jsonl
addiction solve --deals 1-6 --rules mini --resume torn.jsonl >>torn.jsonl 2>/dev/null
got=$(jq -cR 'fromjson? // empty | select(.summary != true) | .deal' torn.jsonl | tr '\n' ' ')
if [ "$got" = '1 2 3 4 5 6 ' ]; then ok; else bad "resume after a torn line: $got"; fi
# That newline is for the file itself: to a pipe or another file it was an empty line.
head -n 3 out.jsonl >torn2.jsonl
printf '{"deal":4,"rules":"mi' >>torn2.jsonl
expect 0 "resume a torn file to elsewhere" solve --deals 1-5 --rules mini --resume torn2.jsonl
[[ $out == '{"deal":4,'* ]] && ok || bad "resume to elsewhere: the output starts with an empty line: $out"
# `>` for `>>` empties the file before the run reads it: said.
cp out.jsonl over.jsonl
"$BIN" solve --deals 1-5 --rules mini --resume over.jsonl >over.jsonl 2>"$WORK/.err"
contains "$(<"$WORK/.err")" "opened without appending ('>' for '>>')" "resume onto its file with >: a warning"
# Nothing solved, nothing to rate: null, not 0%; and no "0 deals skipped".
expect 0 "an empty shard" solve --deals 1-2 --rules mini --shard 3/3
jq_is "$out" '[.deals, .win_rate_low, .win_rate_high, .median_seconds, .p90_seconds]' '[0,null,null,null,null]' \
  "an empty shard: no rate"
contains "$err" "no deal solved, so no win rate" "an empty shard: in words"
expect 0 "resume with nothing to skip" solve --deals 9-10 --rules mini --resume out.jsonl
[[ $err != *skipped* ]] && ok || bad "resume with nothing to skip: $err"
refused 1 "resume from other rules" solve --deals 1-6 --rules gaps --resume out.jsonl
refused 1 "resume from a missing file" solve --deals 1-6 --rules mini --resume missing.jsonl
# Another file given by mistake skips nothing: said, as the whole study runs again.
printf 'hello\n' >hello.txt
expect 0 "resume from a file of no deal lines" solve --deals 1-2 --rules mini --resume hello.txt
contains "$err" "warning: hello.txt has no line of a deal solved (its 1 line is not solve --deals output)" \
  "resume from a file of no deal lines: a warning"
# ...but a torn last line, or blank lines, is no other file: no warning.
printf '\n{"deal":1,"rules":"mini","verd' >torn-only.jsonl
expect 0 "resume from a torn line alone" solve --deals 1-2 --rules mini --resume torn-only.jsonl
[[ $err != *warning* ]] && ok || bad "resume from a torn line alone: a warning: $err"
# A line of another hand is refused in words, not as an "internal error" of
# the JSON library's.
printf '{"deal":1,"rules":5,"verdict":"won"}\n' >typed.jsonl
refused 1 "resume from a line whose rules is a number" solve --deals 1-2 --rules mini --resume typed.jsonl
contains "$err" "typed.jsonl line 1: deal 1: 'rules' is not a string" "resume from a line whose rules is a number: the message"
printf '{"deal":1,"rules":"mini","verdict":"banana"}\n' >banana.jsonl
refused 1 "resume from a line of an unknown verdict" solve --deals 1-2 --rules mini --resume banana.jsonl
contains "$err" "deal 1: the verdict is 'banana'" "resume from a line of an unknown verdict: the message"
printf '{"deal":2,"verdict":"won"}\n' >nameless.jsonl
refused 1 "resume from a line naming no rules" solve --deals 1-2 --rules mini --resume nameless.jsonl
contains "$err" "deal 2 was solved with no rules named, not mini rules" "resume from a line naming no rules: the message"
# A study is its rules' settings too, the player, and the shuffles: a line of
# custom rules names them, and --no-shuffle is said (its losses are no losses of
# the game). Both were taken as the same study and merged.
addiction solve --deals 1-2 --rules mini --ranks 6 >six.jsonl 2>/dev/null
jq_is "$(head -1 six.jsonl)" '[.rules, .settings.ranks]' '["custom",6]' "a custom line carries its settings"
refused 1 "resume from other settings" solve --deals 1-3 --rules mini --ranks 5 --resume six.jsonl
contains "$err" "of other settings (6 ranks" "resume from other settings: the message"
expect 0 "resume from the same settings" solve --deals 1-3 --rules mini --ranks 6 --resume six.jsonl
# A custom line of before, without its settings, cannot be held to a study: it
# was taken on the name alone (the atlas's 4-rank cell resumed a 5-rank study).
jq -c 'del(.settings)' six.jsonl >unsaid.jsonl
refused 1 "resume from custom lines without settings" solve --deals 1-3 --rules mini --ranks 5 --resume unsaid.jsonl
contains "$err" "the line does not say their settings" "resume from custom lines without settings: the message"
refused 1 "resume from custom lines without settings, even the same" solve --deals 1-3 --rules mini --ranks 6 --resume unsaid.jsonl
addiction solve --deals 1-2 --rules mini --no-shuffle >moves.jsonl 2>/dev/null
jq_is "$(head -1 moves.jsonl)" .no_shuffle true "a --no-shuffle line says so"
refused 1 "resume --no-shuffle lines without it" solve --deals 1-3 --rules mini --resume moves.jsonl
contains "$err" "mini rules (moves only), not mini rules" "resume --no-shuffle: the message"
# The fair player's budgets make the player: its lines carry them, and a line
# without them is the player of before, 300000 positions a phase and in the last.
addiction solve --deals 1-2 --rules mini --fair >fair.jsonl 2>/dev/null
jq_is "$(head -1 fair.jsonl)" '[.phase_positions, .last_phase_positions]' '[1000000,300000]' "a fair line carries its budgets"
refused 1 "resume a fair study with other budgets" solve --deals 1-3 --rules mini --fair --positions 500000 --resume fair.jsonl
contains "$err" "with 1000000 positions a phase, 300000 in the last, not 500000 positions a phase, 500000 in the last" \
  "resume with other budgets: the message"
jq -c 'del(.phase_positions, .last_phase_positions)' fair.jsonl >older.jsonl
refused 1 "resume a fair study of before" solve --deals 1-3 --rules mini --fair --resume older.jsonl
contains "$err" "(--positions 300000 plays that player)" "resume a fair study of before: the way on"
expect 0 "resume a fair study of before with its budget" solve --deals 1-3 --rules mini --fair --positions 300000 \
  --resume older.jsonl
jq_is "$(head -1 <<<"$out")" '[.deal, .phase_positions]' '[3,300000]' "the resumed line has the budget it was run with"
# A range is counted, not listed: 10^11 deals took all memory before the first.
# Within 1 GB of address space; not under the sanitizers (ADDICTION_TEST_SHORT=1),
# whose shadow memory reserves terabytes of it.
( [ "${ADDICTION_TEST_SHORT:-0}" = 1 ] || ulimit -v 1000000
  timeout 5 "$BIN" solve --deals 1-100000000000 --rules mini --memory 16 >huge.jsonl 2>/dev/null )
jq_is "$(head -1 huge.jsonl)" .deal 1 "a range of 10^11 deals starts at once"
jq_is "$(tail -1 huge.jsonl)" .interrupted true "and stops with its summary"

finish
