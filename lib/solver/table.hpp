// The solver's transposition table: the set of positions already searched.
//
// A position is stored as its Zobrist key (keys.hpp), 128 bits, in one 8-byte
// entry: the table's index holds part of the key (quotienting), so the same
// memory holds twice the positions of a 16-byte entry. (Given memory enough to
// pass the largest such table, entries take 16 bytes and hold the whole key:
// "Wide entries" below.)
//
//
// Layout. The capacity is 2^q slots. Read the key as one 128-bit number a:b;
// its top q bits are the key's home slot. An entry is (d + 1) << 59 | payload,
// where d, 0 to 30, is how far past its home the entry sits (linear probing,
// Robin Hood order: each run of full slots holds its entries sorted by home, so
// a lookup stops at the first entry that sits nearer its home than the probe
// does), and the payload is the next 58 key bits followed by a 1, the marker.
// The displacement gives the home back from the entry's index, which growing
// needs; 0 marks an empty slot. An entry that would sit more than 30 slots past
// its home goes to a small sorted side list, the stash (about one entry in
// 10^4 at the fullest).
//
// Growth. The table starts at 2^17 slots and doubles up to 2^26 (512 MB),
// never past the memory limit: old and new arrays together stay within it
// while it grows. The old array goes back to the system a chunk at a time as
// its entries move, so the memory the process holds peaks at about the new
// array, not at both (at the largest size, 512 MB a table instead of 768).
// Doubling moves the payload's top bit into the home and
// shifts a 0 in below the marker, so an entry made at 2^r slots keeps r + 58
// bits of its key for good, and a lookup compares the bits above the marker.
// When it is full at the limit, insert() reports it and the search stops as
// undecided. Growing rehashes every key, which takes seconds for a big table,
// so with a deadline the table does not start a growth it cannot finish in
// time; it fills up instead.
//
// Collision bound. A stored position x made at 2^r slots answers a lookup of
// another position y only if the r + 58 key bits it keeps are y's too. For
// independent uniform Zobrist keys the XOR of two different positions' keys is
// uniform, so that has probability 2^-(r + 58). A search goes wrong only if a
// new position is taken for a stored one, so summing over each inserted y and
// each x stored before it: P <= 2^-58 * sum over levels q of n_q * S(q), where
// n_q positions are inserted while the table has 2^q slots (at most 0.7 * 2^17
// at the first level, 0.35 * 2^q later, growing at 70% full, and 0.5 * 2^Q at
// the last, full at 85%) and S(q) = sum over r <= q of n_r * 2^-r. For the
// largest table, Q = 26 (5.7 * 10^7 positions), P < 7.3 * 10^-10. We accept
// that as proof-grade and say so in the documentation (README, "How the solver
// works"). (A table of 2^27 slots would give 1.6 * 10^-9: hence the cap.)
//
// Wide entries. Given kWideFrom or more memory, a table keeps a second word
// beside each entry, the key's low 64 bits, so that an entry holds the whole
// key: home and payload are its first r + 58 >= 70 bits, the second word its
// last 64. A stored position then answers a lookup of another only if their
// 128-bit keys are equal, probability 2^-128 a pair, so at most
// n^2 * 2^-129 < 2^-65 < 3 * 10^-20 for the n < 2^32 positions of the largest
// wide table, and the table may grow past 2^26 slots (to kMostWideBits) as
// far as memory goes.
// Each entry takes 16 bytes, so below 2^27 slots a wide table holds half the
// positions of a narrow one in the same memory; kWideFrom is the least limit
// at which a wide table reaches 2^27 slots (its 2^26-slot array, 1 GiB, and the
// doubled one, 2 GiB, side by side while it grows), holding twice the
// positions of the largest narrow table. The default limits stay narrow.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <new>
#include <vector>

#include <sys/mman.h>

#include "memory.hpp"

