// Fuzzes rule-set files (a user's $XDG_DATA_HOME/addiction/rules/NAME.toml): parse,
// write back, parse again; a set must come back from its own text unchanged, and
// the rules it names must deal a game whose first legal moves the engine accepts.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "deal.hpp"
#include "game.hpp"
#include "rule_set.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace addiction;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        RuleSet set = parse_rule_set(text, "mine", "fuzz.toml");
        RuleSet again = parse_rule_set(write_rule_set(set), "mine", "written.toml");
        if (!(again == set)) __builtin_trap();
        Game game(set.rules, deal_number(size, set.rules));
        // The rules parsed: every legal move plays and a shuffle deals, or it is a bug.
        try {
            for (const Move& move : game.board().legal_moves(set.rules)) {
                Game next = game;
                next.play(Action::make_move(move.card, move.to));
            }
            if (set.rules.shuffles > 0) game.play(Action::make_shuffle());
        } catch (const Error&) {
            __builtin_trap();
        }
    } catch (const Error&) {
    }
    return 0;
}
