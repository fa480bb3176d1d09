#include "json.hpp"

#include <fmt/format.h>

namespace addiction {

std::string json_quote(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (static_cast<unsigned char>(c) < 0x20)
                    out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
                else
                    out += c;
        }
    }
    return out + '"';
}

std::string game_json(const Game& game) {
    const Rules& rules = game.rules();
    const Board& board = game.board();
    std::vector<std::string> rows;
    std::vector<int> placed;
    for (int row = 0; row < kRows; ++row) {
        std::vector<std::string> cells;
        for (int col = 0; col < board.width(); ++col) {
            Card card = board.at(Slot{row, col});
            cells.push_back(card.is_gap() ? "null" : json_quote(to_string(card)));
        }
        rows.push_back(fmt::format("[{}]", fmt::join(cells, ", ")));
        placed.push_back(board.placed_run(row));
    }
    std::vector<std::string> legal;
    for (const Action& action : game.legal_actions()) legal.push_back(json_quote(to_string(action)));
    return fmt::format(
        "{{\"rules\": {{\"preset\": {}, \"ranks\": {}, \"shuffles\": {}, \"redeal\": {}, "
        "\"fill_from_right\": {}}}, \"deal\": {}, \"code\": {}, \"rows\": [{}], \"placed\": [{}], "
        "\"shuffles_left\": {}, \"shuffles_spent\": {}, \"moves\": {}, \"actions\": {}, "
        "\"status\": {}, \"legal\": [{}]}}",
        json_quote(rules.preset), rules.ranks, rules.shuffles, json_quote(to_string(rules.redeal)),
        rules.fill_from_right, json_quote(game.deal().id), json_quote(deal_code(game.deal().start)),
        fmt::join(rows, ", "), fmt::join(placed, ", "), game.shuffles_left(), game.shuffles_spent(),
        game.moves_made(), game.history().size(), json_quote(to_string(game.status())),
        fmt::join(legal, ", "));
}

}  // namespace addiction
