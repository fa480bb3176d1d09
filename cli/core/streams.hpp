// Messages on standard error, and standard output's errors.
#pragma once

#include <cerrno>
#include <cstdio>
#include <string>
#include <system_error>
#include <utility>

#include <fmt/format.h>

namespace addiction::cli {

// Writes one message to standard error, and never throws: with standard error
// closed or full (2>&-, 2>/dev/full) the message is lost, not the command's
// work or its exit status. fmt::print(stderr, ...) throws there, and from
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

// Sends what standard output holds, or throws std::system_error (main says
// "cannot write to standard output: REASON", exit 1). Before a line on standard
// error that follows the output: with stdout closed or full, the error is then
// the one line said, not a second one after a hint that went nowhere.
inline void flush_stdout() {
    errno = 0;
    if (std::fflush(stdout) != 0 || std::ferror(stdout))
        throw std::system_error(errno, std::generic_category(), "standard output");
}

}  // namespace addiction::cli
