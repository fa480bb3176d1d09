// How the board and the game's state look on a terminal.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "choices.hpp"
#include "game.hpp"

namespace addiction::cli {

struct Style {
    bool color = false;
    bool ascii = false;            // suit letters instead of symbols
    bool wants = false;            // each live gap shows the card it wants, "(7H)"
    std::vector<Slot> highlight{};  // the last action's cards, shown reversed in colour
};

// --color, NO_COLOR and TERM=dumb, for standard output.
bool use_color(Color when);
// Standard output is a terminal that acts on escape sequences (not TERM=dumb):
// colour by default, and replay's redraw in place.
bool escapes_shown();
// Whether the locale's text is UTF-8, so suit symbols show: the first of LC_ALL,
// LC_CTYPE and LANG that is set decides (LANG=C: no, suits become letters as with
// --ascii); none set counts as UTF-8, today's usual terminal.
bool utf8_locale();

// The board with row letters and column numbers. Placed cards stand in brackets,
// gaps as "..", dead gaps (nothing can ever fill them) as "xx"; 2 + 4 per column
// characters wide, so 54 for the full deck.
std::string render_board(const Board& board, const Rules& rules, const Style& style);

// One line: deal, rules, shuffles left, moves made, legal moves, status.
std::string status_line(const Game& game);
// What a game in progress would lose, for "finish it, or use --force":
// "deal 10, 12 actions", or "deal 10, a shuffle spent" when it was undone.
std::string progress_words(const Game& game);
// One line that says what to do now ("no moves: shuffle (2 left)"), or sums up a
// won or lost game ("won in 312 moves, 2 shuffles, 14:05: ..."). The commands it
// suggests start with `command` (paths.hpp's game_command(): "addiction", or with
// the --game that chose the game, so that 'undo' is not the default game's).
std::string advice_line(const Game& game, std::string_view command);
// "placed 23/48, play time 5:12"
std::string score_line(const Game& game);

}  // namespace addiction::cli
