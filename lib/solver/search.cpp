// The depth-first driver: Search::run walks the positions from the start,
// storing each new one in the table (`solve`: each one that is not a dead end)
// until a won board, the end of the positions (a proof that none is won), or a
// limit.
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
    if (!frames_.empty()) {
        const Step& step = taken(frames_.back());
        if (can_undo(step)) return false;
        // A 2 that filled the last first-column gap has fixed the rows: their
        // frontiers may wait on each other (dead_end.cpp), which the runs tell
        // before the sweeps would. dead_end() says the same, so the search
        // takes the same steps, only sooner.
        if (locked_arrangement(step)) return true;
    }
    const Slots gaps = gap_slots();
    // A pass whose line has used all its moves of placed 2s moves no card of the
    // base rank out of the first column again (generate() refuses it).
    return dead_end(layout_, rules_.ranks, where_, gaps, twos_stay_when_spent_ && used_ >= pass_.twos);
}

// Arrangements as a set. Once every first-column slot holds a card of the
// base rank, those cards never move again (Halves, below), and a move depends
// on the first column only where its gap is in the second: the card left of
// it is the base card there. So take the boards that differ only in the
// arrangement of the first column, B with each arrangement a of a set A, as
// one position (B, A): its steps are every step of some (B, a), a step into a
// second-column gap in row r with the card of rank b + 1 of suit s leaving the
// arrangements of A with suit s in row r (only in those is it legal), every
// other step leaving A (it is legal and does the same in each), and the
// dead-end test may drop from A arrangements a whose (B, a) is a dead end. A
// won (B, A) is one with some (B, a) won. Claim: (B, A) reaches a won position
// if and only if some (B, a), a in A, reaches a win. If: a winning line from
// (B, a) is a line of steps of the sets, each leaving a set that holds a
// (the step is legal in a, and no position on a winning line is a dead end).
// Only if: each step of a line of sets leaves a set within the one before, so
// the last set's arrangement that is won was in every set on the line, where
// each step was legal and did the same: the line is a winning line from that
// (B, a). So a search of the sets decides as the search of the boards, and a
// line it finds is a line in the arrangement won at its end (path_actions()).
// The prunings hold for a set through each arrangement in it:
//  - what is entered: the cache keeps with a board's key (stored_key(), the
//    board without its first column) the arrangements of every set entered
//    with it; a set entered is searched for each of them, so a board reached
//    again stands for the rest of its set only (enter_set()), as the search of
//    the boards leaves each (B, a) entered before. (The table, used when the
//    cache is off, keys the set itself: one key per arrangement in it.)
//  - a safe move (safe_step()) is safe in each (B, a) whose arrangement has
//    the row's suit; where only some have, the step makes it in those and
//    then, as a step that moves no card, takes the others on their own (each
//    (B, a) is in one of the two sets, so the set wins if one of them does);
//  - a half's sets hold its own arrangements only.
// A step that fixes the rows from a first-column gap with the 2s as a set
// (generate()) is one step for all the arrangements of a half, instead of one
// an arrangement.
// Gaps deal 97's first track stored 1.63 million positions with the rows fixed
// and only 0.51 million boards without their first column: one board, about
// three arrangements. A unit test checks the verdicts against the search of
// the boards, and the brute force on small deals, and replays every line.
//
// The dead-end test, for a set: its arrangements in turn, from the one shown,
// each that is a dead end dropped (a position reachable from a dead end is
// one too, so it stays out), up to the first that is not, and the rest kept
// untested: a set may hold dead ends, which reach no win, so it stands for the
// same wins. (Testing every arrangement made gaps deal 97 take 0.83 of the
// time of the search of the boards; stopping at the first live one, 0.68.)
// False when none is left. tested_ counts the tests, which run() counts as
// positions.
bool Search::keep_live_arrangements() {
    tested_ = 0;
    if (!dead_ends_apply(rules_) || !limits_.dead_ends) return true;
    const Slots gaps = gap_slots();
    Cards where = where_;
    for (std::uint32_t mask = arrangements_; mask != 0; mask &= mask - 1) {
        const auto a = static_cast<std::size_t>(std::countr_zero(mask));
        for (std::size_t suit = 0; suit < 4; ++suit)
            where[suit << 4 | static_cast<std::size_t>(base_)] = static_cast<std::uint8_t>(kArrangements.row_of_suit[a][suit] * width_);
        ++tested_;
        if (!frontiers_locked(layout_, rules_.ranks, where) && !dead_end(layout_, rules_.ranks, where, gaps)) {
            if (mask != arrangements_) {
                show_arrangement(mask);
                arrangements_ = mask;
            }
            return true;
        }
    }
    return false;
}

