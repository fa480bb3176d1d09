// The fast position: how the search loads a board, keys it, shuffles it in
// place, and lists the legal steps from it, best first.
//
// The board is kept as bytes (card code per slot, slot per card code, the four
// gaps) so that a move is a few stores and two XORs of the key (keys.hpp); a
// shuffle goes through the engine's own shuffled() (deal.hpp), so the search
// sees exactly the boards a game would. Move ordering only changes which line
// is found first, never whether one is.
#include <algorithm>
#include <chrono>

#include "deal.hpp"
#include "search.hpp"

namespace addiction::solver {

const Zobrist kZobrist;

namespace {

Clock::time_point deadline_of(const SolveLimits& limits, Clock::time_point started) {
    if (limits.seconds <= 0) return Clock::time_point::max();
    return started + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits.seconds));
}

Board board_of(const std::array<std::uint8_t, kMaxSlots>& cells, const Rules& rules) {
    Board board(rules);
    for (int i = 0; i < board.size(); ++i) {
        const std::uint8_t code = cells[static_cast<std::size_t>(i)];
        if (code != 0) board.set(i, Card(static_cast<Suit>(code >> 4), code & 15));
    }
    return board;
}

}  // namespace

Search::Search(const Game& game, const SolveLimits& limits, const Pass& pass, Clock::time_point started)
    : rules_(game.rules()),
      width_(game.rules().width()),
      base_(game.rules().base_rank()),
      size_(kRows * game.rules().width()),
      seed_(game.deal().seed),
      spent_(game.shuffles_spent()),
      first_shuffle_(game.shuffles_spent() + 1),
      last_shuffle_(pass.shuffles ? game.rules().shuffles : game.shuffles_spent()),
      limits_(limits),
      pass_(pass),
      twos_as_set_(limits.twos_as_set && pass.twos < 0 && !pass.track_best && limits.avoid.empty() &&
                   game.rules().fill == Fill::SameSuitNext && !game.rules().fill_from_right),
      safe_moves_(limits.safe_moves && !pass.track_best && limits.avoid.empty() &&
                  game.rules().fill == Fill::SameSuitNext && !game.rules().fill_from_right),
      dead_ends_unstored_(limits.dead_ends_unstored && limits.dead_ends && dead_ends_apply(game.rules()) && !pass.track_best),
      twos_stay_when_spent_(limits.twos_stay_when_spent && pass.twos >= 0),
      forgets_(limits.forget_full_columns && !pass.track_best && limits.avoid.empty() &&
               game.rules().fill == Fill::SameSuitNext && !game.rules().fill_from_right),
      started_(started),
      layout_(game.rules().width(), game.rules().base_rank(), game.rules().fill == Fill::SameSuitHigher),
      start_(game.board()),
      arrangements_as_set_(limits.arrangements_as_set && twos_as_set_),
      // A third of the memory at most for the cache: most of a proof's
      // positions go there, but a forgotten one costs only a repeat.
      cache_(!forgets_ ? 0 : limits.cache_keys > 0 ? limits.cache_keys : Cache::keys_within(limits.memory_bytes / 3)),
      table_(limits.memory_bytes - std::min(limits.memory_bytes, cache_.most_bytes()), deadline_of(limits, started)) {
    for (int slot = 0; slot < size_; ++slot) {
        col_[static_cast<std::size_t>(slot)] = static_cast<std::uint8_t>(slot % width_);
        row_[static_cast<std::size_t>(slot)] = static_cast<std::uint8_t>(slot / width_);
    }
    if (dead_ends_unstored_) recent_dead_.resize(std::size_t{1} << 16);
    load(game.board());
    table_.stop_when(limits.stop, nullptr);
    avoid(limits.avoid);
}

void Search::load(const Board& board) {
    Cells cells{};
    for (int i = 0; i < size_; ++i) cells[static_cast<std::size_t>(i)] = board.at(i).code();
    load(cells);
}

