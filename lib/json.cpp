#include "json.hpp"

#include <nlohmann/json.hpp>

#include "deal.hpp"
#include "rule_set.hpp"

namespace addiction {

std::string json_text(const nlohmann::ordered_json& value) {
    return value.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string json_quote(std::string_view text) { return json_text(nlohmann::ordered_json(text)); }

std::string game_json(const Game& game) {
    using nlohmann::ordered_json;
    const Rules& rules = game.rules();
    const Board& board = game.board();
    ordered_json rows = ordered_json::array();
    ordered_json placed = ordered_json::array();
    for (int row = 0; row < kRows; ++row) {
        ordered_json cells = ordered_json::array();
        for (int col = 0; col < board.width(); ++col) {
            Card card = board.at(Slot{row, col});
            cells.push_back(card.is_gap() ? ordered_json(nullptr) : ordered_json(to_string(card)));
        }
        rows.push_back(std::move(cells));
        placed.push_back(board.placed_run(row));
    }
    ordered_json legal = ordered_json::array();
    for (const Action& action : game.legal_actions()) legal.push_back(to_string(action));

    ordered_json out;
    out["rules"] = rules_json(rules, true);  // for scripts: every key, every time
    out["deal"] = game.deal().id;
    out["code"] = deal_code(game.deal().start);
    out["rows"] = std::move(rows);
    out["placed"] = std::move(placed);
    out["shuffles_left"] = game.shuffles_left();
    out["shuffles_spent"] = game.shuffles_spent();
    out["moves"] = game.moves_made();
    out["actions"] = game.history().size();
    out["status"] = to_string(game.status());
    out["legal"] = std::move(legal);
    // The actions so far as the command line takes them, and how many redo can bring back.
    ordered_json history = ordered_json::array();
    for (const Action& action : game.history()) history.push_back(to_string(action));
    out["history"] = std::move(history);
    out["redo"] = game.redo_list().size();
    return json_text(out);
}

}  // namespace addiction