// Whether `step`, just taken, fixed the rows in an arrangement whose frontiers
// wait on each other (hopeless()).
bool Search::locked_arrangement(const Step& step) const {
    return (step.aux & kArranges) && !(step.aux & kAllArrangements) && dead_ends_apply(rules_) && limits_.dead_ends && spent_ >= last_shuffle_ &&
           frontiers_locked(layout_, rules_.ranks, where_);
}

// Whether the move `step` just made could be made back: its card fits the gap it
// left, under the rules dead ends apply to (SameSuitNext or SameSuitHigher, no
// fill from the right).
bool Search::can_undo(const Step& step) const {
    if (step.card == 0 || step.aux != 0) return false;  // a shuffle, or a step that brought a 2
    if (col(step.from) == 0) return rank(step.card) == base_;
    const std::uint8_t left = cells_[static_cast<std::size_t>(step.from - 1)];
    if (left == 0) return false;
    if (rules_.fill == Fill::SameSuitHigher) return (left & 0xF0) == (step.card & 0xF0) && left < step.card;
    return left + 1 == step.card;
}

// The first column's 2s. When the first column has a gap, a 2 there can move to
// any gap there and back, so every arrangement of the 2s over the first
// column's slots that hold 2s or gaps (the other cards fixed) reaches every
// other: they win or lose together. A search may take them as one position: it
// stores one key for them all (the 2s' slot keys replaced by one key per suit
// for "in the first column") and never moves a 2 within the first column. So
// that it still reaches every position some arrangement leads to by any other
// move:
//  - a gap in the second column, whose filling depends on the 2 beside it, also
//    takes the 3 of any 2 in the first column, in a step that first brings that
//    2 beside it (moving the 2 standing there, if any, to another first-column
//    gap); the arrangements after it still have a first-column gap;
//  - a 2 coming into a first-column gap leaves the arrangements a gap if there
//    were two or more, whichever gap it takes; if it fills the last one, it fixes
//    the arrangement for good, and which one matters, so it comes in one step
//    for each arrangement the 2s could take first (kArranges: every order of
//    the 2s over those slots);
//  - every other move does not depend on the arrangement: its gap is past the
//    second column, so the card left of it is not in the first, or a card that
//    is not a 2 leaves the first column, adding a gap there in every
//    arrangement alike.
// The dead-end test and the won test look at the current board, which is one of
// the arrangements (they reach each other, so they have the same loc sets, and a
// won board has no first-column gap). So the verdict is the one of the search
// that moves 2s one at a time; a unit test checks it against that search and
// the brute force on small deals and replays every line. Only once no shuffle
// can follow (a shuffle's outcome depends on the arrangement), and only where a
// first-column gap takes any 2 and nothing else and a card follows the next
// lower card of its suit (Fill::SameSuitNext, no fill from the right).
bool Search::twos_as_set() const {
    if (!twos_as_set_ || spent_ < last_shuffle_) return false;
    return first_column_gaps() >= 1;
}

