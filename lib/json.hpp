// JSON for scripts (`show --json`, `export --format json`), built with nlohmann-json.
// ordered_json keeps keys in the order they are set, which is part of the contract.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "game.hpp"

namespace addiction {

// `value` as compact JSON text (`{"key":value,...}`). Never throws: bytes that are
// not UTF-8 (a deal name typed by the user, say) become U+FFFD.
std::string json_text(const nlohmann::ordered_json& value);

// A JSON string literal, quotes included.
std::string json_quote(std::string_view text);

// The position of `game` as one JSON object; the keys are a contract:
// rules, deal, code, rows, placed, shuffles_left, shuffles_spent, moves, actions,
// status, legal. addiction(1) documents them. A gap is null.
std::string game_json(const Game& game);

}  // namespace addiction
