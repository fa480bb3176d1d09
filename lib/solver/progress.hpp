// Progress reports: SolveLimits::progress, called at most ten times a second.
//
// A search asks report() every few thousand positions (search.cpp), the two
// tracks after each step (tracks.cpp); report() reads the clock and calls the
// callback only when kProgressEvery has passed since its last call. With no
// callback it does nothing, and it never changes what the search does.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>

#include "solver.hpp"

namespace addiction::solver {

using Clock = std::chrono::steady_clock;

inline constexpr double kProgressEvery = 0.1;  // seconds

class Progress {
public:
    Progress(const SolveLimits& limits, Clock::time_point started) : limits_(limits), started_(started) {}

    bool wanted() const { return static_cast<bool>(limits_.progress); }

    void report(std::uint64_t positions, std::size_t bytes, std::uint64_t first = 0, std::uint64_t second = 0) {
        if (!wanted()) return;
        const auto now = Clock::now();
        if (now - last_ < std::chrono::duration<double>(kProgressEvery)) return;
        last_ = now;
        SolveProgress p;
        p.seconds = std::chrono::duration<double>(now - started_).count();
        p.positions = positions;
        p.positions_per_second = p.seconds > 0 ? static_cast<double>(positions) / p.seconds : 0;
        p.bytes = bytes;
        p.memory_limit = limits_.memory_bytes;
        p.first_positions = first;
        p.second_positions = second;
        limits_.progress(p);
    }

private:
    const SolveLimits& limits_;
    const Clock::time_point started_;
    Clock::time_point last_{};
};

inline double since(Clock::time_point started) {
    return std::chrono::duration<double>(Clock::now() - started).count();
}

}  // namespace addiction::solver
