// addiction replay: the positions of a saved or archived game one after another.
#include <chrono>
#include <climits>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <system_error>
#include <thread>

#include <fmt/format.h>

#include "archive.hpp"
#include "archive_folders.hpp"
#include "checks.hpp"
#include "commands.hpp"
#include "deal.hpp"
#include "files.hpp"
#include "gamefile.hpp"
#include "importer.hpp"
#include "paths.hpp"
#include "plural.hpp"
#include "position.hpp"
#include "printable.hpp"
#include "store.hpp"
#include "view.hpp"

namespace addiction::cli {
namespace {

struct ReplayOptions {
    std::string name;
    std::optional<int> from;
    std::optional<int> to;
    double delay = 0;
};

// NAME is what `new NAME` takes by name: an archived deal, or a file. A game file
// has a [play] table; anything else is read as an archive deal whose line is the game.
Game replayed_game(const std::string& name, const Globals& globals) {
    if (name.empty()) return load_game_file(game_path(globals.file));
    NamedDeal named;
    try {
        named = find_named_deal(name);
    } catch (const Error& e) {
        // `replay lunch` for the named game lunch: say how it is asked for.
        std::error_code ec;
        if (game_name_problem(name).empty() && std::filesystem::is_regular_file(named_game_path(name), ec))
            throw Error(fmt::format("{}; the game named '{}' replays with 'addiction --game {} replay'", e.what(),
                                    name, name));
        // A deal number or code names a layout, not a line to replay.
        if (name.find_first_not_of("0123456789") == std::string::npos || deal_code_ranks(name) != 0)
            throw Error(fmt::format("'{}' is a deal {}, which has no line to replay ('addiction new {}' plays it; "
                                    "replay takes an archived deal's name or a file)",
                                    printable(name), name.find_first_not_of("0123456789") == std::string::npos ? "number" : "code",
                                    printable(name)));
        throw;
    }
    if (named.entry) return in_file(named.file.string(), [&] { return check_archive(named.entry->deal); });
    const std::string file = named.file.string();
    const std::string text = read_input_file(file);
    return in_file(file, [&] {
        if (is_game_text(text)) return load_game(text, file);
        // A Solvitaire deal or a board as text has no actions to replay: say so,
        // not the TOML parser's complaint about the first character.
        const ImportFormat format = detect_format(text);
        const bool layout = format == ImportFormat::Layout && readable_board(text, format);
        if (format == ImportFormat::Solvitaire || layout)
            throw Error(fmt::format("{} has no actions to replay (replay takes a game file or an archive deal "
                                    "file): 'addiction new --from {}' starts a game from it",
                                    layout ? "a board as text" : "a Solvitaire deal", shell_word(file, "FILE")));
        if (format == ImportFormat::Layout)
            throw Error("neither a game file nor an archive deal file, which replay takes");
        return check_archive(parse_archive(text, file));
    });
}

void run(const ReplayOptions& opt, const Globals& globals) {
    // Options at odds whatever the game: a usage error, as solve --deals 5-1 is.
    if (opt.from && opt.to && *opt.from > *opt.to)
        throw CLI::ValidationError(fmt::format("--from {} is after --to {}", *opt.from, *opt.to));
    const Game game = replayed_game(opt.name, globals);
    const int length = static_cast<int>(game.history().size());
    const int from = opt.from.value_or(0);
    const int to = opt.to.value_or(length);
    // (Negative values are refused with the options.) Name only what was given.
    if (from > length)
        throw Error(fmt::format("--from {} is past the last position: the game has {}", from, plural(length, "action")));
    if (to > length)
        throw Error(fmt::format("--to {} is past the last position: the game has {}", to, plural(length, "action")));
    if (from > to) throw Error(fmt::format("--from {} is after --to {}", from, to));
    const bool clear = opt.delay > 0 && escapes_shown();
    for (int i = from; i <= to; ++i) {
        if (i > from && opt.delay > 0) {
            std::fflush(stdout);
            std::this_thread::sleep_for(std::chrono::duration<double>(opt.delay));
        }
        if (clear) fmt::print("\x1b[H\x1b[2J");
        if (i == 0)
            fmt::print("position 0: the deal\n");
        else
            fmt::print("{}position {}: {}\n", i > from && !clear ? "\n" : "", i,
                       to_string(game.history()[static_cast<std::size_t>(i - 1)]));
        print_position(game.at(i), globals.style());
    }
}

}  // namespace

void setup_replay(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<ReplayOptions>();
    auto* sub = app.add_subcommand("replay", "Show each position of a game, with the action between them");
    globals.no_record(sub);  // replay never changes a game
    auto* file = sub->add_option("name", opt->name,
                                 "An archived deal (as new NAME takes it), a game file or an archive deal file, its "
                                 "line played (default: the game)")
                     ->type_name("NAME|FILE");
    Globals::leaves_out(file, {globals.options.file, globals.options.game});
    sub->add_option("--from", opt->from, "Start at the position after N actions (default 0)")
        ->check(whole_number(INT_MAX))
        ->type_name("N");
    sub->add_option("--to", opt->to, "Stop at the position after M actions (default: the last)")
        ->check(whole_number(INT_MAX))
        ->type_name("M");
    sub->add_option("--delay", opt->delay, "Wait SECONDS between positions, redrawing on a terminal")
        ->check(seconds(3600, "FLOAT in [0 - 3600]"))
        ->type_name("SECONDS");
    sub->callback([opt, &globals] { run(*opt, globals); });
}

}  // namespace addiction::cli
