// Beside the table (table.hpp), a second store of positions: one that may
// forget, for the positions the search need not keep for good.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#include <sys/mman.h>

#include "memory.hpp"
#include "table.hpp"  // Key

namespace addiction::solver {

// The positions a search may forget (search.cpp, "A full first column"): a set
// of whole 128-bit keys in buckets of four, one processor cache line each; a
// key's bucket is the low bits of its first word, and a new key goes to the
// front of its bucket, the oldest of a full one falling out. A key is found
// only if it was put and not pushed out since; the search needs no more of
// it. (One key a slot, the newest taking it, forgot so much more that gaps
// deal 46 counted 11% more positions than with a table, and took 10% longer.)
// A lookup matches another position's key with probability 2^-128 a key
// compared, so it adds nothing to the table's collision bound that counts (an
// empty slot holds the key 0, which a position has with the same odds).
//
// It starts at 2^12 slots, 64 KB (or its most, if fewer: starting at 1 MB,
// `solve` took 1.13 of the time on mini deals of a millisecond, the kernel
// clearing pages), and doubles, up to its most, each time it has taken a
// quarter as many keys as it has slots since the last doubling (growing at a
// half, deal 46 counted 3.5% more positions than with a table, at a quarter
// 0.4%, at an eighth 0.04% in twice the memory): a deal of a few thousand
// positions touches a few pages, not a big array's (each page first written is
// a fault that clears it), and a big search gets the room that spares it most
// repeats. It doubles in place, in an array mapped at its most and touched
// only as it grows: each of a bucket's keys stays or goes to the new bucket
// half the array above it, in their order. (Doubling into a new array cleared
// every page twice, the new array's and, earlier, the old one's: the kernel
// clearing them was 6% of the processor time of gaps deal 21's first 25 s.)
class Cache {
public:
    static constexpr int kFirstBits = 12;
    static constexpr std::size_t kWays = 4;
    static constexpr std::size_t kSlotBytes = sizeof(Key);

    // The most keys that fit `memory_bytes`, a power of two (0 for none).
    static std::size_t keys_within(std::size_t memory_bytes) {
        return memory_bytes < kSlotBytes ? 0 : std::bit_floor(memory_bytes / kSlotBytes);
    }

    // At most `most_keys` (rounded down to a power of two; none below one bucket).
    explicit Cache(std::size_t most_keys) {
        if (most_keys < kWays) return;
        // The address space for the most; a system that has less gets less.
        for (int bits = std::bit_width(most_keys) - 1; bits >= 2 && !slots_; --bits) {
            slots_ = static_cast<Key*>(SpareArrays::map(kSlotBytes << bits, false));
            most_bits_ = bits;
        }
        if (!slots_) return;
        mask_ = (std::size_t{1} << std::min(kFirstBits, most_bits_)) / kWays - 1;
    }
    ~Cache() { release(); }
    Cache(const Cache&) = delete;
    Cache& operator=(const Cache&) = delete;

    bool on() const { return slots_ != nullptr; }
    bool contains(Key key) const {
        const Key* at = bucket(key);
        return at[0] == key || at[1] == key || at[2] == key || at[3] == key;
    }
    // `key`, not in it yet.
    void put(Key key) {
        push(bucket(key), key);
        if (4 * ++taken_ >= slots() && slots() < most_slots()) grow();
    }
    void prefetch(Key key) const { __builtin_prefetch(bucket(key)); }

    // A board that stands for a set of arrangements of the first column
    // (search.cpp, "Arrangements as a set") has one key, whatever the set,
    // which keeps the set in the top 24 bits of its second word: the key
    // names the board by the rest (104 bits).
    static constexpr int kSetShift = 40;
    static constexpr std::uint64_t kBoardBits = (std::uint64_t{1} << kSetShift) - 1;
    static Key board_of(Key key) {
        key.b &= kBoardBits;
        return key;
    }
    static Key with_set(Key board, std::uint32_t set) {
        board.b |= std::uint64_t{set} << kSetShift;
        return board;
    }
    static std::uint32_t set_of(Key key) { return static_cast<std::uint32_t>(key.b >> kSetShift); }
    static bool same_board(Key key, Key board) { return key.a == board.a && (key.b & kBoardBits) == board.b; }
    // The arrangements of `board` (a key from board_of()) put so far.
    std::uint32_t set_put(Key board) const {
        const Key* at = bucket(board);
        for (std::size_t way = 0; way < kWays; ++way)
            if (same_board(at[way], board)) return set_of(at[way]);
        return 0;
    }
    // Adds `set` to the arrangements of `board` put so far.
    void put_set(Key board, std::uint32_t set) {
        Key* at = bucket(board);
        for (std::size_t way = 0; way < kWays; ++way)
            if (same_board(at[way], board)) {
                at[way].b |= std::uint64_t{set} << kSetShift;
                return;
            }
        put(with_set(board, set));
    }
    // The most it may take: the table has the rest of the search's memory.
    std::size_t most_bytes() const { return kSlotBytes * most_slots(); }
    std::size_t bytes() const { return kSlotBytes * slots(); }

private:
    std::size_t slots() const { return slots_ ? (mask_ + 1) * kWays : 0; }
    std::size_t most_slots() const { return slots_ ? std::size_t{1} << most_bits_ : 0; }
    Key* bucket(Key key) const { return slots_ + (key.a & mask_) * kWays; }
    static void push(Key* at, Key key) {
        at[3] = at[2];
        at[2] = at[1];
        at[1] = at[0];
        at[0] = key;
    }

    // Doubles: bucket i's keys go to i or i + the old count of buckets, as the
    // next bit of their first word says, in their order, so that the oldest of
    // a bucket is still the first out.
    void grow() {
        const std::size_t buckets = mask_ + 1;
        mask_ = 2 * buckets - 1;
        // Huge pages once the array spans them (see map_pages); a small cache
        // keeps its 4 KB pages, so a short search clears no 2 MB page.
        if (bytes() >= kHugePageBytes) madvise(slots_, bytes(), MADV_HUGEPAGE);
        for (std::size_t i = 0; i < buckets; ++i) {
            Key* low = slots_ + i * kWays;
            Key* high = low + buckets * kWays;
            std::array<Key, kWays> keys;
            std::copy_n(low, kWays, keys.begin());
            std::size_t stay = 0;
            std::size_t go = 0;
            for (const Key& key : keys) {
                if (key == Key{}) break;  // a bucket fills from the front
                if (key.a & buckets) {
                    high[go++] = key;
                } else {
                    low[stay++] = key;
                }
            }
            std::fill(low + stay, low + kWays, Key{});
        }
        taken_ = 0;
    }
    void release() {
        SpareArrays::unmap(slots_, most_bytes(), bytes());
        slots_ = nullptr;
    }

    Key* slots_ = nullptr;
    std::size_t mask_ = 0;  // buckets - 1
    int most_bits_ = 0;     // 2^most_bits slots mapped
    std::uint64_t taken_ = 0;
};

}  // namespace addiction::solver
