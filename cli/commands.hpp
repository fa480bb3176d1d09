// The subcommands: each file in cli/ adds one to the app (CLI11's
// "subcommands in files" layout), and main() only calls the setups. What they
// share lives in cli/core/, a library with its own unit tests.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "choices.hpp"
#include "game.hpp"
#include "view.hpp"

namespace addiction::cli {

// Options that every subcommand takes.
struct Globals {
    std::string file;
    Color color = Color::Auto;
    bool ascii = false;

    // Letters instead of suit symbols with --ascii or a locale that is not UTF-8.
    Style style() const { return Style{use_color(color), ascii || !utf8_locale()}; }
};

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

void setup_new(CLI::App& app, const Globals& globals);
void setup_show(CLI::App& app, const Globals& globals);
void setup_move(CLI::App& app, const Globals& globals);
void setup_shuffle(CLI::App& app, const Globals& globals);
void setup_undo_redo(CLI::App& app, const Globals& globals);
void setup_hint(CLI::App& app, const Globals& globals);
void setup_solve(CLI::App& app, const Globals& globals);
void setup_deals(CLI::App& app, const Globals& globals);
void setup_export(CLI::App& app, const Globals& globals);
void setup_replay(CLI::App& app, const Globals& globals);
void setup_stats(CLI::App& app, const Globals& globals);
void setup_games(CLI::App& app, const Globals& globals);
void setup_complete(CLI::App& app, const Globals& globals);  // hidden, for shell completion

// Thrown by a command that finished normally but reports its result through a
// status other than 0 (`solve`: 3 no win, 4 undecided); main() returns `code`.
struct ExitStatus {
    int code;
};

}  // namespace addiction::cli
