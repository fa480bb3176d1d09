// Deals and shuffles: the only places chance enters the game, all of it a pure
// function of the deal so that games replay byte for byte.
//
// Dealing deal number N with R ranks: the deck is clubs, diamonds, hearts, spades,
// each ace first up to rank R. It is shuffled by Fisher-Yates (random.hpp) with
// xoshiro256** seeded from stream_seed(N, 0), dealt row by row from a1, and the
// aces are taken out to leave the gaps.
//
// The k-th shuffle of a game (k = 1, 2, ...) uses stream_seed(seed, k), where seed
// is the deal number, or the FNV-1a 64-bit hash of the deal code for games started
// from a code. It shuffles the loose cards in deck order, not in their current
// places, so its outcome depends only on the deal, k and which cards are placed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "board.hpp"
#include "rules.hpp"

namespace addiction {

struct Deal {
    std::string id;          // the deal number in decimal, or the deal code
    std::uint64_t seed = 0;  // seeds the shuffles
    Board start;
};

Deal deal_number(std::uint64_t number, const Rules& rules);
// A deal number (all digits) or a deal code. Throws Error.
Deal parse_deal(std::string_view text, const Rules& rules);
bool is_deal_number(std::string_view text);

// A deal code: one letter for the ranks ('A' + ranks - 1, so 'M' for the full deck)
// then the layout's rank among all permutations in base 64 (A-Z a-z 0-9 - _),
// most significant digit first, with a fixed length per ranks (38 for 13). The
// permutation counts the gaps as the aces of clubs, diamonds, hearts and spades in
// the order the gaps appear from a1 on. 39 characters for the full deck.
std::string deal_code(const Board& start);
// Throws Error for anything that is not a code of a valid layout.
Board decode_deal_code(std::string_view code);
// The ranks a code is for, or 0 when the text cannot be a code.
int deal_code_ranks(std::string_view code);

// Throws Error unless `board` holds every card 2..ranks of each suit exactly once
// and four gaps: "card 7H appears twice", "card 9C is missing".
void check_layout(const Board& board, const Rules& rules);

// The board after shuffle number `k` (counting from 1) of the game with `deal_seed`.
Board shuffled(const Board& board, const Rules& rules, std::uint64_t deal_seed, int k);

std::uint64_t fnv1a64(std::string_view text);

}  // namespace addiction