namespace addiction::solver {

struct Key {
    std::uint64_t a = 0;  // the top bits pick the home slot
    std::uint64_t b = 0;
    friend bool operator==(const Key&, const Key&) = default;
};

class Table {
public:
    enum class Insert { Added, Present, Full };

    using Clock = std::chrono::steady_clock;

    // Bits of an entry: the displacement code on top, the payload below.
    static constexpr int kPayloadBits = 59;
    static constexpr std::uint64_t kPayloadMask = (std::uint64_t{1} << kPayloadBits) - 1;
    // The farthest an entry sits from its home in the array (codes 1 to 31), and
    // the key bits in a new entry's payload, above its marker bit.
    static constexpr std::uint64_t kMostDisplacement = 30;
    static constexpr int kWindowBits = 58;
    static constexpr int kFirstBits = 17;
    // The largest table: 2^26 slots (512 MB), for the collision bound; with wide
    // entries, 2^32 slots (64 GiB) or the memory limit.
    static constexpr int kMostBits = 26;
    static constexpr int kMostWideBits = 32;
    static constexpr std::size_t kWideFrom = std::size_t{3} << 30;

    explicit Table(std::size_t memory_bytes, Clock::time_point deadline = Clock::time_point::max())
        : limit_(memory_bytes), deadline_(deadline), wide_(memory_bytes >= kWideFrom ? 1 : 0) {
        // A limit below the first table's size gets a smaller one (2^12 slots at least).
        int bits = kFirstBits;
        while (bits > 12 && entry_bytes() << bits > memory_bytes) --bits;
        if (!try_allocate(bits)) throw std::bad_alloc();
        peak_ = bytes();
    }
    ~Table() { unmap(slots_, capacity_ << wide_); }
    Table(const Table&) = delete;
    Table& operator=(const Table&) = delete;

    Insert insert(Key key) {
        if (size_ + 1 > grow_at_ && !grow()) {
            if (size_ + 1 > full_at_) return Insert::Full;
        }
        // An insertion adds at most one stash entry: make room first, within the
        // limit (but for the first entry: the stash is empty at most limits).
        if (stash_.size() == stash_.capacity() && !stash_.empty() && !reserve_stash()) return Insert::Full;
        const Split s = split(key);
        for (std::uint64_t dist = 0; dist <= kMostDisplacement; ++dist) {
            const std::size_t i = (s.home + dist) & mask_;
            if (holds(i, dist, s)) return Insert::Present;
            if ((entry_at(i) >> kPayloadBits) <= dist) {
                place(i, code(dist, s.payload), s.low);
                ++size_;
                return Insert::Added;
            }
        }
        // Every slot within reach holds an entry of this home or an earlier one.
        if (stash_find(s) != npos) return Insert::Present;
        stash(s.home, s.payload, s.low);
        ++size_;
        return Insert::Added;
    }

    // Where `key` is stored, as an index below capacity(), or npos when it is
    // not: lets a caller keep a little data per stored position beside the
    // table (lib/solver/shortest.cpp) instead of a second table. The indices
    // hold until the next insertion.
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    std::size_t slot_of(Key key) const {
        const Split s = split(key);
        for (std::uint64_t dist = 0; dist <= kMostDisplacement; ++dist) {
            const std::size_t i = (s.home + dist) & mask_;
            if (holds(i, dist, s)) return i;
            if ((entry_at(i) >> kPayloadBits) <= dist) return npos;
        }
        const std::size_t at = stash_find(s);
        return at == npos ? npos : capacity_ + at;
    }
    // Slots in the array, and one more for each stashed entry.
    std::size_t capacity() const { return capacity_ + stash_.size(); }
    bool contains(Key key) const { return slot_of(key) != npos; }

    // Growing stops early once either flag is set: a rehash of a big table takes
    // seconds, and a stop must be prompt. A stop before a growth keeps every
    // entry; one during it keeps those moved so far (the search is ending then,
    // and a lost entry only costs a second visit).
    void stop_when(const std::atomic<bool>* first, const std::atomic<bool>* second) {
        stop_[0] = first;
        stop_[1] = second;
    }

