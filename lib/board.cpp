#include "board.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace addiction {

std::optional<Slot> Board::find(Card card) const {
    for (int i = 0; i < size(); ++i)
        if (at(i) == card) return slot(i);
    return std::nullopt;
}

int Board::placed_run(int row) const {
    Card first = at(Slot{row, 0});
    if (first.is_gap() || first.rank() != 2) return 0;
    int run = 1;
    while (run < width_) {
        Card next = at(Slot{row, run});
        if (next.is_gap() || next.suit() != first.suit() || next.rank() != run + 2) break;
        ++run;
    }
    return run;
}

int Board::placed_count() const {
    int total = 0;
    for (int row = 0; row < kRows; ++row) total += placed_run(row);
    return total;
}

bool Board::fits(Card card, Slot to, const Rules& rules) const {
    if (card.is_gap() || !at(to).is_gap()) return false;
    // Only cards of this game: an 8 after the 7 of a seven-rank game would be a new card.
    if (card.rank() < 2 || card.rank() > rules.ranks) return false;
    if (to.col == 0 && card.rank() == 2) return true;
    if (to.col > 0) {
        Card left = at(Slot{to.row, to.col - 1});
        if (!left.is_gap() && left.suit() == card.suit() && left.rank() + 1 == card.rank())
            return true;
    }
    if (rules.fill_from_right && to.col + 1 < width_) {
        Card right = at(Slot{to.row, to.col + 1});
        if (!right.is_gap() && right.suit() == card.suit() && right.rank() == card.rank() + 1)
            return true;
    }
    return false;
}

std::vector<Move> Board::legal_moves(const Rules& rules) const {
    std::vector<Move> out;
    for (int i = 0; i < size(); ++i) {
        if (!at(i).is_gap()) continue;
        const Slot to = slot(i);
        std::vector<Card> cards;
        if (to.col == 0)
            for (Suit suit : kSuits) cards.emplace_back(suit, 2);
        if (to.col > 0) {
            Card left = at(Slot{to.row, to.col - 1});
            if (!left.is_gap() && left.rank() < rules.ranks)
                cards.emplace_back(left.suit(), left.rank() + 1);
        }
        if (rules.fill_from_right && to.col + 1 < width_) {
            Card right = at(Slot{to.row, to.col + 1});
            if (!right.is_gap() && right.rank() > 2) cards.emplace_back(right.suit(), right.rank() - 1);
        }
        std::sort(cards.begin(), cards.end(),
                  [](Card a, Card b) { return a.index() < b.index(); });
        cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
        for (Card card : cards) out.push_back(Move{card, to});
    }
    return out;
}

bool Board::is_dead_gap(Slot slot, const Rules& rules) const {
    if (!at(slot).is_gap() || slot.col == 0) return false;
    Card left = at(Slot{slot.row, slot.col - 1});
    bool fed_from_left = !left.is_gap() && left.rank() < rules.ranks;
    bool fed_from_right = false;
    if (rules.fill_from_right && slot.col + 1 < width_) {
        Card right = at(Slot{slot.row, slot.col + 1});
        fed_from_right = !right.is_gap() && right.rank() > 2;
    }
    return !fed_from_left && !fed_from_right;
}

bool Board::won() const {
    for (int row = 0; row < kRows; ++row)
        if (placed_run(row) != width_ - 1) return false;
    return true;
}

void Board::play(const Move& move) {
    auto from = find(move.card);
    if (from) set(*from, kGap);
    set(move.to, move.card);
}

std::string Board::row_text(int row) const {
    std::string out;
    for (int col = 0; col < width_; ++col) {
        if (col > 0) out += ' ';
        out += to_string(at(Slot{row, col}));
    }
    return out;
}

std::string why_illegal(const Board& board, const Rules& rules, Card card, std::optional<Slot> to) {
    const std::string name = to_string(card);
    auto from = board.find(card);
    if (!from) return fmt::format("{} is not in this game", name);
    if (to) {
        const std::string where = to_string(*to);
        Card there = board.at(*to);
        if (there == card) return fmt::format("{} is already in {}", name, where);
        if (!there.is_gap()) return fmt::format("{} is not a gap (it holds {})", where, to_string(there));
        if (to->col == 0) return fmt::format("{} cannot go to {}: only a 2 can fill the first column", name, where);
        Card left = board.at(Slot{to->row, to->col - 1});
        if (left.is_gap())
            return fmt::format("{} cannot go to {}: the slot left of it is a gap", name, where);
        if (card.rank() == 2)
            return fmt::format("{} cannot go to {}: a 2 fills only the first column", name, where);
        return fmt::format("{} cannot go to {}: it needs {} on its left, not {}", name, where,
                           to_string(Card(card.suit(), card.rank() - 1)), to_string(left));
    }
    if (card.rank() == 2) return fmt::format("{} cannot move: no gap in the first column", name);
    Card before(card.suit(), card.rank() - 1);
    auto at_before = board.find(before);
    std::string reason;
    if (at_before && at_before->col + 1 == board.width()) {
        reason = fmt::format("{} is at the end of row {}", to_string(before),
                             static_cast<char>('a' + at_before->row));
    } else if (at_before) {
        Slot right{at_before->row, at_before->col + 1};
        reason = fmt::format("the slot right of {} ({}) holds {}", to_string(before), to_string(right),
                             to_string(board.at(right)));
    } else {
        reason = fmt::format("{} is not in play", to_string(before));
    }
    if (rules.fill_from_right && card.rank() < rules.ranks) {
        Card after(card.suit(), card.rank() + 1);
        if (auto at_after = board.find(after); at_after && at_after->col > 0)
            reason += fmt::format(", and the slot left of {} ({}) holds {}", to_string(after),
                                  to_string(Slot{at_after->row, at_after->col - 1}),
                                  to_string(board.at(Slot{at_after->row, at_after->col - 1})));
    }
    return fmt::format("{} cannot move: {}", name, reason);
}

}  // namespace addiction
