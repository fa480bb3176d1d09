// Cards, suits and slots: the nouns of the game, and their text forms.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "error.hpp"

namespace addiction {

inline constexpr int kRows = 4;
inline constexpr int kMinRanks = 4;
inline constexpr int kMaxRanks = 13;
// A row holds the ranks from the base rank up and one slot more: 13 slots when the
// aces are removed (2..K and the gap), 14 when they stay (A..K and the gap).
inline constexpr int kMaxWidth = kMaxRanks + 1;
inline constexpr int kMaxSlots = kRows * kMaxWidth;

enum class Suit : std::uint8_t { Clubs, Diamonds, Hearts, Spades };
inline constexpr Suit kSuits[] = {Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades};

// A card or, when empty, a gap. One byte, so a whole board is at most 56 bytes.
class Card {
public:
    constexpr Card() = default;
    constexpr Card(Suit suit, int rank)
        : code_(static_cast<std::uint8_t>(static_cast<int>(suit) << 4 | rank)) {}

    constexpr bool is_gap() const { return code_ == 0; }
    constexpr int rank() const { return code_ & 15; }  // 1 = ace ... 13 = king
    constexpr Suit suit() const { return static_cast<Suit>(code_ >> 4); }
    // Position in a full deck ordered clubs, diamonds, hearts, spades, ace first.
    constexpr int index() const { return static_cast<int>(suit()) * kMaxRanks + rank() - 1; }
    constexpr std::uint8_t code() const { return code_; }

    friend constexpr bool operator==(Card, Card) = default;

private:
    std::uint8_t code_ = 0;
};

inline constexpr Card kGap{};

// Canonical text: rank 2-9, T, J, Q, K (A for aces) then suit C D H S: "TH", "2C".
std::string to_string(Card card);
// The suit as a Unicode symbol, or as its letter when `ascii`.
std::string_view suit_symbol(Suit suit, bool ascii);
// Forgiving input: any case, "10" for T, suit letters or symbols. Throws Error.
Card parse_card(std::string_view text);

// A place on the board: row 0..3 (a..d), column 0..width-1 (1..14 in text).
struct Slot {
    int row = 0;
    int col = 0;
    friend constexpr bool operator==(Slot, Slot) = default;
};

std::string to_string(Slot slot);  // "b1", "d13"
// Throws Error unless the slot exists on a board `width` columns wide.
Slot parse_slot(std::string_view text, int width);

}  // namespace addiction
