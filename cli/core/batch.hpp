// Helpers for solving many deals at once (`solve --deals`): reading a range and a
// shard, the deals a shard gets, percentiles, and results computed on several
// threads but handed out in order.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace addiction::cli {

// "FROM-TO" or a single deal number; throws Error.
std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& text);
// "K/N": the K-th of N shards, K from 1; "" is 1/1. Throws Error.
std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text);
// The deals of shard K of N in FROM..TO: every N-th one, starting at the K-th, so
// shards of a range take turns and finish at about the same time. Computed, not
// listed: `--deals 1-100000000000` listed them first, and ran out of memory.
struct DealRange {
    std::uint64_t first = 0;
    std::uint64_t step = 1;
    // All 2^64 deal numbers in one shard would be one more than this holds; that
    // run stops one deal short, some billion years from now.
    std::uint64_t count = 0;
    std::uint64_t at(std::uint64_t i) const { return first + i * step; }
    bool holds(std::uint64_t deal) const {
        return count > 0 && deal >= first && (deal - first) % step == 0 && (deal - first) / step < count;
    }
};
DealRange shard_deals(std::uint64_t from, std::uint64_t to, std::uint64_t shard, std::uint64_t shards);

// Nearest rank: the smallest value with at least a share `p` of them at or below
// it; 0 for no values.
double percentile(std::vector<double> values, double p);

// Calls compute(i) for each i below `count` on up to `jobs` threads, and emit(i,
// result) on the calling thread in order of i as soon as each is ready. An
// exception from either stops the work and comes out once the threads are joined.
// Once `stop` is set, no item is started, and the items started are emitted.
// Memory does not grow with `count`: a worker waits rather than run more than
// `window` items ahead of the one awaited (a slow deal, with fast ones after it).
template <class Result, class Compute, class Emit>
void in_order(std::size_t count, unsigned jobs, Compute compute, Emit emit, const std::atomic<bool>* stop = nullptr,
              std::size_t window = 4096) {
    struct Outcome {
        std::optional<Result> result;
        std::exception_ptr error;
    };
    std::map<std::size_t, Outcome> finished;  // computed, not yet emitted
    std::size_t awaited = 0;                  // the item emit waits for
    bool stopping = false;
    std::size_t working = 0;  // workers not yet done
    std::mutex mutex;
    std::condition_variable ready;  // an item finished
    std::condition_variable room;   // the awaited item moved on, or the work stops
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; !(stop && stop->load()) && (i = next++) < count;) {
            {
                std::unique_lock lock(mutex);
                room.wait(lock, [&] { return stopping || i - awaited < window; });
                if (stopping) break;
            }
            Outcome outcome;
            try {
                outcome.result.emplace(compute(i));
            } catch (...) {
                outcome.error = std::current_exception();
            }
            std::lock_guard lock(mutex);
            finished.emplace(i, std::move(outcome));
            ready.notify_all();
        }
        std::lock_guard lock(mutex);
        --working;
        ready.notify_all();
    };
    std::vector<std::thread> workers;
    const std::size_t threads = std::min<std::size_t>(std::max(1u, jobs), count);
    working = threads;
    for (std::size_t j = 0; j < threads; ++j) workers.emplace_back(work);

    std::exception_ptr failure;
    for (std::size_t i = 0; i < count && !failure; ++i) {
        Outcome outcome;
        {
            std::unique_lock lock(mutex);
            ready.wait(lock, [&] { return finished.count(i) != 0 || working == 0; });
            auto at = finished.find(i);
            if (at == finished.end()) break;  // stopped: no worker took item i
            outcome = std::move(at->second);
            finished.erase(at);
            awaited = i + 1;
        }
        room.notify_all();
        failure = outcome.error;
        if (failure) break;
        try {
            emit(i, std::move(*outcome.result));
        } catch (...) {
            failure = std::current_exception();
        }
    }
    if (failure) {
        next = count;  // the workers take nothing more
        std::lock_guard lock(mutex);
        stopping = true;
    }
    room.notify_all();
    for (auto& worker : workers) worker.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace addiction::cli
