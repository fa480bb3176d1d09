// What the two halves of `solve` share: its options, the search it runs for a
// game (solve.cpp: the game file's; solve_deals.cpp: each deal of a range), and
// a result's figures in JSON.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "rule_options.hpp"
#include "solver.hpp"

namespace addiction::cli {

using Json = nlohmann::ordered_json;  // keys in the order written
using Progress = std::function<void(const SolveProgress&)>;

// Exit statuses beyond 0 (line found), 1 (error) and 2 (usage).
constexpr int kNoWin = 3;
constexpr int kUndecided = 4;

struct SolveOptions {
    double time_limit = 60;
    std::size_t memory_mb = 1536;
    std::uint64_t positions = 0;
    bool no_shuffle = false;
    bool apply = false;
    bool json = false;
    bool fair = false;
    std::string deals;
    RuleOptions rules;  // with --deals, over the addiction preset
    unsigned jobs = 1;
    std::string shard;
    std::string resume;
};

SolveLimits limits_from(const SolveOptions& opt);

SolveResult solve_game(const Game& game, const SolveOptions& opt, const Progress& progress);

double megabytes(std::size_t bytes);

// A figure to `decimals` places, as the JSON has always carried it.
double rounded(double value, int decimals);

// Appends the verdict and statistics to `out`. Moves and shuffles are the winning
// line's: the fair player's losing one is not reported as a result.
void add_statistics(Json& out, const SolveResult& r);

// solve --deals: a win-rate study of a range of deals, one JSON line each.
void solve_deals(const SolveOptions& opt);

}  // namespace addiction::cli
