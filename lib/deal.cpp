#include "deal.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
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

// The shape of a layout as a deal code sees it: the ranks, and whether the aces
// are on the board (4 x (ranks + 1) slots) or taken out (4 x ranks).
struct Shape {
    int ranks = 0;
    bool aces = false;

    int width() const { return aces ? ranks + 1 : ranks; }
    int base_rank() const { return aces ? 1 : 2; }
    // The items a code permutes: one a slot.
    int items() const { return kRows * width(); }
    // 'A' + ranks - 1 (D..M) for the aces taken out, 'N' + ranks - 4 (N..W) for the aces on the board.
    char letter() const { return static_cast<char>(aces ? 'N' + ranks - kMinRanks : 'A' + ranks - 1); }
};

Shape shape_of(const Board& board) {
    const bool aces = board.base_rank() == 1;
    return Shape{aces ? board.width() - 1 : board.width(), aces};
}

// The shape a code's first character names; ranks 0 when it names none.
Shape shape_of_letter(char letter) {
    if (letter >= 'N' && letter <= 'W') return Shape{letter - 'N' + kMinRanks, true};
    const int ranks = letter - 'A' + 1;
    if (ranks >= kMinRanks && ranks <= kMaxRanks) return Shape{ranks, false};
    return Shape{};
}

// The items of a code: each card of the shape, and the gaps. Aces taken out: the
// gaps count as the aces of clubs, diamonds, hearts and spades in the order they
// appear, so the items are the deck A..ranks of each suit. Aces on the board: the
// cards are items 0 .. 4 ranks - 1 and the gaps the four items after them, in
// the order they appear.
int item_of(Card card, int ranks) { return static_cast<int>(card.suit()) * ranks + card.rank() - 1; }
Card card_of(int item, int ranks) { return Card(kSuits[item / ranks], item % ranks + 1); }
int gap_item(int gap, const Shape& shape) {
    return shape.aces ? kRows * shape.ranks + gap : item_of(Card(kSuits[gap], 1), shape.ranks);
}

// Digits of the largest rank, items! - 1, in base 64.
std::size_t digits_for(int items) {
    BigNumber n;
    n.multiply_add(1, 1);
    for (int i = 2; i <= items; ++i) n.multiply_add(static_cast<std::uint32_t>(i), 0);
    // items! - 1 has as many base-64 digits as items! unless items! is a power of 64; it never is.
    std::size_t digits = 0;
    while (!n.is_zero()) {
        n.divide(64);
        ++digits;
    }
    return digits;
}

std::size_t code_length(const Shape& shape) {
    static const auto lengths = [] {
        std::array<std::size_t, kMaxSlots + 1> out{};
        for (int items = kRows * kMinRanks; items <= kMaxSlots; items += kRows)
            out[static_cast<std::size_t>(items)] = digits_for(items);
        return out;
    }();
    return lengths[static_cast<std::size_t>(shape.items())];
}

// The shape letter and the digits: a code without its check character. Within one
// letter the length is fixed, so a code's length says whether it has its check
// character. (Lengths of one letter's shape: 4..13 ranks with the aces out take 9,
// 12, 15, 18, 21, 25, 28, 32, 35, 39; with the aces on the board as many as one
// more rank with them out, 12 .. 43.)
std::size_t core_length(const Shape& shape) { return 1 + code_length(shape); }

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
    Deal deal{std::to_string(number), number, Board(rules)};
    Board& board = deal.start;
    const int width = board.width();
    switch (rules.aces) {
        case Aces::Removed:
            // Row by row from a1, the aces taken out to leave the gaps.
            for (int i = 0; i < board.size(); ++i) {
                Card card = cards[static_cast<std::size_t>(i)];
                board.set(i, card.rank() == 1 ? kGap : card);
            }
            break;
        case Aces::RowStarts: {
            // Row by row into columns 2..width, then each ace, in the order they lie
            // row by row, to the first column of rows a, b, c, d: their slots are the gaps.
            auto next = cards.begin();
            for (int row = 0; row < kRows; ++row)
                for (int col = 1; col < width; ++col) board.set(Slot{row, col}, *next++);
            int aces = 0;
            for (int row = 0; row < kRows; ++row)
                for (int col = 1; col < width; ++col) {
                    const Slot slot{row, col};
                    if (board.at(slot).rank() != 1) continue;
                    board.set(Slot{aces++, 0}, board.at(slot));
                    board.set(slot, kGap);
                }
            break;
        }
        case Aces::DealtFirst: {
            // The aces to the first column in suit order, the second column left
            // empty, the rest in shuffled order row by row into columns 3..width.
            for (int row = 0; row < kRows; ++row) board.set(Slot{row, 0}, Card(kSuits[row], 1));
            auto next = cards.begin();
            for (int row = 0; row < kRows; ++row)
                for (int col = 2; col < width; ++col) {
                    while (next->rank() == 1) ++next;
                    board.set(Slot{row, col}, *next++);
                }
            break;
        }
    }
    return deal;
}

