// addiction hint: the suggested next action, in the words the command line takes,
// so that `addiction $(addiction hint)` plays it. The plan behind it is lib/hint.hpp's.
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "hint.hpp"
#include "json.hpp"
#include "paths.hpp"
#include "plan_cache.hpp"
#include "record_store.hpp"
#include "store.hpp"
#include "streams.hpp"

namespace addiction::cli {
namespace {

// Plans cached on disk beyond this are removed, oldest first.
constexpr std::uintmax_t kCacheBytes = std::uintmax_t{4} << 20;

struct HintOptions {
    bool all = false;
    bool peek = false;
    bool json = false;
};

std::string_view kind_word(HintKind kind) {
    switch (kind) {
        case HintKind::Line: return "line";
        case HintKind::Guess: return "guess";
        case HintKind::NoWin: return "no-win";
    }
    return "?";
}

void run(const HintOptions& opt, const Globals& globals) {
    const auto path = game_path(globals.file);
    const Game game = load_game_file(path);
    if (opt.all) {
        const auto actions = game.legal_actions();
        for (const Action& action : actions) fmt::print("{}\n", to_string(action));
        // An empty list is the answer, but a person should know why it is empty.
        if (actions.empty() && (game.status() == Status::Won || game.status() == Status::Lost))
            tell("addiction: note: the game is {}: no action to list\n", to_string(game.status()));
        return;
    }
    // The engine refuses a lost game too; only here is the undo that goes back known.
    if (game.status() == Status::Lost && !game.history().empty())
        throw Error(fmt::format("the game is lost: no moves and no shuffles left ('{} undo' to go back)",
                                game_command(path)));
    std::unique_ptr<PlanDiskCache> cache;
    if (auto folder = PlanDiskCache::default_folder()) cache = std::make_unique<PlanDiskCache>(*folder, kCacheBytes);
    const Hint hint = addiction::hint(game, opt.peek ? HintMode::Peek : HintMode::Fair, cache.get());
    note_help(path, game);  // for the player's record: the game file stays as it is
    // Where to go from there: the hints never repeat a position, the solver may.
    if (!hint.action)
        throw Error(fmt::format("{}: each one goes back to an earlier position ('{} undo' to try another line, or "
                                "'{} solve', whose line may pass through them)",
                                describe(hint), game_command(path), game_command(path)));
    if (opt.json) {
        nlohmann::ordered_json out;
        out["action"] = to_string(*hint.action);
        out["kind"] = kind_word(hint.kind);
        out["actions_left"] = hint.kind == HintKind::Line ? nlohmann::ordered_json(hint.actions_left) : nullptr;
        fmt::print("{}\n", json_text(out));
        return;
    }
    fmt::print("{}\n", to_string(*hint.action));
    flush_stdout();  // a hint that went nowhere is not described
    tell("hint: {}\n", describe(hint));
}

}  // namespace

void setup_hint(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<HintOptions>();
    auto* sub = app.add_subcommand(
        "hint",
        "Suggest the next action, e.g. 'move 6D c7' or 'shuffle': the next step of a plan that following hints "
        "plays to its end, never back to an earlier position");
    // A hint is an action in the command line's words (letters, never colour) and changes nothing.
    globals.no_drawing(sub);
    auto* all = sub->add_flag("--all", opt->all, "List every legal action instead");
    auto* peek = sub->add_flag("--peek", opt->peek,
                  "Plan with the full solver, which knows what each shuffle will bring (by default a hint uses only "
                  "what a player sees, as solve --fair does)");
    auto* json = sub->add_flag("--json", opt->json,
                               "Print one JSON object instead: action, kind (line, guess, no-win) and actions_left "
                               "(null unless kind is line)");
    all->excludes(peek)->excludes(json);
    // A list of legal actions is no help to note, so --no-record has nothing to leave out.
    Globals::leaves_out(all, {globals.options.no_record});
    sub->footer(
        "The action goes to stdout, so that `addiction $(addiction hint)` plays it; one line on stderr says\n"
        "what it is: the next step of a winning line (and how many actions are left), the best-looking move\n"
        "when no line was found within the budget, or a move that plays on towards the end when no win is\n"
        "left (proven).\n"
        "\n"
        "The default hint plays the fair strategy of `solve --fair` with its budgets: two searches with\n"
        "moves only (the second never moves a placed card), and failing a win, the way to the position\n"
        "with most cards placed and a shuffle there. A hint that follows an earlier one goes on with the\n"
        "same plan, so a hint loop from a deal's start plays the line `solve --fair` reports. Plans never\n"
        "return to a position of the game since its last shuffle; when every move would, the hint is\n"
        "`shuffle` if one is left, else it fails with 'no move leads anywhere new'. The hint depends only\n"
        "on the game file; plans are kept in\n"
        "$XDG_CACHE_HOME/addiction/plans (~/.cache) only to save time (ADDICTION_CACHE=off: none).\n"
        "\n"
        "Exit status: 0 a hint was printed, 1 error (also: the game is over, or no move leads anywhere new),\n"
        "2 usage error");
    sub->callback([opt, &globals] { run(*opt, globals); });
}

}  // namespace addiction::cli
