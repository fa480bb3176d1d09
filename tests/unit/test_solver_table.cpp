// The transposition table (lib/solver/table.hpp): 8-byte entries with the home
// slot as part of the key, growth by doubling within the memory limit (handing
// the old array back as it goes), the displacement bound and its stash, against
// std::unordered_set; the cache that may forget (lib/solver/cache.hpp); and
// the arrays a finished search leaves to the next (lib/solver/memory.hpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <cstdint>
#include <set>
#include <unordered_set>
#include <vector>

#include "helpers.hpp"
#include "random.hpp"
#include "solver/cache.hpp"
#include "solver/memory.hpp"
#include "solver/table.hpp"

using addiction::splitmix64;
using addiction::solver::Cache;
using addiction::solver::Key;
using addiction::solver::Table;

namespace {

constexpr std::size_t kFirstSlots = std::size_t{1} << Table::kFirstBits;

Key random_key(std::uint64_t& state) {
    const std::uint64_t a = splitmix64(state);
    return Key{a, splitmix64(state)};
}

// A key whose home in a table of 2^bits slots is `home`; the rest from `state`.
Key key_at_home(std::size_t home, int bits, std::uint64_t& state) {
    Key key = random_key(state);
    key.a = (key.a >> bits) | (std::uint64_t{home} << (64 - bits));
    return key;
}

// A key whose first word has `low` in the bits of `mask` (a power of two less
// one): its bucket in a cache with that many buckets or fewer.
Key key_in_bucket(std::uint64_t low, std::uint64_t mask, std::uint64_t& state) {
    Key key = random_key(state);
    key.a = (key.a & ~mask) | low;
    return key;
}

struct KeyHash {
    std::size_t operator()(const Key& key) const { return key.a ^ (key.b * 0x9E3779B97F4A7C15ULL); }
};

}  // namespace

TEST_CASE("table: insert, contains and slot_of hold through growth") {
    Table table(std::size_t{256} << 20);
    std::uint64_t state = 1;
    std::vector<Key> keys;
    const std::size_t count = addiction::test::scaled(std::size_t{1} << 20);
    for (std::size_t i = 0; i < count; ++i) keys.push_back(random_key(state));
    for (const Key& key : keys) REQUIRE(table.insert(key) == Table::Insert::Added);
    CHECK(table.size() == count);
    CHECK(table.capacity() >= count);
    CHECK(table.capacity() > kFirstSlots);  // it grew
    // Each growth hands the old array back as it reads it: the peak is the last
    // array and two chunks (2 MiB each, a huge page) of the one before, not both
    // arrays (from 16 MiB on, that is less than both).
    const std::size_t array_bytes = (table.capacity() - table.stashed()) * sizeof(std::uint64_t);
    if (array_bytes >= (std::size_t{16} << 20)) {
        CHECK(table.peak_bytes() <= array_bytes + (std::size_t{4} << 20));
        CHECK(table.peak_bytes() < array_bytes + array_bytes / 2);
    }
    std::set<std::size_t> slots;
    for (const Key& key : keys) {
        REQUIRE(table.insert(key) == Table::Insert::Present);
        const std::size_t slot = table.slot_of(key);
        REQUIRE(slot < table.capacity());
        slots.insert(slot);
    }
    CHECK(slots.size() == count);  // each key its own slot
    CHECK(table.size() == count);
    for (int i = 0; i < 10000; ++i) {
        const Key other = random_key(state);
        CHECK_FALSE(table.contains(other));
        CHECK(table.slot_of(other) == Table::npos);
    }
}

TEST_CASE("table: growth stops at the memory limit, then it fills to 85 percent and reports full") {
    // The first table (2^17 slots, 1 MiB) doubles once: 1 + 2 MiB fit in 3 MiB,
    // 2 + 4 MiB do not.
    const std::size_t limit = std::size_t{3} << 20;
    Table table(limit);
    std::uint64_t state = 2;
    std::size_t added = 0;
    std::vector<Key> keys;
    while (true) {
        const Key key = random_key(state);
        const auto result = table.insert(key);
        if (result == Table::Insert::Full) break;
        REQUIRE(result == Table::Insert::Added);
        keys.push_back(key);
        ++added;
        REQUIRE(added < 2 * kFirstSlots);
    }
    const std::size_t slots = 2 * kFirstSlots;
    CHECK(added == slots / 20 * 17);
    CHECK(table.capacity() == slots + table.stashed());
    CHECK(table.peak_bytes() <= limit);
    CHECK(table.peak_bytes() >= 3 * kFirstSlots * sizeof(std::uint64_t));
    CHECK(table.insert(keys.front()) == Table::Insert::Full);  // full before it looks
    for (const Key& key : keys) REQUIRE(table.contains(key));
}

