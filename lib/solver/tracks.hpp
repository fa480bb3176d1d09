// The two tracks: how a moves-only search is run (tracks.cpp).
#pragma once

#include "progress.hpp"
#include "solver.hpp"

namespace addiction::solver {

// Searches from the game's position with moves only, on two tracks: the
// complete search and the searches that limit the moves of placed 2s.
SolveResult solve_on_two_tracks(const Game& game, const SolveLimits& limits, Clock::time_point started);

}  // namespace addiction::solver
