// addiction solve: search for a winning line from the current position, or solve
// a range of deals for win-rate studies.
#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "json.hpp"
#include "solver.hpp"
#include "store.hpp"

namespace addiction::cli {
namespace {

// Exit statuses beyond 0 (line found), 1 (error) and 2 (usage).
constexpr int kNoWin = 3;
constexpr int kUndecided = 4;

struct SolveOptions {
    double time_limit = 0;
    std::size_t memory_mb = 3072;
    std::uint64_t positions = 0;
    bool no_shuffle = false;
    bool apply = false;
    bool json = false;
    bool fair = false;
    std::string deals;
    std::string rules = "addiction";
    unsigned jobs = 1;
    std::string shard;
};

SolveLimits limits_from(const SolveOptions& opt) {
    SolveLimits limits;
    limits.max_positions = opt.positions;
    limits.memory_bytes = opt.memory_mb << 20;
    limits.seconds = opt.time_limit;
    limits.shuffles = !opt.no_shuffle;
    // Deals solved side by side already fill the cores; the answers are the
    // same with one thread or two (solver.hpp).
    if (!opt.deals.empty() && opt.jobs > 1) limits.threads = 1;
    return limits;
}

double megabytes(std::size_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

std::string verdict_words(const SolveResult& r, bool fair) {
    switch (r.verdict) {
        case Verdict::Won:
            return fmt::format("won: {} move{}, {} shuffle{}", r.moves(), r.moves() == 1 ? "" : "s", r.shuffles(),
                               r.shuffles() == 1 ? "" : "s");
        case Verdict::NoWin:
            return fair ? std::string("lost: the fair player's strategy found no win")
                        : std::string("no win exists (proven)");
        case Verdict::Undecided: {
            std::string limit = r.limit == "time" ? "time limit" : r.limit == "memory" ? "memory limit" : "position budget";
            return fmt::format("undecided: stopped at the {}", limit);
        }
    }
    return "?";
}

std::string statistics_json(const SolveResult& r) {
    return fmt::format(R"("verdict": "{}", {}"moves": {}, "shuffles": {}, "positions": {}, "seconds": {:.3f}, "peak_mb": {:.1f})",
                       to_string(r.verdict), r.limit.empty() ? "" : fmt::format(R"("limit": "{}", )", r.limit),
                       r.moves(), r.shuffles(), r.positions, r.seconds, megabytes(r.peak_bytes));
}

int exit_status(const SolveResult& r) {
    switch (r.verdict) {
        case Verdict::Won: return 0;
        case Verdict::NoWin: return kNoWin;
        case Verdict::Undecided: return kUndecided;
    }
    return 1;
}

SolveResult solve_game(const Game& game, const SolveOptions& opt) {
    // Without shuffles nothing is left to chance, so the fair player is the solver.
    return opt.fair && !opt.no_shuffle ? solve_fair(game, limits_from(opt)) : solve(game, limits_from(opt));
}

void run_one(const SolveOptions& opt, const Globals& globals) {
    const auto path = game_path(globals.file);
    SolveResult result;
    std::optional<Game> after;
    if (opt.apply) {
        // Solve under the lock and play the line in the same step: one atomic save.
        after = update_game(path, [&](Game& game) {
            result = solve_game(game, opt);
            if (result.verdict != Verdict::Won) return;
            game.log().helped = true;  // for the player's record
            for (const Action& action : result.line) game.play(action);
        });
    } else {
        result = solve_game(load_game_file(path), opt);
    }
    if (opt.json) {
        std::vector<std::string> line;
        for (const Action& action : result.line) line.push_back(json_quote(to_string(action)));
        fmt::print("{{{}, \"line\": [{}]}}\n", statistics_json(result), fmt::join(line, ", "));
    } else {
        if (!opt.apply && result.verdict == Verdict::Won)
            for (const Action& action : result.line) fmt::print("{}\n", to_string(action));
        fmt::print(stderr, "{}; {} positions in {:.2f} s, peak {:.1f} MB\n", verdict_words(result, opt.fair),
                   result.positions, result.seconds, megabytes(result.peak_bytes));
        if (opt.apply && result.verdict == Verdict::Won) print_position(*after, globals);
    }
    std::fflush(stdout);
    if (int status = exit_status(result); status != 0) throw ExitStatus{status};
}

// "FROM-TO" or a single deal number.
std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& text) {
    auto number = [&](std::string_view part) {
        std::uint64_t value = 0;
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || ec != std::errc{} || end != part.data() + part.size())
            throw Error(fmt::format("'{}' is not a range of deal numbers (e.g. 1-1000)", text));
        return value;
    };
    const auto dash = text.find('-');
    const std::uint64_t from = number(std::string_view(text).substr(0, dash));
    const std::uint64_t to = dash == std::string::npos ? from : number(std::string_view(text).substr(dash + 1));
    if (to < from) throw Error(fmt::format("the range {} ends before it starts", text));
    return {from, to};
}

// "K/N": the K-th of N shards, K from 1.
std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text) {
    if (text.empty()) return {1, 1};
    const auto slash = text.find('/');
    std::uint64_t k = 0;
    std::uint64_t n = 0;
    bool ok = slash != std::string::npos;
    if (ok) {
        auto [e1, c1] = std::from_chars(text.data(), text.data() + slash, k);
        auto [e2, c2] = std::from_chars(text.data() + slash + 1, text.data() + text.size(), n);
        ok = c1 == std::errc{} && c2 == std::errc{} && e1 == text.data() + slash &&
             e2 == text.data() + text.size() && n >= 1 && k >= 1 && k <= n;
    }
    if (!ok) throw Error(fmt::format("'{}' is not a shard: write K/N with 1 <= K <= N, e.g. 2/8", text));
    return {k, n};
}

