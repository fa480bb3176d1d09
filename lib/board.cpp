#include "board.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include <fmt/format.h>

namespace addiction {

std::optional<Slot> Board::find(Card card) const {
    for (int i = 0; i < size(); ++i)
        if (at(i) == card) return slot(i);
    return std::nullopt;
}

int Board::placed_run(int row) const {
    Card first = at(Slot{row, 0});
    if (first.is_gap() || first.rank() != base_rank_) return 0;
    int run = 1;
    while (run < width_) {
        Card next = at(Slot{row, run});
        if (next.is_gap() || next.suit() != first.suit() || next.rank() != run + base_rank_) break;
        ++run;
    }
    return run;
}

int Board::placed_count() const {
    int total = 0;
    for (int row = 0; row < kRows; ++row) total += placed_run(row);
    return total;
}

namespace {

// Whether the left rule lets `card` follow `left` (a card, not a gap).
bool follows(Card card, Card left, Fill fill) {
    switch (fill) {
        case Fill::SameSuitNext: return left.suit() == card.suit() && left.rank() + 1 == card.rank();
        case Fill::AnySuitNext: return left.rank() + 1 == card.rank();
        case Fill::SameSuitHigher: return left.suit() == card.suit() && left.rank() < card.rank();
    }
    return false;
}

// Whether the right rule (fill_from_right) applies to a gap in column `col`.
bool fed_from_right_here(const Rules& rules, int col) {
    return rules.fill_from_right && (col > 0 || rules.right_fills_first_column);
}

}  // namespace

bool Board::fits(Card card, Slot to, const Rules& rules) const {
    if (card.is_gap() || !at(to).is_gap()) return false;
    // Only cards of this game: an 8 after the 7 of a seven-rank game would be a new card,
    // and so would an ace when the aces are removed.
    if (card.rank() < rules.base_rank() || card.rank() > rules.ranks) return false;
    if (to.col == 0 && card.rank() == rules.base_rank()) return true;
    if (to.col > 0) {
        Card left = at(Slot{to.row, to.col - 1});
        if (!left.is_gap() && follows(card, left, rules.fill)) return true;
    }
    if (fed_from_right_here(rules, to.col) && to.col + 1 < width_) {
        Card right = at(Slot{to.row, to.col + 1});
        if (!right.is_gap() && right.suit() == card.suit() && right.rank() == card.rank() + 1)
            return true;
    }
    return false;
}

std::vector<Move> Board::legal_moves(const Rules& rules) const {
    std::vector<Move> out;
    const int base = rules.base_rank();
    for (int i = 0; i < size(); ++i) {
        if (!at(i).is_gap()) continue;
        const Slot to = slot(i);
        std::vector<Card> cards;
        if (to.col == 0)
            for (Suit suit : kSuits) cards.emplace_back(suit, base);
        if (to.col > 0) {
            Card left = at(Slot{to.row, to.col - 1});
            if (!left.is_gap() && left.rank() < rules.ranks) {
                switch (rules.fill) {
                    case Fill::SameSuitNext: cards.emplace_back(left.suit(), left.rank() + 1); break;
                    case Fill::AnySuitNext:
                        for (Suit suit : kSuits) cards.emplace_back(suit, left.rank() + 1);
                        break;
                    case Fill::SameSuitHigher:
                        for (int rank = left.rank() + 1; rank <= rules.ranks; ++rank) cards.emplace_back(left.suit(), rank);
                        break;
                }
            }
        }
        if (fed_from_right_here(rules, to.col) && to.col + 1 < width_) {
            Card right = at(Slot{to.row, to.col + 1});
            if (!right.is_gap() && right.rank() > base) cards.emplace_back(right.suit(), right.rank() - 1);
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
    // Every fill rule gives a card above the left one: none is left above the top rank.
    bool fed_from_left = !left.is_gap() && left.rank() < rules.ranks;
    bool fed_from_right = false;
    if (rules.fill_from_right && slot.col + 1 < width_) {
        Card right = at(Slot{slot.row, slot.col + 1});
        fed_from_right = !right.is_gap() && right.rank() > rules.base_rank();
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

namespace {

// "a 2", "an 8", "an ace", "a king": a rank in words, with its article.
std::string a_rank(int rank) {
    static constexpr std::array<std::string_view, 14> kNames{
        "", "an ace", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "an 8", "a 9", "a 10", "a jack", "a queen", "a king"};
    return std::string(kNames[static_cast<std::size_t>(rank)]);
}

std::string_view suit_name(Suit suit) {
    static constexpr std::array<std::string_view, 4> kNames{"club", "diamond", "heart", "spade"};
    return kNames[static_cast<std::size_t>(suit)];
}

// What the left rule wants left of `card`, e.g. "5D", "a 5", "a lower diamond".
std::string wanted_left_of(Card card, Fill fill) {
    switch (fill) {
        case Fill::SameSuitNext: return to_string(Card(card.suit(), card.rank() - 1));
        case Fill::AnySuitNext: return a_rank(card.rank() - 1);
        case Fill::SameSuitHigher: return fmt::format("a lower {}", suit_name(card.suit()));
    }
    return "?";
}

}  // namespace

std::string why_illegal(const Board& board, const Rules& rules, Card card, std::optional<Slot> to) {
    const std::string name = to_string(card);
    const int base = rules.base_rank();
    auto from = board.find(card);
    if (!from) return fmt::format("{} is not in this game", name);
    if (to) {
        const std::string where = to_string(*to);
        Card there = board.at(*to);
        if (there == card) return fmt::format("{} is already in {}", name, where);
        if (!there.is_gap()) return fmt::format("{} is not a gap (it holds {})", where, to_string(there));
        if (to->col == 0)
            return fmt::format("{} cannot go to {}: only {} can fill the first column", name, where, a_rank(base));
        Card left = board.at(Slot{to->row, to->col - 1});
        if (left.is_gap())
            return fmt::format("{} cannot go to {}: the slot left of it is a gap", name, where);
        if (card.rank() == base)
            return fmt::format("{} cannot go to {}: {} fills only the first column", name, where, a_rank(base));
        return fmt::format("{} cannot go to {}: it needs {} on its left, not {}", name, where,
                           wanted_left_of(card, rules.fill), to_string(left));
    }
    if (card.rank() == base) return fmt::format("{} cannot move: no gap in the first column", name);
    std::string reason;
    if (rules.fill == Fill::SameSuitNext) {
        Card before(card.suit(), card.rank() - 1);
        auto at_before = board.find(before);
        if (at_before && at_before->col + 1 == board.width()) {
            reason = fmt::format("{} is at the end of row {}", to_string(before),
                                 static_cast<char>('a' + at_before->row));
        } else if (at_before) {
            Slot right{at_before->row, at_before->col + 1};
            if (board.at(right) == card)
                reason = fmt::format("it is already right of {} (in {})", to_string(before), to_string(right));
            else
                reason = fmt::format("the slot right of {} ({}) holds {}", to_string(before), to_string(right),
                                     to_string(board.at(right)));
        } else {
            reason = fmt::format("{} is not in play", to_string(before));
        }
    } else {
        // Several cards could lead it: say what the gaps have on their left instead.
        reason = fmt::format("no gap has {} on its left", wanted_left_of(card, rules.fill));
    }
    if (rules.fill_from_right && card.rank() < rules.ranks) {
        Card after(card.suit(), card.rank() + 1);
        if (auto at_after = board.find(after); at_after && at_after->col > 0) {
            const Slot left_of_after{at_after->row, at_after->col - 1};
            if (left_of_after.col == 0 && !rules.right_fills_first_column)
                reason += fmt::format(", and the slot left of {} ({}) is in the first column", to_string(after),
                                      to_string(left_of_after));
            else
                reason += fmt::format(", and the slot left of {} ({}) holds {}", to_string(after),
                                      to_string(left_of_after), to_string(board.at(left_of_after)));
        }
    }
    return fmt::format("{} cannot move: {}", name, reason);
}

}  // namespace addiction
