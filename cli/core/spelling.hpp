// Did you mean: the closest of a few words to one mistyped, as git suggests a command.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace addiction::cli {

// Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

// Whether `a` and `b` are the same word but for the case of ASCII letters.
bool same_but_case(std::string_view a, std::string_view b);

// The word of `words` that `typed` is a typo of (at most two edits, or its start),
// or "" when none is that close.
std::string closest_word(std::string_view typed, const std::vector<std::string>& words);

}  // namespace addiction::cli
