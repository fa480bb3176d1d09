#!/usr/bin/env bash
# addiction export: text, json, deal, svg and solvitaire; -o; --at.
source "$(dirname "$0")/lib.sh" "$1"

addiction new 1 >/dev/null
addiction $(addiction hint) >/dev/null
addiction $(addiction hint) >/dev/null

# text: the board as show prints it, never in colour (so --color is refused).
expect 0 "export text" export
[[ "$out" != *$'\e'* ]] && ok || bad "no colour in text export"
if command -v script >/dev/null; then
  [[ "$(TERM=xterm script -qc "$BIN export" /dev/null)" != *$'\e['* ]] && ok || bad "no colour in text export on a terminal"
fi
contains "$out" "$(addiction --color never show | head -5)" "text is the board show prints"
contains "$out" "deal 1, addiction rules" "text has the status line"
refused 2 "export --color" --color always export
contains "$err" "--color" "export --color names the option"

# json: as show --json.
expect 0 "export json" export --format json
jq_is "$out" .deal '"1"' "export json is JSON"
[ "$out" = "$(addiction show --json)" ] && ok || bad "json is show --json"
expect 0 "export json --at 0" export --format json --at 0
[ "$out" = "$(addiction show --json --at 0)" ] && ok || bad "--at 0 is the deal"
refused 1 "--at past the history" export --at 9

# -o writes the file atomically (no temporary left behind) and prints nothing.
expect 0 "export -o" export --format json -o "$WORK/out.json"
[ -z "$out" ] && ok || bad "-o prints nothing"
[ "$(cat "$WORK/out.json")" = "$(addiction show --json)" ] && ok || bad "-o content"
[ -z "$(ls -A "$WORK" | grep '\.tmp\.')" ] && ok || bad "no temporary file left"
refused 1 "-o into a missing folder" export -o "$WORK/no/such/dir/x.txt"
# -o /dev/stdout (or /dev/fd/1) is written through the descriptor: standard
# output appended to a file keeps the file, its lines and its append, as >> wants
# (the file had been replaced by the export).
printf 'line1\n' >"$WORK/log.txt"
inode=$(stat -c %i "$WORK/log.txt")
addiction export --format json -o /dev/stdout >>"$WORK/log.txt" && ok || bad "-o /dev/stdout >> a file: status $?"
[ "$(stat -c %i "$WORK/log.txt")" = "$inode" ] && ok || bad "-o /dev/stdout >> a file: the file replaced"
[ "$(head -1 "$WORK/log.txt")" = line1 ] && [ "$(tail -n +2 "$WORK/log.txt")" = "$(addiction show --json)" ] && ok ||
  bad "-o /dev/stdout >> a file: the line kept and the export after it: $(cat "$WORK/log.txt")"
{ echo header; addiction export -o /dev/fd/1; echo footer; } >"$WORK/log.txt"
[ "$(head -1 "$WORK/log.txt")" = header ] && [ "$(tail -1 "$WORK/log.txt")" = footer ] && ok ||
  bad "-o /dev/fd/1 within a redirected group: $(cat "$WORK/log.txt")"
# A deal to a descriptor has no file name to check against.
expect 0 "--format deal -o /dev/stdout" export --format deal -o /dev/stdout --name tough
contains "$out" "name = 'tough'" "--format deal -o /dev/stdout --name"
# -o naming the game file, or a link to it, would leave the export in the game's place.
refused 2 "-o the game file" export -o "$ADDICTION_FILE"
contains "$err" "--output '$ADDICTION_FILE' is the game file" "-o the game file: the message"
ln -s "$ADDICTION_FILE" "$WORK/game-link.toml"
refused 2 "-o a link to the game file" export --format deal -o "$WORK/game-link.toml"
rm "$WORK/game-link.toml"
# A read-only file is the user's "keep it", for -o as for the game (root could replace it).
printf 'keep\n' >"$WORK/kept.txt"
chmod 444 "$WORK/kept.txt"
refused 1 "-o a read-only file" export -o "$WORK/kept.txt"
contains "$err" "cannot replace $WORK/kept.txt: it is read-only" "-o a read-only file: the message"
[ "$(cat "$WORK/kept.txt")" = keep ] && ok || bad "-o a read-only file: the file kept"

# deal: the starting deal and rules; with history, the line.
expect 0 "export deal" export --format deal --name first
contains "$out" "deal = '1'" "deal id"
contains "$out" "name = 'first'" "name"
contains "$out" "preset = 'addiction'" "rules"
[[ "$out" != *"line ="* ]] && ok || bad "no line without --with-history"
expect 0 "export deal --with-history" export --format deal --with-history
contains "$out" "line = [" "line with history"
refused 2 "--with-history with text" export --with-history
refused 2 "bad name" export --format deal --name "../x"
# A deal is found by its file's name: a --name that says another is refused.
refused 2 "--name other than -o's" export --format deal -o "$WORK/tough.toml" --name tough2
contains "$err" "--name 'tough2' is not the file's name 'tough'" "--name other than -o's: the message"
[ ! -e "$WORK/tough.toml" ] && ok || bad "--name other than -o's: a file was written"
expect 0 "--name the same as -o's" export --format deal -o "$WORK/tough.toml" --name tough
refused 2 "unknown format" export --format pdf

# solvitaire: the deal, tens as 10, gaps as "".
expect 0 "export solvitaire" export --format solvitaire
jq_is "$out" keys_unsorted '["sequences"]' "solvitaire key"
jq_is "$out" '.sequences[0]' '["10C","KD","9H","10S","8D","6H","5H","KS","","4D","QD","9S","8S"]' "deal 1 row a, Solvitaire style"
# Its deals have the aces taken out: a board with them (blue moon) is refused, not
# written as a deal no one could read back.
ADDICTION_FILE="$WORK/moon.toml" addiction new blue-moon-easy >/dev/null
ADDICTION_FILE="$WORK/moon.toml" refused 1 "solvitaire with the aces on the board" export --format solvitaire
contains "$err" "a Solvitaire deal has the aces taken out, and the blue-moon rules keep them" "solvitaire with aces: the message"

