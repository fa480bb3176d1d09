// A quick suggestion for the next action, without search.
#pragma once

#include <optional>

#include "game.hpp"

namespace addiction {

// The best-looking legal action by a one-move heuristic: prefer moves that place
// cards, then moves that keep every gap fillable; shuffle only when stuck. None
// when the game is won or lost. Ties go to the first action in board order.
std::optional<Action> heuristic_hint(const Game& game);

}  // namespace addiction
