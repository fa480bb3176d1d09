// addiction shuffle: redeal every card that is not placed.
#include "commands.hpp"
#include "paths.hpp"
#include "position.hpp"
#include "store.hpp"

namespace addiction::cli {

void setup_shuffle(CLI::App& app, const Globals& globals) {
    auto* sub = app.add_subcommand("shuffle", "Redeal the cards that are not placed (uses one shuffle)");
    sub->callback([&globals] {
        const auto path = game_path(globals.file);
        Game game = update_game(path, [&path](Game& g) {
            require_not_over(path, g);
            g.shuffle();
        });
        print_position(game, globals.style());
    });
}

}  // namespace addiction::cli
