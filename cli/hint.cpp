// addiction hint: the suggested next action, in the words the command line takes,
// so that `addiction $(addiction hint)` plays it.
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "hint.hpp"
#include "solver.hpp"
#include "paths.hpp"
#include "store.hpp"

namespace addiction::cli {
namespace {

// The solver's budget for a hint, in positions so that the same game gets the
// same hint everywhere: about a second on a slow machine, in a small table.
constexpr std::uint64_t kHintPositions = 300'000;
constexpr std::size_t kHintMemory = std::size_t{64} << 20;

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
    SolveLimits limits;
    limits.max_positions = kHintPositions;
    limits.memory_bytes = kHintMemory;
    const SolveResult result = solve(game, limits);
    if (result.verdict == Verdict::Won && !result.line.empty()) {
        fmt::print("{}\n", to_string(result.line.front()));
        return;
    }
    // No line within the budget: the one-move heuristic, or `shuffle` when stuck.
    if (result.verdict == Verdict::NoWin)
        fmt::print(stderr, "addiction: no win exists from here (proven); this move only plays on\n");
    fmt::print("{}\n", to_string(*heuristic_hint(game)));
}

}  // namespace

void setup_hint(CLI::App& app, const Globals& globals) {
    auto all = std::make_shared<bool>(false);
    auto* sub = app.add_subcommand(
        "hint",
        "Suggest the next action, e.g. 'move 6D c7' or 'shuffle': the first step of a winning line when a "
        "short search (300000 positions) finds one, else the best-looking move, or 'shuffle' when stuck");
    sub->add_flag("--all", *all, "List every legal action instead");
    sub->callback([all, &globals] { run(*all, globals); });
}

}  // namespace addiction::cli
