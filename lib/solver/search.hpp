// One depth-first search over the positions reachable from a start: the fast
// position (cells, where each card is, the four gaps, the Zobrist key) with its
// moves applied and undone in place, a stack of frames, and the table of
// positions searched.
//
// The position and its move generation are in position.cpp, the driver loop
// and its pruning in search.cpp, the dead-end proof in dead_end.cpp. The small
// steps the driver takes per position (apply, undo, won) are defined here, so
// they inline into its loop. A Pass says which restricted search this is; the
// strategies (strategies.cpp) and the two tracks (tracks.cpp) run passes.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "cache.hpp"
#include "dead_end.hpp"
#include "keys.hpp"
#include "progress.hpp"
#include "solver.hpp"
#include "table.hpp"

namespace addiction::solver {

// The most positions a search may have stored for shortest_line() to walk them
// (twice a fair phase's budget): whether it walks depends on the budget, never
// on the memory given, and what the walk holds beside the table (two bytes a
// slot, at most a board a position) stays bounded whatever --positions is.
inline constexpr std::size_t kShortestMostPositions = 2'000'000;

// One step of a line: a move of `card` from `from` to `to`, or a shuffle when
// card is 0. Six bytes, so a frame of the search stack stays small.
//
// With the first column's 2s taken as a set (search.cpp), a step may first
// move 2s within the first column, as `aux` says (0 for a plain move):
//  - kBrings2: the 2 of `card`'s suit comes from row `before` of the first
//    column to the slot left of `to`; with kMovesAside, the 2 standing there
//    (of suit `after >> 2`) goes first to the first-column gap of row `after & 3`.
//  - kArranges | suits (bits 0-3): the 2s of those suits stand in the rows
//    `before` gives (2 bits a suit) and are moved, through the one gap there,
//    to the rows `after` gives, before `card`, a 2, fills the gap that is left.
struct Step {
    std::uint8_t card = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint8_t aux = 0;
    std::uint8_t before = 0;
    std::uint8_t after = 0;
};

inline constexpr std::uint8_t kBrings2 = 0x80;
inline constexpr std::uint8_t kMovesAside = 0x40;
inline constexpr std::uint8_t kArranges = 0x20;
// With kArranges, when the step fixes the rows: the position it leads to
// stands for every arrangement of its class (search.cpp, "Arrangements as a
// set"); `after` gives the one the board shows first.
inline constexpr std::uint8_t kAllArrangements = 0x10;
// On a plain move from a position that stands for a set of arrangements: the
// move is made in those of the set with suit `before & 3` in row `before >> 2`
// (kKeeps), or no card moves and the position stands for the others (kDrops;
// no action): a safe move in some of a set's arrangements only (search.cpp).
// Each is the whole of its step's aux, which a plain move leaves 0.
inline constexpr std::uint8_t kKeeps = 0x01;
inline constexpr std::uint8_t kDrops = 0x02;

// The 4! arrangements of the first column's base cards once the rows are
// fixed, as bits of a mask: arrangement i puts the base card of suit
// kArrangements.suit_of_row[i][r] in row r.
struct Arrangements {
    std::array<std::array<std::uint8_t, kRows>, 24> suit_of_row{};
    std::array<std::array<std::uint8_t, kRows>, 24> row_of_suit{};
    // with_suit[r][s]: the arrangements with suit s in row r.
    std::array<std::array<std::uint32_t, kRows>, kRows> with_suit{};
    std::array<std::uint32_t, 2> of_parity{};  // by arrangement_parity()
    static constexpr std::uint32_t kAll = (1u << 24) - 1;

    constexpr Arrangements() {
        std::array<std::uint8_t, kRows> order{0, 1, 2, 3};
        constexpr std::size_t rows = kRows;
        for (std::size_t i = 0; i < 24; ++i) {
            suit_of_row[i] = order;
            int inversions = 0;
            for (std::size_t r = 0; r < rows; ++r) {
                row_of_suit[i][order[r]] = static_cast<std::uint8_t>(r);
                with_suit[r][order[r]] |= 1u << i;
                for (std::size_t q = r + 1; q < rows; ++q) inversions += order[r] > order[q] ? 1 : 0;
            }
            of_parity[static_cast<std::size_t>(inversions & 1)] |= 1u << i;
            std::next_permutation(order.begin(), order.end());
        }
    }

