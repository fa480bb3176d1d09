// The depth-first driver: Search::run walks the positions from the start,
// storing each new one in the table, until a won board, the end of the
// positions (a proof that none is won), or a limit.
//
// Two prunings cut the walk, each safe by the argument next to it: a position
// whose table key is present has been (or is being) searched, and a dead end
// (dead_end.cpp) can reach no win. A third, dominated(), only applies to the
// passes that limit the moves of placed 2s, whose failure proves nothing anyway.
// Limits are checked every few thousand positions; a position budget is exact,
// so the same budget gives the same answer on every machine.
#include "search.hpp"

namespace addiction::solver {

// Proof-safe dead end (dead_end.cpp): only asked when the search will not
// shuffle from here on, and only for the rules its argument covers
// (dead_ends_apply: SameSuitNext or SameSuitHigher without fill_from_right, from
// either base rank). Switched off for fill_from_right (a card may also move left
// of its successor) and AnySuitNext (a card may follow a card of another suit):
// the loc rules do not cover those moves.
//
// A position reached by a move that could be undone (a 2 between first-column
// slots; with SameSuitHigher, also a card between two lower cards of its suit)
// is not asked: it and the position before reach each other, so their loc sets
// are the same least sets. (Each one's cards and gaps lie within the other's
// closed sets: the card moved to a slot that was its target, from a slot that
// became a gap because it could move; so each one's least sets lie within the
// other's.) The position before was not a dead end, or it would not have been
// expanded, so this one is not either, and the verdict is the one asking would
// give. In Gaps most of a deep line is such moves of 2s.
bool Search::hopeless() const {
    if (!dead_ends_apply(rules_) || !limits_.dead_ends) return false;
    if (!frames_.empty() && can_undo(taken(frames_.back()))) return false;
    Slots gaps = 0;
    for (std::uint8_t gap : gaps_) gaps |= Slots{1} << gap;
    return dead_end(layout_, rules_.ranks, where_, gaps);
}

// Whether the move `step` just made could be made back: its card fits the gap it
// left, under the rules dead ends apply to (SameSuitNext or SameSuitHigher, no
// fill from the right).
bool Search::can_undo(const Step& step) const {
    if (step.card == 0) return false;  // a shuffle
    if (col(step.from) == 0) return rank(step.card) == base_;
    const std::uint8_t left = cells_[static_cast<std::size_t>(step.from - 1)];
    if (left == 0) return false;
    if (rules_.fill == Fill::SameSuitHigher) return (left & 0xF0) == (step.card & 0xF0) && left < step.card;
    return left + 1 == step.card;
}

// In a pass that counts placed 2s moved, a position reached before with fewer
// of them spent has been (or is being) searched with more freedom.
bool Search::dominated() const {
    for (int fewer = 0; fewer < used_; ++fewer) {
        Key key = key_;
        flip(key, kZobrist.used[static_cast<std::size_t>(used_)]);
        flip(key, kZobrist.used[static_cast<std::size_t>(fewer)]);
        if (table_.contains(key)) return true;
    }
    return false;
}

std::vector<Action> Search::path_actions() const {
    std::vector<Action> out;
    int shuffle = first_shuffle_;
    for (const Level& frame : frames_) {
        if (frame.next == 0) break;  // no step taken from it yet
        const Step& step = taken(frame);
        if (step.card == 0) {
            out.push_back(Action::make_shuffle(shuffle++));
        } else {
            out.push_back(Action::make_move(Card(static_cast<Suit>(step.card >> 4), step.card & 15),
                                            Slot{step.to / width_, step.to % width_}));
        }
    }
    return out;
}

Verdict Search::run(std::uint64_t until) {
    limit_ = Limit::None;
    if (stopped()) {
        limit_ = Limit::Stopped;
        return Verdict::Undecided;
    }
    if (!rooted_) {
        rooted_ = true;
        if (won()) return Verdict::Won;
        if (table_.insert(key_) == Table::Insert::Full) {
            limit_ = Limit::Memory;
            return Verdict::Undecided;
        }
        ++positions_;
        pending_ = true;
    }
    // frames_[i].next - 1 is the step taken from position i (its steps in steps_); the top frame's
    // position is the current one. `pending_`: the current position is stored
    // but its moves are not generated yet; a run that stops at `until` stops
    // there and the next one starts there.
    while (true) {
        if (pending_) {
            pending_ = false;
            generate(scratch_);
            if (scratch_.count == 0 || (spent_ >= last_shuffle_ && hopeless())) {
                if (!frames_.empty()) undo(taken(frames_.back()));
            } else {
                frames_.push_back(Level{static_cast<std::uint32_t>(steps_.size()), scratch_.count, 0});
                steps_.insert(steps_.end(), scratch_.steps.begin(), scratch_.steps.begin() + scratch_.count);
            }
        }
        if (frames_.empty()) return Verdict::NoWin;
        Level& frame = frames_.back();
        if (frame.next == frame.count) {
            steps_.resize(frame.first);
            frames_.pop_back();
            if (!frames_.empty()) undo(taken(frames_.back()));
            continue;
        }
        const Step step = steps_[frame.first + frame.next++];
        apply(step);
        const auto inserted = dominated() ? Table::Insert::Present : table_.insert(key_);
        if (inserted == Table::Insert::Present) {
            undo(step);
            continue;
        }
        if (inserted == Table::Insert::Full) {
            limit_ = stopped() ? Limit::Stopped : table_.short_of_time() ? Limit::Time : Limit::Memory;
            return Verdict::Undecided;
        }
        ++positions_;
        if (won()) {
            line_ = path_actions();
            return Verdict::Won;
        }
        pending_ = true;
        if (until != 0 && positions_ >= until) {
            limit_ = Limit::Positions;
            return Verdict::Undecided;
        }
        if ((positions_ & 0x3FFF) == 0) {
            if (limits_.seconds > 0 && std::chrono::duration<double>(Clock::now() - started_).count() > limits_.seconds) {
                limit_ = Limit::Time;
                return Verdict::Undecided;
            }
            if (stopped()) {
                limit_ = Limit::Stopped;
                return Verdict::Undecided;
            }
            if (progress_) progress_->report(progress_before_ + positions_, bytes());
        }
    }
}

}  // namespace addiction::solver
