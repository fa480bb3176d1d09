// addiction solve --deals: solve a range of deals for a win-rate study, one
// JSON line a deal in deal order and a summary; --resume goes on from an
// earlier run's lines, held to the same study.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <optional>
#include <set>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "batch.hpp"
#include "files.hpp"
#include "plural.hpp"
#include "printable.hpp"
#include "rule_set.hpp"
#include "solve.hpp"
#include "stats.hpp"
#include "status_line.hpp"
#include "stop_signal.hpp"
#include "streams.hpp"

namespace addiction::cli {
namespace {

// The deals an earlier run of the same study wrote lines for (--resume).
struct Resumed {
    std::set<std::uint64_t> deals;
    std::size_t other_lines = 0;  // neither a deal's line nor a summary
    bool partial_line = false;  // the file ends without a newline (a run that was killed)
};

// The fair player's budgets, a phase with shuffles left and the last one
// (solver.hpp): they make the player, so a study holds them. Lines from before
// they were written are the player of then, with 300000 for both.
struct FairBudgets {
    std::uint64_t phase = 300'000;
    std::uint64_t last = 300'000;
    friend bool operator==(const FairBudgets&, const FairBudgets&) = default;
};

FairBudgets fair_budgets(const SolveOptions& opt) {
    return opt.positions != 0 ? FairBudgets{opt.positions, opt.positions}
                              : FairBudgets{kFairPhasePositions, kFairLastPositions};
}

std::string budget_words(const FairBudgets& budgets) {
    return fmt::format("{} positions a phase, {} in the last", budgets.phase, budgets.last);
}

// What makes the runs one study, on every line and the summary so that --resume
// can hold a run to it: the rules, the player (--fair, and its budgets), and
// whether shuffles were played (--no-shuffle: a deal lost by moves alone is no
// loss of the game; the fair player is then the solver, with no budgets of its own).
void add_study(Json& out, const Rules& rules, const SolveOptions& opt) {
    out["rules"] = rules.preset;
    if (opt.fair) out["fair"] = true;
    if (opt.fair && !opt.no_shuffle) {
        const FairBudgets budgets = fair_budgets(opt);
        out["phase_positions"] = budgets.phase;
        out["last_phase_positions"] = budgets.last;
    }
    if (opt.no_shuffle) out["no_shuffle"] = true;
}

// Where the name does not fix the settings (custom, or a rule set of yours, whose
// file may change), the line carries them too, after the figures.
void add_settings(Json& out, const Rules& rules) {
    if (is_shipped_as_named(rules)) return;
    Json settings = rules_json(rules, true);
    settings.erase("preset");
    out["settings"] = std::move(settings);
}

std::string study_words(std::string_view rules, bool fair, bool no_shuffle) {
    return fmt::format("{}{}{}", rules.empty() ? std::string("no rules named") : fmt::format("{} rules", rules),
                       fair ? " (fair)" : "", no_shuffle ? " (moves only)" : "");
}

std::string settings_words(Rules rules) {
    rules.preset = "custom";
    return rules_group(rules).substr(std::string_view("custom: ").size());
}

Resumed read_resume(const std::string& path, const Rules& rules, const SolveOptions& opt) {
    const std::string text = read_file(path);
    Resumed resumed;
    resumed.partial_line = !text.empty() && text.back() != '\n';
    std::size_t number = 0;
    for (std::size_t begin = 0; begin < text.size();) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string::npos) end = text.size();
        ++number;
        const Json line = Json::parse(text.begin() + static_cast<std::ptrdiff_t>(begin),
                                      text.begin() + static_cast<std::ptrdiff_t>(end), nullptr, false);
        const std::size_t begin_of_line = begin;
        begin = end + 1;
        // A line that does not parse (cut short by a kill) is a deal not done: it is solved again.
        if (line.is_discarded() || !line.is_object() || line.contains("summary") || !line.contains("deal") ||
            !line["deal"].is_number_unsigned()) {
            // Not a blank line, a summary, or the last line torn by a kill (a
            // deal not done, as the documentation says): a line of another file.
            const bool torn = end == text.size() && resumed.partial_line;
            resumed.other_lines += end > begin_of_line && !torn && !(line.is_object() && line.contains("summary"));
            continue;
        }
        const auto deal = line["deal"].get<std::uint64_t>();
        // A line of another hand (edited, or another program's) is refused in
        // words: nlohmann's own type error came out as an "internal error".
        const auto refuse = [&](std::string_view what) {
            throw Error(fmt::format("{} line {}: deal {}: {}, which solve --deals never writes", path, number, deal, what));
        };
        for (const char* key : {"rules", "verdict"})
            if (line.contains(key) && !line[key].is_string()) refuse(fmt::format("'{}' is not a string", key));
        for (const char* key : {"fair", "no_shuffle"})
            if (line.contains(key) && !line[key].is_boolean()) refuse(fmt::format("'{}' is not true or false", key));
        if (const std::string verdict = line.value("verdict", "");
            verdict != "won" && verdict != "no-win" && verdict != "undecided")
            refuse(line.contains("verdict") ? fmt::format("the verdict is '{}'", printable(verdict)) : "no verdict");
        const std::string its_rules = line.value("rules", "");
        const bool its_fair = line.value("fair", false);
        const bool its_no_shuffle = line.value("no_shuffle", false);
        if (its_rules != rules.preset || its_fair != opt.fair || its_no_shuffle != opt.no_shuffle)
            throw Error(fmt::format("{} line {}: deal {} was solved with {}, not {}; --resume takes the output of "
                                    "the same study",
                                    path, number, deal, study_words(its_rules, its_fair, its_no_shuffle),
                                    study_words(rules.preset, opt.fair, opt.no_shuffle)));
        if (opt.fair && !opt.no_shuffle) {
            const auto number_or = [&](const char* key, std::uint64_t before) {
                const auto it = line.find(key);
                return it == line.end() ? before : it->is_number_unsigned() ? it->get<std::uint64_t>() : 0;
            };
            const FairBudgets its{number_or("phase_positions", FairBudgets{}.phase),
                                  number_or("last_phase_positions", FairBudgets{}.last)};
            if (its != fair_budgets(opt))
                throw Error(fmt::format("{} line {}: deal {} was solved by the fair player with {}, not {}; --resume "
                                        "takes the output of the same study{}",
                                        path, number, deal, budget_words(its), budget_words(fair_budgets(opt)),
                                        its.phase == its.last ? fmt::format(" (--positions {} plays that player)", its.phase)
                                                              : std::string()));
        }
        // Where the name does not fix the settings, a line must say them: lines
        // of before, which did not, were taken on the name alone, and a study of
        // 5 ranks went on from one of 4 (the atlas's cells, since given theirs).
        if (!line.contains("settings") && !is_shipped_as_named(rules))
            throw Error(fmt::format("{} line {}: deal {} was solved with {} rules, but the line does not say their "
                                    "settings (a release before 2026-11-29 wrote it), so it cannot be held to {}; "
                                    "--resume takes the output of the same study",
                                    path, number, deal, its_rules, settings_words(rules)));
        if (line.contains("settings")) {
            std::optional<Rules> its;
            try {
                Json settings = line["settings"];
                settings["preset"] = its_rules;
                its = rules_from_json(settings);
            } catch (const std::exception&) {
            }
            if (its != rules)
                throw Error(fmt::format("{} line {}: deal {} was solved with {} rules of other settings ({}), not {}; "
                                        "--resume takes the output of the same study",
                                        path, number, deal, its_rules, its ? settings_words(*its) : "unreadable",
                                        settings_words(rules)));
        }
        resumed.deals.insert(deal);
    }
    return resumed;
}

