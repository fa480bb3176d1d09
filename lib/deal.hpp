// Deals and shuffles: the only places chance enters the game, all of it a pure
// function of the deal so that games replay byte for byte.
//
// Dealing deal number N with R ranks: the deck is clubs, diamonds, hearts, spades,
// each ace first up to rank R. It is shuffled by Fisher-Yates (random.hpp) with
// xoshiro256** seeded from stream_seed(N, 0), dealt row by row from a1, and the
// aces are taken out to leave the gaps.
//
// The k-th shuffle of a game (k = 1, 2, ...) uses stream_seed(seed, k), where seed
// is the deal number, or for games started from a code the FNV-1a 64-bit hash of
// the code without its check character. It shuffles the loose cards in deck order, not in their current
// places, so its outcome depends only on the deal, k and which cards are placed.
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

// A deal code: one letter for the ranks ('A' + ranks - 1, so 'M' for the full deck)
// then the layout's rank among all permutations in base 64 (A-Z a-z 0-9 - _),
// most significant digit first, with a fixed length per ranks (38 for 13), then a
// check character that catches any one mistyped character and any two neighbours
// swapped (deal.cpp has the argument). The permutation counts the gaps as the aces
// of clubs, diamonds, hearts and spades in the order the gaps appear from a1 on.
// 40 characters for the full deck.
std::string deal_code(const Board& start);
// Takes codes with their check character and, as written before there was one,
// without. Throws Error for anything that is not a code of a valid layout, and
// exactly "not a deal code (check character does not match)" for a wrong check
// character.
Board decode_deal_code(std::string_view code);
// The ranks a code (with or without its check character) is for, or 0 when the
// text cannot be a code.
int deal_code_ranks(std::string_view code);
// `id` with its check character added when it is a deal code written without one;
// any other id as it is. New games store this form.
std::string checked_deal_id(std::string_view id);
// The rules a game from `code` plays when none are given: the first preset with the
// code's ranks (addiction for 13, mini for 7), or for other ranks the addiction
// preset's settings with those ranks (preset "custom"). Throws Error for a text
// that cannot be a code.
Rules deal_code_rules(std::string_view code);

// Throws Error unless `board` holds every card 2..ranks of each suit exactly once
// and four gaps: "card 7H appears twice", "card 9C is missing".
void check_layout(const Board& board, const Rules& rules);

// The board after shuffle number `k` (counting from 1) of the game with `deal_seed`.
Board shuffled(const Board& board, const Rules& rules, std::uint64_t deal_seed, int k);

std::uint64_t fnv1a64(std::string_view text);

}  // namespace addiction
