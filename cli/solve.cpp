// addiction solve: search for a winning line from the current position, or solve
// a range of deals for win-rate studies.
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "batch.hpp"
#include "commands.hpp"
#include "paths.hpp"
#include "position.hpp"
#include "solver.hpp"
#include "store.hpp"

namespace addiction::cli {
namespace {

using Json = nlohmann::ordered_json;  // keys in the order written

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
            std::string limit = r.limit == Limit::Time ? "time limit" : r.limit == Limit::Memory ? "memory limit" : "position budget";
            return fmt::format("undecided: stopped at the {}", limit);
        }
    }
    return "?";
}

// A figure to `decimals` places, as the JSON has always carried it.
double rounded(double value, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

// Appends the verdict and statistics to `out`.
void add_statistics(Json& out, const SolveResult& r) {
    out["verdict"] = std::string(to_string(r.verdict));
    if (r.limit != Limit::None) out["limit"] = std::string(to_string(r.limit));
    out["moves"] = r.moves();
    out["shuffles"] = r.shuffles();
    out["positions"] = r.positions;
    out["seconds"] = rounded(r.seconds, 3);
    out["peak_mb"] = rounded(megabytes(r.peak_bytes), 1);
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
            for (const Action& action : result.line) game.play(action);
        });
    } else {
        result = solve_game(load_game_file(path), opt);
    }
    if (opt.json) {
        Json out;
        add_statistics(out, result);
        out["line"] = Json::array();
        for (const Action& action : result.line) out["line"].push_back(to_string(action));
        fmt::print("{}\n", out.dump());
    } else {
        if (!opt.apply && result.verdict == Verdict::Won)
            for (const Action& action : result.line) fmt::print("{}\n", to_string(action));
        fmt::print(stderr, "{}; {} positions in {:.2f} s, peak {:.1f} MB\n", verdict_words(result, opt.fair),
                   result.positions, result.seconds, megabytes(result.peak_bytes));
        if (opt.apply && result.verdict == Verdict::Won) print_position(*after, globals.style());
    }
    std::fflush(stdout);
    if (int status = exit_status(result); status != 0) throw ExitStatus{status};
}

void run_batch(const SolveOptions& opt) {
    if (opt.apply) throw Error("--apply plays into a game file; it does not go with --deals");
    const auto [from, to] = parse_range(opt.deals);
    const auto [shard, shards] = parse_shard(opt.shard);
    const Rules rules = preset(opt.rules);
    const std::vector<std::uint64_t> deals = shard_deals(from, to, shard, shards);

    // Lines come out in deal order whatever finishes first.
    int won = 0, lost = 0, undecided = 0;
    std::vector<double> seconds;
    auto compute = [&](std::size_t i) { return solve_game(Game(rules, deal_number(deals[i], rules)), opt); };
    in_order<SolveResult>(deals.size(), opt.jobs, compute, [&](std::size_t i, SolveResult r) {
        won += r.verdict == Verdict::Won;
        lost += r.verdict == Verdict::NoWin;
        undecided += r.verdict == Verdict::Undecided;
        seconds.push_back(r.seconds);
        Json out = {{"deal", deals[i]}, {"rules", rules.preset}};
        if (opt.fair) out["fair"] = true;
        add_statistics(out, r);
        fmt::print("{}\n", out.dump());
        std::fflush(stdout);
    });

    const auto n = static_cast<double>(deals.size());
    const double low = n > 0 ? won / n : 0;
    const double high = n > 0 ? (won + undecided) / n : 0;
    Json summary = {{"summary", true}, {"rules", rules.preset}};
    if (opt.fair) summary["fair"] = true;
    summary["deals"] = deals.size();
    summary["won"] = won;
    summary["no_win"] = lost;
    summary["undecided"] = undecided;
    summary["win_rate_low"] = rounded(low, 4);
    summary["win_rate_high"] = rounded(high, 4);
    summary["median_seconds"] = rounded(percentile(seconds, 0.5), 3);
    summary["p90_seconds"] = rounded(percentile(seconds, 0.9), 3);
    fmt::print("{}\n", summary.dump());
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
                  "moves only (at most --positions, else 300000, positions a phase: the budgets of hint, which plays "
                  "this strategy), and failing a win shuffle from the position found with the most cards placed; a "
                  "lost verdict then means this strategy lost, not that no win exists");
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
