// The solver: searches the positions reachable from a game for a won one.
//
// A position is the board plus how many shuffles are spent; shuffle number k of
// a deal always gives shuffled(board, rules, seed, k) (deal.hpp), so the game is
// a deterministic graph and "is a win reachable?" is plain reachability. The
// search is depth-first with a transposition table (solver/table.hpp), so when
// it runs out of positions without reaching a win, no win exists: a proof, as
// long as every pruning rule it uses is safe. Each rule states its argument
// next to its code in lib/solver/: keys.hpp (position keys), position.cpp (the
// fast position and its moves), dead_end.cpp (the dead-end proof), search.cpp
// (the depth-first driver), tracks.cpp (the two tracks of a moves-only search),
// strategies.cpp (solve and solve_fair).
//
// Budgets that can change the answer are counted in positions, so a result is
// the same on every machine; the wall-clock limit only ever turns an answer
// into Undecided.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game.hpp"

namespace addiction {

enum class Verdict { Won, NoWin, Undecided };
std::string_view to_string(Verdict verdict);  // "won", "no-win", "undecided"

// What stopped an undecided search.
enum class Limit {
    None,       // not undecided
    Positions,  // the position budget
    Memory,     // the tables filled the memory limit
    Time,       // the wall-clock limit
    Stopped,    // SolveLimits::stop was set
};
std::string_view to_string(Limit limit);  // "", "positions", "memory", "time", "stopped"

// What a running search reports now and then (SolveLimits::progress).
struct SolveProgress {
    double seconds = 0;                 // since the solve began
    std::uint64_t positions = 0;        // searched so far (SolveResult::positions), over every pass
    double positions_per_second = 0;
    std::size_t bytes = 0;              // memory the search holds now
    std::size_t memory_limit = 0;       // SolveLimits::memory_bytes
    // A moves-only search runs two tracks (solver/tracks.cpp): one half of the
    // complete search, and a search that limits the moves of placed 2s followed
    // by the other half. Both 0 on one track.
    std::uint64_t first_positions = 0;
    std::uint64_t second_positions = 0;
    bool two_tracks() const { return first_positions + second_positions != 0; }
    bool first_ahead() const { return first_positions >= second_positions; }
};

// For a search that runs after others within one solve (the fair player's
// phases): `report` gets the solve's totals, `positions` and `seconds` more
// than the search's own, not figures that start again from 0 each search.
// Empty when `report` is.
std::function<void(const SolveProgress&)> progress_after(const std::function<void(const SolveProgress&)>& report,
                                                         std::uint64_t positions, double seconds);

struct SolveLimits {
    std::uint64_t max_positions = 0;            // positions to store; 0 means no budget
    std::size_t memory_bytes = 1024u << 20;     // the tables together never grow past this
    double seconds = 0;                         // wall-clock limit; 0 means none
    bool shuffles = true;                       // false: plan with moves only
    int threads = 2;                            // a moves-only search uses two tracks (solver/tracks.cpp); 1 runs them in turn
    bool dead_ends = true;                      // prune proven dead ends (solver/dead_end.cpp); off to cross-check it
    // Take boards that differ only in where the first column's 2s stand, with a
    // gap there, as one position (solver/search.cpp, "The first column's 2s"):
    // far fewer positions for a proof in Gaps. The lines found change, so it is
    // for `solve` only, not for the fair player and hints (which keep theirs).
    bool twos_as_set = false;
    // Make a safe move at once, without storing the position before it: a card
    // that extends a row's run for good, when no line can need it to wait
    // (solver/search.cpp, "Safe moves"). Fewer positions for every search after
    // the last shuffle; the lines change, so it is for `solve` only too.
    bool safe_moves = false;
    // Count a dead end (no moves, or no win reachable: solver/search.cpp) as a
    // position but leave it out of the table: about half of a Gaps proof's
    // positions are dead ends, so the same memory holds twice the others. A dead
    // end reached again is tested and counted again, so the counts change a
    // little; for `solve` only too, and only where the dead-end test applies.
    bool dead_ends_unstored = false;
    // In a pass that limits the moves of placed 2s, once a line has used them
    // all, test for dead ends with the 2s in the first column staying there
    // (solver/dead_end.cpp, "First column staying"): more dead ends, so such a
    // pass reaches further in the same positions, and what it finds changes;
    // for `solve` only too.
    bool twos_stay_when_spent = false;
    // Keep the positions with no gap in the first column in a cache that may
    // forget them, not in the table (solver/search.cpp, "A full first column"):
    // most of a Gaps proof's positions are those, and the table then holds a
    // tenth as many. A position forgotten and reached again is searched and
    // counted again, so the counts change a little; for `solve` only too.
    bool forget_full_columns = false;
    // Once a step fixes the rows, with the 2s as a set, take the boards that
    // differ only in the arrangement of the first column's 2s as one position,
    // standing for the arrangements the dead-end test has not ruled out
    // (solver/search.cpp, "Arrangements as a set"): a board past the rows
    // fixed is searched once instead of once an arrangement. The lines change,
    // so it is for `solve` only too.
    bool arrangements_as_set = false;
    // The most keys that cache holds (0: as many as a third of memory_bytes
    // allows); a few make it forget often, which the tests want.
    std::size_t cache_keys = 0;
    // The search `solve` runs: the defaults with the 2s as a set and safe moves.
    // Whatever checks a budget that `solve --positions` must meet again (new
    // --winnable) asks for this search, as its budget means the same only there.
    SolveLimits& as_solve_runs() {
        twos_as_set = true;
        safe_moves = true;
        dead_ends_unstored = true;
        twos_stay_when_spent = true;
        forget_full_columns = true;
        arrangements_as_set = true;
        return *this;
    }
    // Set from another thread (a Ctrl-C handler): the search stops within a
    // fraction of a second and says Undecided, Limit::Stopped.
    const std::atomic<bool>* stop = nullptr;
    // Called from the searching thread about ten times a second at most; it
    // never changes an answer.
    std::function<void(const SolveProgress&)> progress;
    // Positions the search must never enter, as (board, shuffles spent), e.g.
    // the game's own past positions so that a line never leads back to one.
    // The start position is never avoided.
    std::vector<std::pair<Board, int>> avoid;
};

struct SolveResult {
    Verdict verdict = Verdict::Undecided;
    std::vector<Action> line;         // for Won: the actions from the game's position, shuffles numbered
    Limit limit = Limit::None;        // for Undecided: what stopped it
    std::uint64_t positions = 0;      // positions searched: stored, or dead ends counted (solve), over every pass
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
// outcome, one phase at a time (fair_phase): with moves only it searches for a
// win; failing that it shuffles from the reachable position with the most
// placed cards it found, then continues from what the seeded shuffle brings. A
// phase with shuffles left runs two searches, each of at most max_positions
// positions (kFairPhasePositions when 0): the complete one, and one that never
// moves a placed card (a smaller space, so it reaches deeper); it plays a win
// of the first, else one of the second (by the shortest line among the
// positions that search stored), else goes to the position with most
// cards placed that either found (the first's on a tie, each search's first
// found) and shuffles there. The phase with no shuffle left is the moves-only
// search of solve() with max_positions (kFairLastPositions when 0). It is one
// fair strategy, so its win rate is a lower bound for the best fair player.
// `line` holds the actions it played, also when it lost; the verdict is Won,
// NoWin (the strategy lost) or Undecided (a limit stopped it).
//
// `hint` plays the same phases with the same default budgets, so a hint loop
// from a deal's start plays the line solve_fair reports.
//
// The phase budget is what makes the player strong: a moves-only search that
// gives up too soon shuffles away a win it did not reach. On addiction deals
// 1-200 the player won 154 with 300,000 positions a phase, 161 with 500,000,
// 178 with 1,000,000, 179 with 2,000,000 and 181 with 5,000,000; on deals
// 2001-2200, never used to tune it, 150 and 163 with 300,000 and 1,000,000.
// The last phase's budget changed no verdict of deals 1-200 between 300,000
// and 1,000,000. `solve --fair --positions 300000` plays the player of before
// (bench/HISTORY.md).
inline constexpr std::uint64_t kFairPhasePositions = 1'000'000;
inline constexpr std::uint64_t kFairLastPositions = 300'000;

// One phase of the fair strategy from the game's position. Won: `line` wins
// with moves only. Otherwise, with shuffles left, `line` is the way to the
// position with most cards placed, then the moves that place more from there,
// followed by the (numbered) shuffle, and the
// verdict says whether a win with moves alone is ruled out (NoWin) or only not
// found (Undecided); with no shuffle left, `line` is empty.
SolveResult fair_phase(const Game& game, const SolveLimits& limits);

SolveResult solve_fair(const Game& game, const SolveLimits& limits);

}  // namespace addiction