void Search::load(const Cells& cells) {
    where_.fill(kNowhere);
    key_ = kZobrist.spent[static_cast<std::size_t>(spent_)];
    int gaps = 0;
    for (int i = 0; i < size_; ++i) {
        const auto slot = static_cast<std::size_t>(i);
        const std::uint8_t code = cells[slot];
        cells_[slot] = code;
        if (code == 0) {
            // A shuffle always leaves exactly four gaps (deal.hpp); guard anyway.
            if (gaps < kRows) gaps_[static_cast<std::size_t>(gaps++)] = static_cast<std::uint8_t>(i);
            continue;
        }
        where_[code] = static_cast<std::uint8_t>(i);
        flip(key_, kZobrist.cell[slot][code]);
    }
}

Key Search::key_of(const Board& board, int spent) const {
    Key key = kZobrist.spent[static_cast<std::size_t>(spent)];
    for (int i = 0; i < size_; ++i)
        if (const std::uint8_t code = board.at(i).code(); code != 0)
            flip(key, kZobrist.cell[static_cast<std::size_t>(i)][code]);
    return key;
}

// Avoided positions are stored before the search starts, so it takes them for
// positions searched already and never enters them. In a pass that counts the
// moves of placed 2s, the count is part of the key: every count is stored, so
// a board is avoided however many such moves led to it (and dominated() finds
// it too). Positions this pass cannot reach (other shuffle counts, another
// width) are left out, and the start position is never avoided.
void Search::avoid(const std::vector<std::pair<Board, int>>& positions) {
    for (const auto& [board, spent] : positions) {
        if (board.width() != width_ || spent < spent_ || spent > last_shuffle_) continue;
        const Key key = key_of(board, spent);
        if (key == key_) continue;
        const int counts = pass_.twos > 0 ? pass_.twos : 0;
        for (int used = 0; used <= counts; ++used) {
            const Key counted = recounted(key, 0, used);
            if (table_.insert(counted) == Table::Insert::Full) return;
            avoided_.push_back(counted);
        }
    }
}

Board Search::board() const { return board_of(cells_, rules_); }

void Search::shuffle() {
    saved_.push_back(SavedBoard{cells_});
    Board after = shuffled(board(), rules_, seed_, spent_ + 1);
    ++spent_;
    load(after);
}

void Search::unshuffle() {
    Board before = board_of(saved_.back().cells, rules_);
    saved_.pop_back();
    --spent_;
    load(before);
}

void Search::note_best(int placed) {
    if (!pass_.track_best || shortening_ || placed <= best_placed_) return;
    best_placed_ = placed;
    best_line_ = path_actions();
    best_key_ = key_;
}

