// addiction undo / redo: step back and forth through the history. One file for
// both because they are mirror images.
#include <climits>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "checks.hpp"
#include "commands.hpp"
#include "paths.hpp"
#include "plural.hpp"
#include "position.hpp"
#include "store.hpp"
#include "streams.hpp"

namespace addiction::cli {
namespace {

// `undo N` / `redo N` past what there is takes back (or plays again) all there
// is, with a note; `all` asks for exactly that. Nothing at all is still refused.
void step(const std::string& count, bool back, const Globals& globals) {
    const int wanted = count == "all" ? INT_MAX : std::stoi(count);
    std::size_t available = 0;
    const Game game = update_game(game_path(globals.file), [&](Game& g) {
        available = back ? g.history().size() : g.redo_list().size();
        const int n = available == 0 ? 1 : static_cast<int>(std::min<std::size_t>(available, static_cast<std::size_t>(wanted)));
        back ? g.undo(n) : g.redo(n);
    });
    if (count != "all" && static_cast<std::size_t>(wanted) > available)
        tell("addiction: note: only {} to {}; {} {}\n", plural(available, "action"), back ? "undo" : "redo", back ? "undid" : "redid", available == 1 ? "it" : "them all");
    print_position(game, globals.style());
}

}  // namespace

void setup_undo_redo(CLI::App& app, const Globals& globals) {
    auto count = std::make_shared<std::string>("1");
    const auto counted = count_or_all(1000000);
    auto* undo = app.add_subcommand("undo", "Take back the last N actions, or all (a shuffle stays spent)");
    undo->add_option("count", *count, "How many actions (1 to 1000000), or all")->transform(counted)->type_name("N|all");
    undo->callback([count, &globals] { step(*count, true, globals); });
    auto* redo = app.add_subcommand("redo", "Play again the last N undone actions, or all");
    redo->add_option("count", *count, "How many actions (1 to 1000000), or all")->transform(counted)->type_name("N|all");
    redo->callback([count, &globals] { step(*count, false, globals); });
}

}  // namespace addiction::cli
