// The game file: TOML text <-> Game. Text in, text out; reading and writing the
// file itself (locks, atomic replace) is the command line's business.
//
//   format = 2, or 3 when the rules use a family setting (uses_family_settings)
//   [deal]   id = "<number or code>", rows = ["<card codes of row a>", ...]
//   [play]   board = [...], history = ["move 6D c7", "shuffle 1", ...], redo = [...],
//            shuffles_spent = N, started = T, last = T, times = [T, ...] (once an
//            action is taken: the first, the latest, one for each action of the
//            history), helped = B, recorded = B
//   [rules]  preset, ranks, shuffles, redeal, fill_from_right; format 3 adds
//            aces, fill, right_fills_first_column (and the redeal random-slots)
//
// Rows are card codes separated by spaces with "--" for a gap, one string a row,
// so `git diff` of two saves shows what moved. addiction(5) has the details.
#pragma once

#include <string>
#include <string_view>

#include "game.hpp"

namespace addiction {

// The newest format, written when the rules need its keys: format 3 records the
// whole rule set (aces, fill, right_fills_first_column, random-slots), so a game of
// any game of the family stays playable whatever becomes of its rule-set file.
// Rules that need none of them are still written as format 2, byte for byte as
// before, so the four old presets' files do not change and older readers keep
// reading them. A format 1 or 2 file with a format 3 key is refused.
inline constexpr int kFormat = 3;
inline constexpr int kPlainFormat = 2;
// Format 1 (no clock, no helped or recorded) still loads; the next save writes 2.
// A format 2 file without play.times (saved before there were) loads too: older
// readers ignore the key, so it needs no new format.
inline constexpr int kOldestFormat = 1;

std::string save_game(const Game& game);

// Checks everything: syntax (with line and column), types and ranges, every card
// exactly once, the starting rows against the deal, the history replaying to the
// stored board. Throws Error naming the first problem; never repairs anything.
// `source` names the file in syntax errors.
Game load_game(std::string_view text, std::string_view source);

// One row of card codes ("2S 3S -- 9H ...") into `board`; throws Error.
void parse_row(std::string_view text, int row, Board& board);

}  // namespace addiction