    // The index of the arrangement with these suits in rows 0 to 3 (-1: not
    // one suit a row).
    constexpr int index_of(const std::array<int, kRows>& suits) const {
        for (std::size_t i = 0; i < 24; ++i) {
            bool same = true;
            for (std::size_t r = 0; r < suits.size(); ++r) same = same && suit_of_row[i][r] == suits[r];
            if (same) return static_cast<int>(i);
        }
        return -1;
    }
};
inline constexpr Arrangements kArrangements;

// The moves of 2s within the first column that take the 2s of `suits` (a
// mask) from the rows in `from` to the rows in `to` (2 bits a suit), through
// the one first-column gap, at row `hole`: shuttle(suit, row) for each, in
// order. A 2 whose row is the hole moves into it; when none is, the hole is
// where it ends, and a misplaced 2 moves into it to free its row.
template <typename Shuttle>
void rearrange(unsigned suits, unsigned from, unsigned to, int hole, Shuttle&& shuttle) {
    std::array<int, 4> at{};
    std::array<int, 4> want{};
    for (unsigned suit = 0; suit < 4; ++suit) {
        at[suit] = static_cast<int>(from >> (2 * suit) & 3);
        want[suit] = static_cast<int>(to >> (2 * suit) & 3);
    }
    while (true) {
        int mover = -1;
        for (unsigned suit = 0; suit < 4 && mover < 0; ++suit)
            if ((suits >> suit & 1) && at[suit] != want[suit] && want[suit] == hole) mover = static_cast<int>(suit);
        for (unsigned suit = 0; suit < 4 && mover < 0; ++suit)
            if ((suits >> suit & 1) && at[suit] != want[suit]) mover = static_cast<int>(suit);
        if (mover < 0) return;
        const auto m = static_cast<std::size_t>(mover);
        shuttle(mover, hole);
        std::swap(at[m], hole);
    }
}

// Whether a complete search may be split in halves (search.cpp, "Halves"): a
// card of the base rank moves only into a first-column gap, so rows once fixed
// stay fixed (not with fill_from_right, where it may also go left of its
// successor), and the start's rows are not fixed already (then one half would
// hold every position).
bool halves_apply(const Rules& rules, const Board& start);

// The parity of an arrangement of the first column's base cards: of the
// permutation the suits of rows 0 to 3 make (search.cpp, "Halves").
inline int arrangement_parity(const std::array<int, kRows>& suit_of_row) {
    int inversions = 0;
    for (std::size_t i = 0; i < suit_of_row.size(); ++i)
        for (std::size_t j = i + 1; j < suit_of_row.size(); ++j) inversions += suit_of_row[i] > suit_of_row[j] ? 1 : 0;
    return inversions & 1;
}

// A gap takes at most kMaxRanks cards: with fill SameSuitHigher up to 12 (every
// rank above an ace), or the 4 cards of the base rank in the first column, and with
// fill_from_right one more (the card before its right neighbour); there are 4
// gaps, and one shuffle.
inline constexpr int kMaxSteps = kRows * kMaxRanks + 1;

// The steps generate() lists from one position.
struct Frame {
    std::array<Step, kMaxSteps> steps;
    std::uint8_t count = 0;
    std::uint8_t next = 0;
    // In a half that hands on the other half's arrangements, the steps that fix
    // the rows in one of them (at most half of the 4! orders of the 2s).
    std::array<Step, 12> others;
    std::uint8_t other_count = 0;
};

// One position on the search stack: its steps are steps_[first, first + count),
// so a frame holds only the steps it has (most positions have a few; kMaxSteps is
// 53 since the family's fill rules).
struct Level {
    std::uint32_t first = 0;
    std::uint8_t count = 0;
    std::uint8_t next = 0;
};

struct Pass {
    int twos = -1;  // moves of a placed 2 out of the first column allowed on a line; -1: any
    bool shuffles = true;
    bool track_best = false;   // remember the line to the position with most cards placed
    std::uint64_t budget = 0;  // positions this pass may store (run_pass); 0 means no budget
    // Once the rows are fixed, only the arrangements of this parity (0 even, 1
    // odd; -1: all): one half of a complete search (search.cpp, "Halves").
    int half = -1;
};

class Search {
public:
    Search(const Game& game, const SolveLimits& limits, const Pass& pass, Clock::time_point started);

    // Searches on until it decides, or until `until` positions are stored in
    // all (0: no such stop), or a limit. Won, NoWin or Undecided (with limit()
    // set); after an Undecided at `until`, run() again goes on from there.
    Verdict run(std::uint64_t until);