// The legal steps from here, best first. Every legal step is kept, except in a
// pass that limits the moves of placed 2s, whose failure proves nothing.
void Search::generate(Frame& frame) {
    frame.other_count = 0;
    std::array<int, kRows> run{};
    for (int row = 0; row < kRows; ++row) run[static_cast<std::size_t>(row)] = placed_run(row);

    std::array<int, kMaxSteps> score{};
    int n = 0;
    // The worth of placing `card` at `to`, and any run of its successors already waiting beyond it.
    auto placing = [&](int card, int to) {
        int value = 100;
        for (int next = to + 1, want = card + 1;
             col(next) != 0 && next < size_ && cells_[static_cast<std::size_t>(next)] == want; ++next, ++want)
            value += 20;
        return value;
    };
    auto add = [&](std::uint8_t card, int to) {
        const int from = where_[card];
        const int from_row = row(from);
        const int from_col = col(from);
        const bool from_placed = from_col < run[static_cast<std::size_t>(from_row)];
        if (from_placed && pass_.twos >= 0 && used_ >= pass_.twos) return;
        int value = 0;
        // With the other fill rules a card right after a run need not continue it.
        const bool continues = col(to) == 0 ? rank(card) == base_ : cells_[static_cast<std::size_t>(to - 1)] + 1 == card;
        if (col(to) == run[static_cast<std::size_t>(row(to))] && (rules_.fill == Fill::SameSuitNext || continues))
            value += placing(card, to);
        // Moving a placed 2 un-places its whole run: the longer, the worse.
        if (from_placed) value -= 20 * run[static_cast<std::size_t>(from_row)];
        if (from_col == 0) {
            value += 10;  // a gap in the first column takes any card of the base rank
        } else {
            const std::uint8_t left = from - 1 == to ? card : cells_[static_cast<std::size_t>(from - 1)];
            if (left == 0 || rank(left) == rules_.ranks) value -= 30;  // the gap it leaves is dead
        }
        frame.steps[static_cast<std::size_t>(n)] =
            Step{card, static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
        score[static_cast<std::size_t>(n)] = value;
        ++n;
    };
    std::array<std::uint8_t, kRows> gaps = gaps_;
    std::sort(gaps.begin(), gaps.end());  // board order, whatever order moves left them in
    // With the first column's 2s taken as a set, a gap in the second column
    // takes the 3 of any 2 there: the step brings that 2 beside the gap first
    // (moving the 2 standing there, if any, to another first-column gap).
    const bool as_set = twos_as_set();
    auto bring_two = [&](int to) {
        const int beside = to - 1;
        const std::uint8_t there = cells_[static_cast<std::size_t>(beside)];
        if (there != 0 && rank(there) != base_) return;  // another card holds the slot for good
        int aside = -1;
        if (there != 0)
            for (std::uint8_t gap : gaps)
                if (col(gap) == 0) {
                    aside = gap;
                    break;
                }
        if (there != 0 && aside < 0) return;
        for (int suit = 0; suit < 4; ++suit) {
            const auto two = static_cast<std::uint8_t>(suit << 4 | base_);
            const int from_two = where_[two];
            if (two == there || col(from_two) != 0) continue;
            const auto card = static_cast<std::uint8_t>(two + 1);
            Step step{card, where_[card], static_cast<std::uint8_t>(to), kBrings2, static_cast<std::uint8_t>(row(from_two)), 0};
            if (there != 0) {
                step.aux |= kMovesAside;
                step.after = static_cast<std::uint8_t>(row(aside) | (there >> 4) << 2);  // the row, and the 2's suit
            }
            frame.steps[static_cast<std::size_t>(n)] = step;
            score[static_cast<std::size_t>(n)] = placing(card, to);
            ++n;
        }
    };
    // With the 2s taken as a set and one first-column gap, a 2 coming into it
    // fixes the arrangement: one step for each arrangement the set can take
    // first (every order of the 2s over the rows that hold 2s or the gap).
    auto fill_last_gap = [&]() {
        unsigned suits = 0;
        std::uint8_t before = 0;
        for (int suit = 0; suit < 4; ++suit) {
            const int at = where_[static_cast<std::uint8_t>(suit << 4 | base_)];
            if (col(at) != 0) continue;
            suits |= 1u << suit;
            before = static_cast<std::uint8_t>(before | row(at) << (2 * suit));
        }
        std::array<int, kRows> rows{};  // the rows that hold a 2 or the gap, in order
        int count = 0;
        for (int r = 0; r < kRows; ++r) {
            const std::uint8_t there = cells_[static_cast<std::size_t>(r * width_)];
            if (there == 0 || rank(there) == base_) rows[static_cast<std::size_t>(count++)] = r;
        }
        if (arrangements_as_set_ && count == kRows) {
            // The step fixes the rows: one step for all the arrangements of a
            // half (search.cpp, "Arrangements as a set"), showing the first.
            std::uint8_t two = 0;
            for (int suit = 0; suit < 4; ++suit)
                if (!(suits >> suit & 1)) two = static_cast<std::uint8_t>(suit << 4 | base_);
            for (int parity = 0; parity < 2; ++parity) {
                const std::uint32_t mask = pass_.half < 0 ? Arrangements::kAll : kArrangements.of_parity[static_cast<std::size_t>(parity)];
                const auto shown = static_cast<std::size_t>(std::countr_zero(mask));
                const auto& row_of = kArrangements.row_of_suit[shown];
                std::uint8_t after = 0;
                for (int suit = 0; suit < 4; ++suit)
                    if (suits >> suit & 1) after = static_cast<std::uint8_t>(after | row_of[static_cast<std::size_t>(suit)] << (2 * suit));
                const int r = row_of[static_cast<std::size_t>(two >> 4)];
                const Step step{two, where_[two], static_cast<std::uint8_t>(r * width_),
                                static_cast<std::uint8_t>(kArranges | kAllArrangements | suits), before, after};
                if (pass_.half >= 0 && parity != pass_.half) {
                    if (hand_off_) frame.others[frame.other_count++] = step;
                    continue;
                }
                frame.steps[static_cast<std::size_t>(n)] = step;
                score[static_cast<std::size_t>(n)] = 10;
                ++n;
                if (pass_.half < 0) break;
            }
            return;
        }
        for (int suit = 0; suit < 4; ++suit) {
            const auto two = static_cast<std::uint8_t>(suit << 4 | base_);
            if (col(where_[two]) == 0) continue;
            // rows[k] is the row of the k-th 2 in suit order, the last being this one.
            std::array<int, kRows> order = rows;
            do {
                std::uint8_t after = 0;
                int k = 0;
                int value = 10;
                for (int other = 0; other < 4; ++other) {
                    if (!(suits >> other & 1)) continue;
                    const int r = order[static_cast<std::size_t>(k++)];
                    after = static_cast<std::uint8_t>(after | r << (2 * other));
                    if (cells_[static_cast<std::size_t>(r * width_ + 1)] == (other << 4 | (base_ + 1))) value += 100;
                }
                const int r = order[static_cast<std::size_t>(k)];
                const Step step{two, where_[two], static_cast<std::uint8_t>(r * width_),
                                static_cast<std::uint8_t>(kArranges | suits), before, after};
                if (pass_.half >= 0 && count == kRows) {
                    // The rows are fixed by this step: a half lists its own
                    // arrangements only, and sets aside the others where it hands
                    // them on (expand()).
                    std::array<int, kRows> suit_of_row{};
                    int j = 0;
                    for (int other = 0; other < 4; ++other)
                        if (suits >> other & 1) suit_of_row[static_cast<std::size_t>(order[static_cast<std::size_t>(j++)])] = other;
                    suit_of_row[static_cast<std::size_t>(r)] = suit;
                    if (arrangement_parity(suit_of_row) != pass_.half) {
                        if (hand_off_) frame.others[frame.other_count++] = step;
                        continue;
                    }
                }
                if (cells_[static_cast<std::size_t>(r * width_ + 1)] == two + 1) value += 100;
                frame.steps[static_cast<std::size_t>(n)] = step;
                score[static_cast<std::size_t>(n)] = value;
                ++n;
            } while (std::next_permutation(order.begin(), order.begin() + count));
        }
    };
    const bool last_gap = as_set && first_column_gaps() == 1;
    // The same rules as Board::fits (board.hpp states them), card codes being
    // suit << 4 | rank.
    const bool from_right_in_first = rules_.fill_from_right && rules_.right_fills_first_column;
    for (std::uint8_t gap : gaps) {
        const int to = gap;
        std::uint8_t left = 0;
        if (col(to) == 0 && last_gap) {
            fill_last_gap();
        } else if (col(to) == 0) {
            for (int suit = 0; suit < 4; ++suit) {
                const auto two = static_cast<std::uint8_t>(suit << 4 | base_);
                // Taken as a set, a 2 moving within the first column stays where it is.
                if (!as_set || col(where_[two]) != 0) add(two, to);
            }
        } else {
            left = cells_[static_cast<std::size_t>(to - 1)];
            if (arrangements_ != 0 && col(to) == 1) {
                // Beside the first column's base card: the next card of each
                // suit some arrangement of the set puts in that row.
                for (int suit = 0; suit < 4; ++suit)
                    if (arrangements_ & kArrangements.with_suit[static_cast<std::size_t>(row(to))][static_cast<std::size_t>(suit)])
                        add(static_cast<std::uint8_t>(suit << 4 | (base_ + 1)), to);
            } else if (left != 0 && rank(left) < rules_.ranks) {
                switch (rules_.fill) {
                    case Fill::SameSuitNext: add(static_cast<std::uint8_t>(left + 1), to); break;
                    case Fill::AnySuitNext:
                        for (int suit = 0; suit < 4; ++suit) add(static_cast<std::uint8_t>(suit << 4 | (rank(left) + 1)), to);
                        break;
                    case Fill::SameSuitHigher:
                        for (int r = rank(left) + 1; r <= rules_.ranks; ++r)
                            add(static_cast<std::uint8_t>((left & 0xF0) | r), to);
                        break;
                }
            }
        }
        if (as_set && col(to) == 1) bring_two(to);
        if ((col(to) > 0 ? rules_.fill_from_right : from_right_in_first) && col(to) + 1 < width_) {
            const std::uint8_t right = cells_[static_cast<std::size_t>(to + 1)];
            if (right != 0 && rank(right) > base_) {
                const auto card = static_cast<std::uint8_t>(right - 1);
                // Skip a card added already: one of the base rank in the first column, or one the left rule gave.
                bool added = col(to) == 0 && rank(card) == base_;
                if (left != 0 && rank(left) < rules_.ranks) {
                    switch (rules_.fill) {
                        case Fill::SameSuitNext: added = added || left + 1 == card; break;
                        case Fill::AnySuitNext: added = added || rank(left) + 1 == rank(card); break;
                        case Fill::SameSuitHigher: added = added || ((left & 0xF0) == (card & 0xF0) && card > left); break;
                    }
                }
                if (!added) add(card, to);
            }
        }
    }
    // Insertion sort, stable, so ties keep board order and results stay deterministic.
    for (int i = 1; i < n; ++i) {
        for (int j = i; j > 0 && score[static_cast<std::size_t>(j)] > score[static_cast<std::size_t>(j - 1)]; --j) {
            std::swap(score[static_cast<std::size_t>(j)], score[static_cast<std::size_t>(j - 1)]);
            std::swap(frame.steps[static_cast<std::size_t>(j)], frame.steps[static_cast<std::size_t>(j - 1)]);
        }
    }
    // Start fetching the children's table slots now; the misses overlap. (With
    // the 2s taken as a set, the key stored differs from key_ by the 2s' terms:
    // close enough for a hint to the processor's cache.)
    Key stored = stored_key();
    flip(stored, key_);
    const bool forgets = this->forgets();
    const int column_gaps = forgets ? first_column_gaps() : 1;
    for (int i = 0; i < n; ++i) {
        const Step& step = frame.steps[static_cast<std::size_t>(i)];
        Key child = key_;
        flip(child, stored);
        flip(child, kZobrist.cell[step.from][step.card]);
        flip(child, kZobrist.cell[step.to][step.card]);
        // A child with a full first column is looked up in the cache (a step
        // that moves 2s within the first column first keeps its gaps).
        if (forgets && column_gaps - (col(step.to) == 0 ? 1 : 0) + (col(step.from) == 0 ? 1 : 0) == 0) {
            cache_.prefetch(child);
        } else {
            table_.prefetch(child);
        }
        // And its line in recent_dead_, looked at before the table (1 MB: a miss
        // to memory there stalled the search for 12% of gaps deal 21's time).
        if (dead_ends_unstored_) __builtin_prefetch(&recent_dead(child));
        // In a pass that counts placed 2s moved, dominated() looks the child up
        // with each smaller count too: waiting for those misses took 15% of a
        // deep search's time (gaps deal 46), so start them now as well.
        for (int fewer = 0; fewer < used_; ++fewer) table_.prefetch(recounted(child, used_, fewer));
    }
    // A shuffle last: moves are free and shuffles are not.
    if (spent_ < last_shuffle_) frame.steps[static_cast<std::size_t>(n++)] = Step{};
    frame.count = static_cast<std::uint8_t>(n);
    frame.next = 0;
}

}  // namespace addiction::solver
