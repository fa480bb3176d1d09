// addiction undo / redo: step back and forth through the history. One file for
// both because they are mirror images.
#include <memory>

#include "commands.hpp"
#include "paths.hpp"
#include "position.hpp"
#include "store.hpp"

namespace addiction::cli {

void setup_undo_redo(CLI::App& app, const Globals& globals) {
    auto count = std::make_shared<int>(1);
    auto* undo = app.add_subcommand("undo", "Take back the last N actions (a shuffle stays spent)");
    undo->add_option("count", *count, "How many actions")->check(CLI::Range(1, 1000000))->type_name("N");
    undo->callback([count, &globals] {
        print_position(update_game(game_path(globals.file), [&](Game& g) { g.undo(*count); }), globals.style());
    });
    auto* redo = app.add_subcommand("redo", "Play again the last N undone actions");
    redo->add_option("count", *count, "How many actions")->check(CLI::Range(1, 1000000))->type_name("N");
    redo->callback([count, &globals] {
        print_position(update_game(game_path(globals.file), [&](Game& g) { g.redo(*count); }), globals.style());
    });
}

}  // namespace addiction::cli