// Safe moves. When every first-column slot holds a card of the base rank, no
// first-column slot can become a gap (its card could only move to one), so the
// base cards never move, and neither does any card of a row's run up from them
// (such a card fits only right of its predecessor, where it stands): the runs
// are there for good. Let a gap z be right after the end of a run, Y the card
// that fits it (the run's last card + 1, SameSuitNext), at slot a. Every won
// board holds Y at z (the row's suit is its base card's). Y moves only to the
// slot right of Y - 1, which is z, and nothing else fills z; so every winning
// line from here makes the move t = (Y, a -> z) exactly once: p1 t p2, with no
// move of Y in p1. Then t p1 p2 is a winning line too, if no move in p1 puts
// Y + 1 at a + 1, right of Y: every other move of p1 touches neither a nor z
// (a holds Y and z is a gap throughout p1, and nothing but Y fits z), nor
// needs a or z as its left neighbour (a gap's left neighbour is never a gap,
// and only Y + 1 follows Y), so it is legal and has the same effect after t.
// Y + 1 cannot come to a + 1 when Y is the top rank, or a is in the last column
// (a + 1 starts the next row), or Y + 1 stands at a + 1 already (it fits only
// right of Y, where it is). In those cases t is safe: a win is reachable from
// here if and only if one is reachable after t, by a line one move shorter. The
// search makes t at once, without storing or testing the position before it
// (induction on the length of the shortest winning line: the verdict is the
// full search's), and as t stays safe after another safe move and they commute,
// the positions it stores, where no safe move is left, are the same whatever
// the order. Only after the last shuffle (a shuffle's outcome depends on where
// Y is), and only for SameSuitNext without fill_from_right. A unit test checks
// the verdicts against the search without it, and the brute force on small
// deals, and replays every line. Gaps deal 46 is proven lost in 25.9 million
// positions instead of 33.8 million.
bool Search::safe_step(Step& step) const {
    if (!safe_moves_ || spent_ < last_shuffle_ || !rows_fixed()) return false;
    for (std::uint8_t gap : gaps_) {
        const std::uint8_t left = cells_[static_cast<std::size_t>(gap - 1)];
        // The card a run ending left of the gap ends with: a cheap test first.
        const std::uint8_t first = cells_[static_cast<std::size_t>(row(gap) * width_)];
        if (left == 0 || rank(left) == rules_.ranks || left != first + col(gap) - 1 || placed_run(row(gap)) != col(gap)) continue;
        // For a set of arrangements: safe in those with this row's suit.
        const std::uint32_t others =
            arrangements_ & ~kArrangements.with_suit[static_cast<std::size_t>(row(gap))][static_cast<std::size_t>(first >> 4)];
        const auto card = static_cast<std::uint8_t>(left + 1);
        const int from = where_[card];
        if (rank(card) == rules_.ranks || col(from) == width_ - 1 ||
            cells_[static_cast<std::size_t>(from + 1)] == card + 1) {
            step = Step{card, static_cast<std::uint8_t>(from), gap};
            if (others != 0) {
                step.aux = kKeeps;
                step.before = static_cast<std::uint8_t>(row(gap) << 2 | first >> 4);
            }
            return true;
        }
    }
    return false;
}

// Halves. Once every first-column slot holds a card of the base rank, none
// can become a gap (its card could only move to one; not so with
// fill_from_right, where halves_apply() says no), so the base cards stay
// where they are for good: every position reachable from a fixed-rows position
// has the same arrangement, the suit of each row's first card. So the positions
// reachable from the start are those with the rows not fixed, and for each
// arrangement those that have it, reached only through a step that fixes the
// rows. A half searches the first kind and the arrangements of one parity (of
// the permutation of suits over rows): a step that fixes the rows in the other
// parity is not taken, and a start with the rows fixed in it has nothing to
// search. Its graph is closed (what a position of its own leads to is its own,
// or cut at such a step), and a won board has its rows fixed: a win is
// reachable from the start if and only if it is reachable within one half, the
// half of its arrangement. The prunings hold within a half: a dead end reaches
// no win at all; a safe move applies only with the rows fixed and never leaves
// their arrangement; the arrangements of the 2s as a set reach each other
// through positions with a first-column gap, which every half searches, and the
// step that fixes them lists the half's own (generate()). So the two halves,
// each searched to the end with no win, prove the deal lost, and a line either
// finds is a line. Gaps deal 97's complete search is 10.07 million positions,
// each half about 5.98 million (the rows not fixed are searched by both; deal
// 46: 13.3 million, halves of 6.95 million). Splitting by a hash of the
// position the fixing step reaches instead left 7.97 million in each: the
// subtrees of one arrangement share many positions, and each half searched
// them again. Splitting by the suit of the first row: 5.89 and 6.07 million.
//
// Handing on (Search::hand_off_to, tracks.cpp). Half 1 is the positions with
// the rows not fixed, which half 0 searches too, and the odd arrangements,
// each reached through a step that fixes the rows from a position with the
// rows not fixed. A position's steps are listed when it is expanded, and
// half 0 expands every position with the rows not fixed that is reachable
// and no dead end (a dead end reaches no win in either half), once each. So
// when half 0 searches to the end, the steps it hands on at its expansions are
// every odd fixing step from every such position, and searching what each
// leads to (with one table, in turn: a position found in it was searched to
// the end, with no win, under an earlier step, or is on the stack) is a search
// of half 1 past its positions with the rows not fixed: a win of half 1 is
// found there if and only if half 1 has one. A line from a step handed on is
// the line half 0 had to the position it was handed with, then the step and
// the rest. A unit test checks the verdicts against half 1 searched alone, on
// small deals, and replays every line.
bool halves_apply(const Rules& rules, const Board& start) {
    if (rules.fill_from_right) return false;
    for (int row = 0; row < kRows; ++row) {
        const Card first = start.at(Slot{row, 0});
        if (first.is_gap() || first.rank() != rules.base_rank()) return true;
    }
    return false;
}

