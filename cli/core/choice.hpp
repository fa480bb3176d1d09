// CLI11 options that take one of a few words (choices.hpp) straight into an enum.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "choices.hpp"

namespace addiction::cli {

// Maps an option's word straight to its enum value. IsMember comes first (CLI11
// runs the newest transform first): it accepts only the words, where
// CheckedTransformer alone would also take the enum's number, and says
// "WORD not in {word,word}"; help shows the words only.
template <class Enum>
CLI::Option* choice(CLI::Option* option, const Choices<Enum>& choices) {
    std::vector<std::string> words;
    for (const auto& [word, value] : choices) words.push_back(word);
    return option->transform(CLI::CheckedTransformer(choices).description(""))->transform(CLI::IsMember(words));
}

}  // namespace addiction::cli
