#include "card.hpp"

#include <array>
#include <cctype>

#include <fmt/format.h>

namespace addiction {
namespace {

constexpr std::string_view kRankLetters = "?A23456789TJQK";
constexpr std::string_view kSuitLetters = "CDHS";

struct SuitSpelling {
    std::string_view text;
    Suit suit;
};
// Black and white symbols both, since people paste either.
constexpr std::array<SuitSpelling, 8> kSuitSymbols{{
    {"\u2663", Suit::Clubs},  {"\u2667", Suit::Clubs},  {"\u2666", Suit::Diamonds},
    {"\u2662", Suit::Diamonds}, {"\u2665", Suit::Hearts}, {"\u2661", Suit::Hearts},
    {"\u2660", Suit::Spades}, {"\u2664", Suit::Spades},
}};

std::string upper(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

std::string to_string(Card card) {
    if (card.is_gap()) return "--";
    return {kRankLetters[static_cast<std::size_t>(card.rank())],
            kSuitLetters[static_cast<std::size_t>(card.suit())]};
}

std::string_view suit_symbol(Suit suit, bool ascii) {
    auto i = static_cast<std::size_t>(suit);
    if (ascii) return kSuitLetters.substr(i, 1);
    constexpr std::array<std::string_view, 4> symbols{"\u2663", "\u2666", "\u2665", "\u2660"};
    return symbols[i];
}

Card parse_card(std::string_view text) {
    auto fail = [&] {
        return Error(fmt::format("'{}' is not a card (write rank then suit, e.g. 6D, TH, 10S)", text));
    };
    std::string s = upper(text);
    std::string_view rest = s;
    int rank = 0;
    if (rest.starts_with("10")) {
        rank = 10;
        rest.remove_prefix(2);
    } else if (!rest.empty()) {
        auto at = kRankLetters.find(rest.front());
        if (at == std::string_view::npos || at == 0) throw fail();
        rank = static_cast<int>(at);
        rest.remove_prefix(1);
    }
    if (rank == 0) throw fail();
    if (rest.size() == 1) {
        auto at = kSuitLetters.find(rest.front());
        if (at == std::string_view::npos) throw fail();
        return Card(static_cast<Suit>(at), rank);
    }
    // A suit symbol may come with a variation selector (U+FE0F asks for the
    // emoji form, U+FE0E for text), which phones and some keyboards add.
    for (std::string_view selector : {"\xef\xb8\x8f", "\xef\xb8\x8e"})
        if (rest.ends_with(selector)) rest.remove_suffix(selector.size());
    for (const auto& spelling : kSuitSymbols)
        if (rest == spelling.text) return Card(spelling.suit, rank);
    throw fail();
}

std::string to_string(Slot slot) {
    return fmt::format("{}{}", static_cast<char>('a' + slot.row), slot.col + 1);
}

Slot parse_slot(std::string_view text, int width) {
    auto fail = [&] {
        return Error(fmt::format("'{}' is not a slot (rows a-d, columns 1-{}, e.g. b7)", text, width));
    };
    if (text.size() < 2 || text.size() > 3) throw fail();
    int row = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
    if (row < 0 || row >= kRows) throw fail();
    int col = 0;
    for (char c : text.substr(1)) {
        if (c < '0' || c > '9') throw fail();
        col = col * 10 + (c - '0');
    }
    if (col < 1 || col > width) throw fail();
    return Slot{row, col - 1};
}

}  // namespace addiction
