// addiction show: the board and where the game stands.
#include <climits>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "checks.hpp"
#include "commands.hpp"
#include "json.hpp"
#include "paths.hpp"
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
    if (opt.at) game = game.at(*opt.at);
    if (opt.json) {
        fmt::print("{}\n", game_json(game));
        return;
    }
    Style style = globals.style();
    style.wants = opt.wants;
    print_position(game, style);
    fmt::print("{}\n{}\ndeal code {}\n", score_line(game), advice_line(game, game_command(path)), deal_code(game.deal().start));
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