# svg: 52 slot shapes for a full deal, title with deal and status.
expect 0 "export svg" export --format svg -o "$WORK/board.svg"
svg=$(cat "$WORK/board.svg")
[ "$(grep -o '<rect class="\(card\|gap\)' "$WORK/board.svg" | wc -l)" -eq 52 ] && ok || bad "52 card or gap shapes"
[ "$(grep -o '<rect class="gap' "$WORK/board.svg" | wc -l)" -eq 4 ] && ok || bad "4 gaps"
contains "$svg" "Addiction, deal 1: playing" "svg title"
# The subtitle's counts, each with its noun in the right number.
contains "$svg" "addiction rules, 2 moves, 3 shuffles left, 1 card placed" "svg subtitle"
expect 0 "export svg --at 1" export --format svg --at 1
contains "$out" "addiction rules, 1 move, 3 shuffles left, 0 cards placed" "svg subtitle after one move"
# Mini deal 7 starts with 2C placed at d1 and a dead gap at d6 (right of a gap).
addiction new --force --rules mini 7 >/dev/null
mini=$(addiction export --format svg)
[ "$(grep -o '<rect class="\(card\|gap\)' <<<"$mini" | wc -l)" -eq 28 ] && ok || bad "28 shapes for mini"
contains "$mini" '<g id="d1" transform="translate(32 360)"><title>2C (placed)</title><rect class="card placed"' "placed card marked"
contains "$mini" '<g id="d6" transform="translate(352 360)"><rect class="gap dead"' "dead gap marked"

# Well-formed, and drawn by a renderer: xmllint (libxml2-utils) and rsvg-convert
# (librsvg2-bin), which scripts/install-deps installs. Missing, they fail the
# suite: a check that passes without its tool checks nothing.
for tool in xmllint rsvg-convert; do
  command -v "$tool" >/dev/null && ok || bad "$tool is installed (scripts/install-deps)"
done
xmllint --noout "$WORK/board.svg" && ok || bad "svg is well-formed XML"
printf '%s\n' "$mini" >"$WORK/mini.svg"
xmllint --noout "$WORK/mini.svg" && ok || bad "mini svg is well-formed XML"
# png_size FILE: "WIDTH HEIGHT" from the PNG's header, or nothing if it is no PNG.
png_size() {
  [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || return 0
  echo $((16#$(od -An -tx1 -j16 -N4 "$1" | tr -d ' \n'))) $((16#$(od -An -tx1 -j20 -N4 "$1" | tr -d ' \n')))
}
rsvg-convert "$WORK/board.svg" -o "$WORK/board.png" 2>"$WORK/rsvg.err" && ok || bad "rsvg-convert renders the svg: $(<"$WORK/rsvg.err")"
size=$(grep -o '<svg [^>]*' "$WORK/board.svg" | sed -E 's/.* width="([0-9]+)" height="([0-9]+)".*/\1 \2/')
[ "$(png_size "$WORK/board.png")" = "$size" ] && ok || bad "the PNG is the svg's size ($size): $(png_size "$WORK/board.png")"
# Something drawn on it: a picture of the same size with nothing on it compresses
# to about 1.7 KB; the board to about 70 KB, and still 8 KB with no font to
# draw its text in.
printf '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s"/>\n' $size >"$WORK/blank.svg"
rsvg-convert "$WORK/blank.svg" -o "$WORK/blank.png" && ok || bad "rsvg-convert renders a blank svg"
[ "$(wc -c <"$WORK/board.png")" -gt $((3 * $(wc -c <"$WORK/blank.png"))) ] && ok ||
  bad "the board's PNG ($(wc -c <"$WORK/board.png") bytes) holds more than a blank one ($(wc -c <"$WORK/blank.png"))"
rsvg-convert "$WORK/mini.svg" -o "$WORK/mini.png" && [ -n "$(png_size "$WORK/mini.png")" ] && ok || bad "rsvg-convert renders the mini svg"
# And the renderer does refuse a broken picture, so the checks above can fail.
head -c 300 "$WORK/board.svg" >"$WORK/broken.svg"
! rsvg-convert "$WORK/broken.svg" -o "$WORK/broken.png" 2>/dev/null && ok || bad "rsvg-convert refuses a cut-off svg"

# A headless browser renders it (only where chromium is installed: it is large).
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ]; then
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=900,480 \
    --user-data-dir="$WORK/chromium" --screenshot="$WORK/board.png" "file://$WORK/board.svg" >/dev/null 2>&1
  if [ -s "$WORK/board.png" ] && [ "$(head -c 8 "$WORK/board.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
    [ "$(wc -c <"$WORK/board.png")" -gt 20000 ]; then
    ok
  else
    bad "chromium renders the svg to a PNG with something on it"
  fi
  # The browser's own parse of the document: no XML error, every slot a shape.
  dom=$(timeout 120 "$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$WORK/chromium" \
    --dump-dom "file://$WORK/board.svg" 2>/dev/null)
  [[ "$dom" != *parsererror* ]] && ok || bad "chromium parses the svg without errors"
  [ "$(grep -o '<rect class="\(card\|gap\)' <<<"$dom" | wc -l)" -eq 52 ] && ok || bad "chromium sees 52 shapes"
else
  # rsvg-convert above draws it on every machine; the browser is an extra.
  echo "SKIP: chromium not installed: the browser's rendering not checked (rsvg-convert's was)"
fi
finish