TEST_CASE("table: below the first table's size, the first table is smaller") {
    Table table((std::size_t{1} << 18) + 4096);  // room for a small stash
    CHECK(table.capacity() == (std::size_t{1} << 15));
    std::uint64_t state = 3;
    std::size_t added = 0;
    while (table.insert(random_key(state)) == Table::Insert::Added) ++added;
    CHECK(added == (std::size_t{1} << 15) / 20 * 17);
}

TEST_CASE("table: an entry sits at most 30 slots past its home, the rest of a crowd goes to the stash") {
    Table table(std::size_t{64} << 20);
    std::uint64_t state = 4;
    const int bits = Table::kFirstBits;
    const std::size_t home = kFirstSlots - 10;  // a crowd that wraps around the end
    std::vector<Key> crowd;
    for (int i = 0; i < 40; ++i) crowd.push_back(key_at_home(home, bits, state));
    for (const Key& key : crowd) REQUIRE(table.insert(key) == Table::Insert::Added);
    CHECK(table.stashed() == 40 - 31);
    std::set<std::size_t> slots;
    for (const Key& key : crowd) {
        REQUIRE(table.contains(key));
        slots.insert(table.slot_of(key));
    }
    CHECK(slots.size() == 40);
    // 31 in the array, from the home on, wrapping around; 9 beyond it.
    std::size_t in_array = 0;
    for (std::size_t slot : slots) {
        if (slot < kFirstSlots) {
            ++in_array;
            CHECK((slot >= home || slot < 21));
        }
    }
    CHECK(in_array == 31);
    // A key of the next home goes past the crowd's run and stays reachable;
    // a crowd of the home before pushes the crowd on, into the stash.
    const Key next = key_at_home(home + 1, bits, state);
    CHECK(table.insert(next) == Table::Insert::Added);
    CHECK(table.contains(next));
    std::vector<Key> before;
    for (int i = 0; i < 5; ++i) before.push_back(key_at_home(home - 1, bits, state));
    for (const Key& key : before) REQUIRE(table.insert(key) == Table::Insert::Added);
    CHECK(table.stashed() > 40 - 31);
    for (const Key& key : crowd) CHECK(table.insert(key) == Table::Insert::Present);
    for (const Key& key : before) CHECK(table.contains(key));
    CHECK(table.contains(next));
    // Growing splits the crowds by the next bit of their keys; none is lost.
    std::vector<Key> more;
    for (std::size_t i = 0; i < kFirstSlots; ++i) more.push_back(random_key(state));
    for (const Key& key : more) REQUIRE(table.insert(key) == Table::Insert::Added);
    CHECK(table.capacity() >= 2 * kFirstSlots);
    for (const Key& key : crowd) CHECK(table.contains(key));
    for (const Key& key : before) CHECK(table.contains(key));
    for (const Key& key : more) REQUIRE(table.contains(key));
}

TEST_CASE("table: a stop flag keeps the table from growing and loses nothing") {
    Table table(std::size_t{64} << 20);
    std::atomic<bool> stop{true};
    table.stop_when(&stop, nullptr);
    std::uint64_t state = 5;
    std::vector<Key> keys;
    while (true) {
        const Key key = random_key(state);
        if (table.insert(key) != Table::Insert::Added) break;
        keys.push_back(key);
    }
    CHECK(table.capacity() == kFirstSlots + table.stashed());
    CHECK(keys.size() == kFirstSlots / 20 * 17);
    for (const Key& key : keys) REQUIRE(table.contains(key));
}