double percentile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    // Nearest rank: the smallest value with at least p of them at or below it.
    auto rank = static_cast<std::size_t>(std::max(1.0, std::ceil(p * static_cast<double>(values.size()))));
    return values[std::min(rank, values.size()) - 1];
}

void run_batch(const SolveOptions& opt) {
    if (opt.apply) throw Error("--apply plays into a game file; it does not go with --deals");
    const auto [from, to] = parse_range(opt.deals);
    const auto [shard, shards] = parse_shard(opt.shard);
    const Rules rules = preset(opt.rules);
    // This shard's deals: every N-th one, starting at the K-th, so shards of a
    // range take turns and finish at about the same time.
    std::vector<std::uint64_t> deals;
    for (std::uint64_t deal = from + (shard - 1); deal >= from && deal <= to; deal += shards) {
        deals.push_back(deal);
        if (deal > UINT64_MAX - shards) break;
    }

    std::vector<std::optional<SolveResult>> results(deals.size());
    std::mutex mutex;
    std::condition_variable ready;
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next++) < deals.size();) {
            Game game(rules, deal_number(deals[i], rules));
            SolveResult result = solve_game(game, opt);
            std::lock_guard lock(mutex);
            results[i] = std::move(result);
            ready.notify_all();
        }
    };
    const unsigned jobs = std::max(1u, std::min<unsigned>(opt.jobs, static_cast<unsigned>(deals.size())));
    std::vector<std::thread> workers;
    for (unsigned j = 0; j < jobs; ++j) workers.emplace_back(work);

    // Lines come out in deal order whatever finishes first.
    int won = 0, lost = 0, undecided = 0;
    std::vector<double> seconds;
    for (std::size_t i = 0; i < deals.size(); ++i) {
        SolveResult r;
        {
            std::unique_lock lock(mutex);
            ready.wait(lock, [&] { return results[i].has_value(); });
            r = std::move(*results[i]);
            results[i].reset();
        }
        won += r.verdict == Verdict::Won;
        lost += r.verdict == Verdict::NoWin;
        undecided += r.verdict == Verdict::Undecided;
        seconds.push_back(r.seconds);
        fmt::print("{{\"deal\": {}, \"rules\": \"{}\", {}{}}}\n", deals[i], rules.preset,
                   opt.fair ? "\"fair\": true, " : "", statistics_json(r));
        std::fflush(stdout);
    }
    for (auto& worker : workers) worker.join();

    const auto n = static_cast<double>(deals.size());
    const double low = n > 0 ? won / n : 0;
    const double high = n > 0 ? (won + undecided) / n : 0;
    fmt::print(
        "{{\"summary\": true, \"rules\": \"{}\", {}\"deals\": {}, \"won\": {}, \"no_win\": {}, \"undecided\": {}, "
        "\"win_rate_low\": {:.4f}, \"win_rate_high\": {:.4f}, \"median_seconds\": {:.3f}, \"p90_seconds\": {:.3f}}}\n",
        rules.preset, opt.fair ? "\"fair\": true, " : "", deals.size(), won, lost, undecided, low, high,
        percentile(seconds, 0.5), percentile(seconds, 0.9));
    fmt::print(stderr, "{} deals: {} won, {} {}, {} undecided; win rate {:.1f}% to {:.1f}%; median {:.2f} s, p90 {:.2f} s\n",
               deals.size(), won, lost, opt.fair ? "lost by the fair strategy" : "proven lost", undecided,
               100 * low, 100 * high, percentile(seconds, 0.5), percentile(seconds, 0.9));
}

}  // namespace

