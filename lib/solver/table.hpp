// The solver's transposition table: the set of positions already searched.
//
// A position is stored as its Zobrist key (keys.hpp), two 64-bit words, not as
// its cells. `a` picks the slot and `b` checks it; b's lowest bit is forced to
// 1 (insert(), slot_of()) so that {0, 0} can mark an empty slot, which leaves
// 127 bits that tell positions apart: kKeyBits. Two different positions share
// a stored key only if the XOR of the random keys where they differ is zero in
// those 127 bits; for independent uniform keys that has probability 2^-127 per
// pair, so n stored positions hold a collision with probability below
// n^2 / 2 * 2^-127 = n^2 / 2^128: for n = 10^10 below 3 * 10^-19. We accept
// that as proof-grade and say so in the documentation (README, "How the solver
// works").
//
// Open addressing with linear probing in one flat array. It starts small and
// doubles, but never past the memory limit: old and new arrays together stay
// within it while it grows. When it is full at the limit, insert() reports it and
// the search stops as undecided. Growing rehashes every key, which takes
// seconds for a big table, so with a deadline the table does not start a
// growth it cannot finish in time; it fills up instead.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace addiction::solver {

// Bits of a key that tell positions apart: 64 of `a`, 63 of `b`.
inline constexpr int kKeyBits = 127;

struct Key {
    std::uint64_t a = 0;  // picks the slot
    std::uint64_t b = 0;  // checks it; never 0, so {0, 0} marks an empty slot
    friend bool operator==(const Key&, const Key&) = default;
};

class Table {
public:
    enum class Insert { Added, Present, Full };

    using Clock = std::chrono::steady_clock;

    explicit Table(std::size_t memory_bytes, Clock::time_point deadline = Clock::time_point::max())
        : limit_(memory_bytes), deadline_(deadline) {
        allocate(kFirst);
    }
    ~Table() { std::free(slots_); }
    Table(const Table&) = delete;
    Table& operator=(const Table&) = delete;

    Insert insert(Key key) {
        key.b |= 1;
        if (size_ + 1 > grow_at_ && !grow()) {
            if (size_ + 1 > full_at_) return Insert::Full;
        }
        std::size_t i = home(key.a);
        while (true) {
            Key& slot = slots_[i];
            if (slot.b == 0) {
                slot = key;
                ++size_;
                return Insert::Added;
            }
            if (slot == key) return Insert::Present;
            if (++i == capacity_) i = 0;
        }
    }


    // Where `key` is stored, as an index below capacity(), or npos when it is
    // not: lets a caller keep a little data per stored position beside the
    // table (lib/solver/shortest.cpp) instead of a second table.
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    std::size_t slot_of(Key key) const {
        key.b |= 1;
        std::size_t i = home(key.a);
        while (slots_[i].b != 0) {
            if (slots_[i] == key) return i;
            if (++i == capacity_) i = 0;
        }
        return npos;
    }
    std::size_t capacity() const { return capacity_; }
    bool contains(Key key) const { return slot_of(key) != npos; }

    // Growing stops early, keeping the old array, once either flag is set: a
    // rehash of a big table takes seconds, and a stop must be prompt.
    void stop_when(const std::atomic<bool>* first, const std::atomic<bool>* second) {
        stop_[0] = first;
        stop_[1] = second;
    }

    // A hint to the cache that `key` is about to be looked up.
    void prefetch(Key key) const { __builtin_prefetch(&slots_[home(key.a)]); }

    std::size_t size() const { return size_; }
    // Whether it is full because a growth would have run past the deadline.
    bool short_of_time() const { return short_of_time_; }
    std::size_t bytes() const { return capacity_ * sizeof(Key); }
    std::size_t peak_bytes() const { return peak_; }

private:
    static constexpr std::size_t kFirst = std::size_t{1} << 14;

    // Multiply-shift maps the key onto any capacity, not only powers of two, so
    // the last growth can use all the memory left.
    std::size_t home(std::uint64_t a) const {
        __extension__ using Wide = unsigned __int128;
        return static_cast<std::size_t>((Wide{a} * capacity_) >> 64);
    }

    void allocate(std::size_t capacity) {
        if (!try_allocate(capacity)) throw std::bad_alloc();
    }

    bool try_allocate(std::size_t capacity) {
        // calloc: the kernel hands out zeroed pages lazily, so a big table costs
        // memory only as it fills.
        void* memory = std::calloc(capacity, sizeof(Key));
        if (!memory) return false;
        slots_ = static_cast<Key*>(memory);
        capacity_ = capacity;
        grow_at_ = capacity / 10 * 7;
        full_at_ = capacity / 20 * 17;
        return true;
    }

    bool stopped() const {
        for (const std::atomic<bool>* flag : stop_)
            if (flag && flag->load(std::memory_order_relaxed)) return true;
        return false;
    }

    // Doubles, or takes what is left under the limit; false when it cannot grow.
    bool grow() {
        if (stopped()) return false;
        const std::size_t old_bytes = bytes();
        if (limit_ <= old_bytes) return false;
        std::size_t capacity = capacity_ * 2;
        const std::size_t room = (limit_ - old_bytes) / sizeof(Key);
        if (capacity > room) capacity = room;
        if (capacity <= capacity_ + capacity_ / 8) {
            grow_at_ = full_at_;  // not worth it: fill this one up to the limit
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
        Key* old = slots_;
        const std::size_t old_capacity = capacity_;
        if (!try_allocate(capacity)) {
            // The system has less memory than the limit allows: stay, and fill up.
            grow_at_ = full_at_;
            return false;
        }
        if (old_bytes + bytes() > peak_) peak_ = old_bytes + bytes();
        for (std::size_t j = 0; j < old_capacity; ++j) {
            if ((j & 0xFFFF) == 0 && stopped()) {
                std::free(slots_);  // back to the old array, which still holds every key
                slots_ = old;
                capacity_ = old_capacity;
                grow_at_ = old_capacity / 10 * 7;
                full_at_ = old_capacity / 20 * 17;
                return false;
            }
            if (old[j].b == 0) continue;
            std::size_t i = home(old[j].a);
            while (slots_[i].b != 0)
                if (++i == capacity_) i = 0;
            slots_[i] = old[j];
        }
        std::free(old);
        seconds_per_key_ = std::chrono::duration<double>(Clock::now() - started) / static_cast<double>(size_);
        return true;
    }

    std::size_t limit_;
    Clock::time_point deadline_;
    std::chrono::duration<double> seconds_per_key_{0};
    bool short_of_time_ = false;
    std::array<const std::atomic<bool>*, 2> stop_{};
    Key* slots_ = nullptr;
    std::size_t capacity_ = 0;
    std::size_t size_ = 0;
    std::size_t grow_at_ = 0;
    std::size_t full_at_ = 0;
    std::size_t peak_ = kFirst * sizeof(Key);
};

}  // namespace addiction::solver
