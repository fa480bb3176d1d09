// A picture of a position as SVG: for people who would rather look than read.
#pragma once

#include <string>
#include <string_view>

#include "board.hpp"
#include "rules.hpp"

namespace addiction {

// A standalone SVG document: the board on felt, every card a rounded rectangle
// with its rank and suit in the suit's colour, placed cards edged in green, gaps
// dashed and dead gaps crossed out in red, row letters and column numbers, and
// `title` and `subtitle` above. Every slot is one <g> whose rect has the class
// "card" (plus "placed") or "gap" (plus "dead"), so tools can count them.
std::string svg_picture(const Board& board, const Rules& rules, std::string_view title,
                        std::string_view subtitle);

}  // namespace addiction
