// addiction hint: the suggested next action, in the words the command line takes,
// so that `addiction $(addiction hint)` plays it.
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "hint.hpp"
#include "store.hpp"

namespace addiction::cli {
namespace {

void run(bool all, const Globals& globals) {
    Game game = load_game_file(game_path(globals.file));
    if (all) {
        for (const Action& action : game.legal_actions()) fmt::print("{}\n", to_string(action));
        return;
    }
    switch (game.status()) {
        case Status::Won: throw Error("the game is won: nothing to hint");
        case Status::Lost: throw Error("the game is lost: no moves and no shuffles left ('addiction undo' to go back)");
        default: break;
    }
    fmt::print("{}\n", to_string(*heuristic_hint(game)));
}

}  // namespace

void setup_hint(CLI::App& app, const Globals& globals) {
    auto all = std::make_shared<bool>(false);
    auto* sub = app.add_subcommand("hint", "Suggest the next action, e.g. 'move 6D c7' or 'shuffle'");
    sub->add_flag("--all", *all, "List every legal action instead");
    sub->callback([all, &globals] { run(*all, globals); });
}

}  // namespace addiction::cli
