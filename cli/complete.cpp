// addiction complete: words for the shell completion scripts, so that they ask
// the binary instead of going stale. Hidden from --help; prints nothing (and
// succeeds) when there is nothing to offer, e.g. no game yet. One word a line;
// `commands` adds a tab and the command's description, as fish takes them.
#include <algorithm>
#include <functional>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "archive_folders.hpp"
#include "choices.hpp"
#include "commands.hpp"
#include "paths.hpp"
#include "rule_sets.hpp"
#include "store.hpp"

namespace addiction::cli {
namespace {

struct CompleteOptions {
    std::string what;
    std::vector<std::string> args;
};

// The words that come from the game: none when there is no game, a broken one or a bad card.
void game_words(const Globals& globals, const std::function<std::vector<std::string>(const Game&)>& words) {
    std::vector<std::string> out;
    try {
        out = words(load_game_file(game_path(globals.file)));
    } catch (const Error&) {
        return;
    }
    for (const auto& word : out) fmt::print("{}\n", word);
}

void list_words(const CompleteOptions& opt, const Globals& globals, const CLI::App& app) {
    if (opt.what == "commands") {
        for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); }))
            fmt::print("{}\t{}\n", sub->get_name(), sub->get_description());
    } else if (opt.what == "presets") {
        // The rule sets --rules and `rules NAME` take: shipped, then the user's
        // that load (one that does not is refused when named).
        for (const auto& entry : rule_set_entries(false))
            if (entry.set) fmt::print("{}\n", entry.name);
    } else if (opt.what == "deals") {
        std::vector<std::string> names;
        for (const auto& entry : archive_entries(false)) names.push_back(entry.deal.name);
        std::sort(names.begin(), names.end());
        names.erase(std::unique(names.begin(), names.end()), names.end());
        for (const auto& name : names) fmt::print("{}\n", name);
    } else if (opt.what == "movable") {
        game_words(globals, [](const Game& game) {
            std::vector<std::string> cards;
            for (const Move& move : game.board().legal_moves(game.rules())) cards.push_back(to_string(move.card));
            std::sort(cards.begin(), cards.end());
            cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
            return cards;
        });
    } else if (opt.what == "fillable") {
        // The gaps some card can fill now: `move SLOT` fills one.
        game_words(globals, [](const Game& game) {
            std::vector<Slot> gaps;
            for (const Move& move : game.board().legal_moves(game.rules())) gaps.push_back(move.to);
            std::sort(gaps.begin(), gaps.end(),
                      [](Slot a, Slot b) { return std::pair(a.row, a.col) < std::pair(b.row, b.col); });
            gaps.erase(std::unique(gaps.begin(), gaps.end()), gaps.end());
            std::vector<std::string> slots;
            for (Slot slot : gaps) slots.push_back(to_string(slot));
            return slots;
        });
    } else if (opt.what == "destinations") {
        if (opt.args.empty()) return;
        game_words(globals, [&](const Game& game) {
            std::vector<std::string> slots;
            for (Slot slot : game.destinations(parse_card(opt.args[0]))) slots.push_back(to_string(slot));
            return slots;
        });
    } else if (opt.what == "games") {
        try {
            for (const auto& name : named_games()) fmt::print("{}\n", name);
        } catch (const Error&) {  // no folder for games: no names to offer
        }
    } else if (opt.what == "options") {
        // A command's options, then the global options it takes: the ones it
        // refuses (stats --color) are not offered.
        if (opt.args.empty()) return;
        const CLI::App* sub = nullptr;
        try {
            sub = app.get_subcommand(opt.args[0]);
        } catch (const CLI::OptionNotFound&) {
            return;
        }
        auto print_names = [](const CLI::Option* option) {
            for (const auto& name : option->get_snames()) fmt::print("-{}\n", name);
            for (const auto& name : option->get_lnames()) fmt::print("--{}\n", name);
        };
        for (const CLI::Option* option : sub->get_options()) print_names(option);
        for (const CLI::Option* option : app.get_options())
            if (option != app.get_help_ptr() && option != app.get_version_ptr() && !globals.refuses(sub, option))
                print_names(option);
    } else if (opt.what == "value-options") {
        // The scripts skip the word after one of these when they look for the
        // command (`--game new show`: the command is show).
        for (const auto& name : option_names(app, OptionKind::TakesValue)) fmt::print("{}\n", name);
    } else if (opt.what == "formats") {
        for (const auto& [name, format] : kExportFormats) fmt::print("{}\n", name);
    } else {
        throw Error(fmt::format("complete: unknown word list '{}' (commands, options COMMAND, "
                                "value-options, presets, deals, movable, fillable, destinations CARD, formats, games)",
                                opt.what));
    }
}

}  // namespace

void setup_complete(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<CompleteOptions>();
    auto* sub = app.add_subcommand("complete", "Words for shell completion");
    sub->group("");  // hidden: for the completion scripts, not for people
    sub->add_option("what", opt->what, "commands, options COMMAND, value-options, presets, deals, movable, fillable, destinations CARD, formats, games")
        ->required();
    sub->add_option("args", opt->args, "Arguments of the list");
    const CLI::App* root = &app;
    sub->callback([opt, &globals, root] { list_words(*opt, globals, *root); });
}

}  // namespace addiction::cli