void setup_solve(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<SolveOptions>();
    auto* sub = app.add_subcommand("solve", "Find a winning line from the current position, or prove there is none");
    sub->add_option("--time-limit", opt->time_limit,
                    "Stop after SECONDS of wall-clock time and report undecided (default: no limit)")
        ->check(CLI::NonNegativeNumber)
        ->type_name("SECONDS");
    sub->add_option("--memory", opt->memory_mb,
                    "Memory for stored positions, per search; when full the verdict is undecided")
        ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20))
        ->type_name("MB")
        ->capture_default_str();
    sub->add_option("--positions", opt->positions,
                    "Stop after storing N positions and report undecided; unlike the time limit, the same "
                    "on every machine (default: no limit)")
        ->type_name("N");
    sub->add_flag("--no-shuffle", opt->no_shuffle, "Plan with moves only; never shuffle");
    sub->add_flag("--apply", opt->apply, "Play the winning line into the game file (one atomic step) instead of printing it");
    sub->add_flag("--json", opt->json,
                  "Print verdict, statistics and line as one JSON object on stdout: verdict (won, no-win, "
                  "undecided), limit, moves, shuffles, positions, seconds, peak_mb, line");
    sub->add_flag("--fair", opt->fair,
                  "Play as a fair player who never looks at a shuffle's outcome before making it: search with "
                  "moves only (at most --positions, else 1000000, positions while shuffles are left), and failing "
                  "a win shuffle from the position found with the most cards placed; a lost verdict then means "
                  "this strategy lost, not that no win exists");
    sub->add_option("--deals", opt->deals,
                    "Solve deals FROM-TO instead of the game file: one JSON line per deal (deal, rules, verdict, "
                    "moves, shuffles, positions, seconds, peak_mb, and limit when undecided) in deal order, then a "
                    "summary line (summary, deals, won, no_win, undecided, win_rate_low, win_rate_high, "
                    "median_seconds, p90_seconds)")
        ->type_name("FROM-TO");
    sub->add_option("-r,--rules", opt->rules, "With --deals: the rule preset (addiction, montana, gaps, mini)")
        ->check(CLI::IsMember(preset_names()))
        ->type_name("PRESET")
        ->capture_default_str();
    sub->add_option("-j,--jobs", opt->jobs, "With --deals: deals solved at once, each with its own --memory (and one thread when N > 1)")
        ->check(CLI::Range(1u, 256u))
        ->type_name("N")
        ->capture_default_str();
    sub->add_option("--shard", opt->shard,
                    "With --deals: solve only the K-th of N interleaved shares of the range (every N-th deal, "
                    "from the K-th), for cluster job arrays")
        ->type_name("K/N");
    sub->footer(
        "Without --deals, the line goes to stdout, one action per line as the command line takes it\n"
        "(`move 6D c7`, `shuffle`), and the verdict with positions stored, time and peak memory to stderr.\n"
        "\n"
        "Exit status:\n"
        "  0  a winning line was found (with --deals: the batch ran)\n"
        "  1  error\n"
        "  2  usage error\n"
        "  3  no win exists, proven (with --fair: the fair strategy lost)\n"
        "  4  undecided: a time, memory or position limit was reached");
    sub->callback([opt, &globals] {
        if (!opt->deals.empty())
            run_batch(*opt);
        else
            run_one(*opt, globals);
    });
}

}  // namespace addiction::cli
