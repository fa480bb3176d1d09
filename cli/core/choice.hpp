// CLI11 options that take one of a few words (choices.hpp) straight into an enum.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "choices.hpp"
#include "spelling.hpp"

namespace addiction::cli {

// Maps an option's word straight to its enum value. The check of the word comes
// first (CLI11 runs the newest transform first): it accepts only the words, where
// CheckedTransformer alone would also take the enum's number, and says "'sometime'
// is not one of auto, always, never; did you mean 'always'?" (IsMember said
// "sometime not in {auto,always,never}"); help shows the words, as IsMember did.
template <class Enum>
CLI::Option* choice(CLI::Option* option, const Choices<Enum>& choices) {
    std::vector<std::string> words;
    for (const auto& [word, value] : choices) words.push_back(word);
    CLI::Validator one_of(
        [words](const std::string& value) {
            if (std::find(words.begin(), words.end(), value) != words.end()) return std::string();
            std::string message = fmt::format("'{}' is not one of {}", value, fmt::join(words, ", "));
            if (const std::string best = closest_word(value, words); !best.empty())
                message += fmt::format("; did you mean '{}'?", best);
            return message;
        },
        fmt::format("{{{}}}", fmt::join(words, ",")));
    return option->transform(CLI::CheckedTransformer(choices).description(""))->transform(one_of);
}

}  // namespace addiction::cli
