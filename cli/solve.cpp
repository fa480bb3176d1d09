// addiction solve: search for a winning line from the current position; with
// --deals, solve a range of deals for a win-rate study (solve_deals.cpp).
#include "solve.hpp"

#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "batch.hpp"
#include "checks.hpp"
#include "commands.hpp"
#include "gamefile.hpp"
#include "hint.hpp"
#include "paths.hpp"
#include "plural.hpp"
#include "position.hpp"
#include "record_store.hpp"
#include "status_line.hpp"
#include "stop_signal.hpp"
#include "store.hpp"
#include "streams.hpp"

namespace addiction::cli {

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

SolveResult solve_game(const Game& game, const SolveOptions& opt, const Progress& progress) {
    SolveLimits limits = limits_from(opt);
    limits.progress = progress;
    // Without shuffles nothing is left to chance, so the fair player is the solver.
    // The fair player goes on as the hints do (fair_line), so that following
    // `addiction hint` from a game in progress plays the line reported here.
    return opt.fair && !opt.no_shuffle ? fair_line(game, limits) : solve(game, limits);
}

double megabytes(std::size_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

double rounded(double value, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(value * scale) / scale;
}

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

namespace {

std::string solve_status(const SolveProgress& p) {
    std::string text = fmt::format("solving: {:.1f} s, {} positions, {}/s, {:.0f} of {:.0f} MB", p.seconds,
                                   short_count(static_cast<double>(p.positions)), short_count(p.positions_per_second),
                                   static_cast<double>(p.bytes) / (1024.0 * 1024.0),
                                   static_cast<double>(p.memory_limit) / (1024.0 * 1024.0));
    // tracks.cpp: a half of the complete search, and the second track.
    if (p.two_tracks()) text += p.first_ahead() ? ", first track ahead" : ", second track ahead";
    return text;
}

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

int exit_status(const SolveResult& r) {
    switch (r.verdict) {
        case Verdict::Won: return 0;
        case Verdict::NoWin: return kNoWin;
        case Verdict::Undecided: return kUndecided;
    }
    return 1;
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
                  "Print verdict, statistics and line as one JSON object on stdout: fair and no_shuffle when "
                  "given, verdict (won, no-win, undecided), limit (when undecided), moves, shuffles, positions, "
                  "seconds, peak_mb, line");
    sub->add_flag("--fair", opt->fair,
                  "Play as a fair player who never looks at a shuffle's outcome before making it: search with "
                  "moves only, twice (the second search never moves a placed card; 1000000 positions each a phase, "
                  "300000 in the phase with no shuffle left: the budgets of hint, which plays this strategy; "
                  "--positions N gives every phase N, and --positions 300000 is the player of before 2026-11-29), "
                  "and failing a win "
                  "shuffle from the position found with the most cards placed; a lost verdict then means this "
                  "strategy lost, not that no win exists");
    auto* deals = sub->add_option("--deals", opt->deals,
                    "Solve deals FROM-TO (or one deal, N) instead of the game file: one JSON line per deal (deal, "
                    "a number, rules, fair with phase_positions and last_phase_positions, and no_shuffle, when given, "
                    "verdict, moves, shuffles, positions, seconds, peak_mb, limit when "
                    "undecided, settings for custom rules or yours) in deal order, then a "
                    "summary line (summary, the same study keys, deals, won, no_win, undecided, win_rate_low, "
                    "win_rate_high, median_seconds, p90_seconds, and skipped with --resume, interrupted after Ctrl-C)")
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
            solve_deals(*opt);
        else
            run_one(*opt, globals);
    });
}

}  // namespace addiction::cli
