// A count in words: "1 move", "2 moves". The engine's messages and the command
// line's both say counts this way.
#pragma once

#include <concepts>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace addiction {

// The count and its noun, which takes an s unless the count is 1.
template <std::integral Count>
std::string plural(Count n, std::string_view word) {
    return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s");
}

}  // namespace addiction
