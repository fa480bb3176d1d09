#!/usr/bin/env bash
# cmake --install into a temporary prefix: every piece in its place, and the
# installed binary finds the installed archive.
source "$(dirname "$0")/lib.sh" "$1"
BUILD=$(dirname "$BIN")
PREFIX="$WORK/prefix"

if ! cmake --install "$BUILD" --prefix "$PREFIX" >"$WORK/install.log" 2>&1; then
  bad "cmake --install failed: $(tail -3 "$WORK/install.log")"
  finish
  exit
fi
ok
for piece in bin/addiction share/man/man1/addiction.1 share/man/man5/addiction.5 \
  share/bash-completion/completions/addiction share/zsh/vendor-completions/_addiction \
  share/fish/vendor_completions.d/addiction.fish share/addiction/deals/gaps-easy.toml share/addiction/rules/blue-moon.toml; do
  [ -s "$PREFIX/$piece" ] && ok || bad "installed $piece"
done
[ -x "$PREFIX/bin/addiction" ] && ok || bad "installed binary is executable"
[ "$(ls "$PREFIX/share/addiction/deals" | wc -l)" -eq "$(ls "$SRC/deals"/*.toml | wc -l)" ] && ok || bad "the whole archive installed"

# The installed binary finds its archive under the prefix, not in the source tree.
out=$("$PREFIX/bin/addiction" --version) && ok || bad "installed --version"
contains "$out" "addiction " "--version prints the version"
out=$("$PREFIX/bin/addiction" deals --json)
jq_is "$out" '[.[] | select(.name == "gaps-easy") | .file]' "[\"$PREFIX/share/addiction/deals/gaps-easy.toml\"]" \
  "installed binary finds the installed archive"
"$PREFIX/bin/addiction" new mini-easy >/dev/null && ok || bad "installed binary starts an archived deal"
[ "$(ls "$PREFIX/share/addiction/rules" | wc -l)" -eq 11 ] && ok || bad "the 11 rule sets installed"
out=$("$PREFIX/bin/addiction" rules montana --json)
jq_is "$out" .file "\"$PREFIX/share/addiction/rules/montana.toml\"" "installed binary finds the installed rule sets"
# Built in: a copy of the binary with no share folder still knows them.
mkdir -p "$WORK/lone/bin" && cp "$PREFIX/bin/addiction" "$WORK/lone/bin/"
out=$("$WORK/lone/bin/addiction" rules galary) && ok || bad "a lone binary prints a shipped rule set"
contains "$out" "fill_from_right = true" "the lone binary's galary"

# A zsh completion folder of one's own choosing.
cmake -S "$SRC" -B "$WORK/build2" -DADDICTION_TESTS=OFF -DADDICTION_ZSH_COMPLETION_DIR=share/zsh/site-functions \
  >/dev/null 2>&1 || true
if [ -f "$WORK/build2/cmake_install.cmake" ] && grep -q 'share/zsh/site-functions' "$WORK/build2/cmake_install.cmake"; then
  ok
else
  bad "ADDICTION_ZSH_COMPLETION_DIR chooses the zsh folder"
fi
finish