// A full first column. While no first-column slot is a gap, no card of the
// base rank moves (it moves only into a first-column gap), and every move is of
// a card c into the slot right of c - 1 (Fill::SameSuitNext without
// fill_from_right; forgets_ asks for those). Once there, c moves again only
// after c - 1 has moved, so along any line of such positions a card of the rank
// above the base moves at most once, and by induction one of rank r at most
// r - base times: such lines are finite, and every cycle of positions passes
// through one with a first-column gap. (A shuffle spends one of a number, so
// it is on no cycle either.) So the search may keep the positions with a full
// first column in a cache that forgets (cache.hpp) and the others in the
// table for good:
//  - it ends: a line on the stack holds each position with a gap once (the
//    table finds it on the stack), and between two of them only a finite line
//    of full-column positions;
//  - it decides as the search that stores everything: a key found in the
//    cache, as in the table, is a position entered before, which is on the
//    stack or searched to the end without a win, so leaving it is what that
//    search does; a position forgotten is searched again, to the same end, and
//    counted again.
// Its lines are lines (steps taken in turn), and the same on every machine (the
// cache's contents follow from the steps alone). Most of a Gaps proof is such
// positions: the first track of gaps deal 97 stored 2.95 million positions in
// its table, and stores 0.34 million (11.73 million positions counted instead
// of 11.72); deal 14, whose tables filled before its proof ended, is proven
// lost at the default memory.
// A unit test checks the verdicts against the search that stores everything,
// and the brute force on small deals, and replays every line.
bool Search::rows_fixed() const {
    for (int r = 0; r < kRows; ++r) {
        const std::uint8_t first = cells_[static_cast<std::size_t>(r * width_)];
        if (first == 0 || rank(first) != base_) return false;
    }
    return true;
}

// With the rows fixed: whether the arrangement is the other half's.
bool Search::other_half() const {
    std::array<int, kRows> suit{};
    for (int r = 0; r < kRows; ++r) suit[static_cast<std::size_t>(r)] = cells_[static_cast<std::size_t>(r * width_)] >> 4;
    return arrangement_parity(suit) != pass_.half;
}

Key Search::stored_key() const {
    if (arrangements_ != 0) {
        // The board without the first column it shows; in the cache, which
        // keeps the arrangements put with the board's key, just that (run()),
        // else with the set's own keys.
        Key key = key_;
        for (int r = 0; r < kRows; ++r) {
            const auto slot = static_cast<std::size_t>(r * width_);
            flip(key, kZobrist.cell[slot][cells_[slot]]);
        }
        if (forgets()) return Cache::board_of(key);
        for (std::uint32_t mask = arrangements_; mask != 0; mask &= mask - 1)
            flip(key, kZobrist.arrangement[static_cast<std::size_t>(std::countr_zero(mask))]);
        return key;
    }
    if (!twos_as_set()) return key_;
    Key key = key_;
    for (int suit = 0; suit < 4; ++suit) {
        const auto two = static_cast<std::uint8_t>(suit << 4 | base_);
        const std::uint8_t slot = where_[two];
        if (col(slot) != 0) continue;
        flip(key, kZobrist.cell[slot][two]);
        flip(key, kZobrist.first_column[static_cast<std::size_t>(suit)]);
    }
    return key;
}

// In a pass that counts placed 2s moved, a position reached before with fewer
// of them spent has been (or is being) searched with more freedom.
bool Search::dominated(bool forgettable) const {
    for (int fewer = 0; fewer < used_; ++fewer)
        if (seen(recounted(key_, used_, fewer), forgettable)) return true;
    return false;
}

