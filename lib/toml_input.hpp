// Reading TOML that comes from outside (game files, archive deals) safely.
#pragma once

#include <initializer_list>
#include <string_view>

#include <toml++/toml.h>

namespace addiction {

// Parses `text`, throwing Error "SOURCE:LINE:COLUMN: what" for a syntax error, and
// first refusing keys too deep for toml++ (check_key_depth).
toml::table parse_toml(std::string_view text, std::string_view source);

// Refuses, before toml++ sees it, a text with a dotted key of more than 32 parts
// ("a.a.a..."): toml++ nests a table per part with no limit and recurses through
// them, so tens of thousands of parts overflow the stack. Throws Error naming
// `source`, line and column.
void check_key_depth(std::string_view text, std::string_view source);

// Throws Error "unknown key 'K' (WHAT has a, b and c)" for a key of `t` not in
// `known`: a misspelt key would otherwise be passed over, and its setting with it.
// `where` ("rules.") goes before the key's name.
void refuse_unknown_keys(const toml::table& t, std::initializer_list<std::string_view> known, std::string_view what,
                         std::string_view where = "");

// Whether `text` may be a description: one line of UTF-8 text, as `deals` and
// `rules` list it in a table, with no control character (C0, DEL or C1), which
// would drive the terminal that shows it, no line separator and no
// bidirectional override or isolate. Deal files are made to be shared.
bool is_description(std::string_view text);
// The code point at `at` in `text` when a line or paragraph separator (U+2028,
// U+2029) or a bidirectional embedding, override or isolate (U+202A to U+202E,
// U+2066 to U+2069) starts there, else 0: characters that end a line, or turn
// the rest of it around, on a terminal. What is_description refuses and
// printable() escapes.
int layout_mark(std::string_view text, std::size_t at);
// What is_description asks, for the messages that refuse one.
inline constexpr std::string_view kDescriptionRule =
    "one line of UTF-8 text, without control characters, line separators or bidirectional overrides";

}  // namespace addiction
