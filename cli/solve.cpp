// addiction solve: search for a winning line from the current position, or solve
// a range of deals for win-rate studies.
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <ctime>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "batch.hpp"
#include "checks.hpp"
#include "choices.hpp"
#include "commands.hpp"
#include "files.hpp"
#include "gamefile.hpp"
#include "hint.hpp"
#include "paths.hpp"
#include "plural.hpp"
#include "position.hpp"
#include "record_store.hpp"
#include "rule_options.hpp"
#include "rule_set.hpp"
#include "solver.hpp"
#include "stats.hpp"
#include "store.hpp"
#include "streams.hpp"

namespace addiction::cli {
namespace {

using Json = nlohmann::ordered_json;  // keys in the order written

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

// Set by SIGINT or SIGTERM while a solve runs; the search polls it
// (SolveLimits::stop) and stops within a fraction of a second.
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler may only touch a lock-free atomic");

// When the first stop signal came (CLOCK_MONOTONIC, ns), 0 before.
std::atomic<std::int64_t> first_signal_at{0};
static_assert(std::atomic<std::int64_t>::is_always_lock_free, "a signal handler may only touch a lock-free atomic");

// Sets the flag. A second signal ends the process as usual, for a user who does
// not want to wait, unless it comes within half a second of the first: that is
// the same request sent twice. timeout(1) signals the command and then its
// process group, so `timeout 3600 addiction solve --deals ...` was killed by its
// own second SIGTERM one time in five, its summary lost. Only async-signal-safe
// calls here.
extern "C" void on_stop_signal(int signal) {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    const std::int64_t at = std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
    std::int64_t first = 0;
    if (first_signal_at.compare_exchange_strong(first, at)) {
        interrupted.store(true);
        return;
    }
    if (at - first < 500'000'000) return;
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

// Catches SIGINT and SIGTERM while it lives and restores what was there before.
// A signal the process was started with ignored (nohup, a background job of a
// script) stays ignored.
class StopOnSignal {
public:
    StopOnSignal() : int_(SIGINT), term_(SIGTERM) {}

private:
    class Catch {
    public:
        explicit Catch(int signal) : signal_(signal) {
            sigaction(signal_, nullptr, &old_);
            if (old_.sa_handler == SIG_IGN) return;
            struct sigaction action {};
            action.sa_handler = on_stop_signal;
            sigemptyset(&action.sa_mask);
            // SA_RESTART: a write to the terminal (the status line) that the
            // signal lands in goes on, where it failed with EINTR and fmt made
            // that an "internal error" in place of the interrupted summary.
            action.sa_flags = SA_RESTART;
            caught_ = sigaction(signal_, &action, nullptr) == 0;
        }
        // Once a stop signal came, the handler stays: the command is ending, and
        // timeout(1)'s second SIGTERM could land after the summary was printed
        // but before the exit, ending the process by the signal (exit 143, not
        // 4: one run of test_solve_interrupt in ten).
        ~Catch() {
            if (caught_ && !interrupted.load()) sigaction(signal_, &old_, nullptr);
        }
        Catch(const Catch&) = delete;
        Catch& operator=(const Catch&) = delete;

    private:
        int signal_;
        struct sigaction old_ {};
        bool caught_ = false;
    };
    Catch int_;
    Catch term_;
};

// A status line on stderr, redrawn in place with \r, when stderr is a terminal;
// nothing at all otherwise. Plain text and spaces only, so it also works on a
// dumb terminal. Safe to call from several threads.
class StatusLine {
public:
    StatusLine() : on_(isatty(STDERR_FILENO) == 1) {}
    ~StatusLine() { clear(); }
    StatusLine(const StatusLine&) = delete;
    StatusLine& operator=(const StatusLine&) = delete;

    bool on() const { return on_; }

    // Shows the text built by make() unless the line was drawn less than a
    // quarter of a second ago (always with force).
    template <class Make>
    void show(Make make, bool force = false) {
        if (!on_) return;
        std::lock_guard lock(mutex_);
        const auto now = std::chrono::steady_clock::now();
        if (!force && drawn_ && now - last_ < std::chrono::milliseconds(250)) return;
        last_ = now;
        drawn_ = true;
        std::string text = make();
        // A line longer than the terminal would wrap, and \r only goes back to its last row.
        if (const std::size_t columns = width(); columns > 1 && text.size() >= columns) text.resize(columns - 1);
        const std::size_t shown = text.size();
        if (shown < width_) text.append(width_ - shown, ' ');
        tell("\r{}", text);
        if (shown < width_) tell("\r{}", text.substr(0, shown));
        width_ = shown;
        std::fflush(stderr);
    }

    // Erases the line, so that the next output starts on a clean row. Two
    // columns more: the terminal echoes a Ctrl-C as ^C after the line.
    void clear() {
        if (!on_) return;
        std::lock_guard lock(mutex_);
        const std::size_t erased = std::max(width_, std::min(width_ + 2, width() - 1));  // never past the row's end
        if (width_ > 0) tell("\r{}\r", std::string(erased, ' '));
        width_ = 0;
        std::fflush(stderr);
    }

private:
    static std::size_t width() {
        winsize size{};
        if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
        return 80;
    }

    bool on_;
    std::mutex mutex_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point last_;
    std::size_t width_ = 0;
};

// 1234 -> "1234", 123456 -> "123k", 4567890 -> "4.57M": short enough for a status line.
std::string short_count(double n) {
    if (n < 10000) return fmt::format("{:.0f}", n);
    if (n < 1e6) return fmt::format("{:.0f}k", n / 1e3);
    if (n < 1e9) return fmt::format("{:.2f}M", n / 1e6);
    return fmt::format("{:.2f}G", n / 1e9);
}

// 42 -> "42 s", 754 -> "12 min 34 s", 7384 -> "2 h 3 min".
std::string duration(double seconds) {
    const auto s = static_cast<long>(seconds + 0.5);
    if (s < 60) return fmt::format("{} s", s);
    if (s < 3600) return fmt::format("{} min {} s", s / 60, s % 60);
    return fmt::format("{} h {} min", s / 3600, s % 3600 / 60);
}

std::string solve_status(const SolveProgress& p) {
    std::string text = fmt::format("solving: {:.1f} s, {} positions, {}/s, {:.0f} of {:.0f} MB", p.seconds,
                                   short_count(static_cast<double>(p.positions)), short_count(p.positions_per_second),
                                   static_cast<double>(p.bytes) / (1024.0 * 1024.0),
                                   static_cast<double>(p.memory_limit) / (1024.0 * 1024.0));
    // tracks.cpp: a half of the complete search, and the second track.
    if (p.two_tracks()) text += p.first_ahead() ? ", first track ahead" : ", second track ahead";
    return text;
}

SolveLimits limits_from(const SolveOptions& opt) {
    SolveLimits limits;
    limits.max_positions = opt.positions;
    limits.memory_bytes = opt.memory_mb << 20;
    limits.seconds = opt.time_limit;
    limits.shuffles = !opt.no_shuffle;
    limits.stop = &interrupted;
    // The fair player keeps the strategy hints play (solver.hpp).
    if (!opt.fair) limits.as_solve_runs();
    // Deals solved side by side already fill the cores; the answers are the
    // same with one thread or two (solver.hpp).
    if (!opt.deals.empty() && opt.jobs > 1) limits.threads = 1;
    return limits;
}

double megabytes(std::size_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

std::string verdict_words(const SolveResult& r, bool fair, bool no_shuffle) {
    switch (r.verdict) {
        case Verdict::Won:
            return fmt::format("won: {}, {}", plural(r.moves(), "move"), plural(r.shuffles(), "shuffle"));
        case Verdict::NoWin:
            return fair ? std::string("lost: the fair player's strategy found no win")
                   : no_shuffle ? std::string("no win by moves alone (proven; the shuffles may still win)")
                                : std::string("no win exists (proven)");
        case Verdict::Undecided: {
            if (r.limit == Limit::Stopped) return "undecided: interrupted";
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

// Appends the verdict and statistics to `out`. Moves and shuffles are the winning
// line's: the fair player's losing one is not reported as a result.
void add_statistics(Json& out, const SolveResult& r) {
    const bool won = r.verdict == Verdict::Won;
    out["verdict"] = std::string(to_string(r.verdict));
    // The user stopped it: "interrupted", as the verdict line says.
    if (r.limit != Limit::None) out["limit"] = r.limit == Limit::Stopped ? "interrupted" : std::string(to_string(r.limit));
    out["moves"] = won ? r.moves() : 0;
    out["shuffles"] = won ? r.shuffles() : 0;
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

using Progress = std::function<void(const SolveProgress&)>;

SolveResult solve_game(const Game& game, const SolveOptions& opt, const Progress& progress) {
    SolveLimits limits = limits_from(opt);
    limits.progress = progress;
    // Without shuffles nothing is left to chance, so the fair player is the solver.
    // The fair player goes on as the hints do (fair_line), so that following
    // `addiction hint` from a game in progress plays the line reported here.
    return opt.fair && !opt.no_shuffle ? fair_line(game, limits) : solve(game, limits);
}

void run_one(const SolveOptions& opt, const Globals& globals) {
    const auto path = game_path(globals.file);
    SolveResult result;
    std::optional<Game> after;
    {
        StatusLine status;
        const StopOnSignal signals;
        Progress progress;
        if (status.on()) progress = [&](const SolveProgress& p) { status.show([&] { return solve_status(p); }); };
        if (opt.apply) {
            // Solve without the lock, then play the line in one atomic save if the
            // game is still the one solved. The lock is the folder's: held for a
            // search of up to a minute, it held up every game there (the named
            // games share one folder). Without a win the file is left as it was,
            // not even rewritten.
            const Game seen = load_game_file(path);
            result = solve_game(seen, opt, progress);
            // A game already won has nothing to play: its file stays as it is.
            if (result.verdict == Verdict::Won && result.line.empty()) after = seen;
            if (result.verdict == Verdict::Won && !result.line.empty()) {
                const std::string solved = save_game(seen);
                after = update_game(path, [&](Game& game) {
                    if (save_game(game) != solved)
                        throw Error("the game changed while solve ran, so its line was not played (solve again)");
                    game.log().helped = true;  // for the player's record
                    for (const Action& action : result.line) game.play(action);
                });
            }
        } else {
            const Game game = load_game_file(path);
            result = solve_game(game, opt, progress);
            // For the player's record (the game file stays as it is): a verdict is
            // help; a search stopped or cut short told nothing, as with --apply.
            if (result.verdict != Verdict::Undecided) note_help(path, game);
        }
    }  // the status line erased, Ctrl-C back to what it was
    if (opt.json) {
        Json out;
        // As the batch lines say it: a fair player's no-win is a loss, not a proof.
        if (opt.fair) out["fair"] = true;
        if (opt.no_shuffle) out["no_shuffle"] = true;
        add_statistics(out, result);
        out["line"] = Json::array();
        if (result.verdict == Verdict::Won)
            for (const Action& action : result.line) out["line"].push_back(to_string(action));
        fmt::print("{}\n", out.dump());
    } else {
        if (!opt.apply && result.verdict == Verdict::Won)
            for (const Action& action : result.line) fmt::print("{}\n", to_string(action));
        flush_stdout();  // the line lost is the one error said, not after the verdict
        tell("{}; {} positions in {:.2f} s, peak {:.1f} MB\n", verdict_words(result, opt.fair, opt.no_shuffle),
             result.positions, result.seconds, megabytes(result.peak_bytes));
        if (opt.apply && result.verdict == Verdict::Won) print_position(*after, globals.style());
    }
    std::fflush(stdout);
    if (int status = exit_status(result); status != 0) throw ExitStatus{status};
}

// The deals an earlier run of the same study wrote lines for (--resume).
struct Resumed {
    std::set<std::uint64_t> deals;
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
    return fmt::format("{} rules{}{}", rules, fair ? " (fair)" : "", no_shuffle ? " (moves only)" : "");
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
        begin = end + 1;
        // A line that does not parse (cut short by a kill) is a deal not done: it is solved again.
        if (line.is_discarded() || !line.is_object() || line.contains("summary") || !line.contains("deal") ||
            !line["deal"].is_number_unsigned())
            continue;
        const auto deal = line["deal"].get<std::uint64_t>();
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
        // Lines written before they carried settings are held to the name alone.
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

void run_batch(const SolveOptions& opt) {
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

}  // namespace

void setup_solve(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<SolveOptions>();
    auto* sub = app.add_subcommand("solve", "Find a winning line from the current position, or prove there is none");
    sub->add_option("--time-limit", opt->time_limit,
                    "Stop after SECONDS of wall-clock time and report undecided (with --deals: per deal); 0 means "
                    "no limit")
        ->check(seconds(HUGE_VAL, "NONNEGATIVE"))
        ->type_name("SECONDS")
        ->capture_default_str();
    sub->add_option("--memory", opt->memory_mb,
                    "Memory for stored positions, per search; when full the verdict is undecided")
        ->check(whole_number_in(1, std::size_t{1} << 20, "UINT"))
        ->type_name("MB")
        ->capture_default_str();
    sub->add_option("--positions", opt->positions,
                    "Stop after N positions (each stored, or found a dead end) and report undecided; unlike the time limit, the same "
                    "on every machine (default, or 0: no limit)")
        ->check(whole_number())
        ->type_name("N");
    sub->add_flag("--no-shuffle", opt->no_shuffle, "Plan with moves only; never shuffle");
    auto* apply = sub->add_flag("--apply", opt->apply,
                                "Play the winning line into the game file (one atomic step) instead of printing it");
    auto* json = sub->add_flag("--json", opt->json,
                  "Print verdict, statistics and line as one JSON object on stdout: verdict (won, no-win, "
                  "undecided), limit, moves, shuffles, positions, seconds, peak_mb, line");
    sub->add_flag("--fair", opt->fair,
                  "Play as a fair player who never looks at a shuffle's outcome before making it: search with "
                  "moves only, twice (the second search never moves a placed card; at most --positions, else 1000000, "
                  "positions each a phase, 300000 in the phase with no shuffle left: the budgets of hint, which "
                  "plays this strategy; --positions 300000 is the player of before 2026-11-29), and failing a win "
                  "shuffle from the position found with the most cards placed; a lost verdict then means this "
                  "strategy lost, not that no win exists");
    auto* deals = sub->add_option("--deals", opt->deals,
                    "Solve deals FROM-TO instead of the game file: one JSON line per deal (deal, rules, fair and "
                    "no_shuffle when given, verdict, moves, shuffles, positions, seconds, peak_mb, limit when "
                    "undecided, settings for custom rules or yours) in deal order, then a "
                    "summary line (summary, deals, won, no_win, undecided, win_rate_low, win_rate_high, "
                    "median_seconds, p90_seconds, and skipped with --resume, interrupted after Ctrl-C)")
        ->check(parsed_by([](const std::string& text) { parse_range(text); }))
        ->type_name("FROM-TO");
    apply->excludes(deals);
    json->excludes(deals);  // --deals writes JSON lines anyway
    // --deals solves fresh deals, not the game (nothing to record); --json prints no board.
    Globals::leaves_out(deals, {globals.options.file, globals.options.game, globals.options.no_record});
    Globals::leaves_out(json, {globals.options.color, globals.options.ascii});
    for (CLI::Option* option : opt->rules.add(*sub, "With --deals: ")) option->needs(deals);
    sub->add_option("-j,--jobs", opt->jobs, "With --deals: deals solved at once, each with its own --memory (and one thread when N > 1)")
        ->check(whole_number_in(1, 256, "UINT"))
        ->type_name("N")
        ->capture_default_str()
        ->needs(deals);
    sub->add_option("--shard", opt->shard,
                    "With --deals: solve only the K-th of N interleaved shares of the range (every N-th deal, "
                    "from the K-th), for cluster job arrays")
        ->check(parsed_by([](const std::string& text) { parse_shard(text); }))
        ->type_name("K/N")
        ->needs(deals);
    sub->add_option("--resume", opt->resume,
                    "With --deals: skip the deals that FILE, the output of an earlier run of the same study, has a "
                    "line for; write only the rest (append them: --resume out.jsonl >> out.jsonl)")
        ->type_name("FILE")
        ->needs(deals);
    sub->footer(
        "Without --deals, the line goes to stdout, one action per line as the command line takes it\n"
        "(`move 6D c7`, `shuffle`), and the verdict with positions searched, time and peak memory to stderr.\n"
        "\n"
        "Exit status:\n"
        "  0  a winning line was found (with --deals: the batch ran)\n"
        "  1  error\n"
        "  2  usage error\n"
        "  3  no win exists, proven (with --fair: the fair strategy lost)\n"
        "  4  undecided: a time, memory or position limit was reached, or Ctrl-C (SIGINT or SIGTERM)\n"
        "     stopped it (with --deals: after the lines of the deals finished and a summary)\n"
        "\n"
        "On a terminal a status line on stderr shows the search (time, positions searched, positions per\n"
        "second, memory used of --memory) or, with --deals, the deals done and the time left.");
    sub->callback([opt, apply, &globals] {
        // Only --apply prints the board. (--no-record goes with both: --apply can end
        // the game, and without it the help is noted for the record.)
        for (const CLI::Option* option : {globals.options.color, globals.options.ascii})
            refuse_unless(option, apply->count() > 0, "goes with solve --apply");
        if (!opt->deals.empty())
            run_batch(*opt);
        else
            run_one(*opt, globals);
    });
}

}  // namespace addiction::cli
