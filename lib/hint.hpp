// Hints: the next action of a plan that a hint loop follows to its end.
//
// A hint is a function of the game (rules, deal, history, shuffles spent) and
// nothing else. It walks the game's history forward from an anchor keeping a
// plan: at the anchor the plan is a fresh search there; at each action of the
// history, when the action is the plan's next one the plan goes on with the
// rest, and otherwise (or when the plan is used up) the plan is a fresh search
// at the position after it. The hint is the current plan's next action. So
// following hints continues one line instead of starting a new search each
// time, and a line that wins is followed to the win. A plan that proved no
// win is left stands for the positions after it too (no search), until the
// game goes back to one of the positions that proof avoided (hint.cpp).
//
// Each fresh search avoids the game's positions since the last shuffle (board
// plus shuffles spent): earlier ones have fewer shuffles spent and can never
// come back, since undo does not refund a shuffle. A plan never leads to a
// position of the game's past, so no position repeats in a hint loop.
//
// Two kinds of plan:
//  - fair (the default): one phase of the fair strategy (solver.hpp:
//    fair_phase), which searches with moves only and uses only what a player
//    sees: the board, the shuffles left, the rules and the past positions,
//    never a seeded shuffle's outcome. A fair plan ends at a shuffle, so the
//    anchor is the position after the last shuffle (or the start). With the
//    same budgets as solve_fair, a hint loop from a deal's start plays the
//    line that `solve --fair` reports.
//  - peek: the full solver with its seeded shuffles. Its lines cross shuffles,
//    so the anchor is the start of the game.
// When the search finds no winning line the plan is one move of the heuristic
// below, or, for a fair plan with shuffles left, the way to the position with
// most cards placed (that either of fair_phase's two searches found) and a
// shuffle there.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game.hpp"
#include "solver.hpp"

namespace addiction {

// The best-looking legal action by a one-move heuristic: prefer moves that place
// cards, then moves that keep every gap fillable, with more choices after; once
// `lost` (no win is left, proven), moves that place cards, then moves that close
// gaps and leave fewer choices, so that playing on ends the game. Moves to a board in `avoid`
// are never chosen; when no other move is left, a shuffle if one is left. None
// when the game is won, or nothing is left. Ties go to the first move in board
// order.
std::optional<Action> heuristic_hint(const Game& game, const std::vector<Board>& avoid = {}, bool lost = false);

enum class HintMode { Fair, Peek };

// A plan's budgets, in positions so that the same game gets the same hint on
// every machine. The defaults are the fair strategy's (solver.hpp) and, for
// peek, a budget that keeps a fresh hint near a second on a slow machine.
struct HintBudget {
    std::uint64_t fair_phase;  // a fair plan with shuffles left
    std::uint64_t fair_last;   // a fair plan with no shuffle left
    std::uint64_t peek;        // a peek plan
    std::size_t memory_bytes;  // per search; large enough that the budgets, not memory, stop it
};
HintBudget default_hint_budget();

// What the hint knows about the plan it comes from.
enum class HintKind {
    Line,   // the plan wins: actions_left actions from here, this one included
    Guess,  // no winning line found within the budget: the best-looking move
    NoWin,  // the search proved that no win is left (see Hint::avoided)
};

struct Hint {
    std::optional<Action> action;  // none: every move leads back to the past and no shuffle is left
    HintKind kind = HintKind::Guess;
    int actions_left = 0;     // for a Line
    bool to_shuffle = false;  // a fair Guess heading for a shuffle: actions_left counts the way there, shuffle included
    bool avoided = false;     // for NoWin: the proof excluded the game's past positions, so it only says
                              // that no win is left without going back to one of them
    int searches = 0;         // fresh searches run by this call (the rest came from the cache)
};

// Where hints keep their fresh searches' results between runs. A cache may
// forget anything and must return only what it was given for that key; a
// hint never depends on it for its answer, only for its cost.
class PlanCache {
public:
    virtual ~PlanCache() = default;
    virtual std::optional<std::string> find(const std::string& key) = 0;
    virtual void store(const std::string& key, const std::string& value) = 0;
};

// The hint for the game's current position. Throws Error when the game is won or lost.
Hint hint(const Game& game, HintMode mode, PlanCache* cache = nullptr,
          const HintBudget& budget = default_hint_budget());

// `solve --fair` from the game's position: the line a fair hint loop plays
// from here while the fair strategy goes on. That is the rest of the plan the
// hints follow (walking the history since the last shuffle as hint() does,
// avoiding the same past positions), then solve_fair's phases after each
// shuffle; it ends at a win (Won), or where the strategy is lost (NoWin, or
// Undecided at the position budget; the hints then play on with the
// best-looking moves), or at a limit. Phase budgets are limits.max_positions
// (the hint's when 0). From a deal's start it is solve_fair.
SolveResult fair_line(const Game& game, const SolveLimits& limits);

// One line for a person: what the hint is, e.g. "a winning line: 12 actions
// left" or "no line found within the budget: the best-looking move".
std::string describe(const Hint& hint);

}  // namespace addiction
