// addiction replay: the positions of a saved or archived game one after another.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "archive.hpp"
#include "commands.hpp"
#include "deals.hpp"
#include "gamefile.hpp"
#include "store.hpp"

namespace addiction::cli {
namespace {

struct ReplayOptions {
    std::string file;
    std::optional<int> from;
    std::optional<int> to;
    double delay = 0;
};

// A game file has a [play] table; anything else is read as an archive deal whose
// line is the game.
Game replayed_game(const std::string& file, const Globals& globals) {
    if (file.empty()) return load_game_file(game_path(globals.file));
    std::string text = read_input_file(file);
    try {
        if (text.find("[play]") != std::string::npos) return load_game(text, file);
        return check_archive(parse_archive(text, file));
    } catch (const Error& e) {
        std::string message = e.what();
        if (message.starts_with(file)) throw;
        throw Error(fmt::format("{}: {}", file, message));
    }
}

void run(const ReplayOptions& opt, const Globals& globals) {
    const Game game = replayed_game(opt.file, globals);
    const int length = static_cast<int>(game.history().size());
    const int from = opt.from.value_or(0);
    const int to = opt.to.value_or(length);
    if (from < 0 || to > length || from > to)
        throw Error(fmt::format("--from {} --to {} is not a range within the {} actions played", from, to, length));
    const bool clear = opt.delay > 0 && ::isatty(STDOUT_FILENO) == 1;
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
        const Game position = game.at(i);
        Style style = globals.style();
        style.highlight = position.last_action_slots();
        fmt::print("{}{}\n", render_board(position.board(), position.rules(), style), status_line(position));
    }
}

}  // namespace

void setup_replay(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<ReplayOptions>();
    auto* sub = app.add_subcommand("replay", "Show each position of a game, with the action between them");
    sub->add_option("file", opt->file, "A game file or an archive deal file with a line (default: the game)")
        ->type_name("FILE");
    sub->add_option("--from", opt->from, "Start at the position after N actions (default 0)")->type_name("N");
    sub->add_option("--to", opt->to, "Stop at the position after M actions (default: the last)")->type_name("M");
    sub->add_option("--delay", opt->delay, "Wait SECONDS between positions, redrawing on a terminal")
        ->check(CLI::Range(0.0, 3600.0))
        ->type_name("SECONDS");
    sub->callback([opt, &globals] { run(*opt, globals); });
}

}  // namespace addiction::cli