bool is_deal_number(std::string_view text) {
    return !text.empty() && text.size() <= 20 &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

namespace {

// The shape of a code with or without its check character; ranks 0 when the
// text cannot be a code.
Shape code_shape(std::string_view code) {
    if (code.empty()) return Shape{};
    const Shape shape = shape_of_letter(code.front());
    if (shape.ranks == 0) return Shape{};
    if (code.size() != core_length(shape) && code.size() != core_length(shape) + 1) return Shape{};
    for (char c : code.substr(1))
        if (kCodeDigits.find(c) == std::string_view::npos) return Shape{};
    return shape;
}

std::string_view shape_words(bool aces) { return aces ? "the aces on the board" : "the aces taken out"; }

}  // namespace

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
    const Shape shape = code_shape(text);
    if (shape.ranks == 0)
        throw Error(fmt::format("'{}' is neither a deal number nor a deal code", text));
    Board start = decode_deal_code(text);  // a typo is refused before the ranks are compared
    if (shape.ranks != rules.ranks)
        throw Error(fmt::format("deal code {} is for {} ranks but the rules have {}", text, shape.ranks, rules.ranks));
    const bool aces = rules.aces != Aces::Removed;
    if (shape.aces != aces)
        throw Error(fmt::format("deal code {} is for a layout with {} but the {} rules play with {}", text,
                                shape_words(shape.aces), rules.preset, shape_words(aces)));
    // The seed hashes the code without its check character: both spellings of a deal, and
    // game files from before there was a check character, play the same shuffles.
    return Deal{std::string(text), fnv1a64(text.substr(0, core_length(shape))), std::move(start)};
}

int deal_code_ranks(std::string_view code) { return code_shape(code).ranks; }

bool deal_code_aces_stay(std::string_view code) {
    const Shape shape = code_shape(code);
    return shape.ranks != 0 && shape.aces;
}

std::string deal_code(const Board& start) {
    const Shape shape = shape_of(start);
    const int n = start.size();
    std::vector<bool> used(static_cast<std::size_t>(n), false);
    BigNumber value;
    int gaps_seen = 0;
    for (int i = 0; i < n; ++i) {
        Card card = start.at(i);
        int item = card.is_gap() ? gap_item(gaps_seen++ % 4, shape) : item_of(card, shape.ranks);
        std::uint32_t smaller_unused = 0;
        for (int j = 0; j < item; ++j) smaller_unused += used[static_cast<std::size_t>(j)] ? 0u : 1u;
        used[static_cast<std::size_t>(item)] = true;
        value.multiply_add(static_cast<std::uint32_t>(n - i), smaller_unused);
    }
    std::string digits(code_length(shape), kCodeDigits[0]);
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) *it = kCodeDigits[value.divide(64)];
    std::string code = shape.letter() + digits;
    return code + check_character(code);
}

std::string checked_deal_id(std::string_view id) {
    const Shape shape = code_shape(id);
    if (shape.ranks == 0 || id.size() != core_length(shape)) return std::string(id);
    return std::string(id) + check_character(id);
}

Rules deal_code_rules(std::string_view code) {
    const Shape shape = code_shape(code);
    if (shape.ranks == 0) throw Error(fmt::format("'{}' is not a deal code", code));
    for (std::string_view name : preset_names())
        if (Rules rules = preset(name); rules.ranks == shape.ranks && (rules.aces != Aces::Removed) == shape.aces)
            return rules;
    Rules rules = preset("addiction");
    rules.ranks = shape.ranks;
    if (shape.aces) {
        // No preset of this shape: the aces to the row starts as Blue Moon deals them,
        // with Montana's two shuffles after the runs (the random redeal needs the aces out).
        rules.aces = Aces::RowStarts;
        rules.shuffles = 2;
        rules.redeal = Redeal::AfterRun;
    }
    rules.preset = preset_name_for(rules);
    return rules;
}

