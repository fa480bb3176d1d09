// Checks of option values that CLI11 has, but not with a message a person can
// read: its NonNegativeNumber printed the largest double (300 digits) after
// "--time-limit: Value -1 not in range 0.000000 to", and an unsigned option
// took "-5" as 2^64 - 5.
#pragma once

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>

#include <fmt/format.h>

#include "error.hpp"
#include "spelling.hpp"

namespace addiction::cli {

// A value given but empty: refused rather than taken for one left out.
inline CLI::Validator not_empty() {
    return CLI::Validator(
        [](const std::string& value) {
            return value.empty() ? std::string("an empty value: give one, or leave it out") : std::string();
        },
        "");
}

// A number of seconds from 0 up to `most` (finite, so neither inf nor nan).
// `name` is what help shows after the type, as CLI11's own checks do.
inline CLI::Validator seconds(double most, const std::string& name) {
    return CLI::Validator(
        [most](const std::string& value) {
            double number = 0;
            const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
            if (error == std::errc() && end == value.data() + value.size() && std::isfinite(number) && number >= 0 &&
                number <= most)
                return std::string();
            return std::isinf(most) ? fmt::format("'{}' is not a number of seconds, 0 or more", value)
                                    : fmt::format("'{}' is not a number of seconds from 0 to {}", value, most);
        },
        name);
}

// A whole number, 0 or more, in digits, up to `most` (what the option's type holds).
inline CLI::Validator whole_number(std::uint64_t most = UINT64_MAX) {
    return CLI::Validator(
        [most](const std::string& value) {
            if (value.empty() || value.find_first_not_of("0123456789") != std::string::npos)
                return fmt::format("'{}' is not a whole number, 0 or more", value);
            std::uint64_t number = 0;
            if (std::from_chars(value.data(), value.data() + value.size(), number).ec != std::errc() || number > most)
                return fmt::format("{} is too large (the largest is {})", value, most);
            return std::string();
        },
        "");
}

// A whole number from `least` to `most`, in digits. CLI11's Range said "Value x
// not in range 4 to 13" of a word; `kind` keeps the help's "INT in [4 - 13]".
inline CLI::Validator whole_number_in(std::uint64_t least, std::uint64_t most, const std::string& kind) {
    return CLI::Validator(
        [least, most](const std::string& value) {
            std::uint64_t number = 0;
            const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
            if (error == std::errc() && end == value.data() + value.size() && number >= least && number <= most)
                return std::string();
            return fmt::format("'{}' is not a whole number from {} to {}", value, least, most);
        },
        fmt::format("{} in [{} - {}]", kind, least, most));
}

// A count from 1 to `most`, in digits, or "all": undo's and redo's N. CLI11's
// Range | IsMember said "(Value 0 not in range 1 to 1000000) OR (0 not in {all})".
inline CLI::Validator count_or_all(int most) {
    return CLI::Validator(
        [most](std::string& value) {
            // In any case, as cards and slots are: ALL reads as all.
            if (same_but_case(value, "all")) {
                value = "all";
                return std::string();
            }
            int number = 0;
            const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
            if (error == std::errc() && end == value.data() + value.size() && number >= 1 && number <= most)
                return std::string();
            return fmt::format("'{}' is not a number from 1 to {}, nor 'all'", value, most);
        },
        "");
}

// A value that `parse` takes without throwing Error: a bad one is a usage error
// when the options are read (exit 2, the option named), not a failure once the
// command runs. An empty value is left to not_empty().
inline CLI::Validator parsed_by(std::function<void(const std::string&)> parse) {
    return CLI::Validator(
        [parse = std::move(parse)](const std::string& value) {
            if (value.empty()) return std::string();
            try {
                parse(value);
            } catch (const Error& e) {
                return std::string(e.what());
            }
            return std::string();
        },
        "");
}

}  // namespace addiction::cli
