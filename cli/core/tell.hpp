// Messages on standard error.
#pragma once

#include <cstdio>
#include <string>
#include <utility>

#include <fmt/format.h>

namespace addiction::cli {

// Writes one message to standard error, and never throws: with standard error
// closed or full (2>&-, 2>/dev/full) the message is lost, not the command's
// work or its exit status. tell(...) throws there, and from
// main's catch that aborted the program (exit 134) after the work was done.
template <typename... T>
void tell(fmt::format_string<T...> format, T&&... args) noexcept {
    try {
        const std::string text = fmt::format(format, std::forward<T>(args)...);
        std::fwrite(text.data(), 1, text.size(), stderr);
        std::fflush(stderr);
    } catch (...) {
        // Nowhere left to say it.
    }
}

}  // namespace addiction::cli
