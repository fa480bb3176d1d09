// addiction show: the board and where the game stands.
#include <climits>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "checks.hpp"
#include "commands.hpp"
#include "json.hpp"
#include "paths.hpp"
#include "plural.hpp"
#include "position.hpp"
#include "store.hpp"

namespace addiction::cli {
namespace {

struct ShowOptions {
    bool json = false;
    bool wants = false;
    std::optional<int> at;
};

void run(const ShowOptions& opt, const Globals& globals) {
    const auto path = game_path(globals.file);
    Game game = load_game_file(path);
    const int now = static_cast<int>(game.history().size());
    // The position now is the game itself: rebuilt from the history it would
    // count a shuffle that was undone (and stays spent) as unspent.
    const bool past = opt.at && *opt.at != now;
    const int shuffles_left_now = game.shuffles_left();
    if (past) game = game.at(*opt.at);
    if (opt.json) {
        fmt::print("{}\n", game_json(game));
        return;
    }
    Style style = globals.style();
    style.wants = opt.wants;
    print_position(game, style);
    const std::string command = game_command(path);
    // A past position's advice would be for a game that is not there: say how
    // to get back to it instead.
    std::string advice = advice_line(game, command);
    if (past) {
        advice = fmt::format("a past position, after {} of {}: '{} undo {}' goes back to it", *opt.at,
                             plural(static_cast<std::size_t>(now), "action"), command, now - *opt.at);
        if (shuffles_left_now != game.shuffles_left())
            advice += fmt::format(" (with {} left: an undone shuffle stays spent)",
                                  plural(static_cast<std::size_t>(shuffles_left_now), "shuffle"));
    }
    fmt::print("{}\n{}\ndeal code {}\n", score_line(game), advice, deal_code(game.deal().start));
}

}  // namespace

void setup_show(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<ShowOptions>();
    auto* sub = app.add_subcommand("show", "Show the board and the game's status");
    globals.no_record(sub);  // show never changes the game
    auto* json = sub->add_flag("--json", opt->json, "One JSON object for scripts (see addiction(1))");
    Globals::leaves_out(json, {globals.options.color, globals.options.ascii});
    sub->add_option("--at", opt->at, "The position after the first N actions")
        ->check(whole_number(INT_MAX))
        ->type_name("N");
    sub->add_flag("--wants", opt->wants, "Mark each live gap with a card that fits it, e.g. (7H); (2) for any 2, (A) for any ace, (7) for any 7, (+H) for any higher heart (where a gap also takes from the right, 'hint --all' lists both)")
        ->excludes(json);
    sub->callback([opt, &globals] { run(*opt, globals); });
}

}  // namespace addiction::cli
