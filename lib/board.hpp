// The board and the rules of play.
//
// The game in brief (addiction(1) has it in full): 4 rows of `ranks` slots hold
// every card but the aces, which leave 4 gaps. A card may fill a gap when the
// card directly left of the gap is the same suit and one rank lower; a gap in the
// first column takes any 2. A card is placed when it is a 2 in the first column
// or continues a placed card on its left. Won when every row runs 2..top in one
// suit with its last slot empty.
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
    // An empty board (all gaps) `width` slots wide.
    explicit Board(int width = kMaxRanks) : width_(width) {}

    int width() const { return width_; }
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
    // A gap that no card can fill in this position (right of a top card or of a gap).
    bool is_dead_gap(Slot slot, const Rules& rules) const;
    bool won() const;

    // Plays `move` without checking it: callers check with fits() first.
    void play(const Move& move);

    // One row as card codes separated by spaces, gaps as "--".
    std::string row_text(int row) const;

    friend bool operator==(const Board&, const Board&) = default;

private:
    int width_;
    std::array<Card, kMaxSlots> cells_{};
};

// Why `card` cannot go anywhere (or to `to`), in words for the user, e.g.
// "6D cannot move: the slot right of 5D (c6) holds 9S". Only call when refused.
std::string why_illegal(const Board& board, const Rules& rules, Card card,
                        std::optional<Slot> to);

}  // namespace addiction
