// Memory for the search's tables: arrays mapped straight from the kernel, with
// huge pages where the system gives them, and the arrays of a finished search
// kept for the next one (SpareArrays). The table (table.hpp) and the cache
// (cache.hpp) take their arrays here.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>
#include <mutex>

#include <sys/mman.h>

namespace addiction::solver {

// Arrays come straight from the kernel: its pages are zeroed lazily, so a big
// table costs memory only as it fills, and a part of one can be handed back
// while the rest is in use (growing does). Huge pages where the system gives
// them: the table is probed at random, so with 4 KB pages nearly every probe of
// a big one missed the TLB, and the first write to each page took a fault that
// also flushed the other track's TLB (a growth to 2^26 slots is 131,072 such
// pages); a deal of 700,000 positions took 15% less time. The same for the
// cache (cache.hpp), which asks for them itself once it is big (`huge` false). Null
// when the system has no such memory.
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
inline void* map_pages(std::size_t bytes, bool huge = true) {
    void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return nullptr;
    if (huge) madvise(memory, bytes, MADV_HUGEPAGE);  // advice: a system without them ignores it
    return memory;
}

// Spare arrays. Every search makes a table and a cache, so a batch of small
// deals (an atlas cell, the fair player's searches, `solve --deals` at few
// ranks) maps their arrays and unmaps them again for each, and each page first
// written is a fault in which the kernel clears it: about 2.6 ms a MB on this
// machine, more than a small deal's whole search (a table's first array is
// 1 MB, written at random). So an array whose search is done waits here for
// the next one of its size, which clears the part written before with memset
// (about 20 us a MB once its pages are in memory). Only arrays that were
// written up to kSpareBytes: a big one would hold on to its memory. At most
// kMost, the oldest let go first: enough for the arrays of two tracks'
// searches and the second's first search.
class SpareArrays {
public:
    static constexpr std::size_t kSpareBytes = std::size_t{2} << 20;
    static constexpr std::size_t kMost = 8;

    // An array of `bytes` for a table or a cache: a spare, cleared, or else
    // fresh from the system (map_pages); null when the system has none.
    static void* map(std::size_t bytes, bool huge) {
        void* spare = take(bytes);
        return spare ? spare : map_pages(bytes, huge);
    }
    // `array` (of `bytes`, the first `written` of them perhaps not zero) is
    // done with: kept as a spare, or handed back to the system.
    static void unmap(void* array, std::size_t bytes, std::size_t written) {
        if (array && !give(array, bytes, written)) munmap(array, bytes);
    }

    // An array of `bytes` kept before, cleared, or null.
    static void* take(std::size_t bytes) {
        Spare spare;
        {
            List& spares = list();
            const std::lock_guard lock(spares.mutex);
            // The newest of its size; the rest keep their order.
            for (std::size_t i = spares.count; i-- > 0;)
                if (spares.arrays[i].bytes == bytes) {
                    spare = spares.arrays[i];
                    std::copy(spares.arrays.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                              spares.arrays.begin() + static_cast<std::ptrdiff_t>(spares.count),
                              spares.arrays.begin() + static_cast<std::ptrdiff_t>(i));
                    --spares.count;
                    break;
                }
        }
        if (spare.array) std::memset(spare.array, 0, spare.written);
        return spare.array;
    }
    // Keeps `array`, of which the first `written` bytes may not be zero, for a
    // later search (a full list lets its oldest go); false when that is too
    // much to keep.
    static bool give(void* array, std::size_t bytes, std::size_t written) {
        if (written > kSpareBytes) return false;
        Spare out;
        {
            List& spares = list();
            const std::lock_guard lock(spares.mutex);
            if (spares.count == kMost) {
                out = spares.arrays.front();
                std::copy(spares.arrays.begin() + 1, spares.arrays.end(), spares.arrays.begin());
                --spares.count;
            }
            spares.arrays[spares.count++] = {array, bytes, written};
        }
        if (out.array) munmap(out.array, out.bytes);
        return true;
    }

private:
    struct Spare {
        void* array = nullptr;
        std::size_t bytes = 0;
        std::size_t written = 0;
    };
    struct List {
        std::mutex mutex;
        std::array<Spare, kMost> arrays{};  // the oldest first
        std::size_t count = 0;
    };
    static List& list() {
        static List spares;
        return spares;
    }
};

}  // namespace addiction::solver