TEST_CASE("table: the same answers as std::unordered_set over millions of keys, crowded and not") {
    Table table(std::size_t{256} << 20);
    std::unordered_set<Key, KeyHash> reference;
    std::uint64_t state = 6;
    // Keys drawn from a pool, so that many come back; one in 64 with its home
    // squeezed into the first 1/256 of the table, where the load is then four
    // times the table's, over 1.4 at any size (it grows at 0.7 full, so it is at
    // least 0.35 full): long runs, and entries in the stash, in the short run too.
    const std::size_t pool = addiction::test::scaled(std::size_t{1} << 21);
    std::vector<Key> keys;
    for (std::size_t i = 0; i < pool; ++i) {
        Key key = random_key(state);
        if (i % 64 == 0) key.a >>= 8;
        keys.push_back(key);
    }
    const std::size_t draws = addiction::test::scaled(std::size_t{6} << 20);
    std::size_t added = 0;
    for (std::size_t i = 0; i < draws; ++i) {
        const Key& key = keys[static_cast<std::size_t>(splitmix64(state) % pool)];
        const bool fresh = reference.insert(key).second;
        const auto result = table.insert(key);
        REQUIRE(result == (fresh ? Table::Insert::Added : Table::Insert::Present));
        added += fresh ? 1 : 0;
    }
    CHECK(table.size() == added);
    CHECK(table.stashed() > 0);
    for (const Key& key : keys) REQUIRE(table.contains(key) == (reference.count(key) == 1));
}

TEST_CASE("table: a stop during a growth keeps a table that never takes a new key for a stored one") {
    // A stop while it grows keeps the entries moved so far (the old array is
    // handed back as it goes): some stored keys may be gone, which costs a
    // search a second visit, but no key it was never given may be found.
    Table table(std::size_t{256} << 20);
    std::atomic<bool> stop{false};
    table.stop_when(&stop, nullptr);
    std::uint64_t state = 7;
    std::vector<Key> keys;
    // The growth to 2^22 slots starts at the insert that passes 70% of 2^21:
    // the stopper, told of each insert, raises the flag as it starts, so the
    // stop most likely lands while that growth (milliseconds) runs.
    std::atomic<std::size_t> inserted{0};
    const std::size_t growth_at = (std::size_t{1} << 21) / 10 * 7;
    const std::size_t count = growth_at + (std::size_t{1} << 16);  // the short run too: it is the growth that counts
    std::thread stopper([&] {
        while (inserted.load() < growth_at && !stop) std::this_thread::yield();
        stop = true;
    });
    for (std::size_t i = 0; i < count; ++i) {
        const Key key = random_key(state);
        inserted = i;
        const auto result = table.insert(key);
        if (result == Table::Insert::Full) break;
        REQUIRE(result == Table::Insert::Added);
        keys.push_back(key);
        if (stop && keys.size() % 1024 == 0) break;
    }
    stop = true;
    stopper.join();
    CHECK(table.size() <= keys.size());
    std::uint64_t other = 8;
    for (int i = 0; i < 100000; ++i) REQUIRE_FALSE(table.contains(random_key(other)));
    std::size_t kept = 0;
    for (const Key& key : keys) kept += table.contains(key) ? 1u : 0u;
    CHECK(kept == table.size());
}

TEST_CASE("table: wide entries keep the whole key, through growth and the stash") {
    // A limit of kWideFrom makes a wide table; memory is taken only as it fills.
    Table table(Table::kWideFrom);
    REQUIRE(table.wide());
    CHECK_FALSE(Table(Table::kWideFrom - 1).wide());
    std::uint64_t state = 7;
    // Pairs of keys that differ only in their low word: a narrow table keeps
    // only the first 58 bits past the home and takes the second for the first.
    std::vector<Key> keys;
    for (int i = 0; i < 1000; ++i) {
        const Key key = random_key(state);
        keys.push_back(key);
        keys.push_back(Key{key.a, key.b ^ 1});
    }
    // A crowd at one home that overflows into the stash, in pairs too.
    const std::size_t home = kFirstSlots - 10;
    for (int i = 0; i < 20; ++i) {
        const Key key = key_at_home(home, Table::kFirstBits, state);
        keys.push_back(key);
        keys.push_back(Key{key.a, ~key.b});
    }
    for (const Key& key : keys) REQUIRE(table.insert(key) == Table::Insert::Added);
    CHECK(table.stashed() > 0);
    std::set<std::size_t> slots;
    for (const Key& key : keys) {
        REQUIRE(table.insert(key) == Table::Insert::Present);
        slots.insert(table.slot_of(key));
    }
    CHECK(slots.size() == keys.size());
    // Growth carries the second words along: a few doublings, every key kept,
    // and the pairs still told apart.
    std::vector<Key> more;
    for (std::size_t i = 0; i < 4 * kFirstSlots; ++i) more.push_back(random_key(state));
    for (const Key& key : more) REQUIRE(table.insert(key) == Table::Insert::Added);
    CHECK(table.capacity() >= 8 * kFirstSlots);
    CHECK(table.bytes() >= 16 * table.capacity() - 16 * table.stashed());
    for (const Key& key : keys) REQUIRE(table.contains(key));
    for (const Key& key : more) REQUIRE(table.contains(key));
    for (int i = 0; i < 1000; ++i) {
        const Key other = random_key(state);
        CHECK_FALSE(table.contains(other));
        CHECK_FALSE(table.contains(Key{keys[static_cast<std::size_t>(2 * i)].a, other.b}));
    }
}

