// The solver: searches the positions reachable from a game for a won one.
//
// A position is the board plus how many shuffles are spent; shuffle number k of
// a deal always gives shuffled(board, rules, seed, k) (deal.hpp), so the game is
// a deterministic graph and "is a win reachable?" is plain reachability. The
// search is depth-first with a transposition table (solver_table.hpp), so when
// it runs out of positions without reaching a win, no win exists: a proof, as
// long as every pruning rule it uses is safe. Each rule states its argument
// next to its code in solver.cpp.
//
// Budgets that can change the answer are counted in positions, so a result is
// the same on every machine; the wall-clock limit only ever turns an answer
// into Undecided.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"

namespace addiction {

enum class Verdict { Won, NoWin, Undecided };
std::string_view to_string(Verdict verdict);  // "won", "no-win", "undecided"

struct SolveLimits {
    std::uint64_t max_positions = 0;            // positions to store; 0 means no budget
    std::size_t memory_bytes = 1024u << 20;     // the tables together never grow past this
    double seconds = 0;                         // wall-clock limit; 0 means none
    bool shuffles = true;                       // false: plan with moves only
    int threads = 2;                            // a moves-only search uses two tracks (solver.cpp); 1 runs them in turn
    bool dead_ends = true;                      // prune proven dead ends (solver.cpp); off to cross-check it
};

struct SolveResult {
    Verdict verdict = Verdict::Undecided;
    std::vector<Action> line;         // for Won: the actions from the game's position, shuffles numbered
    std::string limit;                // for Undecided: "positions", "memory" or "time"
    std::uint64_t positions = 0;      // positions stored, over every pass
    double seconds = 0;
    std::size_t peak_bytes = 0;       // largest memory the search held at once
    int moves() const;
    int shuffles() const;
};

// Searches from the game's current position. The next shuffle of the line is
// game.shuffles_spent() + 1, as Game::shuffle() would number it.
SolveResult solve(const Game& game, const SolveLimits& limits);

// A fair player does not know what a shuffle will bring before making it. This
// one plays a documented strategy that never looks at a future shuffle's
// outcome: with moves only it searches for a win; failing that it shuffles from
// the reachable position with the most placed cards (ties: the first found), then
// continues from what the seeded shuffle brings. Each phase before the last
// shuffle searches at most max_positions positions (1,000,000 when there is no
// budget) and then shuffles from the best position found so far; the budget of
// the last phase is max_positions. It is one fair strategy, so its
// win rate is a lower bound for the best fair player. `line` holds the actions
// it played, also when it lost; the verdict is Won, NoWin (the strategy lost) or
// Undecided (a limit stopped it).
SolveResult solve_fair(const Game& game, const SolveLimits& limits);

}  // namespace addiction
