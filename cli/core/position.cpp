#include "position.hpp"

#include <fmt/format.h>

namespace addiction::cli {

void print_position(const Game& game, Style style) {
    style.highlight = game.last_action_slots();
    fmt::print("{}{}\n", render_board(game.board(), game.rules(), style), status_line(game));
}

}  // namespace addiction::cli