Board decode_deal_code(std::string_view code) {
    const Shape shape = code_shape(code);
    if (shape.ranks == 0) throw Error(fmt::format("'{}' is not a deal code", code));
    const std::string_view core = code.substr(0, core_length(shape));
    if (core.size() < code.size() && code.back() != check_character(core))
        throw Error("not a deal code (check character does not match)");
    const int n = shape.items();
    BigNumber value;
    for (char c : core.substr(1))
        value.multiply_add(64, static_cast<std::uint32_t>(kCodeDigits.find(c)));
    std::vector<std::uint32_t> lehmer(static_cast<std::size_t>(n));
    for (int i = n - 1; i >= 0; --i)
        lehmer[static_cast<std::size_t>(i)] = value.divide(static_cast<std::uint32_t>(n - i));
    if (!value.is_zero()) throw Error(fmt::format("deal code {} is out of range", code));
    std::vector<int> unused(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) unused[static_cast<std::size_t>(i)] = i;
    Board board(shape.width(), shape.base_rank());
    int gaps_seen = 0;
    for (int i = 0; i < n; ++i) {
        auto at = unused.begin() + lehmer[static_cast<std::size_t>(i)];
        const int item = *at;
        unused.erase(at);
        const bool gap = shape.aces ? item >= kRows * shape.ranks : item % shape.ranks == 0;
        if (gap) {
            // The gaps stand for their items in order; any other order is not canonical.
            if (item != gap_item(gaps_seen++, shape))
                throw Error(fmt::format("deal code {} is not canonical", code));
            board.set(i, kGap);
        } else {
            board.set(i, card_of(item, shape.ranks));
        }
    }
    return board;
}

void check_layout(const Board& board, const Rules& rules) {
    std::array<int, kMaxSlots> seen{};
    int gaps = 0;
    const int base = rules.base_rank();
    for (int i = 0; i < board.size(); ++i) {
        Card card = board.at(i);
        if (card.is_gap()) {
            ++gaps;
            continue;
        }
        if (card.rank() < base)
            throw Error(fmt::format("{} is on the board (aces are taken out of the deal)", to_string(card)));
        if (card.rank() > rules.ranks)
            throw Error(fmt::format("{} is not in a game of {} ranks", to_string(card), rules.ranks));
        if (++seen[static_cast<std::size_t>(card.index())] > 1)
            throw Error(fmt::format("card {} appears twice", to_string(card)));
    }
    for (Card card : deck(rules.ranks))
        if (card.rank() >= base && seen[static_cast<std::size_t>(card.index())] == 0)
            throw Error(fmt::format("card {} is missing", to_string(card)));
    if (gaps != kRows) throw Error(fmt::format("the board has {} gaps instead of 4", gaps));
}

Board shuffled(const Board& board, const Rules& rules, std::uint64_t deal_seed, int k) {
    std::vector<Card> loose;
    for (int i = 0; i < board.size(); ++i) {
        Slot slot = board.slot(i);
        if (!board.at(i).is_gap() && !board.is_placed(slot)) loose.push_back(board.at(i));
    }
    // The random redeal deals the (removed) aces in to mark the gaps; when the aces
    // stay they are cards like any other, loose unless in their row's run.
    if (rules.redeal == Redeal::Random)
        for (Suit suit : kSuits) loose.emplace_back(suit, 1);
    std::sort(loose.begin(), loose.end(), by_deck_order);
    Xoshiro256 rng(stream_seed(deal_seed, static_cast<std::uint64_t>(k)));
    shuffle_items(std::span<Card>(loose), rng);

    Board out(board.width(), board.base_rank());
    // The slots the redeal fills: every slot right of the placed runs, row by row.
    std::vector<int> free;
    for (int row = 0; row < kRows; ++row) {
        const int run = board.placed_run(row);
        for (int col = 0; col < run; ++col) out.set(Slot{row, col}, board.at(Slot{row, col}));
        // After-run leaves the slot after the run empty; random fills it like any other.
        int first = rules.redeal == Redeal::AfterRun ? run + 1 : run;
        for (int col = first; col < board.width(); ++col) free.push_back(out.index(Slot{row, col}));
    }
    if (rules.redeal == Redeal::RandomSlots) {
        // Four of the free slots stay gaps, drawn after the shuffle from the same
        // generator: for g = 0..3 the one at index below(free - g) of those left,
        // in row-major order.
        for (int g = 0; g < kRows; ++g) {
            const auto at = rng.below(static_cast<std::uint32_t>(free.size()));
            free.erase(free.begin() + static_cast<std::ptrdiff_t>(at));
        }
    }
    auto next = loose.begin();
    for (int slot : free) {
        Card card = *next++;
        out.set(slot, rules.redeal == Redeal::Random && card.rank() == 1 ? kGap : card);
    }
    return out;
}

}  // namespace addiction
