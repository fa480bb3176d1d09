#include "solver.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <exception>
#include <memory>
#include <thread>

#include "deal.hpp"
#include "random.hpp"
#include "solver_table.hpp"

namespace addiction {
namespace {

using solver::Key;
using solver::Table;
using Clock = std::chrono::steady_clock;

// Card codes (Card::code(): suit << 4 | rank) stay below 64; 0 is a gap.
constexpr int kCodes = 64;
constexpr std::uint8_t kNowhere = 0xFF;

// One step of a line: a move of `card` from `from` to `to`, or a shuffle when
// card is 0. Three bytes, so a frame of the search stack stays small.
struct Step {
    std::uint8_t card = 0;
    std::uint8_t from = 0;
    std::uint8_t to = 0;
};

// A gap takes at most 5 cards (the 2s in the first column, and with
// fill_from_right the card before its right neighbour); there are 4 gaps, and
// one shuffle.
constexpr int kMaxSteps = kRows * 5 + 1;

struct Frame {
    std::array<Step, kMaxSteps> steps;
    std::uint8_t count = 0;
    std::uint8_t next = 0;
};

// Random keys for Zobrist hashing: a position's key is the XOR of one key per
// (slot, card) and one per number of shuffles spent, so a move updates it with
// two XORs. Fixed seed: the same position has the same key everywhere.
struct Zobrist {
    std::array<std::array<Key, kCodes>, kMaxSlots> cell{};
    std::array<Key, kMaxShuffles + 1> spent{};
    std::array<Key, 8> used{};  // placed 2s moved so far, in a pass that counts them

    Zobrist() {
        std::uint64_t seed = 0x6164646963746E31ULL;  // "addictn1"
        auto next = [&] { return Key{splitmix64(seed), splitmix64(seed)}; };
        for (auto& slot : cell)
            for (auto& key : slot) key = next();
        for (auto& key : spent) key = next();
        for (auto& key : used) key = next();
    }
};

// Built before main(), so reading it needs no guard on the search's hot path.
const Zobrist kZobrist;

const Zobrist& zobrist() { return kZobrist; }

void flip(Key& key, const Key& by) {
    key.a ^= by.a;
    key.b ^= by.b;
}

// Calls SolveLimits::progress at most every kProgressEvery seconds. A search
// asks it every few thousand positions, so it costs a clock read then, and
// nothing when there is no callback.
constexpr double kProgressEvery = 0.1;

class Progress {
public:
    Progress(const SolveLimits& limits, Clock::time_point started) : limits_(limits), started_(started) {}

    bool wanted() const { return static_cast<bool>(limits_.progress); }

    void report(std::uint64_t positions, std::size_t bytes, std::uint64_t complete = 0, std::uint64_t limited = 0) {
        if (!wanted()) return;
        const auto now = Clock::now();
        if (now - last_ < std::chrono::duration<double>(kProgressEvery)) return;
        last_ = now;
        SolveProgress p;
        p.seconds = std::chrono::duration<double>(now - started_).count();
        p.positions = positions;
        p.positions_per_second = p.seconds > 0 ? static_cast<double>(positions) / p.seconds : 0;
        p.bytes = bytes;
        p.memory_limit = limits_.memory_bytes;
        p.complete_positions = complete;
        p.limited_positions = limited;
        limits_.progress(p);
    }

private:
    const SolveLimits& limits_;
    const Clock::time_point started_;
    Clock::time_point last_{};
};

struct Pass {
    int twos = -1;  // moves of a placed 2 out of the first column allowed on a line; -1: any
    bool shuffles = true;
    bool track_best = false;  // remember the line to the position with most cards placed
    std::uint64_t budget = 0;  // positions this pass may store (run_pass); 0 means no budget
};

// One depth-first search over the positions reachable from a start.
class Search {
public:
    Search(const Game& game, const SolveLimits& limits, const Pass& pass, Clock::time_point started)
        : rules_(game.rules()),
          width_(game.rules().width()),
          size_(kRows * game.rules().width()),
          seed_(game.deal().seed),
          spent_(game.shuffles_spent()),
          first_shuffle_(game.shuffles_spent() + 1),
          last_shuffle_(pass.shuffles ? game.rules().shuffles : game.shuffles_spent()),
          limits_(limits),
          pass_(pass),
          started_(started),
          table_(limits.memory_bytes,
                 limits.seconds > 0 ? started + std::chrono::duration_cast<Clock::duration>(
                                                   std::chrono::duration<double>(limits.seconds))
                                    : Clock::time_point::max()) {
        for (int row = 0; row < kRows; ++row) {
            first_column_ |= std::uint64_t{1} << (row * width_);
            last_column_ |= std::uint64_t{1} << (row * width_ + width_ - 1);
            for (int c = 0; c < width_; ++c) {
                const auto slot = static_cast<std::size_t>(row * width_ + c);
                column_[static_cast<std::size_t>(c)] |= std::uint64_t{1} << slot;
                col_[slot] = static_cast<std::uint8_t>(c);
                row_[slot] = static_cast<std::uint8_t>(row);
            }
        }
        load(game.board());
        table_.stop_when(limits.stop, nullptr);
        avoid(limits.avoid);
    }

