// Small builders for engine tests, the boards reachable from a tiny one, and the
// short run of the sanitizer build.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <initializer_list>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "gamefile.hpp"
#include "solver.hpp"

namespace addiction::test {

// The sanitizer build sets ADDICTION_TEST_SHORT=1 (tests/CMakeLists.txt): there the
// heavy cases check each of their properties on fewer deals or shorter searches.
inline bool short_run() {
    static const bool is_short = [] {
        const char* value = std::getenv("ADDICTION_TEST_SHORT");
        return value != nullptr && std::string_view(value) == "1";
    }();
    return is_short;
}

// The solver's default limits with a small memory limit: the tests' searches are
// small, and several run at once.
inline SolveLimits small_limits() {
    SolveLimits limits;
    limits.memory_bytes = std::size_t{64} << 20;
    return limits;
}

// n, or a quarter of it (at least 1) in a short run: a count of deals or a budget.
template <typename N>
N scaled(N n) {
    return short_run() ? std::max(N{1}, static_cast<N>(n / 4)) : n;
}

// Shows `visit` every board reachable from `start` with moves only
// (Board::legal_moves, no pruning, no shuffles) that `allow(board, move)` lets be
// made, `start` first, each once, until it returns true; returns whether it did.
// An independent reference for the solver and the dead-end proof; only for tiny
// boards.
template <typename Allow, typename Visit>
bool any_reachable_if(const Board& start, const Rules& rules, Allow allow, Visit visit) {
    auto key_of = [](const Board& board) {
        std::string key;
        for (int i = 0; i < board.size(); ++i) key += static_cast<char>(board.at(i).code());
        return key;
    };
    std::set<std::string> seen{key_of(start)};
    std::vector<Board> stack{start};
    while (!stack.empty()) {
        const Board board = stack.back();
        stack.pop_back();
        if (visit(board)) return true;
        for (const Move& move : board.legal_moves(rules)) {
            if (!allow(board, move)) continue;
            Board next = board;
            next.play(move);
            if (seen.insert(key_of(next)).second) stack.push_back(next);
        }
    }
    return false;
}

// The same through every move.
template <typename Visit>
bool any_reachable(const Board& start, const Rules& rules, Visit visit) {
    return any_reachable_if(start, rules, [](const Board&, const Move&) { return true; }, visit);
}

// A board from four rows of card codes ("2S 3S -- ...").
inline Board board_of(std::initializer_list<const char*> rows) {
    Board board(static_cast<int>(std::string(*rows.begin()).size() + 1) / 3);
    int row = 0;
    for (const char* text : rows) parse_row(text, row++, board);
    return board;
}

// A full layout with gaps at a4 (after a placed run), b1, c6 (dead, right of KS) and d6.
inline Board sample_board() {
    return board_of({
        "2S 3S 4S -- 9H TC 5D 6D 7D 8D 9D TD KC",
        "-- JD QD KD 8C 9C 3C 4C 5C 6C 7C 2C QH",
        "5S 6S 7S 8S KS -- 2D 3D 4D 2H 3H 4H 5H",
        "6H 7H 8H TH JH -- JC QC TS JS QS 9S KH",
    });
}

// Every row in order 2..K, the last slot empty: a won board of the full deck.
inline Board won_board() {
    return board_of({"2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
                     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --"});
}

// Four moves from won: each King sits one slot too far right.
inline Board four_from_won() {
    return board_of({"2C 3C 4C 5C 6C 7C 8C 9C TC JC QC -- KC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD -- KD",
                     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH -- KH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS -- KS"});
}

// A game started from `board` through its deal code, as `addiction new CODE` does.
inline Game game_of(const Board& board, Rules rules = Rules{}) {
    rules.ranks = board.width();
    return Game(rules, parse_deal(deal_code(board), rules));
}

}  // namespace addiction::test
