// addiction complete: words for the shell completion scripts, so that they ask
// the binary instead of going stale. Hidden from --help; prints nothing (and
// succeeds) when there is nothing to offer, e.g. no game yet. One word a line;
// `commands` adds a tab and the command's description, as fish takes them.
#include <algorithm>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "deals.hpp"
#include "record_store.hpp"
#include "store.hpp"

namespace addiction::cli {
namespace {

struct CompleteOptions {
    std::string what;
    std::vector<std::string> args;
};

void list_words(const CompleteOptions& opt, const Globals& globals, const CLI::App& app) {
    if (opt.what == "commands") {
        for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); }))
            fmt::print("{}\t{}\n", sub->get_name(), sub->get_description());
    } else if (opt.what == "presets") {
        for (auto name : preset_names()) fmt::print("{}\n", name);
    } else if (opt.what == "deals") {
        std::vector<std::string> names;
        for (const auto& entry : archive_entries(false)) names.push_back(entry.deal.name);
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        for (const auto& name : names) fmt::print("{}\n", name);
    } else if (opt.what == "movable") {
        Game game = load_game_file(game_path(globals.file));
        std::vector<std::string> cards;
        for (const Move& move : game.board().legal_moves(game.rules())) cards.push_back(to_string(move.card));
        std::sort(cards.begin(), cards.end());
        cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
        for (const auto& card : cards) fmt::print("{}\n", card);
    } else if (opt.what == "destinations") {
        if (opt.args.empty()) return;
        Game game = load_game_file(game_path(globals.file));
        for (Slot slot : game.destinations(parse_card(opt.args[0]))) fmt::print("{}\n", to_string(slot));
    } else if (opt.what == "games") {
        list_game_names();
    } else if (opt.what == "formats") {
        for (auto name : {"text", "json", "deal", "svg", "solvitaire"}) fmt::print("{}\n", name);
    } else {
        throw Error(fmt::format("complete: unknown word list '{}' (commands, presets, deals, movable, "
                                "destinations CARD, formats, games)",
                                opt.what));
    }
}

}  // namespace

void setup_complete(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<CompleteOptions>();
    auto* sub = app.add_subcommand("complete", "Words for shell completion");
    sub->group("");  // hidden: for the completion scripts, not for people
    sub->add_option("what", opt->what, "commands, presets, deals, movable, destinations CARD, formats, games")
        ->required();
    sub->add_option("args", opt->args, "Arguments of the list");
    const CLI::App* root = &app;
    sub->callback([opt, &globals, root] {
        try {
            list_words(*opt, globals, *root);
        } catch (const Error& e) {
            // No game, a broken one, a bad card: nothing to complete.
            if (std::string(e.what()).starts_with("complete:")) throw;
        }
    });
}

}  // namespace addiction::cli