    // A hint to the cache that `key` is about to be looked up.
    void prefetch(Key key) const { __builtin_prefetch(&slots_[(key.a >> shift_) << wide_]); }

    std::size_t size() const { return size_; }
    std::size_t stashed() const { return stash_.size(); }
    // Whether it is full because a growth would have run past the deadline.
    bool short_of_time() const { return short_of_time_; }
    std::size_t bytes() const { return capacity_ * entry_bytes() + stash_.capacity() * sizeof(Stashed); }
    std::size_t peak_bytes() const { return peak_; }
    // Whether entries hold the whole key (see "Wide entries" above).
    bool wide() const { return wide_ != 0; }

private:
    struct Stashed {
        std::uint64_t home = 0;
        std::uint64_t payload = 0;
        std::uint64_t low = 0;  // wide entries: the key's low word; else 0
        friend auto operator<=>(const Stashed&, const Stashed&) = default;
    };
    struct Split {
        std::size_t home;
        std::uint64_t payload;
        std::uint64_t low;  // the second word of a wide entry (0 for narrow ones)
    };

    std::size_t entry_bytes() const { return sizeof(std::uint64_t) << wide_; }
    // Slot i's entry, and its second word (wide entries; 0 otherwise), in this
    // table's array or in `array` (the old one, while growing).
    std::uint64_t entry_at(std::size_t i, const std::uint64_t* array) const { return array[i << wide_]; }
    std::uint64_t low_at(std::size_t i, const std::uint64_t* array) const { return wide_ ? array[(i << 1) + 1] : 0; }
    std::uint64_t entry_at(std::size_t i) const { return entry_at(i, slots_); }
    std::uint64_t low_at(std::size_t i) const { return low_at(i, slots_); }
    void set(std::size_t i, std::uint64_t entry, std::uint64_t low) {
        slots_[i << wide_] = entry;
        if (wide_) slots_[(i << 1) + 1] = low;
    }

    // The payload of a new entry: the 58 key bits after the home, then a 1 that
    // marks where the key bits end (each doubling shifts a 0 in below it).
    Split split(Key key) const {
        // bits_ is 12 to 32, so every shift here is within 1 and 63.
        const std::uint64_t next = key.a << bits_ | key.b >> shift_;
        return {static_cast<std::size_t>(key.a >> shift_), (next >> (64 - kWindowBits)) << 1 | 1, wide_ ? key.b : 0};
    }
    // Whether slot i, `dist` past the home of `s`, holds the key `s` was split
    // from: the entry sits that far from its home, its payload holds the key's
    // bits (as many as it kept) and, with wide entries, its second word the low
    // word.
    bool holds(std::size_t i, std::uint64_t dist, const Split& s) const {
        const std::uint64_t entry = entry_at(i);
        return (entry >> kPayloadBits) == dist + 1 && same(entry & kPayloadMask, s.payload) && low_at(i) == s.low;
    }
    // Whether a stored payload holds `payload`'s key bits: as many as it kept.
    static bool same(std::uint64_t stored, std::uint64_t payload) {
        const int kept_from = std::countr_zero(stored) + 1;  // above the marker
        return stored >> kept_from == payload >> kept_from;
    }
    static std::uint64_t code(std::uint64_t dist, std::uint64_t payload) {
        return (dist + 1) << kPayloadBits | payload;
    }

    // Puts `entry` at slot i and moves the rest of the run one slot on, each
    // one further from its home; one that would sit too far goes to the stash.
    void place(std::size_t i, std::uint64_t entry, std::uint64_t low) {
        while (true) {
            const std::uint64_t old = entry_at(i);
            const std::uint64_t old_low = low_at(i);
            set(i, entry, low);
            if (old == 0) return;
            if ((old >> kPayloadBits) == kMostDisplacement + 1) {
                return stash((i - kMostDisplacement) & mask_, old & kPayloadMask, old_low);
            }
            entry = old + (std::uint64_t{1} << kPayloadBits);
            low = old_low;
            i = (i + 1) & mask_;
        }
    }