    // Another thread may ask the search to stop (run() then says Stopped),
    // through this flag or SolveLimits::stop.
    void stop_when(const std::atomic<bool>* flag) {
        stop_ = flag;
        table_.stop_when(limits_.stop, flag);
    }
    using Cells = std::array<std::uint8_t, kMaxSlots>;
    // A half that hands on the other half's arrangements (tracks.cpp): where a
    // step of a position it expands would fix the rows in an arrangement of the
    // other half, the search calls `take` with the position and the step, and
    // leaves the step out.
    using HandOff = std::function<void(const Search&, const Cells& before, const Step& step)>;
    void hand_off_to(HandOff take) { hand_off_ = std::move(take); }
    // In a call of `take`: the steps of the line to the position being
    // expanded (a step of the stack: step(level) for level < depth()), of
    // which the first kept() are those of the line the last call was given.
    std::size_t depth() const { return frames_.size(); }
    const Step& step(std::size_t level) const { return taken(frames_[level]); }
    std::size_t kept() const { return kept_; }
    // ... and as actions.
    std::vector<Action> line_here() const { return path_actions(); }
    // The actions that make `steps`, taken in turn from the start.
    std::vector<Action> actions(const std::vector<Step>& steps) const;
    // A search of the steps handed on, each from its own position: enter()
    // makes the position before `step` the search's, with the one step to take
    // (not stored, not counted, as a search that took the step there itself);
    // run() then says NoWin when every position the step leads to is searched,
    // and enter() may start the next. The table and the count go on. A line
    // found starts with the step.
    void enter(const Cells& before, const Step& step);

    // Reports to `progress` while it runs, `before` positions counted already.
    void report_to(Progress* progress, std::uint64_t before) {
        progress_ = progress;
        progress_before_ = before;
    }
    std::vector<Action> line() const { return line_; }
    // In a pass that tracks it: the line to the position with most cards
    // placed, as the depth-first walk happened to reach it (often hundreds of
    // moves of detours) ...
    std::vector<Action> best_line() const { return best_line_; }
    // ... and a shortest line to that same position among the positions this
    // search stored, never through an avoided one (shortest.cpp). For a pass
    // without shuffles that does not count placed 2s (twos < 0, or 0: no
    // placed card moves), after run().
    std::vector<Action> shortest_best_line();
    // After run() said Won, the same for a win: a shortest line among the
    // stored positions to a won board, for the same passes; else line().
    std::vector<Action> shortest_won_line();
    int best_placed() const { return best_placed_; }
    Limit limit() const { return limit_; }
    std::uint64_t positions() const { return positions_; }
    std::size_t bytes() const {
        return table_.bytes() + cache_.bytes() + working_bytes() + saved_.capacity() * sizeof(SavedBoard);
    }
    std::size_t peak_bytes() const {
        return std::max(table_.peak_bytes(), table_.bytes() + shortest_bytes_) + cache_.bytes() + working_bytes() +
               saved_.capacity() * sizeof(SavedBoard);
    }

private:
    struct SavedBoard {
        std::array<std::uint8_t, kMaxSlots> cells;
    };

    // What the search holds besides the table and the saved boards.
    std::size_t working_bytes() const {
        return frames_.capacity() * sizeof(Level) + steps_.capacity() * sizeof(Step) + recent_dead_.size() * sizeof(Key);
    }
    // The step taken from a position on the stack.
    const Step& taken(const Level& level) const { return steps_[level.first + level.next - 1u]; }

    // Tables, not division: these run several times per position.
    int col(int slot) const { return col_[static_cast<std::size_t>(slot)]; }
    int row(int slot) const { return row_[static_cast<std::size_t>(slot)]; }
    static int rank(std::uint8_t code) { return code & 15; }

    // position.cpp
    void load(const Board& board);
    void load(const Cells& cells);
    Key key_of(const Board& board, int spent) const;
    void avoid(const std::vector<std::pair<Board, int>>& positions);
    Board board() const;
    void shuffle();
    void unshuffle();
    void generate(Frame& frame);
    // A pass that tracks the best position (the fair player's): keeps this one
    // if it has more cards placed than any before it.
    void note_best(int placed);

