// Deals from elsewhere: an archive file, a Solvitaire JSON deal, or a layout typed
// in from a real table. Each is a function from text to values, so the fuzz
// targets can call them directly.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "archive.hpp"
#include "board.hpp"
#include "rules.hpp"

namespace addiction {

enum class ImportFormat { Archive, Solvitaire, Layout };

// JSON when the text starts with '{', an archive file when it has a `deal = ...`
// key, else a plain layout.
ImportFormat detect_format(std::string_view text);
// Whether TOML `text` is a saved game rather than a deal: it has a [play] table,
// as a line of its own (a deal's description may well say "[play]").
bool is_game_text(std::string_view text);

// Four rows of card codes, gaps as "--", ".." or "xx". Blank lines, '#' comments,
// a header of column numbers, a leading row letter, placed-card brackets and the
// lines around the board (the "new game:" heading, the status line, what to do
// next, "deal code ...", as `new`, `show` and `export --format text` print them)
// are skipped, so a board can be copied back in. The width is that of the first row; aces on the board
// make it a layout whose rows run from the ace (Board::base_rank 1). Throws Error naming the
// problem: "row c has 12 slots instead of 13", "card 7H appears twice".
Board parse_layout(std::string_view text);

// Solvitaire's deal for Gaps: {"sequences": [[row a], [row b], [row c], [row d]]},
// each row the cards as strings ("10H" or "TH") and "" for a gap; the aces taken
// out (Solvitaire has no game with them on the board). Throws Error.
Board parse_solvitaire(std::string_view text);
// The board of a Solvitaire deal or a layout (`format` as detect_format says),
// or nullopt when the text does not read as one.
std::optional<Board> readable_board(std::string_view text, ImportFormat format);
// The same form back, tens written "10" as Solvitaire does.
std::string solvitaire_json(const Board& board);

// The status line of a board copied from `show` or `export --format text`
// ("deal 1, mini rules, 1 shuffle left, ..."): its preset and shuffles left, so
// the position can be played on with the same rules.
struct LayoutHeading {
    std::string preset;
    int shuffles_left = 0;
};
std::optional<LayoutHeading> layout_heading(std::string_view text);

// Any of the three forms as an archive entry. A byte-order mark at the start is skipped. Layouts take `rules` (their shape
// must match: aces on the board when the rules keep them, rules.width() slots a row) and get the layout's deal code; archive files bring
// their own rules, and so does a saved game file (its deal, to start again).
// `source` names the input in messages.
ArchiveDeal import_deal(std::string_view text, std::string_view source, const Rules& rules);

}  // namespace addiction