    // The index in the stash of the entry for `s`, or npos.
    std::size_t stash_find(const Split& s) const {
        auto at = std::lower_bound(stash_.begin(), stash_.end(), Stashed{s.home, 0, 0});
        for (; at != stash_.end() && at->home == s.home; ++at)
            if (same(at->payload, s.payload) && at->low == s.low) return static_cast<std::size_t>(at - stash_.begin());
        return npos;
    }

    // Like insert() for an entry known to be absent (growing).
    void put(std::size_t home, std::uint64_t payload, std::uint64_t low) {
        for (std::uint64_t dist = 0; dist <= kMostDisplacement; ++dist) {
            const std::size_t i = (home + dist) & mask_;
            if ((entry_at(i) >> kPayloadBits) <= dist) return place(i, code(dist, payload), low);
        }
        stash(home, payload, low);
    }

    // Keeps the stash sorted, for stash_find's binary search.
    void stash(std::size_t home, std::uint64_t payload, std::uint64_t low) {
        const Stashed stashed{home, payload, low};
        stash_.insert(std::lower_bound(stash_.begin(), stash_.end(), stashed), stashed);
    }

    bool reserve_stash() {
        const std::size_t more = stash_.capacity() * 2;
        // The old and new lists together while the vector moves.
        if (capacity_ * entry_bytes() + (stash_.capacity() + more) * sizeof(Stashed) > limit_) return false;
        stash_.reserve(more);
        return true;
    }

    // `words`: 64-bit words (a slot takes one, or two when wide).
    static std::uint64_t* map(std::size_t words) {
        return static_cast<std::uint64_t*>(SpareArrays::map(words * sizeof(std::uint64_t), true));
    }
    static void unmap(std::uint64_t* slots, std::size_t words) {
        SpareArrays::unmap(slots, words * sizeof(std::uint64_t), words * sizeof(std::uint64_t));
    }

    bool try_allocate(int bits) {
        std::uint64_t* slots = map(std::size_t{1} << bits << wide_);
        if (!slots) return false;
        slots_ = slots;
        size_to(bits);
        return true;
    }

    bool stopped() const {
        for (const std::atomic<bool>* flag : stop_)
            if (flag && flag->load(std::memory_order_relaxed)) return true;
        return false;
    }