TEST_CASE("cache: a key put is found until four newer ones of its bucket push it out") {
    std::uint64_t state = 7;
    Cache cache(std::size_t{1} << 4);  // 16 slots, 4 buckets, never more
    REQUIRE(cache.on());
    CHECK(cache.most_bytes() == 16 * sizeof(Key));
    const Key first = random_key(state);
    CHECK_FALSE(cache.contains(first));
    cache.put(first);
    CHECK(cache.contains(first));
    // Keys of the same bucket (the low 2 bits of the first word, here).
    auto rival = [&] { return key_in_bucket(first.a & 3, 3, state); };
    std::vector<Key> rivals;
    for (int i = 0; i < 3; ++i) {
        rivals.push_back(rival());
        cache.put(rivals.back());
    }
    CHECK(cache.contains(first));
    rivals.push_back(rival());
    cache.put(rivals.back());
    CHECK_FALSE(cache.contains(first));
    for (const Key& key : rivals) CHECK(cache.contains(key));
    // A key that differs from a stored one in either word is never taken for it.
    Key near = rivals.back();
    near.b ^= 1;
    CHECK_FALSE(cache.contains(near));
    near = rivals.back();
    near.a ^= std::uint64_t{1} << 40;
    CHECK_FALSE(cache.contains(near));
}

TEST_CASE("cache: it doubles up to its most and keeps every key it holds") {
    std::uint64_t state = 11;
    constexpr std::size_t kMost = std::size_t{1} << 18;
    Cache cache(kMost + 5);  // rounded down to a power of two
    CHECK(cache.most_bytes() == kMost * sizeof(Key));
    CHECK(cache.bytes() == (std::size_t{1} << Cache::kFirstBits) * sizeof(Key));
    // Key i has i as its low bits: at every size each bucket gets at most four
    // (as many keys as slots in all), so only a lost move loses one.
    std::vector<Key> keys;
    for (std::size_t i = 0; i < kMost; ++i) {
        const Key key = key_in_bucket(i, kMost - 1, state);
        keys.push_back(key);
        cache.put(key);
        if (i + 1 == (std::size_t{1} << Cache::kFirstBits) / 4) {
            // It has grown once (a quarter of its first slots taken).
            CHECK(cache.bytes() == (std::size_t{1} << (Cache::kFirstBits + 1)) * sizeof(Key));
        }
    }
    CHECK(cache.bytes() == kMost * sizeof(Key));
    std::size_t found = 0;
    for (const Key& key : keys) found += cache.contains(key) ? 1u : 0u;
    CHECK(found == keys.size());
    // Never past its most, however many more it takes.
    for (int i = 0; i < 1 << 20; ++i) cache.put(random_key(state));
    CHECK(cache.bytes() == kMost * sizeof(Key));
}

