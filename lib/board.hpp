// The board and the rules of play.
//
// The game in brief (addiction(1) has it in full): 4 rows of width() slots hold
// every card of the game and 4 gaps. The cards run from the base rank (2 when the
// aces are removed, the ace when they stay, Rules::base_rank) to the top rank.
// What may fill a gap (Rules::fill, as PySolFC plays the family):
//  - in the first column: any card of the base rank;
//  - past it, right of a card L (nothing fills a gap right of a gap from the left):
//    SameSuitNext: L's suit, rank L + 1 (Addiction, Montana, ...);
//    AnySuitNext: rank L + 1, any suit (Jungle);
//    SameSuitHigher: L's suit, any rank above L (Spaces and Aces);
//  - with fill_from_right, also the card of the right neighbour R's suit one rank
//    below it (R not a gap, R - 1 at least the base rank), in every column but the
//    first, and in the first too when right_fills_first_column.
// A card is placed when it is of the base rank in the first column or continues a
// placed card on its left in suit and rank (every game, Jungle too). Won when every
// row runs from the base rank to the top in one suit with its last slot empty.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "card.hpp"
#include "rules.hpp"

namespace addiction {

struct Move {
    Card card;
    Slot to;
    friend bool operator==(const Move&, const Move&) = default;
};

class Board {
public:
    // An empty board (all gaps) `width` slots wide whose rows run from `base_rank`
    // (a width alone does not say it: 8 wide is 8 ranks from 2, or 7 from the ace).
    explicit Board(int width = kMaxRanks, int base_rank = 2) : width_(width), base_rank_(base_rank) {}
    // An empty board of the rules' shape.
    explicit Board(const Rules& rules) : Board(rules.width(), rules.base_rank()) {}

    int width() const { return width_; }
    // The rank a placed run starts from: 2, or 1 when the aces stay.
    int base_rank() const { return base_rank_; }
    int size() const { return kRows * width_; }
    int index(Slot slot) const { return slot.row * width_ + slot.col; }
    Slot slot(int index) const { return {index / width_, index % width_}; }

    Card at(Slot slot) const { return cells_[static_cast<std::size_t>(index(slot))]; }
    Card at(int index) const { return cells_[static_cast<std::size_t>(index)]; }
    void set(Slot slot, Card card) { cells_[static_cast<std::size_t>(index(slot))] = card; }
    void set(int index, Card card) { cells_[static_cast<std::size_t>(index)] = card; }

    std::optional<Slot> find(Card card) const;

    // How many slots from the left of `row` hold placed cards.
    int placed_run(int row) const;
    bool is_placed(Slot slot) const { return slot.col < placed_run(slot.row); }
    int placed_count() const;

    // Every legal move, ordered by destination slot (row-major) then card.
    std::vector<Move> legal_moves(const Rules& rules) const;
    // Whether `card` may fill the gap at `to`; false if `to` is not a gap.
    bool fits(Card card, Slot to, const Rules& rules) const;
    // A gap that no card can fill in this position (right of a top card or of a gap,
    // and not fed from the right).
    bool is_dead_gap(Slot slot, const Rules& rules) const;
    bool won() const;

    // Plays `move` without checking it: callers check with fits() first.
    void play(const Move& move);

    // One row as card codes separated by spaces, gaps as "--".
    std::string row_text(int row) const;

    friend bool operator==(const Board&, const Board&) = default;

private:
    int width_;
    int base_rank_;
    std::array<Card, kMaxSlots> cells_{};
};

// Why `card` cannot go anywhere (or to `to`), in words for the user, e.g.
// "6D cannot move: the slot right of 5D (c6) holds 9S". Only call when refused.
std::string why_illegal(const Board& board, const Rules& rules, Card card,
                        std::optional<Slot> to);

}  // namespace addiction
