// The shortest way to the best position: a fair phase that finds no win goes
// to the position with most cards placed and shuffles there (strategies.cpp).
// The depth-first walk reaches that position along whatever path it happened
// to take, often a thousand moves of detours; any other way to the same board
// gives the same shuffle, so the phase plays a shortest one instead. So too for
// a win: the walk's line to it is full of 2s moved to and fro (addiction deal
// 20: 191 moves, where 80 win), and a hint should not play those.
//
// A pass that counts the moves of placed 2s keys its positions by the count
// too, which a walk over moves does not follow: there the depth-first line is
// kept. A pass that moves no placed card (twos = 0) keys them as the complete
// search does, and its walk keeps to the same moves.
//
// Breadth first from the start over moves, entering only positions the search
// stored (so never an avoided one, and the answer depends on nothing but what
// the search did: the same on every machine). The table already knows those
// positions; beside it this keeps two bytes per table slot (how the breadth-
// first walk entered the position: the card moved and the slot it left, so
// the line is read backwards from the goal) and the boards of two layers, for
// a search of at most kShortestMostPositions positions, whatever its memory.
#include <algorithm>
#include <optional>

#include "search.hpp"

namespace addiction::solver {

namespace {

// How a position was entered, per table slot: the card that moved into it and
// the slot it came from. Card codes are below 0x40, so these never clash.
constexpr std::uint8_t kUnseen = 0;
constexpr std::uint8_t kStart = 0xFE;
constexpr std::uint8_t kAvoided = 0xFF;

struct Entered {
    std::uint8_t card = kUnseen;
    std::uint8_t from = 0;
};

}  // namespace

std::vector<Action> Search::shortest_best_line() {
    if (best_placed_ < 0) return best_line_;
    return shortest_line(Goal::Best).value_or(best_line_);
}

std::vector<Action> Search::shortest_won_line() { return shortest_line(Goal::Won).value_or(line_); }

std::optional<std::vector<Action>> Search::shortest_line(Goal target) {
    if (pass_.shuffles || pass_.twos > 0) return std::nullopt;
    // Whether the walk runs depends on the positions stored, never on the
    // memory given: a line that changed with --memory (the hints' 64 MB
    // against solve's 1536) broke the promise that a hint loop plays the line
    // solve --fair reports (tester N: Jungle deal 2 after four moves). Beside
    // the table it holds two bytes a slot and at most a board a position.
    if (table_.size() > kShortestMostPositions) return std::nullopt;
    load(start_);
    const Key start_key = key_;
    if (target == Goal::Best ? best_key_ == start_key : won()) return std::vector<Action>{};
    std::vector<Entered> entered(table_.capacity());
    for (const Key& key : avoided_)
        if (const std::size_t slot = table_.slot_of(key); slot != Table::npos) entered[slot].card = kAvoided;
    const std::size_t start_slot = table_.slot_of(start_key);
    if (start_slot == Table::npos) return std::nullopt;
    entered[start_slot].card = kStart;

    shortening_ = true;
    std::vector<Cells> layer{cells_};
    std::vector<Cells> next;
    std::size_t peak = 0;
    std::size_t expanded = 0;
    std::optional<Cells> goal;
    Frame frame;
    while (!goal && !layer.empty()) {
        for (const Cells& cells : layer) {
            if ((++expanded & 0xFFF) == 0 && stopped()) break;
            load(cells);
            generate(frame);
            for (int i = 0; i < frame.count; ++i) {
                const Step& step = frame.steps[static_cast<std::size_t>(i)];
                if (step.card == 0) continue;  // a shuffle: this pass has none
                Key child = key_;
                flip(child, kZobrist.cell[step.from][step.card]);
                flip(child, kZobrist.cell[step.to][step.card]);
                const std::size_t slot = table_.slot_of(child);
                if (slot == Table::npos || entered[slot].card != kUnseen) continue;
                entered[slot] = Entered{step.card, step.from};
                apply(step);
                next.push_back(cells_);
                const bool reached = target == Goal::Best ? child == best_key_ : won();
                undo(step);
                if (reached) {
                    goal = next.back();
                    break;
                }
            }
            if (goal) break;
        }
        peak = std::max(peak, (layer.capacity() + next.capacity()) * sizeof(Cells));
        if (stopped()) break;
        layer.swap(next);
        next.clear();
    }
    shortening_ = false;
    shortest_bytes_ = std::max(shortest_bytes_, entered.capacity() * sizeof(Entered) + peak);
    if (!goal) return std::nullopt;  // stopped: the depth-first line leads to the same board

    // Backwards from the goal: undo the move that entered each position.
    load(*goal);
    std::vector<Action> line;
    for (Key key = key_;;) {
        const Entered how = entered[table_.slot_of(key)];
        if (how.card == kStart) break;
        const int to = where_[how.card];
        line.push_back(Action::make_move(Card(static_cast<Suit>(how.card >> 4), how.card & 15),
                                         Slot{to / width_, to % width_}));
        move(how.card, to, how.from);
        key = key_;
    }
    std::reverse(line.begin(), line.end());
    return line;
}

}  // namespace addiction::solver