    // shortest.cpp: breadth first over the stored positions to the best one,
    // or to a won one; nothing when it does not walk them (a pass that counts
    // placed 2s or shuffles, more than kShortestMostPositions stored, stopped).
    enum class Goal { Best, Won };
    std::optional<std::vector<Action>> shortest_line(Goal target);

    // search.cpp
    bool hopeless() const;
    bool keep_live_arrangements();
    enum class Entry { Next, Won, Stop };  // what run() does after a position: go on, or return
    Entry enter_set(std::uint64_t until);
    Entry entered(std::uint64_t until);
    // A position counts once for each board and arrangement the dead-end test
    // looked at (keep_live_arrangements()), once if none.
    void count_tested() { positions_ += static_cast<std::uint64_t>(std::max(tested_, 1)); }
    // The slot of recent_dead_ a key takes.
    Key& recent_dead(const Key& key) { return recent_dead_[key.b & (recent_dead_.size() - 1)]; }
    // The gaps, as a set of slots.
    Slots gap_slots() const {
        Slots gaps = 0;
        for (std::uint8_t gap : gaps_) gaps |= Slots{1} << gap;
        return gaps;
    }
    bool locked_arrangement(const Step& step) const;
    bool dead_end_here();
    void expand();
    bool fixes_other_half(const Step& step);
    bool stops(std::uint64_t until);
    bool can_undo(const Step& step) const;
    bool safe_step(Step& step) const;
    bool twos_as_set() const;
    bool rows_fixed() const;
    // Whether positions with a full first column go to the cache (forgets_, and
    // the cache has room for a bucket), and whether this position is one.
    bool forgets() const { return forgets_ && cache_.on(); }
    bool forgettable() const { return forgets() && first_column_gaps() == 0; }
    bool other_half() const;
    Key stored_key() const;
    bool dominated(bool forgettable) const;
    // Whether `key` was stored: in the cache for a position with a full first
    // column (forgettable()), else in the table.
    bool seen(Key key, bool forgettable) const { return forgettable ? cache_.contains(key) : table_.contains(key); }
    std::vector<Action> path_actions() const;
    bool stopped() const {
        return (stop_ && stop_->load(std::memory_order_relaxed)) ||
               (limits_.stop && limits_.stop->load(std::memory_order_relaxed));
    }

    void move(std::uint8_t card, int from, int to) {
        const auto f = static_cast<std::size_t>(from);
        const auto t = static_cast<std::size_t>(to);
        cells_[f] = 0;
        cells_[t] = card;
        where_[card] = static_cast<std::uint8_t>(to);
        for (auto& gap : gaps_)
            if (gap == to) {
                gap = static_cast<std::uint8_t>(from);
                break;
            }
        flip(key_, kZobrist.cell[f][card]);
        flip(key_, kZobrist.cell[t][card]);
    }

    // In a pass that counts them, a move of a 2 (the base rank: an ace when the
    // aces stay) out of the first column changes the count, and the count is part
    // of the key: used[0] ^ used[count] (0 for a count of 0).
    void count_two(const Step& step, int by) {
        if (pass_.twos <= 0 || rank(step.card) != base_ || col(step.from) != 0) return;
        key_ = recounted(key_, used_, used_ + by);
        used_ += by;
    }

    void apply(const Step& step) {
        if (arrangements_as_set_) {
            // The mask before the step, and the one the step leaves (pruned
            // later by the dead-end test: undo() goes back through both).
            const std::uint32_t before = arrangements_;
            std::uint32_t after = before;
            if (step.aux & kAllArrangements) {
                after = pass_.half < 0 ? Arrangements::kAll : kArrangements.of_parity[static_cast<std::size_t>(parity_of(step))];
            } else if (step.aux == kKeeps || step.aux == kDrops) {
                const std::uint32_t with = kArrangements.with_suit[static_cast<std::size_t>(step.before >> 2)][step.before & 3u];
                after = before & (step.aux == kKeeps ? with : ~with);
            } else if (before != 0 && col(step.to) == 1) {
                // A card of rank b + 1 beside a base card: the arrangements with its suit in that row.
                after = before & kArrangements.with_suit[static_cast<std::size_t>(row(step.to))][static_cast<std::size_t>(step.card >> 4)];
            }
            masks_.push_back(MaskChange{before, after});
            if (after != before && before != 0) show_arrangement(after);
            arrangements_ = after;
            if (step.aux == kDrops) return;
        }
        if (step.card == 0) return shuffle();
        if (step.aux & kBrings2) {
            const int beside = step.to - 1;  // the first-column slot left of `to`
            if (step.aux & kMovesAside) move(cells_[static_cast<std::size_t>(beside)], beside, (step.after & 3) * width_);
            move(static_cast<std::uint8_t>(step.card - 1), step.before * width_, beside);
        } else if (step.aux & kArranges) {
            rearrange(step.aux & 0xFu, step.before, step.after, first_column_gap_row(), [this](int suit, int row) { shuttle(suit, row); });
        } else {
            count_two(step, +1);
        }
        move(step.card, step.from, step.to);
    }

