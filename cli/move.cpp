// addiction move: put a card into a gap.
#include <cctype>
#include <memory>
#include <string_view>

#include "commands.hpp"
#include "paths.hpp"
#include "position.hpp"
#include "store.hpp"

namespace addiction::cli {
namespace {

struct MoveOptions {
    std::string card;
    std::string slot;
};

void run(const MoveOptions& opt, const Globals& globals) {
    const auto path = game_path(globals.file);
    Game game = update_game(path, [&](Game& g) {
        require_not_over(path, g);
        // A slot alone ("move c7", or "C7" as a slot is also written) fills that
        // gap with the card that fits it. (No card is a letter and digits only:
        // a card's suit is a letter or a symbol; so `move e1` is a slot of no
        // row, not "not a card".)
        if (opt.slot.empty() && opt.card.size() >= 2 && std::isalpha(static_cast<unsigned char>(opt.card[0])) &&
            opt.card.find_first_not_of("0123456789", 1) == std::string::npos) {
            g.fill(parse_slot(opt.card, g.rules().width()));
            return;
        }
        Card card = parse_card(opt.card);
        std::optional<Slot> to;
        if (!opt.slot.empty()) to = parse_slot(opt.slot, g.rules().width());
        g.move(card, to);
    });
    print_position(game, globals.style());
}

}  // namespace

void setup_move(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<MoveOptions>();
    auto* sub = app.add_subcommand(
        "move", "Move CARD into a gap (SLOT may be left out when only one fits), or fill SLOT with the card that fits it");
    sub->add_option("card", opt->card, "The card, e.g. 6D, TH, 10S; or a gap alone, e.g. c7")->required()->type_name("CARD");
    sub->add_option("slot", opt->slot, "The gap to fill, e.g. c7")->type_name("SLOT");
    sub->callback([opt, &globals] { run(*opt, globals); });
}

}  // namespace addiction::cli