    // Doubles; false when it cannot grow.
    bool grow() {
        if (stopped()) return false;
        const std::size_t old_bytes = bytes();
        const std::size_t new_bytes = 2 * capacity_ * entry_bytes();
        if (bits_ >= (wide_ ? kMostWideBits : kMostBits) || old_bytes > limit_ || new_bytes > limit_ - old_bytes) {
            grow_at_ = full_at_;  // fill this one up to the limit
            return false;
        }
        // The last growth's time per old key, doubled for safety (a fresh big
        // allocation can be slower per key than the one before).
        const auto started = Clock::now();
        if (deadline_ != Clock::time_point::max() &&
            started + 2 * seconds_per_key_ * static_cast<double>(size_) > deadline_) {
            grow_at_ = full_at_;
            short_of_time_ = true;
            return false;
        }
        std::uint64_t* old = slots_;
        const int old_bits = bits_;
        const std::size_t old_mask = mask_;
        std::vector<Stashed> old_stash;
        old_stash.swap(stash_);
        if (!try_allocate(old_bits + 1)) {
            // The system has less memory than the limit allows: stay, and fill up.
            slots_ = old;
            try_allocate_restore(old_bits, old_stash);
            grow_at_ = full_at_;
            return false;
        }
        // The old array is read once, in order, so each chunk of it goes back to
        // the system as soon as its entries have moved (mmap hands out whole
        // pages, so a chunk of slots is whole pages too). The chunk where the
        // walk starts is read last as well, so it stays to the end. At any time
        // the new array's touched part and the old array's kept part add up to
        // at most the new array, the first chunk and the one being read (or, for
        // a small table, both arrays).
        // A chunk is 2 MB, a huge page: handing back part of one would only queue
        // it to be split, its memory kept until the system is short of it.
        constexpr std::size_t kChunk = std::size_t{1} << 18;  // slots (twice the words when wide)
        const std::size_t kept = std::min(old_bytes, 2 * kChunk * entry_bytes() + old_stash.capacity() * sizeof(Stashed));
        peak_ = std::max(peak_, bytes() + kept);
        // Start after an empty slot, so that each run is read from its start, in
        // home order: every entry then goes to the end of its new run.
        std::size_t first = 0;
        while (entry_at(first, old) != 0) ++first;
        const std::size_t first_chunk = first / kChunk;
        std::size_t moved = 0;
        for (std::size_t k = 1; k <= old_mask + 1; ++k) {
            const std::size_t j = (first + k) & old_mask;
            if ((k & 0xFFFF) == 0 && stopped()) {
                // The search is ending. Parts of the old array are gone, so keep the
                // new one with the entries moved so far: a position it no longer
                // holds would only be searched again, never taken for another.
                unmap(old, (old_mask + 1) << wide_);
                size_ = moved;
                return true;
            }
            const std::uint64_t entry = entry_at(j, old);
            if (entry != 0) {
                const std::size_t home = (j - ((entry >> kPayloadBits) - 1)) & old_mask;
                rehash(home, entry & kPayloadMask, low_at(j, old));
                ++moved;
            }
            if ((j + 1) % kChunk == 0 && j / kChunk != first_chunk)
                madvise(old + ((j + 1 - kChunk) << wide_), kChunk * entry_bytes(), MADV_DONTNEED);
        }
        for (const Stashed& stashed : old_stash) rehash(stashed.home, stashed.payload, stashed.low);
        unmap(old, (old_mask + 1) << wide_);
        seconds_per_key_ = std::chrono::duration<double>(Clock::now() - started) / static_cast<double>(size_);
        return true;
    }

    // An entry of the table half this size, moved into this one.
    void rehash(std::size_t home, std::uint64_t payload, std::uint64_t low) {
        put(home << 1 | static_cast<std::size_t>(payload >> (kPayloadBits - 1)), payload << 1 & kPayloadMask, low);
    }

    // The fields that follow from the array's size, 2^bits slots.
    void size_to(int bits) {
        bits_ = bits;
        shift_ = 64 - bits;
        capacity_ = std::size_t{1} << bits;
        mask_ = capacity_ - 1;
        grow_at_ = capacity_ / 10 * 7;
        full_at_ = capacity_ / 20 * 17;
    }

    // Back to the old array (already in slots_) and its stash.
    void try_allocate_restore(int bits, std::vector<Stashed>& stash) {
        size_to(bits);
        stash_.swap(stash);
    }

    std::size_t limit_;
    Clock::time_point deadline_;
    std::chrono::duration<double> seconds_per_key_{0};
    bool short_of_time_ = false;
    const int wide_;  // 1: each slot takes two words, the entry and the key's low word; 0: one
    std::array<const std::atomic<bool>*, 2> stop_{};
    std::uint64_t* slots_ = nullptr;
    int bits_ = 0;
    int shift_ = 64;
    std::size_t capacity_ = 0;
    std::size_t mask_ = 0;
    std::size_t size_ = 0;
    std::size_t grow_at_ = 0;
    std::size_t full_at_ = 0;
    std::vector<Stashed> stash_;
    std::size_t peak_ = 0;
};

}  // namespace addiction::solver
