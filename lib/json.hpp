// JSON for scripts (`show --json`, `export --format json`). Written by hand because
// toml++ can emit JSON only for what TOML can hold, and a gap must be `null`.
#pragma once

#include <string>
#include <string_view>

#include "game.hpp"

namespace addiction {

// A JSON string literal, quotes included.
std::string json_quote(std::string_view text);

// The position of `game` as one JSON object; the keys are a contract:
// rules, deal, code, rows, placed, shuffles_left, shuffles_spent, moves, actions,
// status, legal. addiction(1) documents them.
std::string game_json(const Game& game);

}  // namespace addiction
