// The subcommands: each file in cli/ adds one to the app (CLI11's
// "subcommands in files" layout), and main() only calls the setups.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "game.hpp"
#include "view.hpp"

namespace addiction::cli {

// Options that every subcommand takes.
struct Globals {
    std::string file;
    std::string color = "auto";
    bool ascii = false;

    Style style() const { return Style{use_color(color), ascii}; }
};

// Prints the board and the status line, as every command that changes the game does.
// The last action's cards are highlighted in colour; `wants` marks each live gap
// with the card it wants.
void print_position(const Game& game, const Globals& globals, bool wants = false);

void setup_new(CLI::App& app, const Globals& globals);
void setup_show(CLI::App& app, const Globals& globals);
void setup_move(CLI::App& app, const Globals& globals);
void setup_shuffle(CLI::App& app, const Globals& globals);
void setup_undo_redo(CLI::App& app, const Globals& globals);
void setup_hint(CLI::App& app, const Globals& globals);
void setup_solve(CLI::App& app, const Globals& globals);

// Thrown by a command that finished normally but reports its result through a
// status other than 0 (`solve`: 3 no win, 4 undecided); main() returns `code`.
struct ExitStatus {
    int code;
};
void setup_deals(CLI::App& app, const Globals& globals);
void setup_export(CLI::App& app, const Globals& globals);
void setup_replay(CLI::App& app, const Globals& globals);
void setup_complete(CLI::App& app, const Globals& globals);  // hidden, for shell completion
void setup_stats(CLI::App& app, const Globals& globals);
void setup_games(CLI::App& app, const Globals& globals);

}  // namespace addiction::cli
