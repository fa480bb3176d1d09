// addiction stats: the player's record, per rule set and overall.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>

#include <fmt/color.h>
#include <fmt/format.h>

#include "checks.hpp"
#include "commands.hpp"
#include "files.hpp"
#include "json.hpp"
#include "paths.hpp"
#include "rule_sets.hpp"
#include "record_store.hpp"
#include "stats.hpp"
#include "streams.hpp"

namespace addiction::cli {
namespace {
namespace fs = std::filesystem;

struct StatsOptions {
    std::string rules;
    bool json = false;
    std::string since;
    bool reset = false;
};

std::string or_dash(const auto& value, auto&& text) { return value ? text(*value) : std::string("-"); }

// One column a rule set, one row a figure: the figures have long names, the
// rule sets few.
void print_table(const Stats& stats, const Style& style) {
    std::vector<std::pair<std::string, const Tally*>> columns;
    for (const auto& [name, tally] : stats.groups) columns.emplace_back(name, &tally);
    if (stats.groups.size() != 1) columns.emplace_back("overall", &stats.overall);
    using Row = std::pair<std::string, std::function<std::string(const Tally&)>>;
    const std::vector<Row> rows = {
        {"played", [](const Tally& t) { return std::to_string(t.played()); }},
        {"won", [](const Tally& t) { return std::to_string(t.won); }},
        {"  unassisted", [](const Tally& t) { return std::to_string(t.won_unassisted); }},
        {"lost", [](const Tally& t) { return std::to_string(t.lost); }},
        {"abandoned", [](const Tally& t) { return std::to_string(t.abandoned); }},
        // Whole percents, but never 100% with a loss or 0% with a win (199 won of
        // 200 said 100%): one decimal there.
        {"win rate", [](const Tally& t) {
             return or_dash(t.win_rate(), [](double r) {
                 const std::string whole = fmt::format("{:.0f}%", r * 100);
                 return (whole == "100%" && r < 1) || (whole == "0%" && r > 0) ? fmt::format("{:.1f}%", r * 100) : whole;
             });
         }},
        {"current streak",
         [](const Tally& t) {
             if (t.current_streak == 0) return std::string("-");
             return fmt::format("{} {}", std::abs(t.current_streak), t.current_streak > 0 ? "won" : "lost");
         }},
        {"longest winning streak", [](const Tally& t) { return std::to_string(t.longest_win_streak); }},
        {"longest losing streak", [](const Tally& t) { return std::to_string(t.longest_loss_streak); }},
        {"fewest moves in a win", [](const Tally& t) { return or_dash(t.fewest_moves, [](int n) { return std::to_string(n); }); }},
        {"fewest shuffles in a win", [](const Tally& t) { return or_dash(t.fewest_shuffles, [](int n) { return std::to_string(n); }); }},
        {"fastest win", [](const Tally& t) { return or_dash(t.fastest_seconds, [](std::int64_t s) { return clock_text(s); }); }},
        {"average placed in a loss",
         [](const Tally& t) { return or_dash(t.average_placed_lost(), [](double p) { return fmt::format("{:.1f}", p); }); }},
    };
    std::size_t label = 0;
    for (const auto& row : rows) label = std::max(label, row.first.size());
    std::vector<std::size_t> widths;
    for (const auto& [name, tally] : columns) {
        std::size_t width = name.size();
        for (const auto& row : rows) width = std::max(width, row.second(*tally).size());
        widths.push_back(width);
    }
    auto header = style.color ? fmt::text_style(fmt::emphasis::bold) : fmt::text_style{};
    std::string line = std::string(label, ' ');
    for (std::size_t i = 0; i < columns.size(); ++i)
        line += "  " + fmt::format(header, "{:>{}}", columns[i].first, widths[i]);
    fmt::print("{}\n", line);
    for (const auto& [name, value] : rows) {
        line = fmt::format("{:<{}}", name, label);
        for (std::size_t i = 0; i < columns.size(); ++i) line += fmt::format("  {:>{}}", value(*columns[i].second), widths[i]);
        fmt::print("{}\n", line);
    }
}

void reset(const fs::path& record) {
    if (!file_exists(record)) throw Error(fmt::format("no record at {}: nothing to reset", record.string()));
    std::error_code ec;
    // ADDICTION_RECORD=/dev/null keeps no record; moving the device aside (as
    // root) took /dev/null from the whole system.
    if (!fs::is_regular_file(record, ec))
        throw Error(fmt::format("the record {} is not a file: nothing to reset", record.string()));
    RecordLock lock(record);  // appends wait, then write to the new record
    std::string stamp = utc_time(now_seconds());
    std::erase(stamp, ':');
    fs::path aside = record;
    aside += "." + stamp;
    for (int n = 1; fs::exists(aside, ec); ++n) {
        aside = record;
        aside += fmt::format(".{}.{}", stamp, n);
    }
    fs::rename(record, aside, ec);
    if (ec) throw Error(fmt::format("cannot move {} aside: {}", record.string(), ec.message()));
    fmt::print("the record is now {}; a new one starts with the next game's end\n", aside.string());
}

// --rules takes a rule set there is, custom, or one the record has games of: a
// rule set of yours keeps its games when its file goes, and `stats` shows them.
std::string rules_problem(const std::string& name) {
    if (name == "custom") return "";
    std::string problem = unknown_rule_set_problem(name);
    if (problem.empty()) return problem;
    try {
        if (const fs::path record = record_path(); file_exists(record)) {
            const Stats all = compute_stats(read_record(read_kept_file(record)).entries, std::nullopt, std::nullopt);
            if (std::any_of(all.groups.begin(), all.groups.end(), [&](const auto& g) { return g.first == name; }))
                return "";
        }
    } catch (const Error&) {
        // A record that does not read: run() says so; the name is still unknown.
    }
    return problem;
}

void run(const StatsOptions& opt, const Globals& globals) {
    const fs::path record = record_path();
    if (opt.reset) {
        reset(record);
        return;
    }
    std::optional<std::int64_t> since;
    if (!opt.since.empty()) since = parse_utc_time(opt.since);
    std::string text;
    if (file_exists(record)) text = read_kept_file(record);  // none yet: an empty record
    const RecordRead read = read_record(text);
    for (const std::string& damage : read.damaged)
        tell("addiction: {}: {} (skipped)\n", record.string(), damage);
    std::optional<std::string> group;
    if (!opt.rules.empty()) group = opt.rules;
    const Stats stats = compute_stats(read.entries, group, since);
    if (opt.json) {
        fmt::print("{}\n", json_text(stats_json(stats)));
        return;
    }
    if (stats.overall.played() == 0) {
        // The filters may leave none of a record that has games.
        const int in_all = compute_stats(read.entries, std::nullopt, std::nullopt).overall.played();
        if (in_all > 0) {
            std::string filters = group ? "--rules " + *group : "";
            if (since) filters += (group ? " " : "") + std::string("--since ") + opt.since;
            fmt::print("no game of the record's {} matches {} ({})\n", in_all, filters, record.string());
        } else {
            fmt::print("no games in the record yet ({})\n", record.string());
        }
        return;
    }
    print_table(stats, globals.style());
}

}  // namespace

void setup_stats(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<StatsOptions>();
    auto* sub = app.add_subcommand("stats", "Your record: games played, won, lost, abandoned, streaks, bests");
    // The record, not a game: no game file, nothing to record; a table without suits.
    globals.no_game_file(sub);
    globals.no_record(sub);
    globals.refuse(sub, {globals.options.ascii});
    auto* rules = sub->add_option("-r,--rules", opt->rules, "Only games of this rule set (custom: games of custom rules)")
                      ->check(CLI::Validator([](std::string& name) { return rules_problem(name); }, ""))
                      ->type_name("NAME");
    auto* json = sub->add_flag("--json", opt->json, "One JSON object for scripts (see addiction(1))");
    auto* since = sub->add_option("--since", opt->since, "Only games that ended on or after DATE (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ, UTC)")
                      ->check(parsed_by([](const std::string& text) { parse_utc_time(text); }))
                      ->type_name("DATE");
    auto* reset = sub->add_flag("--reset", opt->reset,
                                "Move the record aside (kept, with the date in its name) and start afresh; goes alone");
    reset->excludes(rules)->excludes(json)->excludes(since);
    Globals::leaves_out(json, {globals.options.color});
    Globals::leaves_out(reset, {globals.options.color});
    sub->callback([opt, &globals] { run(*opt, globals); });
}

}  // namespace addiction::cli
