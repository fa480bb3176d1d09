// The dead-end proof: pure functions over bitsets that tell when no board
// reachable without shuffling can be won.
//
// Input: where each card is (one slot per card code), which slots are gaps,
// and the width and ranks of the board; slots are bits of a 64-bit word.
// Output: the sets loc(Y) of slots each card may ever occupy (an
// over-approximation of every future), and from them the verdict. The search
// (search.cpp) asks dead_end() at each position it will not shuffle from; the
// argument that makes the verdict a proof is in dead_end.cpp, next to the code.
#pragma once

#include <array>
#include <cstdint>

#include "keys.hpp"

namespace addiction::solver {

// A set of slots, one bit per slot (slot = row * width + column).
using Slots = std::uint64_t;
// For each card code, a set of slots.
using Locations = std::array<Slots, kCodes>;
// For each card code, its slot (kNowhere for codes that are not cards).
using Cards = std::array<std::uint8_t, kCodes>;

// The masks of a board's shape, computed once per search.
struct Layout {
    explicit Layout(int width, int base_rank = 2, bool any_higher = false);
    int width = 0;
    int base_rank = 2;  // the rank of the first column's cards: 2, or 1 when the aces stay
    bool any_higher = false;  // a card may follow any lower card of its suit (Fill::SameSuitHigher)
    Slots first_column = 0;
    Slots last_column = 0;
    std::array<Slots, kMaxWidth> column{};  // column[c]: the slots of column c
};

// Whether the proof holds for these rules: fill SameSuitNext or SameSuitHigher
// without fill_from_right, the base rank either 2 or the ace (dead_end.cpp).
bool dead_ends_apply(const Rules& rules);

// Whether no reachable board can be won, moves only, in a game whose rules
// dead_ends_apply() to. Stops as soon as a win looks possible, so it is cheap on
// most positions. With `first_column_stays`, for the plays in which no card of
// the base rank standing in the first column moves again (a search that has
// used up its moves of placed 2s).
bool dead_end(const Layout& layout, int ranks, const Cards& where, Slots gaps, bool first_column_stays = false);

// The least sets loc closed under the rules of dead_end.cpp: what dead_end()
// computes when it has to go all the way.
Locations locations(const Layout& layout, int ranks, const Cards& where, Slots gaps);

// Whether the rows are fixed (a card of the base rank in every first-column
// slot) and some rows' frontiers wait on each other in a cycle, so that none of
// those rows can ever grow: a dead end that dead_end() finds too, told here from
// the runs alone (dead_end.cpp). For fill SameSuitNext without fill_from_right.
bool frontiers_locked(const Layout& layout, int ranks, const Cards& where);

// Whether no won board fits `loc`: some card has no slot of its final column,
// or the rows where each suit could finish cannot be given one to a suit.
bool no_win_fits(const Layout& layout, int ranks, const Locations& loc);

}  // namespace addiction::solver
