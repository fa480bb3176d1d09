#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

#include "batch.hpp"
#include "error.hpp"

using namespace addiction;
using namespace addiction::cli;

using Range = std::pair<std::uint64_t, std::uint64_t>;

TEST_CASE("a range is FROM-TO or one deal") {
    CHECK(parse_range("1-1000") == Range{1, 1000});
    CHECK(parse_range("7") == Range{7, 7});
    CHECK(parse_range("0-18446744073709551615") == Range{0, UINT64_MAX});
    for (const char* bad : {"", "-", "1-", "-5", "a-b", "1-2-3", " 1-2", "1-2x", "18446744073709551616"}) {
        CAPTURE(bad);
        CHECK_THROWS_WITH_AS(parse_range(bad), doctest::Contains("is not a range of deal numbers"), Error);
    }
    CHECK_THROWS_WITH_AS(parse_range("5-3"), "the range 5-3 ends before it starts", Error);
}

TEST_CASE("a shard is K/N with 1 <= K <= N") {
    CHECK(parse_shard("") == Range{1, 1});
    CHECK(parse_shard("2/8") == Range{2, 8});
    CHECK(parse_shard("8/8") == Range{8, 8});
    for (const char* bad : {"2", "0/8", "9/8", "1/0", "a/b", "2/8x", "/8", "2/", "-1/8"}) {
        CAPTURE(bad);
        CHECK_THROWS_WITH_AS(parse_shard(bad), doctest::Contains("is not a shard"), Error);
    }
}

TEST_CASE("shards take every N-th deal and together cover the range once") {
    auto listed = [](DealRange range) {
        std::vector<std::uint64_t> out;
        for (std::uint64_t i = 0; i < range.count; ++i) out.push_back(range.at(i));
        return out;
    };
    CHECK(listed(shard_deals(1, 10, 2, 3)) == std::vector<std::uint64_t>{2, 5, 8});
    CHECK(shard_deals(1, 1, 2, 2).count == 0);
    std::vector<int> seen(11, 0);
    for (std::uint64_t k = 1; k <= 4; ++k)
        for (std::uint64_t deal : listed(shard_deals(1, 10, k, 4))) ++seen[deal];
    CHECK(std::count(seen.begin() + 1, seen.end(), 1) == 10);
    // The top of the range: no wrap-around to deal 0.
    CHECK(listed(shard_deals(UINT64_MAX - 2, UINT64_MAX, 1, 2)) == std::vector<std::uint64_t>{UINT64_MAX - 2, UINT64_MAX});
    CHECK(listed(shard_deals(UINT64_MAX - 1, UINT64_MAX, 1, 1)) == std::vector<std::uint64_t>{UINT64_MAX - 1, UINT64_MAX});
    CHECK(shard_deals(UINT64_MAX, UINT64_MAX, 2, 3).count == 0);
    // A range is counted, not listed: 10^11 deals took all memory.
    const DealRange huge = shard_deals(1, 100'000'000'000, 3, 4);
    CHECK(huge.count == 25'000'000'000);
    CHECK(huge.at(huge.count - 1) == 99'999'999'999);
    CHECK(shard_deals(0, UINT64_MAX, 1, 1).count == UINT64_MAX);
    CHECK(shard_deals(0, UINT64_MAX, 2, 2).count == std::uint64_t{1} << 63);
    // holds: in the range, and this shard's.
    const DealRange shard = shard_deals(1, 10, 2, 3);
    CHECK(shard.holds(5));
    CHECK_FALSE(shard.holds(4));
    CHECK_FALSE(shard.holds(11));
    CHECK_FALSE(shard.holds(1));
}

TEST_CASE("percentiles are nearest-rank") {
    CHECK(percentile({}, 0.5) == 0);
    CHECK(percentile({4}, 0.9) == 4);
    CHECK(percentile({3, 1, 2}, 0.5) == 2);
    CHECK(percentile({3, 1, 2}, 0.9) == 3);
    CHECK(percentile({5, 1, 4, 2, 3, 6, 8, 7, 10, 9}, 0.9) == 9);
    CHECK(percentile({5, 1, 4, 2, 3, 6, 8, 7, 10, 9}, 0.5) == 5);
    CHECK(percentile({2, 1}, 0) == 1);
    CHECK(percentile({2, 1}, 1) == 2);
}

TEST_CASE("results computed on several threads come out in order") {
    for (unsigned jobs : {0u, 1u, 4u, 64u}) {
        CAPTURE(jobs);
        std::vector<std::size_t> order;
        std::vector<std::size_t> values;
        in_order<std::size_t>(
            40, jobs,
            [](std::size_t i) {
                // Later items finish first when they run side by side.
                std::this_thread::sleep_for(std::chrono::microseconds(40 * (40 - i)));
                return i * i;
            },
            [&](std::size_t i, std::size_t value) {
                order.push_back(i);
                values.push_back(value);
            });
        REQUIRE(order.size() == 40);
        for (std::size_t i = 0; i < 40; ++i) {
            CHECK(order[i] == i);
            CHECK(values[i] == i * i);
        }
    }
    int calls = 0;
    in_order<int>(0, 4, [](std::size_t) { return 1; }, [&](std::size_t, int) { ++calls; });
    CHECK(calls == 0);
}

TEST_CASE("a stop starts no more items and emits the ones started, in memory that stays within the window") {
    std::atomic<bool> stop{false};
    std::vector<std::size_t> emitted;
    // A count no list could hold: items are started as they are taken.
    in_order<std::size_t>(
        SIZE_MAX, 2,
        [&](std::size_t i) {
            if (i == 1000) stop = true;
            return i;
        },
        [&](std::size_t i, std::size_t) { emitted.push_back(i); }, &stop, 16);
    REQUIRE(emitted.size() >= 1001);
    // The items the other worker had taken: at most the window ahead of item 1000.
    CHECK(emitted.size() <= 1001 + 16);
    for (std::size_t i = 0; i < emitted.size(); ++i) CHECK(emitted[i] == i);
}

TEST_CASE("an exception in the work stops the output before its item") {
    std::vector<std::size_t> emitted;
    auto compute = [](std::size_t i) {
        if (i == 5) throw Error("deal 5 failed");
        return i;
    };
    CHECK_THROWS_WITH_AS(
        in_order<std::size_t>(20, 3, compute, [&](std::size_t i, std::size_t) { emitted.push_back(i); }),
        "deal 5 failed", Error);
    CHECK(emitted == std::vector<std::size_t>{0, 1, 2, 3, 4});
    CHECK_THROWS_AS(in_order<std::size_t>(
                        20, 3, [](std::size_t i) { return i; },
                        [](std::size_t i, std::size_t) {
                            if (i == 2) throw std::runtime_error("stdout closed");
                        }),
                    std::runtime_error);
}