    void undo(const Step& step) {
        std::uint32_t before = 0;
        if (arrangements_as_set_) {
            const MaskChange change = masks_.back();
            masks_.pop_back();
            // The board as the step left it, before any pruning changed the one shown.
            if (change.after != 0) show_arrangement(change.after);
            before = change.before;
            arrangements_ = before;
            if (step.aux == kDrops) return show_arrangement(before);
        }
        if (step.card == 0) return unshuffle();
        move(step.card, step.to, step.from);
        if (step.aux & kBrings2) {
            const int beside = step.to - 1;
            move(static_cast<std::uint8_t>(step.card - 1), beside, step.before * width_);
            if (step.aux & kMovesAside) {
                const int aside = (step.after & 3) * width_;
                move(cells_[static_cast<std::size_t>(aside)], aside, beside);
            }
        } else if (step.aux & kArranges) {
            rearrange(step.aux & 0xFu, step.after, step.before, row(step.to), [this](int suit, int row) { shuttle(suit, row); });
        } else {
            count_two(step, -1);
        }
        if (before != 0) show_arrangement(before);
    }

    // The parity of the arrangement a step of kArranges leaves: the 2s of its
    // suits in the rows `after` gives, its own in the row of `to`.
    int parity_of(const Step& step) const {
        std::array<int, kRows> suit_of_row{};
        for (int suit = 0; suit < 4; ++suit)
            if (step.aux >> suit & 1) suit_of_row[static_cast<std::size_t>(step.after >> (2 * suit) & 3)] = suit;
        suit_of_row[static_cast<std::size_t>(row(step.to))] = step.card >> 4;
        return arrangement_parity(suit_of_row);
    }

    // With the arrangements as a set: the board shows the first of `mask`
    // (base cards moved in the first column, the key with them).
    void show_arrangement(std::uint32_t mask) {
        const auto shown = static_cast<std::size_t>(std::countr_zero(mask));
        for (int r = 0; r < kRows; ++r) {
            const auto slot = static_cast<std::size_t>(r * width_);
            const auto card = static_cast<std::uint8_t>(kArrangements.suit_of_row[shown][static_cast<std::size_t>(r)] << 4 | base_);
            const std::uint8_t was = cells_[slot];
            if (was == card) continue;
            flip(key_, kZobrist.cell[slot][was]);
            flip(key_, kZobrist.cell[slot][card]);
            cells_[slot] = card;
            where_[card] = static_cast<std::uint8_t>(slot);
        }
    }

    // Moves the 2 of `suit`, standing in the first column, to the gap there in `row`.
    void shuttle(int suit, int row) {
        const auto two = static_cast<std::uint8_t>(suit << 4 | base_);
        move(two, where_[two], row * width_);
    }

    // The row of a gap in the first column (with kArranges there is one).
    int first_column_gap_row() const {
        for (std::uint8_t gap : gaps_)
            if (col(gap) == 0) return row(gap);
        return 0;
    }

    int first_column_gaps() const {
        int count = 0;
        for (std::uint8_t gap : gaps_) count += col(gap) == 0 ? 1 : 0;
        return count;
    }

    int placed_run(int row_number) const {
        const int start = row_number * width_;
        const std::uint8_t first = cells_[static_cast<std::size_t>(start)];
        if (first == 0 || rank(first) != base_) return 0;
        int run = 1;
        while (run < width_ && cells_[static_cast<std::size_t>(start + run)] == static_cast<std::uint8_t>(first + run))
            ++run;
        return run;
    }

    bool won() const {
        // Cheap test first: a won board has its last column empty.
        for (int r = 0; r < kRows; ++r)
            if (cells_[static_cast<std::size_t>(r * width_ + width_ - 1)] != 0) return false;
        if (arrangements_ != 0) return won_arrangement() >= 0;
        for (int r = 0; r < kRows; ++r)
            if (placed_run(r) != width_ - 1) return false;
        return true;
    }