    // Searches on until it decides, or until `until` positions are stored in
    // all (0: no such stop), or a limit. Won, NoWin or Undecided (with limit_
    // set); after an Undecided at `until`, run() again goes on from there.
    Verdict run(std::uint64_t until);

    // Another thread may ask the search to stop (run() then says "stopped"),
    // through this flag or SolveLimits::stop.
    void stop_when(const std::atomic<bool>* flag) {
        stop_ = flag;
        table_.stop_when(limits_.stop, flag);
    }
    // Reports to `progress` while it runs, `before` positions counted already.
    void report_to(Progress* progress, std::uint64_t before) {
        progress_ = progress;
        progress_before_ = before;
    }
    std::vector<Action> line() const { return line_; }
    std::vector<Action> best_line() const { return best_line_; }
    int best_placed() const { return best_placed_; }
    const std::string& limit() const { return limit_; }
    std::uint64_t positions() const { return positions_; }
    std::size_t bytes() const {
        return table_.bytes() + frames_.capacity() * sizeof(Frame) + saved_.capacity() * sizeof(SavedBoard);
    }
    std::size_t peak_bytes() const {
        return table_.peak_bytes() + frames_.capacity() * sizeof(Frame) +
               saved_.capacity() * sizeof(SavedBoard);
    }

private:
    struct SavedBoard {
        std::array<std::uint8_t, kMaxSlots> cells;
    };

    // Tables, not division: these run several times per position.
    int col(int slot) const { return col_[static_cast<std::size_t>(slot)]; }
    int row(int slot) const { return row_[static_cast<std::size_t>(slot)]; }
    static int rank(std::uint8_t code) { return code & 15; }

    void load(const Board& board);
    Key key_of(const Board& board, int spent) const;
    void avoid(const std::vector<std::pair<Board, int>>& positions);
    bool stopped() const {
        return (stop_ && stop_->load(std::memory_order_relaxed)) ||
               (limits_.stop && limits_.stop->load(std::memory_order_relaxed));
    }
    Board board() const;
    void move(std::uint8_t card, int from, int to);
    void count_two(const Step& step, int by);
    void apply(const Step& step);
    void undo(const Step& step);
    int placed_run(int row) const;
    bool won() const;
    void generate(Frame& frame);
    bool hopeless() const;
    bool dominated() const;
    bool finish_impossible(const std::array<std::uint64_t, 64>& loc) const;
    std::vector<Action> path_actions() const;

    const Rules& rules_;
    const int width_;
    const int size_;
    const std::uint64_t seed_;
    int spent_;
    const int first_shuffle_;
    const int last_shuffle_;
    const SolveLimits& limits_;
    const Pass pass_;
    const Clock::time_point started_;
    std::uint64_t first_column_ = 0;  // slots, as bits
    std::uint64_t last_column_ = 0;
    std::array<std::uint64_t, kMaxRanks> column_{};
    std::array<std::uint8_t, kMaxSlots> col_{};
    std::array<std::uint8_t, kMaxSlots> row_{};

