// The board and the status line on standard output, as every command that
// changes the game prints them.
#pragma once

#include "game.hpp"
#include "view.hpp"

namespace addiction::cli {

void print_position(const Game& game, const Style& style);

}  // namespace addiction::cli