    // With the arrangements as a set: the one of them in which the board is
    // won (-1: none), the rows past the first column being whole runs from
    // rank b + 1, one suit a row.
    int won_arrangement() const {
        std::array<int, kRows> suits{};
        for (int r = 0; r < kRows; ++r) {
            const std::uint8_t first = cells_[static_cast<std::size_t>(r * width_ + 1)];
            if (first == 0 || rank(first) != base_ + 1) return -1;
            for (int c = 2; c < width_ - 1; ++c)
                if (cells_[static_cast<std::size_t>(r * width_ + c)] != first + c - 1) return -1;
            suits[static_cast<std::size_t>(r)] = first >> 4;
        }
        const int index = kArrangements.index_of(suits);
        return index >= 0 && (arrangements_ >> index & 1) ? index : -1;
    }

    const Rules& rules_;
    const int width_;
    const int base_;  // the base rank: rows run from it
    const int size_;
    const std::uint64_t seed_;
    int spent_;
    const int first_shuffle_;
    const int last_shuffle_;
    const SolveLimits& limits_;
    const Pass pass_;
    // The first column's 2s are taken as a set once no shuffle can follow
    // (SolveLimits::twos_as_set, for the rules search.cpp names).
    const bool twos_as_set_;
    // Safe moves are made at once after the last shuffle (SolveLimits::safe_moves).
    const bool safe_moves_;
    // Dead ends are counted, not stored (SolveLimits::dead_ends_unstored).
    const bool dead_ends_unstored_;
    // Once the line has used its moves of placed 2s, the dead-end test takes the
    // first column's 2s as staying (SolveLimits::twos_stay_when_spent).
    const bool twos_stay_when_spent_;
    // Positions with no gap in the first column go to cache_, not the table
    // (SolveLimits::forget_full_columns).
    const bool forgets_;
    const Clock::time_point started_;
    const Layout layout_;
    const Board start_;
    std::array<std::uint8_t, kMaxSlots> col_{};
    std::array<std::uint8_t, kMaxSlots> row_{};

    // Once a step fixes the rows, the position stands for a set of their
    // arrangements (SolveLimits::arrangements_as_set; search.cpp).
    const bool arrangements_as_set_;
    // Those arrangements, as a mask of kArrangements (0: the board as it
    // stands); the board shows the first.
    std::uint32_t arrangements_ = 0;
    // For each step applied and not undone: the mask before it, and the one it
    // left before the dead-end test pruned it.
    struct MaskChange {
        std::uint32_t before = 0;
        std::uint32_t after = 0;
    };
    std::vector<MaskChange> masks_;
    int tested_ = 0;
    int used_ = 0;  // moves of placed 2s on the line so far, when the pass counts them
    std::array<std::uint8_t, kMaxSlots> cells_{};
    Cards where_{};
    std::array<std::uint8_t, kRows> gaps_{};
    Key key_;
    Cache cache_;
    Table table_;
    std::vector<Level> frames_;
    std::vector<Step> steps_;
    Frame scratch_;  // what generate() lists, before it goes on the stack
    std::vector<SavedBoard> saved_;
    std::uint64_t positions_ = 0;
    std::uint64_t next_check_ = 0x4000;  // the count at which stops() looks at the clock next
    // The dead ends found last, by the low bits of their keys: most dead ends
    // reached again are reached again soon (from a sibling), and a hit here
    // spares the test and the count (dead_ends_unstored_ only; 1 MB).
    std::vector<Key> recent_dead_;
    const std::atomic<bool>* stop_ = nullptr;
    Progress* progress_ = nullptr;
    std::uint64_t progress_before_ = 0;
    bool rooted_ = false;   // the start position is stored
    bool pending_ = false;  // the current position awaits its moves
    Limit limit_ = Limit::None;
    std::vector<Action> line_;
    std::vector<Action> best_line_;
    int best_placed_ = -1;
    Key best_key_;
    std::vector<Key> avoided_;       // the keys avoid() stored
    std::size_t shortest_bytes_ = 0; // what shortest_line() held besides the table
    bool shortening_ = false;        // in shortest_line(): generate() tracks nothing
    HandOff hand_off_;
    // The steps of the stack that no step taken has replaced since the last
    // hand-off (a step taken from position i replaces step i and all above).
    std::size_t kept_ = 0;
};

}  // namespace addiction::solver
