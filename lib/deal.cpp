#include "deal.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "random.hpp"

namespace addiction {
namespace {

constexpr std::string_view kCodeDigits =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Just enough unsigned big-number arithmetic for a 226-bit permutation rank.
class BigNumber {
public:
    void multiply_add(std::uint32_t factor, std::uint32_t addend) {
        std::uint64_t carry = addend;
        for (auto& limb : limbs_) {
            std::uint64_t v = std::uint64_t{limb} * factor + carry;
            limb = static_cast<std::uint32_t>(v);
            carry = v >> 32;
        }
        if (carry) limbs_.push_back(static_cast<std::uint32_t>(carry));
    }
    std::uint32_t divide(std::uint32_t divisor) {  // returns the remainder
        std::uint64_t rem = 0;
        for (auto it = limbs_.rbegin(); it != limbs_.rend(); ++it) {
            std::uint64_t v = (rem << 32) | *it;
            *it = static_cast<std::uint32_t>(v / divisor);
            rem = v % divisor;
        }
        while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
        return static_cast<std::uint32_t>(rem);
    }
    bool is_zero() const { return limbs_.empty(); }

private:
    std::vector<std::uint32_t> limbs_;  // least significant first; empty is zero
};

int item_of(Card card, int ranks) { return static_cast<int>(card.suit()) * ranks + card.rank() - 1; }
Card card_of(int item, int ranks) { return Card(kSuits[item / ranks], item % ranks + 1); }

// Digits of the largest rank, (4*ranks)! - 1, in base 64.
std::size_t digits_for(int ranks) {
    BigNumber n;
    n.multiply_add(1, 1);
    for (int i = 2; i <= kRows * ranks; ++i) n.multiply_add(static_cast<std::uint32_t>(i), 0);
    // (4r)! - 1 has as many base-64 digits as (4r)! unless (4r)! is a power of 64; it never is.
    std::size_t digits = 0;
    while (!n.is_zero()) {
        n.divide(64);
        ++digits;
    }
    return digits;
}

std::size_t code_length(int ranks) {
    static const auto lengths = [] {
        std::array<std::size_t, kMaxRanks + 1> out{};
        for (int r = kMinRanks; r <= kMaxRanks; ++r) out[static_cast<std::size_t>(r)] = digits_for(r);
        return out;
    }();
    return lengths[static_cast<std::size_t>(ranks)];
}

// The rank letter and the digits: a code without its check character. The lengths
// for 4..13 ranks (9, 12, 15, 18, 21, 25, 28, 32, 35, 39) are at least 3 apart, so
// a code's length says whether it has its check character.
std::size_t core_length(int ranks) { return 1 + code_length(ranks); }

// The check character. Every character of a code, the rank letter too, stands for
// its place in kCodeDigits, 0..63, read as an element of GF(64): six bits, added by
// xor, multiplied as polynomials over GF(2) modulo x^6 + x + 1 (irreducible, so
// GF(64) is a field). For characters s_0 .. s_n, s_n the check character, the check
// character makes S = sum of s_i * x^(n - i) zero. Then:
// - a substitution adds e * x^(n - i) to S, with e != 0: a product of nonzero
//   elements of a field, never zero;
// - a swap of neighbours s_i != s_j (j = i + 1) adds
//   (s_i + s_j) * (x^(n - i) + x^(n - j)) = (s_i + s_j) * x^(n - j) * (x + 1),
//   never zero since x != 1.
// So both leave S nonzero and are refused. Integers mod 64 cannot do this with one
// character: a substitution by a difference of 32 goes unseen unless every weight
// is odd, and then two neighbouring weights differ by an even number, so a swap of
// characters 32 apart goes unseen. A prime modulus (67 and up) would need a second
// character for the values 64 and up; GF(64) has exactly 64 elements.
std::uint32_t times_x(std::uint32_t value) {
    value <<= 1;
    return value & 0x40u ? value ^ 0x43u : value;  // x^6 = x + 1
}

// Horner's rule: sum of s_i * x^(n - 1 - i) over the characters of `text`.
std::uint32_t code_sum(std::string_view text) {
    std::uint32_t sum = 0;
    for (char c : text) sum = times_x(sum) ^ static_cast<std::uint32_t>(kCodeDigits.find(c));
    return sum;
}

// The character that makes the sum over `core` and itself zero (xor is minus too).
char check_character(std::string_view core) { return kCodeDigits[times_x(code_sum(core))]; }

std::vector<Card> deck(int ranks) {
    std::vector<Card> cards;
    for (Suit suit : kSuits)
        for (int rank = 1; rank <= ranks; ++rank) cards.emplace_back(suit, rank);
    return cards;
}

bool by_deck_order(Card a, Card b) { return a.index() < b.index(); }

}  // namespace

std::uint64_t fnv1a64(std::string_view text) {
    std::uint64_t hash = 0xCBF29CE484222325ULL;
    for (char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001B3ULL;
    }
    return hash;
}

Deal deal_number(std::uint64_t number, const Rules& rules) {
    std::vector<Card> cards = deck(rules.ranks);
    Xoshiro256 rng(stream_seed(number, 0));
    shuffle_items(std::span<Card>(cards), rng);
    Deal deal{std::to_string(number), number, Board(rules.width())};
    for (int i = 0; i < deal.start.size(); ++i) {
        Card card = cards[static_cast<std::size_t>(i)];
        deal.start.set(i, card.rank() == 1 ? kGap : card);
    }
    return deal;
}

bool is_deal_number(std::string_view text) {
    return !text.empty() && text.size() <= 20 &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

Deal parse_deal(std::string_view text, const Rules& rules) {
    if (is_deal_number(text)) {
        std::uint64_t number = 0;
        bool overflow = false;
        for (char c : text) {
            auto digit = static_cast<std::uint64_t>(c - '0');
            if (number > (UINT64_MAX - digit) / 10) overflow = true;
            number = number * 10 + digit;
        }
        if (!overflow) return deal_number(number, rules);
        throw Error(fmt::format("deal number {} is too large (the largest is {})", text, UINT64_MAX));
    }
    int ranks = deal_code_ranks(text);
    if (ranks == 0)
        throw Error(fmt::format("'{}' is neither a deal number nor a deal code", text));
    Board start = decode_deal_code(text);  // a typo is refused before the ranks are compared
    if (ranks != rules.ranks)
        throw Error(fmt::format("deal code {} is for {} ranks but the rules have {} (add --ranks {})",
                                text, ranks, rules.ranks, ranks));
    // The seed hashes the code without its check character: both spellings of a deal, and
    // game files from before there was a check character, play the same shuffles.
    return Deal{std::string(text), fnv1a64(text.substr(0, core_length(ranks))), std::move(start)};
}

int deal_code_ranks(std::string_view code) {
    if (code.empty()) return 0;
    int ranks = code.front() - 'A' + 1;
    if (ranks < kMinRanks || ranks > kMaxRanks) return 0;
    if (code.size() != core_length(ranks) && code.size() != core_length(ranks) + 1) return 0;
    for (char c : code.substr(1))
        if (kCodeDigits.find(c) == std::string_view::npos) return 0;
    return ranks;
}

std::string deal_code(const Board& start) {
    const int ranks = start.width();
    const int n = start.size();
    std::vector<bool> used(static_cast<std::size_t>(n), false);
    BigNumber value;
    int gaps_seen = 0;
    for (int i = 0; i < n; ++i) {
        Card card = start.at(i);
        int item = card.is_gap() ? item_of(Card(kSuits[gaps_seen++ % 4], 1), ranks) : item_of(card, ranks);
        std::uint32_t smaller_unused = 0;
        for (int j = 0; j < item; ++j) smaller_unused += used[static_cast<std::size_t>(j)] ? 0u : 1u;
        used[static_cast<std::size_t>(item)] = true;
        value.multiply_add(static_cast<std::uint32_t>(n - i), smaller_unused);
    }
    std::string digits(code_length(ranks), kCodeDigits[0]);
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) *it = kCodeDigits[value.divide(64)];
    std::string code = static_cast<char>('A' + ranks - 1) + digits;
    return code + check_character(code);
}

std::string checked_deal_id(std::string_view id) {
    const int ranks = deal_code_ranks(id);
    if (ranks == 0 || id.size() != core_length(ranks)) return std::string(id);
    return std::string(id) + check_character(id);
}

Rules deal_code_rules(std::string_view code) {
    const int ranks = deal_code_ranks(code);
    if (ranks == 0) throw Error(fmt::format("'{}' is not a deal code", code));
    for (std::string_view name : preset_names())
        if (Rules rules = preset(name); rules.ranks == ranks) return rules;
    Rules rules = preset("addiction");
    rules.ranks = ranks;
    rules.preset = preset_name_for(rules);
    return rules;
}

Board decode_deal_code(std::string_view code) {
    const int ranks = deal_code_ranks(code);
    if (ranks == 0) throw Error(fmt::format("'{}' is not a deal code", code));
    const std::string_view core = code.substr(0, core_length(ranks));
    if (core.size() < code.size() && code.back() != check_character(core))
        throw Error("not a deal code (check character does not match)");
    const int n = kRows * ranks;
    BigNumber value;
    for (char c : core.substr(1))
        value.multiply_add(64, static_cast<std::uint32_t>(kCodeDigits.find(c)));
    std::vector<std::uint32_t> lehmer(static_cast<std::size_t>(n));
    for (int i = n - 1; i >= 0; --i)
        lehmer[static_cast<std::size_t>(i)] = value.divide(static_cast<std::uint32_t>(n - i));
    if (!value.is_zero()) throw Error(fmt::format("deal code {} is out of range", code));
    std::vector<int> unused(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) unused[static_cast<std::size_t>(i)] = i;
    Board board(ranks);
    int gaps_seen = 0;
    for (int i = 0; i < n; ++i) {
        auto at = unused.begin() + lehmer[static_cast<std::size_t>(i)];
        Card card = card_of(*at, ranks);
        unused.erase(at);
        if (card.rank() == 1) {
            // The gaps stand for the aces in suit order; any other order is not canonical.
            if (card.suit() != kSuits[gaps_seen++])
                throw Error(fmt::format("deal code {} is not canonical", code));
            card = kGap;
        }
        board.set(i, card);
    }
    return board;
}

void check_layout(const Board& board, const Rules& rules) {
    std::array<int, kMaxSlots> seen{};
    int gaps = 0;
    for (int i = 0; i < board.size(); ++i) {
        Card card = board.at(i);
        if (card.is_gap()) {
            ++gaps;
            continue;
        }
        if (card.rank() == 1)
            throw Error(fmt::format("{} is on the board (aces are taken out of the deal)", to_string(card)));
        if (card.rank() > rules.ranks)
            throw Error(fmt::format("{} is not in a game of {} ranks", to_string(card), rules.ranks));
        if (++seen[static_cast<std::size_t>(card.index())] > 1)
            throw Error(fmt::format("card {} appears twice", to_string(card)));
    }
    for (Card card : deck(rules.ranks))
        if (card.rank() > 1 && seen[static_cast<std::size_t>(card.index())] == 0)
            throw Error(fmt::format("card {} is missing", to_string(card)));
    if (gaps != kRows) throw Error(fmt::format("the board has {} gaps instead of 4", gaps));
}

Board shuffled(const Board& board, const Rules& rules, std::uint64_t deal_seed, int k) {
    std::vector<Card> loose;
    for (int i = 0; i < board.size(); ++i) {
        Slot slot = board.slot(i);
        if (!board.at(i).is_gap() && !board.is_placed(slot)) loose.push_back(board.at(i));
    }
    if (rules.redeal == Redeal::Random)
        for (Suit suit : kSuits) loose.emplace_back(suit, 1);
    std::sort(loose.begin(), loose.end(), by_deck_order);
    Xoshiro256 rng(stream_seed(deal_seed, static_cast<std::uint64_t>(k)));
    shuffle_items(std::span<Card>(loose), rng);

    Board out(board.width());
    auto next = loose.begin();
    for (int row = 0; row < kRows; ++row) {
        const int run = board.placed_run(row);
        for (int col = 0; col < run; ++col) out.set(Slot{row, col}, board.at(Slot{row, col}));
        // After-run leaves the slot after the run empty; random fills it like any other.
        int first = rules.redeal == Redeal::AfterRun ? run + 1 : run;
        for (int col = first; col < board.width(); ++col) {
            Card card = *next++;
            out.set(Slot{row, col}, card.rank() == 1 ? kGap : card);
        }
    }
    return out;
}

}  // namespace addiction