    int used_ = 0;  // moves of placed 2s on the line so far, when the pass counts them
    std::array<std::uint8_t, kMaxSlots> cells_{};
    std::array<std::uint8_t, kCodes> where_{};
    std::array<std::uint8_t, kRows> gaps_{};
    Key key_;
    Table table_;
    std::vector<Frame> frames_;
    std::vector<SavedBoard> saved_;
    std::uint64_t positions_ = 0;
    const std::atomic<bool>* stop_ = nullptr;
    Progress* progress_ = nullptr;
    std::uint64_t progress_before_ = 0;
    bool rooted_ = false;   // the start position is stored
    bool pending_ = false;  // the current position awaits its moves
    std::string limit_;
    std::vector<Action> line_;
    std::vector<Action> best_line_;
    int best_placed_ = -1;
};

void Search::load(const Board& board) {
    where_.fill(kNowhere);
    key_ = zobrist().spent[static_cast<std::size_t>(spent_)];
    int gaps = 0;
    for (int i = 0; i < size_; ++i) {
        const std::uint8_t code = board.at(i).code();
        const auto slot = static_cast<std::size_t>(i);
        cells_[slot] = code;
        if (code == 0) {
            // A shuffle always leaves exactly four gaps (deal.hpp); guard anyway.
            if (gaps < kRows) gaps_[static_cast<std::size_t>(gaps++)] = static_cast<std::uint8_t>(i);
            continue;
        }
        where_[code] = static_cast<std::uint8_t>(i);
        flip(key_, zobrist().cell[slot][code]);
    }
}

Key Search::key_of(const Board& board, int spent) const {
    Key key = zobrist().spent[static_cast<std::size_t>(spent)];
    for (int i = 0; i < size_; ++i)
        if (const std::uint8_t code = board.at(i).code(); code != 0)
            flip(key, zobrist().cell[static_cast<std::size_t>(i)][code]);
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
            Key counted = key;
            flip(counted, zobrist().used[0]);
            flip(counted, zobrist().used[static_cast<std::size_t>(used)]);
            if (table_.insert(counted) == Table::Insert::Full) return;
        }
    }
}

Board Search::board() const {
    Board board(width_);
    for (int i = 0; i < size_; ++i) {
        const std::uint8_t code = cells_[static_cast<std::size_t>(i)];
        if (code != 0) board.set(i, Card(static_cast<Suit>(code >> 4), code & 15));
    }
    return board;
}

void Search::move(std::uint8_t card, int from, int to) {
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
    flip(key_, zobrist().cell[f][card]);
    flip(key_, zobrist().cell[t][card]);
}

// In a pass that counts them, a move of a 2 out of the first column changes
// the count, and the count is part of the key.
void Search::count_two(const Step& step, int by) {
    if (pass_.twos <= 0 || rank(step.card) != 2 || col(step.from) != 0) return;
    flip(key_, zobrist().used[static_cast<std::size_t>(used_)]);
    used_ += by;
    flip(key_, zobrist().used[static_cast<std::size_t>(used_)]);
}

void Search::apply(const Step& step) {
    if (step.card != 0) {
        count_two(step, +1);
        move(step.card, step.from, step.to);
        return;
    }
    saved_.push_back(SavedBoard{cells_});
    Board after = shuffled(board(), rules_, seed_, spent_ + 1);
    ++spent_;
    load(after);
}

void Search::undo(const Step& step) {
    if (step.card != 0) {
        count_two(step, -1);
        move(step.card, step.to, step.from);
        return;
    }
    Board before(width_);
    for (int i = 0; i < size_; ++i) {
        const std::uint8_t code = saved_.back().cells[static_cast<std::size_t>(i)];
        if (code != 0) before.set(i, Card(static_cast<Suit>(code >> 4), code & 15));
    }
    saved_.pop_back();
    --spent_;
    load(before);
}

int Search::placed_run(int row) const {
    const int start = row * width_;
    const std::uint8_t first = cells_[static_cast<std::size_t>(start)];
    if (first == 0 || rank(first) != 2) return 0;
    int run = 1;
    while (run < width_ && cells_[static_cast<std::size_t>(start + run)] == static_cast<std::uint8_t>(first + run))
        ++run;
    return run;
}

bool Search::won() const {
    // Cheap test first: a won board has its last column empty.
    for (int row = 0; row < kRows; ++row)
        if (cells_[static_cast<std::size_t>(row * width_ + width_ - 1)] != 0) return false;
    for (int row = 0; row < kRows; ++row)
        if (placed_run(row) != width_ - 1) return false;
    return true;
}