TEST_CASE("cache: after a doubling the oldest key of a bucket is still the first out") {
    std::uint64_t state = 13;
    constexpr std::size_t kCacheFirstSlots = std::size_t{1} << Cache::kFirstBits;
    constexpr std::size_t kBuckets = kCacheFirstSlots / Cache::kWays;
    Cache cache(2 * kCacheFirstSlots);  // one doubling
    // Two keys of bucket 0 that stay in bucket 0 (the next bit, kBuckets, clear),
    // oldest first, and two that go to the new bucket kBuckets, put between them.
    auto of_bucket = [&](std::uint64_t low) { return key_in_bucket(low, 2 * kBuckets - 1, state); };
    std::vector<Key> stay;
    std::vector<Key> go;
    for (int i = 0; i < 2; ++i) {
        stay.push_back(of_bucket(0));
        cache.put(stay.back());
        go.push_back(of_bucket(kBuckets));
        cache.put(go.back());
    }
    // Other buckets' keys up to the doubling (a quarter of the slots in all).
    for (std::size_t i = 4; i < kCacheFirstSlots / 4; ++i) cache.put(of_bucket(1 + i % (kBuckets - 1)));
    REQUIRE(cache.bytes() == 2 * kCacheFirstSlots * sizeof(Key));
    for (const Key& key : stay) CHECK(cache.contains(key));
    for (const Key& key : go) CHECK(cache.contains(key));
    // Each of the two buckets now holds two: two more keep them, a third pushes
    // out the oldest, and only it.
    for (std::vector<Key>* keys : {&stay, &go}) {
        const std::uint64_t low = keys->front().a & (2 * kBuckets - 1);
        for (int i = 0; i < 3; ++i) cache.put(of_bucket(low));
        CHECK_FALSE(cache.contains((*keys)[0]));
        CHECK(cache.contains((*keys)[1]));
    }
}

TEST_CASE("cache: below a bucket there is none, and it takes no memory") {
    CHECK(Cache::keys_within(sizeof(Key) - 1) == 0);
    CHECK(Cache::keys_within(5 * sizeof(Key)) == 4);
    const Cache none(0);
    CHECK_FALSE(none.on());
    CHECK_FALSE(Cache(3).on());  // less than a bucket
    CHECK(none.most_bytes() == 0);
    CHECK(none.bytes() == 0);
}

TEST_CASE("spare arrays: a search after another may take its memory, but never its keys") {
    using addiction::solver::SpareArrays;
    // The list itself: an array given back comes out again for its size only,
    // with the part written cleared. The list is the process's, and other cases
    // may have left tables' and caches' arrays in it (a power of two bytes
    // each), so this one has a size none of theirs has, and the list takes it
    // even when it is full.
    constexpr std::size_t kBytes = 10 * 4096;
    auto* array = static_cast<unsigned char*>(addiction::solver::map_pages(kBytes, false));
    REQUIRE(array != nullptr);
    std::fill_n(array, kBytes / 2, 0xA5);
    REQUIRE(SpareArrays::give(array, kBytes, kBytes / 2));
    CHECK(SpareArrays::take(kBytes / 2) == nullptr);
    auto* again = static_cast<unsigned char*>(SpareArrays::take(kBytes));
    REQUIRE(again == array);
    CHECK(std::count(again, again + kBytes, 0) == static_cast<std::ptrdiff_t>(kBytes));
    CHECK(SpareArrays::take(kBytes) == nullptr);
    CHECK_FALSE(SpareArrays::give(again, kBytes, SpareArrays::kSpareBytes + 1));  // written too far
    // A full list lets its oldest go: after more than it holds, none of the
    // first is left.
    std::vector<unsigned char*> more;
    for (std::size_t i = 0; i <= SpareArrays::kMost; ++i) {
        more.push_back(static_cast<unsigned char*>(addiction::solver::map_pages(kBytes, false)));
        REQUIRE(more.back() != nullptr);
        REQUIRE(SpareArrays::give(more.back(), kBytes, kBytes));
    }
    std::size_t back = 0;
    while (void* taken = SpareArrays::take(kBytes)) {
        CHECK(taken != more.front());
        munmap(taken, kBytes);
        ++back;
    }
    CHECK(back == SpareArrays::kMost);
    munmap(again, kBytes);

    // Tables and caches one after another, each ended before the next begins,
    // as a batch of small deals makes them: the next finds none of the keys
    // the last one held.
    std::uint64_t state = 23;
    std::vector<Key> keys;
    for (int i = 0; i < 50'000; ++i) keys.push_back(random_key(state));  // within the first table
    for (int round = 0; round < 3; ++round) {
        Table table(std::size_t{64} << 20);
        Cache cache(std::size_t{1} << 16);
        for (const Key& key : keys) {
            CHECK_FALSE(table.contains(key));
            CHECK_FALSE(cache.contains(key));
        }
        for (const Key& key : keys) {
            REQUIRE(table.insert(key) == Table::Insert::Added);
            cache.put(key);
        }
        CHECK(table.size() == keys.size());
        CHECK(cache.contains(keys.back()));
    }
}