// Standard output is the file at `path` (--resume out.jsonl >> out.jsonl), and
// whether it was opened to append.
struct ResumeOutput {
    bool same = false;
    bool appends = false;
};
ResumeOutput resume_output(const std::string& path) {
    struct stat out {};
    struct stat file {};
    if (::fstat(STDOUT_FILENO, &out) != 0 || ::stat(path.c_str(), &file) != 0 || out.st_dev != file.st_dev ||
        out.st_ino != file.st_ino)
        return {};
    const int flags = ::fcntl(STDOUT_FILENO, F_GETFL);
    return {true, flags != -1 && (flags & O_APPEND) != 0};
}

}  // namespace

void solve_deals(const SolveOptions& opt) {
    const auto [from, to] = parse_range(opt.deals);
    const auto [shard, shards] = parse_shard(opt.shard);
    const Rules rules = opt.rules.over(preset("addiction"));
    const DealRange deals = shard_deals(from, to, shard, shards);
    Resumed resumed;
    std::uint64_t skipped = 0;
    if (!opt.resume.empty()) {
        const ResumeOutput output = resume_output(opt.resume);
        // `--resume out.jsonl > out.jsonl`: the shell emptied the file before the
        // run could read it. Said, as the study starts again from nothing.
        if (output.same && !output.appends)
            tell("addiction: warning: standard output is {}, opened without appending ('>' for '>>'): its lines "
                 "were erased before they could be read\n",
                 opt.resume);
        resumed = read_resume(opt.resume, rules, opt);
        // Another file given by mistake (the run's log, a table): nothing is
        // skipped, and the whole study runs again, appended to it.
        if (resumed.deals.empty() && resumed.other_lines > 0)
            tell("addiction: warning: {} has no line of a deal solved (its {} not solve --deals output): every "
                 "deal is solved\n",
                 opt.resume, plural(resumed.other_lines, "line") + (resumed.other_lines == 1 ? " is" : " are"));
        skipped = static_cast<std::uint64_t>(
            std::count_if(resumed.deals.begin(), resumed.deals.end(), [&](std::uint64_t d) { return deals.holds(d); }));
        // Appended to the file, the first line must not join its torn last one;
        // elsewhere (a pipe, another file) that newline would be an empty line.
        if (resumed.partial_line && output.same) fmt::print("\n");
    }
    const std::uint64_t to_solve = deals.count - skipped;

    StatusLine status;
    const StopOnSignal signals;
    const auto start = std::chrono::steady_clock::now();
    // Counted on the main thread, read by the status line from the workers too.
    std::atomic<int> won{0}, lost{0}, undecided{0};
    std::atomic<std::size_t> finished{0};
    auto batch_status = [&] {
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::size_t done = finished.load();
        std::string text = fmt::format("deals {} of {}: {} won, {} no win, {} undecided; {}", done, to_solve,
                                       won.load(), lost.load(), undecided.load(), duration(elapsed));
        if (done > 0 && done < to_solve)
            text += fmt::format(", about {} left",
                                duration(elapsed / static_cast<double>(done) * static_cast<double>(to_solve - done)));
        return text;
    };
    Progress progress;
    if (status.on()) progress = [&](const SolveProgress&) { status.show(batch_status); };
    status.show(batch_status, true);

    // Lines come out in deal order whatever finishes first. Once interrupted,
    // deals not finished write no line: a resumed run solves them. Nor do the
    // deals the resumed file has.
    std::vector<double> seconds;
    auto compute = [&](std::size_t i) {
        if (interrupted.load() || resumed.deals.count(deals.at(i)) != 0) {
            SolveResult skip;
            skip.limit = Limit::Stopped;
            return skip;
        }
        return solve_game(Game(rules, deal_number(deals.at(i), rules)), opt, progress);
    };
    auto emit = [&](std::size_t i, SolveResult r) {
        if (r.limit == Limit::Stopped) return;
        won += r.verdict == Verdict::Won;
        lost += r.verdict == Verdict::NoWin;
        undecided += r.verdict == Verdict::Undecided;
        ++finished;
        seconds.push_back(r.seconds);
        Json out = {{"deal", deals.at(i)}};
        add_study(out, rules, opt);
        add_statistics(out, r);
        add_settings(out, rules);
        status.clear();
        fmt::print("{}\n", out.dump());
        // A line that cannot be written (a full disk) stops the batch: hours of
        // results must not go nowhere with exit 0. The searches still running
        // stop as they would on Ctrl-C.
        try {
            flush_stdout();
        } catch (const std::system_error&) {
            interrupted.store(true);
            throw;  // main says it
        }
        status.show(batch_status, true);
    };
    in_order<SolveResult>(deals.count, opt.jobs, compute, emit, &interrupted);
    status.clear();

    const bool stopped = interrupted.load();
    const std::size_t done = finished.load();
    const auto n = static_cast<double>(done);
    const double low = n > 0 ? won / n : 0;
    const double high = n > 0 ? (won + undecided) / n : 0;
    // With no deal solved (an empty shard, everything skipped, a stop before the
    // first) there is no rate and no time: null, not a 0% a script would take.
    const auto figure = [done](double value, int digits) { return done > 0 ? Json(rounded(value, digits)) : Json(nullptr); };
    Json summary = {{"summary", true}};
    add_study(summary, rules, opt);
    summary["deals"] = done;
    summary["won"] = won.load();
    summary["no_win"] = lost.load();
    summary["undecided"] = undecided.load();
    summary["win_rate_low"] = figure(low, 4);
    summary["win_rate_high"] = figure(high, 4);
    summary["median_seconds"] = figure(percentile(seconds, 0.5), 3);
    summary["p90_seconds"] = figure(percentile(seconds, 0.9), 3);
    if (!opt.resume.empty()) summary["skipped"] = skipped;
    if (stopped) summary["interrupted"] = true;
    add_settings(summary, rules);
    fmt::print("{}\n", summary.dump());
    std::fflush(stdout);
    const std::uint64_t counted = stopped ? to_solve : done;
    tell("{}{}: {} won, {} {}, {} undecided; {}\n", stopped ? fmt::format("interrupted after {} of ", done) : std::string(),
         plural(counted, "deal"), won.load(), lost.load(),
         opt.fair ? "lost by the fair strategy" : opt.no_shuffle ? "proven lost by moves alone" : "proven lost",
         undecided.load(),
         done > 0 ? fmt::format("win rate {:.1f}% to {:.1f}%; median {:.2f} s, p90 {:.2f} s", 100 * low, 100 * high,
                                percentile(seconds, 0.5), percentile(seconds, 0.9))
                  : std::string("no deal solved, so no win rate"));
    if (skipped > 0)
        tell("{} skipped: already in {}\n", plural(skipped, "deal"), opt.resume);
    if (stopped) throw ExitStatus{kUndecided};
}

}  // namespace addiction::cli