std::vector<Action> Search::path_actions() const {
    // A line to a set of arrangements is a line in each of them (each step
    // left a set holding the sets after it): the one won, else the one shown.
    const int won_in = arrangements_ != 0 ? won_arrangement() : -1;
    const int shown = won_in >= 0 ? won_in : arrangements_ != 0 ? std::countr_zero(arrangements_) : -1;
    std::vector<Step> steps;
    for (const Level& frame : frames_) {
        if (frame.next == 0) break;  // no step taken from it yet
        Step step = taken(frame);
        if ((step.aux & kAllArrangements) && shown >= 0) {
            const auto& row_of = kArrangements.row_of_suit[static_cast<std::size_t>(shown)];
            step.after = 0;
            for (unsigned suit = 0; suit < 4; ++suit)
                if (step.aux >> suit & 1) step.after = static_cast<std::uint8_t>(step.after | row_of[suit] << (2 * suit));
            step.to = static_cast<std::uint8_t>(row_of[static_cast<std::size_t>(step.card >> 4)] * width_);
        }
        steps.push_back(step);
    }
    return actions(steps);
}

std::vector<Action> Search::actions(const std::vector<Step>& steps) const {
    std::vector<Action> out;
    int shuffle = first_shuffle_;
    for (const Step& step : steps) {
        if (step.aux == kDrops) continue;  // no card moves
        if (step.card == 0) {
            out.push_back(Action::make_shuffle(shuffle++));
        } else {
            // The moves of 2s within the first column the step made first (apply()).
            auto two = [&](int suit, int row) {
                out.push_back(Action::make_move(Card(static_cast<Suit>(suit), base_), Slot{row, 0}));
            };
            if (step.aux & kBrings2) {
                if (step.aux & kMovesAside) two(step.after >> 2 & 3, step.after & 3);
                two(step.card >> 4, step.to / width_);
            } else if (step.aux & kArranges) {
                // The gap's row before: the one row of the set's rows no 2 stood in.
                unsigned rows = 1u << (step.to / width_);
                for (unsigned suit = 0; suit < 4; ++suit)
                    if (step.aux >> suit & 1) rows |= 1u << (step.after >> (2 * suit) & 3);
                for (unsigned suit = 0; suit < 4; ++suit)
                    if (step.aux >> suit & 1) rows &= ~(1u << (step.before >> (2 * suit) & 3));
                rearrange(step.aux & 0xFu, step.before, step.after, std::countr_zero(rows), two);
            }
            out.push_back(Action::make_move(Card(static_cast<Suit>(step.card >> 4), step.card & 15),
                                            Slot{step.to / width_, step.to % width_}));
        }
    }
    return out;
}

void Search::enter(const Cells& before, const Step& step) {
    load(before);
    arrangements_ = 0;
    masks_.clear();
    rooted_ = true;
    pending_ = false;
    steps_.clear();
    frames_.assign(1, Level{0, 1, 0});
    steps_.push_back(step);
}

