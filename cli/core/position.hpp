// The board and the status line on standard output, as every command that
// changes the game prints them.
#pragma once

#include "game.hpp"
#include "view.hpp"

namespace addiction::cli {

// The last action's cards are highlighted (in colour), in every command alike.
void print_position(const Game& game, Style style);

}  // namespace addiction::cli
