// Helpers for solving many deals at once (`solve --deals`): reading a range and a
// shard, the deals a shard gets, percentiles, and results computed on several
// threads but handed out in order.
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
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
// shards of a range take turns and finish at about the same time.
std::vector<std::uint64_t> shard_deals(std::uint64_t from, std::uint64_t to, std::uint64_t shard,
                                       std::uint64_t shards);

// Nearest rank: the smallest value with at least a share `p` of them at or below
// it; 0 for no values.
double percentile(std::vector<double> values, double p);

// Calls compute(i) for each i below `count` on up to `jobs` threads, and emit(i,
// result) on the calling thread in order of i as soon as each is ready. An
// exception from either stops the work and comes out once the threads are joined.
template <class Result, class Compute, class Emit>
void in_order(std::size_t count, unsigned jobs, Compute compute, Emit emit) {
    std::vector<std::optional<Result>> results(count);
    std::vector<std::exception_ptr> errors(count);
    std::vector<char> done(count, 0);
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next++) < count;) {
            std::optional<Result> result;
            std::exception_ptr error;
            try {
                result.emplace(compute(i));
            } catch (...) {
                error = std::current_exception();
            }
            std::lock_guard lock(mutex);
            results[i] = std::move(result);
            errors[i] = error;
            done[i] = 1;
            ready.notify_all();
        }
    };
    std::vector<std::thread> workers;
    const std::size_t threads = std::min<std::size_t>(std::max(1u, jobs), count);
    for (std::size_t j = 0; j < threads; ++j) workers.emplace_back(work);

    std::exception_ptr failure;
    for (std::size_t i = 0; i < count && !failure; ++i) {
        std::optional<Result> result;
        {
            std::unique_lock lock(mutex);
            ready.wait(lock, [&] { return done[i] != 0; });
            failure = errors[i];
            result = std::move(results[i]);
            results[i].reset();
        }
        if (failure) break;
        try {
            emit(i, std::move(*result));
        } catch (...) {
            failure = std::current_exception();
        }
    }
    if (failure) next = count;  // the workers take nothing more
    for (auto& worker : workers) worker.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace addiction::cli
