// Zobrist keys: how the search names a position in one 128-bit word pair.
//
// A position's key is the XOR of one random key per (slot, card), one for the
// number of shuffles spent and, in a pass that counts them, one for the moves
// of placed 2s made so far; so a move updates it with two XORs, and the same
// position has the same key in every pass and on every machine (fixed seed).
// The table (table.hpp) keeps the top bits as the slot's index and 58 more in
// the entry; its opening comment gives the collision bound.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "card.hpp"
#include "random.hpp"
#include "rules.hpp"
#include "table.hpp"

namespace addiction::solver {

// Card codes (Card::code(): suit << 4 | rank) stay below 64; 0 is a gap.
inline constexpr int kCodes = 64;
inline constexpr std::uint8_t kNowhere = 0xFF;
// Slots are bits of one 64-bit word in the search's masks and in dead_end.hpp.
static_assert(kMaxSlots <= 64);

// The most moves of a placed 2 out of the first column that a pass may allow
// on a line (the second track, tracks.cpp, stops there).
inline constexpr int kMostTwos = 6;

struct Zobrist {
    std::array<std::array<Key, kCodes>, kMaxSlots> cell{};
    std::array<Key, kMaxShuffles + 1> spent{};
    // Placed 2s moved so far, in a pass that counts them: 0 to kMostTwos. The
    // keys are drawn last, so this size changes no other key. (It was 8 once:
    // the first seven keys are the same.)
    std::array<Key, kMostTwos + 1> used{};
    static_assert(std::tuple_size_v<decltype(used)> == kMostTwos + 1, "one key per count of placed-2 moves");
    // In a search that takes the first column's 2s as a set (search.cpp,
    // stored_key()): one key per suit for its 2 standing somewhere in the first
    // column, in place of the key of its slot. Drawn after all the others.
    std::array<Key, 4> first_column{};
    // A position that stands for a set of arrangements of the first column's
    // 2s (search.cpp, stored_key()): one key per arrangement in the set, in
    // place of the first column's. Drawn after all the others.
    std::array<Key, 24> arrangement{};

    Zobrist() {
        std::uint64_t seed = 0x6164646963746E31ULL;  // "addictn1"
        auto next = [&] { return Key{splitmix64(seed), splitmix64(seed)}; };
        // The 52 slots of a board with the aces out first, then spent and used as
        // they always were; the slots 52..55 of a board with the aces on it (14
        // wide) last, so that every key of the older boards stays what it was.
        for (std::size_t slot = 0; slot < kOldSlots; ++slot)
            for (auto& key : cell[slot]) key = next();
        for (auto& key : spent) key = next();
        for (auto& key : used) key = next();
        for (std::size_t slot = kOldSlots; slot < cell.size(); ++slot)
            for (auto& key : cell[slot]) key = next();
        for (auto& key : first_column) key = next();
        for (auto& key : arrangement) key = next();
    }

private:
    static constexpr std::size_t kOldSlots = kRows * kMaxRanks;
};

// Built before main() (position.cpp), so reading it needs no guard on the
// search's hot path.
extern const Zobrist kZobrist;

inline void flip(Key& key, const Key& by) {
    key.a ^= by.a;
    key.b ^= by.b;
}

// The key of the same position with `to` moves of placed 2s counted instead of
// `from` (Zobrist::used; the terms of a count of 0 cancel).
inline Key recounted(Key key, int from, int to) {
    flip(key, kZobrist.used[static_cast<std::size_t>(from)]);
    flip(key, kZobrist.used[static_cast<std::size_t>(to)]);
    return key;
}

}  // namespace addiction::solver