Verdict Search::run(std::uint64_t until) {
    limit_ = Limit::None;
    if (stopped()) {
        limit_ = Limit::Stopped;
        return Verdict::Undecided;
    }
    if (!rooted_) {
        rooted_ = true;
        if (pass_.half >= 0 && rows_fixed() && other_half()) return Verdict::NoWin;
        if (won()) return Verdict::Won;
        if (table_.insert(stored_key()) == Table::Insert::Full) {
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
            if (dead_end_here()) {
                if (!frames_.empty()) undo(taken(frames_.back()));
            } else {
                expand();
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
        kept_ = std::min(kept_, frames_.size() - 1);
        apply(step);
        // A half leaves the other half's arrangements alone: the step that fixes
        // the rows brings a base card into the first column, a plain move here
        // (generate() lists no kArranges step of the other half's, and expand()
        // keeps none of them where they are handed on).
        if (pass_.half >= 0 && step.aux == 0 && step.card != 0 && rank(step.card) == base_ && col(step.to) == 0 &&
            rows_fixed() && other_half()) {
            undo(step);
            continue;
        }
        if (Step safe; safe_step(safe)) {
            // Not stored, not counted: this position's one step is the safe move
            // (in a set of arrangements where it is safe only in some, that
            // move in those, then the others as a position of their own).
            const bool split = safe.aux == kKeeps;
            frames_.push_back(Level{static_cast<std::uint32_t>(steps_.size()), static_cast<std::uint8_t>(split ? 2 : 1), 0});
            steps_.push_back(safe);
            if (split) steps_.push_back(Step{safe.card, 0, 0, kDrops, safe.before, 0});
            continue;
        }
        if (arrangements_ != 0 && forgets()) {
            if (const Entry entry = enter_set(until); entry != Entry::Next) return entry == Entry::Won ? Verdict::Won : Verdict::Undecided;
            continue;
        }
        // A set of arrangements counts once for each one the test looks at
        // (keep_live_arrangements()), as a board alone would be counted.
        tested_ = 1;
        // Dead ends counted, not stored: a new position is tested before it is
        // stored, and a dead end is left out of the table. Leaving it out loses
        // nothing the table is for: reached again, it is tested again and found
        // dead again (the test looks at the board alone; with the 2s as a set,
        // at one of the arrangements, which all reach each other), so the search
        // takes the same steps as the one that stores it, and the verdict and
        // line are the same; only the count grows by the repeats. A key in
        // recent_dead_ is one found dead before: it holds whole 128-bit keys, so
        // it adds no chance of error that the table's bound (table.hpp) does not
        // dwarf.
        const Key key = stored_key();
        Key* recent = dead_ends_unstored_ ? &recent_dead(key) : nullptr;
        // A position stored already is the common case deep in a search: one
        // lookup answers it before dominated() looks at every smaller count.
        // Otherwise insert() finds it, unless the test for a dead end must come
        // between the lookup and the insertion.
        // An arrangement with locked frontiers is a dead end, so not in the table:
        // told before the lookup, which is a miss in memory for most of the 2s'
        // arrangements, 83% of which are dead ends (HISTORY). (Not where a
        // smaller count of placed 2s moved would be looked up: there the count
        // would differ.)
        const bool locked = dead_ends_unstored_ && used_ == 0 && locked_arrangement(step);
        // A full first column: the cache, which may have forgotten it, not the table.
        const bool forgettable = this->forgettable();
        if ((dead_ends_unstored_ && *recent == key) ||
            (!locked && (dead_ends_unstored_ || used_ > 0 || forgettable) && (seen(key, forgettable) || (used_ > 0 && dominated(forgettable))))) {
            undo(step);
            continue;
        }
        if (dead_ends_unstored_ && !won()) {
            if (locked || dead_end_here()) {
                *recent = key;
                undo(step);
                count_tested();
                if (stops(until)) return Verdict::Undecided;
                continue;
            }
        }
        if (forgettable) {
            cache_.put(key);
        } else if (const auto inserted = table_.insert(key); inserted == Table::Insert::Present) {
            undo(step);
            continue;
        } else if (inserted == Table::Insert::Full) {
            limit_ = stopped() ? Limit::Stopped : table_.short_of_time() ? Limit::Time : Limit::Memory;
            return Verdict::Undecided;
        }
        if (const Entry entry = entered(until); entry != Entry::Next) return entry == Entry::Won ? Verdict::Won : Verdict::Undecided;
    }
}

// After a new position is stored: it is counted, and either won (its line
// kept) or its steps go on the stack (listed already where dead ends are
// tested first) or wait for the loop; then the limits.
Search::Entry Search::entered(std::uint64_t until) {
    count_tested();
    if (won()) {
        line_ = path_actions();
        return Entry::Won;
    }
    if (dead_ends_unstored_) {
        expand();  // its steps are listed already, and it is no dead end
    } else {
        pending_ = true;
    }
    return stops(until) ? Entry::Stop : Entry::Next;
}

// run() for a position that stands for a set of arrangements, with the cache
// on: the arrangements of the set that the cache has with the board were
// entered before (each on the stack, or searched to the end with no win), so
// the position stands for the others only, as the search of the boards would
// leave those; with none left it is left. The rest, as run() does for any
// position: dead ends (each arrangement that is one dropped) counted, not
// stored, and the last dead ends kept in recent_dead_ with their set.
Search::Entry Search::enter_set(std::uint64_t until) {
    const Step& step = taken(frames_.back());
    const Key board = stored_key();
    Key* recent = dead_ends_unstored_ ? &recent_dead(board) : nullptr;
    std::uint32_t fresh = arrangements_ & ~cache_.set_put(board);
    if (recent && Cache::same_board(*recent, board)) fresh &= ~Cache::set_of(*recent);
    if (fresh == 0) {
        undo(step);
        return Entry::Next;
    }
    if (fresh != arrangements_) {
        show_arrangement(fresh);
        arrangements_ = fresh;
    }
    tested_ = 1;  // a position stored untested counts once
    if (dead_ends_unstored_ && !won() && dead_end_here()) {
        *recent = Cache::with_set(board, fresh | (Cache::same_board(*recent, board) ? Cache::set_of(*recent) : 0));
        undo(step);
        count_tested();
        return stops(until) ? Entry::Stop : Entry::Next;
    }
    cache_.put_set(board, fresh);
    return entered(until);
}

// Whether the position is a dead end where no shuffle can follow, or has no
// steps; if not, its steps are listed in scratch_. (The test first: most
// positions tested are dead ends past the rows fixed, and their steps are not
// wanted.)
bool Search::dead_end_here() {
    // Every position tested is a candidate for the fair player's shuffle, a dead
    // end for moves above all: noted here, before the test can end it. It was
    // noted in generate(), which a dead end found first never reaches: testing
    // dead ends before listing the steps (93a7ea6, for speed) lost those
    // candidates, and the fair player's verdicts changed (9 of addiction deals
    // 1-100).
    if (pass_.track_best) {
        int placed = 0;
        for (int row = 0; row < kRows; ++row) placed += placed_run(row);
        note_best(placed);
    }
    if (spent_ >= last_shuffle_ && (arrangements_ != 0 ? !keep_live_arrangements() : hopeless())) return true;
    generate(scratch_);
    return scratch_.count + scratch_.other_count == 0;
}

// The current position's steps, as generate() listed them, go on the stack.
// A half that hands on the other half's arrangements hands on the steps that
// fix the rows in one of them instead, the position before them being this
// one.
void Search::expand() {
    const auto first = static_cast<std::uint32_t>(steps_.size());
    if (!hand_off_) {
        frames_.push_back(Level{first, scratch_.count, 0});
        steps_.insert(steps_.end(), scratch_.steps.begin(), scratch_.steps.begin() + scratch_.count);
        return;
    }
    auto take = [this](const Step& step) {
        hand_off_(*this, cells_, step);
        kept_ = frames_.size();
    };
    for (int i = 0; i < scratch_.other_count; ++i) take(scratch_.others[static_cast<std::size_t>(i)]);
    for (int i = 0; i < scratch_.count; ++i) {
        const Step& step = scratch_.steps[static_cast<std::size_t>(i)];
        if (fixes_other_half(step)) {
            take(step);
        } else {
            steps_.push_back(step);
        }
    }
    frames_.push_back(Level{first, static_cast<std::uint8_t>(steps_.size() - first), 0});
}

// Whether `step`, a plain move of a base card into the first column, fixes the
// rows in an arrangement of the other half: asked of the board it leads to, as
// run() asks where nothing is handed on. (generate() sets aside the steps of
// kArranges that do.)
bool Search::fixes_other_half(const Step& step) {
    if (step.aux != 0 || step.card == 0 || rank(step.card) != base_ || col(step.to) != 0) return false;
    apply(step);
    const bool other = rows_fixed() && other_half();
    undo(step);
    return other;
}

// After a position is counted: whether a limit stops the search there.
bool Search::stops(std::uint64_t until) {
    // The clock before the count: a caller whose `until` falls on these
    // multiples (the tracks step by 2^14) would otherwise never see it.
    if (positions_ >= next_check_) {
        next_check_ = (positions_ | 0x3FFF) + 1;
        if (limits_.seconds > 0 && std::chrono::duration<double>(Clock::now() - started_).count() > limits_.seconds) {
            limit_ = Limit::Time;
            return true;
        }
        if (stopped()) {
            limit_ = Limit::Stopped;
            return true;
        }
        if (progress_) progress_->report(progress_before_ + positions_, bytes());
    }
    if (until != 0 && positions_ >= until) {
        limit_ = Limit::Positions;
        return true;
    }
    return false;
}

}  // namespace addiction::solver
