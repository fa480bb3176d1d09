// Deals and shuffles: the only places chance enters the game, all of it a pure
// function of the deal so that games replay byte for byte.
//
// Dealing deal number N with R ranks: the deck is clubs, diamonds, hearts, spades,
// each ace first up to rank R. It is shuffled by Fisher-Yates (random.hpp) with
// xoshiro256** seeded from stream_seed(N, 0), then laid out by Rules::aces:
//  - Removed (4 x R): dealt row by row from a1, the aces taken out to leave the gaps;
//  - RowStarts (4 x (R + 1), Blue Moon): dealt row by row into columns 2..R+1 of each
//    row (the first column left empty), then the aces, in the order they lie row by
//    row, moved to the first column of rows a, b, c, d; their slots are the gaps;
//  - DealtFirst (4 x (R + 1), Red Moon): the aces to the first column in suit order
//    (clubs a1, diamonds b1, hearts c1, spades d1), the second column left empty (the
//    gaps), the rest of the shuffled deck (aces taken out, order kept) dealt row by
//    row into columns 3..R+1.
//
// The k-th shuffle of a game (k = 1, 2, ...) uses stream_seed(seed, k), where seed
// is the deal number, or for games started from a code the FNV-1a 64-bit hash of
// the code without its check character. It shuffles the loose cards (not placed)
// in deck order, not in their current places, so its outcome depends only on the
// deal, k and which cards are placed. Then by Rules::redeal:
//  - Random: the four aces join the loose cards before the shuffle; all are dealt
//    row by row into every slot right of the placed runs, and the aces' slots are
//    the gaps (aces removed only);
//  - AfterRun: the loose cards dealt row by row into the slots right of the placed
//    runs, leaving one gap right after each row's run (an ace not in its row's run
//    is a loose card like any other);
//  - RandomSlots: of the free slots (right of the placed runs, row-major), four
//    stay gaps, drawn from the same generator after the shuffle: for g = 0..3 the
//    slot at index below(free - g) among those still free, in row-major order; the
//    loose cards are dealt row by row into the rest.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "board.hpp"
#include "rules.hpp"

namespace addiction {

struct Deal {
    std::string id;          // the deal number in decimal, or the deal code as written
    std::uint64_t seed = 0;  // seeds the shuffles
    Board start;
};

Deal deal_number(std::uint64_t number, const Rules& rules);
// A deal number (all digits) or a deal code, with or without its check character;
// the id is the text as written. Throws Error.
Deal parse_deal(std::string_view text, const Rules& rules);
bool is_deal_number(std::string_view text);

// A deal code: one letter for the shape, then the layout's rank among all
// permutations in base 64 (A-Z a-z 0-9 - _), most significant digit first, with a
// fixed length per shape (38 for 13 ranks with the aces out), then a check
// character that catches any one mistyped character and any two neighbours
// swapped (deal.cpp has the argument). The letter is 'A' + ranks - 1 (D..M, 'M'
// for the full deck) for the aces taken out (4 x ranks slots): the permutation
// counts the gaps as the aces of clubs, diamonds, hearts and spades in the order
// the gaps appear from a1 on; 40 characters for the full deck. It is 'N' + ranks - 4
// (N..W) for the aces on the board (4 x (ranks + 1) slots, Blue Moon, Red Moon ...):
// the permutation is of the 4 ranks cards and 4 more items after them for the
// gaps, again in the order they appear; 44 characters for the full deck. The board's
// base rank says which (Board::base_rank).
std::string deal_code(const Board& start);
// Takes codes with their check character and, as written before there was one,
// without. Throws Error for anything that is not a code of a valid layout, and
// exactly "not a deal code (check character does not match)" for a wrong check
// character.
Board decode_deal_code(std::string_view code);
// The ranks a code (with or without its check character) is for, or 0 when the
// text cannot be a code.
int deal_code_ranks(std::string_view code);
// Whether a code is of the shape with the aces on the board (N..W); false for any
// other text.
bool deal_code_aces_stay(std::string_view code);
// `id` with its check character added when it is a deal code written without one;
// any other id as it is. New games store this form.
std::string checked_deal_id(std::string_view id);
// The rules a game from `code` plays when none are given: the first preset with the
// code's ranks and shape (addiction for 13, mini for 7), or else the addiction
// preset's settings with those ranks (preset "custom"), and for the aces-on-the-
// board shape with aces RowStarts, 2 shuffles after the runs. Throws Error for a
// text that cannot be a code.
Rules deal_code_rules(std::string_view code);

// Throws Error unless `board` holds every card of the game (base rank..ranks of
// each suit) exactly once and four gaps: "card 7H appears twice", "card 9C is missing".
void check_layout(const Board& board, const Rules& rules);

// The board after shuffle number `k` (counting from 1) of the game with `deal_seed`.
Board shuffled(const Board& board, const Rules& rules, std::uint64_t deal_seed, int k);

std::uint64_t fnv1a64(std::string_view text);

}  // namespace addiction