// The legal steps from here, best first. Ordering only changes which line is
// found first, never whether one is: every legal step is kept, except in a
// pass that limits the moves of placed 2s, whose failure proves nothing.
void Search::generate(Frame& frame) {
    std::array<int, kRows> run{};
    int placed = 0;
    for (int row = 0; row < kRows; ++row) {
        run[static_cast<std::size_t>(row)] = placed_run(row);
        placed += run[static_cast<std::size_t>(row)];
    }
    if (pass_.track_best && placed > best_placed_) {
        best_placed_ = placed;
        best_line_ = path_actions();
    }

    std::array<int, kMaxSteps> score{};
    int n = 0;
    auto add = [&](std::uint8_t card, int to) {
        const int from = where_[card];
        const int from_row = row(from);
        const int from_col = col(from);
        const bool from_placed = from_col < run[static_cast<std::size_t>(from_row)];
        if (from_placed && pass_.twos >= 0 && used_ >= pass_.twos) return;
        int value = 0;
        if (col(to) == run[static_cast<std::size_t>(row(to))]) {
            // Places the card, and any run of its successors already waiting beyond it.
            value += 100;
            for (int next = to + 1, want = card + 1; col(next) != 0 && next < size_ &&
                                                     cells_[static_cast<std::size_t>(next)] == want;
                 ++next, ++want)
                value += 20;
        }
        // Moving a placed 2 un-places its whole run: the longer, the worse.
        if (from_placed) value -= 20 * run[static_cast<std::size_t>(from_row)];
        if (from_col == 0) {
            value += 10;  // a gap in the first column takes any 2
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
    for (std::uint8_t gap : gaps) {
        const int to = gap;
        std::uint8_t left = 0;
        if (col(to) == 0) {
            for (int suit = 0; suit < 4; ++suit) add(static_cast<std::uint8_t>(suit << 4 | 2), to);
        } else {
            left = cells_[static_cast<std::size_t>(to - 1)];
            if (left != 0 && rank(left) < rules_.ranks) add(static_cast<std::uint8_t>(left + 1), to);
        }
        if (rules_.fill_from_right && col(to) + 1 < width_) {
            const std::uint8_t right = cells_[static_cast<std::size_t>(to + 1)];
            if (right != 0 && rank(right) > 2) {
                const auto card = static_cast<std::uint8_t>(right - 1);
                // Skip a card added already: a 2 in the first column, or the left neighbour's successor.
                const bool added = (col(to) == 0 && rank(card) == 2) || (left != 0 && left + 1 == card);
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
    // Start fetching the children's table slots now; the misses overlap.
    for (int i = 0; i < n; ++i) {
        const Step& step = frame.steps[static_cast<std::size_t>(i)];
        Key child = key_;
        flip(child, zobrist().cell[step.from][step.card]);
        flip(child, zobrist().cell[step.to][step.card]);
        table_.prefetch(child);
    }
    // A shuffle last: moves are free and shuffles are not.
    if (spent_ < last_shuffle_) frame.steps[static_cast<std::size_t>(n++)] = Step{};
    frame.count = static_cast<std::uint8_t>(n);
    frame.next = 0;
}

// Proof-safe dead end: no reachable board can put every card where a won board
// needs it. Only used when the search will not shuffle from here on.
//
// An over-approximation of every future: for each card a set loc(Y) of slots
// it may ever occupy; a slot "may be a gap" when it is one now or its card may
// move (the only way a slot becomes a gap for the first time). They are the
// least sets closed under these rules:
// loc(Y) holds Y's slot now; a 2 may move to any other first-column slot that
// may be a gap; any other card Y to any slot l + 1 (same row) that may be a gap,
// for l in loc(Y - 1); a card that has such a target may move, and loc(Y) holds
// its targets. Claim: in every play from here, each card stays within loc and
// only cards marked as movable move. Take the first move that breaks this, Y to
// slot z: z is a gap then, so it was a gap now or its card has moved (and was
// marked); for a card above a 2, Y - 1 stands left of z, at a slot of loc(Y - 1)
// since no earlier move broke the claim. Then z is a target of Y by the rules,
// so the move breaks nothing: a contradiction. A won board holds the card of
// rank r in column r - 2 (from 0), each suit in one row, one suit to a row. So
// when some card has no such slot in loc, or the rows where each suit could
// finish cannot be given one to a suit, no win is reachable. (With
// fill_from_right a card can also move left of its successor; the rules above
// do not cover that, so the test is off then.)
bool Search::hopeless() const {
    if (rules_.fill_from_right || !limits_.dead_ends) return false;
    const int ranks = rules_.ranks;
    std::uint64_t may_gap = 0;
    for (std::uint8_t gap : gaps_) may_gap |= std::uint64_t{1} << gap;
    std::array<std::uint64_t, kCodes> loc{};
    std::array<std::uint64_t, kCodes> here{};
    int unplaceable = 0;  // cards with no slot of their final column in loc
    for (int suit = 0; suit < 4; ++suit)
        for (int r = 2; r <= ranks; ++r) {
            const auto code = static_cast<std::size_t>(suit << 4 | r);
            here[code] = loc[code] = std::uint64_t{1} << where_[code];
            if ((loc[code] & column_[static_cast<std::size_t>(r - 2)]) == 0) ++unplaceable;
        }
    // loc only grows, and more room only helps a win, so the test stops as
    // soon as a win looks possible.
    // Each suit is a chain, 2 up to the top card, swept in one pass; a suit
    // is swept again only when a slot it could use may now be a gap.
    constexpr std::uint64_t kAll = ~std::uint64_t{0};
    std::array<std::uint64_t, 4> wants{kAll, kAll, kAll, kAll};  // slots a card of the suit could go to, gaps aside
    std::uint64_t fresh = kAll;  // slots that may be gaps since the suits last looked
    while (true) {
        const std::uint64_t before = may_gap;
        for (int suit = 0; suit < 4; ++suit) {
            if ((wants[static_cast<std::size_t>(suit)] & fresh) == 0) continue;
            const auto two = static_cast<std::size_t>(suit << 4 | 2);
            std::uint64_t below = first_column_;  // where this card could go, gaps aside
            std::uint64_t wanted = 0;
            for (auto code = two; code < two + static_cast<std::size_t>(ranks - 1); ++code) {
                wanted |= below;
                std::uint64_t& at = loc[code];
                const std::uint64_t added = below & may_gap & ~here[code] & ~at;
                if (added != 0) {
                    const std::uint64_t final_column = column_[code - two];
                    if ((at & final_column) == 0 && (added & final_column) != 0) --unplaceable;
                    at |= added;
                    may_gap |= here[code];
                }
                below = (at & ~last_column_) << 1;
            }
            wants[static_cast<std::size_t>(suit)] = wanted;
        }
        if (unplaceable == 0 && !finish_impossible(loc)) return false;
        if (may_gap == before) return true;
        fresh = may_gap & ~before;
    }
}

// Whether no won board fits `loc`: some card has no slot of its final column
// in loc, or the rows where each suit could finish cannot be given one to a
// suit (Hall's condition on the 4 x 4 choice).
bool Search::finish_impossible(const std::array<std::uint64_t, 64>& loc) const {
    std::array<unsigned, 4> rows{};
    for (int suit = 0; suit < 4; ++suit) {
        unsigned possible = (1u << kRows) - 1;
        for (int r = 2; r <= rules_.ranks && possible != 0; ++r) {
            const std::uint64_t at = loc[static_cast<std::size_t>(suit << 4 | r)] >> (r - 2);
            unsigned here = 0;
            for (int row = 0; row < kRows; ++row) here |= static_cast<unsigned>(at >> (row * width_) & 1) << row;
            possible &= here;
        }
        if (possible == 0) return true;
        rows[static_cast<std::size_t>(suit)] = possible;
    }
    static constexpr std::array<int, 16> kBits{0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    for (unsigned set = 1; set < 16; ++set) {
        unsigned covered = 0;
        for (int suit = 0; suit < 4; ++suit)
            if (set >> suit & 1) covered |= rows[static_cast<std::size_t>(suit)];
        if (kBits[covered] < kBits[set]) return true;
    }
    return false;
}

// In a pass that counts placed 2s moved, a position reached before with fewer
// of them spent has been (or is being) searched with more freedom.
bool Search::dominated() const {
    for (int fewer = 0; fewer < used_; ++fewer) {
        Key key = key_;
        flip(key, zobrist().used[static_cast<std::size_t>(used_)]);
        flip(key, zobrist().used[static_cast<std::size_t>(fewer)]);
        if (table_.contains(key)) return true;
    }
    return false;
}

std::vector<Action> Search::path_actions() const {
    std::vector<Action> out;
    int shuffle = first_shuffle_;
    for (const Frame& frame : frames_) {
        if (frame.next == 0) break;  // the frame being built: no step taken from it yet
        const Step& step = frame.steps[static_cast<std::size_t>(frame.next - 1)];
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
    limit_.clear();
    if (stopped()) {
        limit_ = "stopped";
        return Verdict::Undecided;
    }
    if (!rooted_) {
        rooted_ = true;
        if (won()) return Verdict::Won;
        if (table_.insert(key_) == Table::Insert::Full) {
            limit_ = "memory";
            return Verdict::Undecided;
        }
        ++positions_;
        pending_ = true;
    }
    // frames_[i].next - 1 is the step taken from position i; the top frame's
    // position is the current one. `pending_`: the current position is stored
    // but its moves are not generated yet; a run that stops at `until` stops
    // there and the next one starts there.
    while (true) {
        if (pending_) {
            pending_ = false;
            frames_.emplace_back();
            generate(frames_.back());
            if (frames_.back().count == 0 || (spent_ >= last_shuffle_ && hopeless())) {
                frames_.pop_back();
                if (!frames_.empty()) undo(frames_.back().steps[static_cast<std::size_t>(frames_.back().next - 1)]);
            }
        }
        if (frames_.empty()) return Verdict::NoWin;
        Frame& frame = frames_.back();
        if (frame.next == frame.count) {
            frames_.pop_back();
            if (!frames_.empty()) undo(frames_.back().steps[static_cast<std::size_t>(frames_.back().next - 1)]);
            continue;
        }
        const Step step = frame.steps[frame.next++];
        apply(step);
        const auto inserted = dominated() ? Table::Insert::Present : table_.insert(key_);
        if (inserted == Table::Insert::Present) {
            undo(step);
            continue;
        }
        if (inserted == Table::Insert::Full) {
            limit_ = stopped() ? "stopped" : table_.short_of_time() ? "time" : "memory";
            return Verdict::Undecided;
        }
        ++positions_;
        if (won()) {
            line_ = path_actions();
            return Verdict::Won;
        }
        pending_ = true;
        if (until != 0 && positions_ >= until) {
            limit_ = "positions";
            return Verdict::Undecided;
        }
        if ((positions_ & 0x3FFF) == 0) {
            if (limits_.seconds > 0 && std::chrono::duration<double>(Clock::now() - started_).count() > limits_.seconds) {
                limit_ = "time";
                return Verdict::Undecided;
            }
            if (stopped()) {
                limit_ = "stopped";
                return Verdict::Undecided;
            }
            if (progress_) progress_->report(progress_before_ + positions_, bytes());
        }
    }
}

double since(Clock::time_point started) {
    return std::chrono::duration<double>(Clock::now() - started).count();
}

// Runs one pass and adds its figures to `result`.
Verdict run_pass(const Game& game, const SolveLimits& limits, const Pass& pass, Clock::time_point started,
                 SolveResult& result, Progress& progress, Search** keep = nullptr) {
    auto search = std::make_unique<Search>(game, limits, pass, started);
    if (progress.wanted()) search->report_to(&progress, result.positions);
    Verdict verdict = search->run(pass.budget);
    result.positions += search->positions();
    result.peak_bytes = std::max(result.peak_bytes, search->peak_bytes());
    if (verdict == Verdict::Won) result.line = search->line();
    if (verdict == Verdict::Undecided) result.limit = search->limit();
    if (keep) *keep = search.release();
    return verdict;
}

// The cheap passes get a share of the budget, or this many positions when there
// is no budget: enough to find most lines, small beside a proof. The moves-only
// passes before shuffling get little: most deals with shuffles need them.
constexpr std::uint64_t kRestrictedPositions = 2'000'000;
constexpr std::uint64_t kMovesOnlyPositions = 50'000;

// The fair player's budget for each phase before its last shuffle, when the
// caller gives none.
constexpr std::uint64_t kFairPhasePositions = 1'000'000;

// The moves-only search runs on two tracks, each with half the memory:
//  - the complete search, the only one whose failure is a proof;
//  - a series of searches that allow at most k moves of a placed 2 out of the
//    first column on a line, k = 2, 4, 6, each run to exhaustion before the
//    next. Depth-first lines are full of such moves, and the spaces with few of
//    them are far smaller, so a line that needs one or two is found there long
//    before the complete search gets to it. (Measured on gaps deals: going up
//    by one from k = 0 got stuck at k = 1 on deals that k = 2 wins in 30 M
//    positions; k = 0 is small, and k = 2 tries its moves first anyway.)
// They advance in rounds, each track by a number of positions (kFirstSlice,
// doubling up to kSlice; fewer near a position budget), side by side on two
// threads when limits.threads allows. After each round, in this order: a
// complete search that ended decides; a line found by the second track
// decides; a track stopped by the clock makes the answer undecided. That is
// what running the rounds one after the other gives, so the answer does not
// depend on the threads or on the machine's speed.
constexpr std::uint64_t kFirstSlice = std::uint64_t{1} << 12;
constexpr std::uint64_t kSlice = std::uint64_t{1} << 18;
constexpr int kTwosStep = 2;
constexpr int kMostTwos = 6;

struct Track {
    std::unique_ptr<Search> search;
    int twos = -1;
    std::uint64_t earlier = 0;  // positions of this track's finished searches
    std::size_t peak = 0;
    Verdict verdict = Verdict::Undecided;
    bool done = false;  // decided, or stopped for good by a limit
    std::string limit;

    std::uint64_t positions() const { return earlier + (search ? search->positions() : 0); }
};

class TwoTracks {
public:
    TwoTracks(const Game& game, const SolveLimits& limits, Clock::time_point started)
        : game_(game), limits_(limits), half_(limits), started_(started), progress_(limits, started) {
        half_.memory_bytes = limits.memory_bytes / 2;
        complete_.search = make(-1);
        levels_.twos = kTwosStep;
        levels_.search = make(levels_.twos);
    }

    SolveResult run() {
        SolveResult result;
        const std::uint64_t budget = limits_.max_positions;
        while (true) {
            const std::uint64_t total = complete_.positions() + levels_.positions();
            if (budget != 0 && total >= budget) return finish(result, Verdict::Undecided, "positions");
            const std::uint64_t active = (complete_.done ? 0u : 1u) + (levels_.done ? 0u : 1u);
            // Short rounds first, so an easy deal is not held up by a long one.
            std::uint64_t slice = std::min(kSlice, kFirstSlice << std::min(rounds_++, 32));
            if (budget != 0) slice = std::max<std::uint64_t>(1, std::min(slice, (budget - total) / active));
            round(slice);
            // In the order of a round run one track after the other.
            if (decided()) {
                result.line = complete_.search->line();
                return finish(result, complete_.verdict, "");
            }
            if (limits_.stop && limits_.stop->load(std::memory_order_relaxed))
                return finish(result, Verdict::Undecided, "stopped");
            progress_.report(complete_.positions() + levels_.positions(),
                             complete_.search->bytes() + levels_.search->bytes(), complete_.positions(),
                             levels_.positions());
            if (complete_.done && complete_.limit == "time") return finish(result, Verdict::Undecided, "time");
            if (levels_.done && levels_.verdict == Verdict::Won) {
                result.line = levels_.search->line();
                return finish(result, Verdict::Won, "");
            }
            if (levels_.done && levels_.limit == "time") return finish(result, Verdict::Undecided, "time");
            if (complete_.done && levels_.done) return finish(result, Verdict::Undecided, complete_.limit);
        }
    }

private:
    std::unique_ptr<Search> make(int twos) const {
        Pass pass;
        pass.shuffles = false;
        pass.twos = twos;
        return std::make_unique<Search>(game_, half_, pass, started_);
    }

    // Runs each unfinished track for `slice` more positions. When the complete
    // search decides, the second track's part of the round does not count (the
    // complete search comes first in a round), so it is stopped, or not run.
    void round(std::uint64_t slice) {
        levels_at_start_ = levels_.positions();
        const bool both = !complete_.done && !levels_.done;
        if (both && limits_.threads > 1) {
            std::atomic<bool> stop{false};
            std::exception_ptr failure;
            std::thread second([&] {
                try {
                    advance(levels_, slice, &stop);
                } catch (...) {
                    failure = std::current_exception();
                }
            });
            try {
                advance(complete_, slice, nullptr);
            } catch (...) {
                stop = true;
                second.join();
                throw;
            }
            if (decided()) stop = true;
            second.join();
            if (failure) std::rethrow_exception(failure);
            return;
        }
        if (!complete_.done) advance(complete_, slice, nullptr);
        if (!levels_.done && !decided()) advance(levels_, slice, nullptr);
    }

    bool decided() const { return complete_.done && complete_.verdict != Verdict::Undecided; }

    void advance(Track& track, std::uint64_t slice, const std::atomic<bool>* stop) {
        const std::uint64_t target = track.positions() + slice;
        while (true) {
            track.search->stop_when(stop);
            const Verdict verdict = track.search->run(target - track.earlier);
            track.peak = std::max(track.peak, track.search->peak_bytes());
            if (verdict == Verdict::Undecided &&
                (track.search->limit() == "positions" || track.search->limit() == "stopped"))
                return;
            if (verdict == Verdict::NoWin && track.twos >= 0 && track.twos < kMostTwos) {
                // This level is exhausted: on to the next.
                track.earlier += track.search->positions();
                track.search.reset();  // its table goes before the next one comes
                track.twos += kTwosStep;
                track.search = make(track.twos);
                if (track.positions() >= target) return;
                continue;
            }
            track.verdict = verdict;
            track.limit = verdict == Verdict::Undecided ? track.search->limit() : "";
            track.done = true;
            return;
        }
    }

    SolveResult& finish(SolveResult& result, Verdict verdict, const std::string& limit) {
        result.verdict = verdict;
        result.limit = verdict == Verdict::Undecided ? (limit.empty() ? "positions" : limit) : "";
        result.positions = complete_.positions() + (decided() ? levels_at_start_ : levels_.positions());
        result.peak_bytes = complete_.peak + levels_.peak;
        result.seconds = since(started_);
        return result;
    }

    const Game& game_;
    const SolveLimits& limits_;
    SolveLimits half_;
    const Clock::time_point started_;
    Track complete_;
    Track levels_;
    std::uint64_t levels_at_start_ = 0;  // the second track's positions before this round
    int rounds_ = 0;
    Progress progress_;
};

}  // namespace

std::string_view to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::Won: return "won";
        case Verdict::NoWin: return "no-win";
        case Verdict::Undecided: return "undecided";
    }
    return "?";
}

int SolveResult::moves() const {
    return static_cast<int>(std::count_if(line.begin(), line.end(), [](const Action& a) { return !a.is_shuffle(); }));
}

int SolveResult::shuffles() const { return static_cast<int>(line.size()) - moves(); }

SolveResult solve(const Game& game, const SolveLimits& limits) {
    const auto started = Clock::now();
    if (!limits.shuffles || game.shuffles_left() == 0) return TwoTracks(game, limits, started).run();
    Progress progress(limits, started);
    SolveResult result;
    const std::uint64_t budget = limits.max_positions;
    auto share = [&](std::uint64_t part, std::uint64_t otherwise) {
        return budget != 0 ? std::max<std::uint64_t>(budget / part, 1) : otherwise;
    };
    // With shuffles left, cheap passes first. Each returns its line when it
    // finds one; its failure proves nothing, and the complete search follows.
    //  - Moves only first: a line without shuffles is shorter, and depth-first
    //    search with shuffles finds long detours first.
    //  - Never moving a placed 2 out of the first column: depth-first lines are
    //    full of such moves, and the space without them is much smaller.
    struct Stage {
        int twos;
        bool shuffles;
        std::uint64_t budget;
    };
    const std::array<Stage, 3> stages{{{0, false, share(32, kMovesOnlyPositions)},
                                       {-1, false, share(32, kMovesOnlyPositions)},
                                       {0, true, share(4, kRestrictedPositions)}}};
    for (const Stage& stage : stages) {
        Pass pass;
        pass.twos = stage.twos;
        pass.shuffles = stage.shuffles;
        pass.budget = stage.budget;
        const Verdict verdict = run_pass(game, limits, pass, started, result, progress);
        if (verdict == Verdict::Won ||
            (verdict == Verdict::Undecided && (result.limit == "time" || result.limit == "stopped"))) {
            result.verdict = verdict;
            result.seconds = since(started);
            return result;
        }
        result.limit.clear();
    }
    // The complete search: the only pass whose failure is a proof.
    Pass pass;
    pass.budget = budget != 0 ? (budget > result.positions ? budget - result.positions : 0) : 0;
    result.verdict = budget != 0 && pass.budget == 0 ? Verdict::Undecided
                                                     : run_pass(game, limits, pass, started, result, progress);
    if (result.verdict == Verdict::Undecided && result.limit.empty()) result.limit = "positions";
    result.seconds = since(started);
    return result;
}

SolveResult solve_fair(const Game& game, const SolveLimits& limits) {
    const auto started = Clock::now();
    Progress progress(limits, started);
    SolveResult result;
    Game now = game;
    const auto played = [&] {
        return std::vector<Action>(now.history().begin() + static_cast<long>(game.history().size()),
                                   now.history().end());
    };
    while (true) {
        Pass pass;
        pass.shuffles = false;
        pass.track_best = now.shuffles_left() > 0;
        // While shuffles are left, a phase that cannot decide within its budget
        // shuffles from the best position it found, as a player short of time would.
        pass.budget = limits.max_positions != 0 || now.shuffles_left() == 0 ? limits.max_positions
                                                                           : kFairPhasePositions;
        Search* raw = nullptr;
        result.limit.clear();
        const Verdict verdict = run_pass(now, limits, pass, started, result, progress, &raw);
        std::unique_ptr<Search> search(raw);
        if (verdict == Verdict::Won) {
            std::vector<Action> line = played();
            line.insert(line.end(), result.line.begin(), result.line.end());
            result.line = line;
            result.verdict = Verdict::Won;
            break;
        }
        if (now.shuffles_left() == 0 || (verdict == Verdict::Undecided && result.limit != "positions")) {
            result.verdict = verdict;
            result.line = played();
            break;
        }
        // No win with moves alone (or none found within the budget): go to the
        // position with the most cards placed and shuffle there. Only the board
        // before the shuffle is looked at, never what the shuffle will bring.
        for (const Action& action : search->best_line()) now.play(action);
        now.shuffle();
    }
    result.seconds = since(started);
    return result;
}

}  // namespace addiction
