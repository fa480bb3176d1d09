// The strategies: solve() runs cheap restricted passes before the complete
// search, and solve_fair() plays a fair player who never looks at a shuffle's
// outcome before making it (solver.hpp says what each promises).
//
// Only the complete search's failure is a proof; a restricted pass can only
// find a line sooner. Budgets are shares of the caller's position budget, so
// the answer stays the same on every machine.
#include <algorithm>
#include <array>
#include <memory>
#include <optional>

#include "search.hpp"
#include "side_by_side.hpp"
#include "tracks.hpp"

namespace addiction {
namespace {

using solver::Clock;
using solver::Pass;
using solver::Progress;
using solver::Search;
using solver::since;

// A pass that ended, with its search kept for what it found on the way.
struct Ran {
    Verdict verdict = Verdict::Undecided;
    std::unique_ptr<Search> search;
};

// Runs one pass and adds its figures to `result`; `also_stop`, when given, stops
// it as SolveLimits::stop does.
Ran run_pass(const Game& game, const SolveLimits& limits, const Pass& pass, Clock::time_point started,
             SolveResult& result, Progress& progress, const std::atomic<bool>* also_stop = nullptr) {
    Ran ran{Verdict::Undecided, std::make_unique<Search>(game, limits, pass, started)};
    Search& search = *ran.search;
    if (also_stop) search.stop_when(also_stop);
    if (progress.wanted()) search.report_to(&progress, result.positions);
    ran.verdict = search.run(pass.budget);
    result.positions += search.positions();
    result.peak_bytes = std::max(result.peak_bytes, search.peak_bytes());
    if (ran.verdict == Verdict::Won) result.line = search.line();
    if (ran.verdict == Verdict::Undecided) result.limit = search.limit();
    return ran;
}

// The cheap passes get a share of the budget, or this many positions when there
// is no budget: enough to find most lines, small beside a proof. The moves-only
// passes before shuffling get little: most deals with shuffles need them.
constexpr std::uint64_t kRestrictedPositions = 2'000'000;
constexpr std::uint64_t kMovesOnlyPositions = 50'000;

// The moves after `line` that place cards, one at a time, the one that places
// most first (the earliest in legal order on a tie), until none does; appended
// to `line`. A shuffle keeps the placed cards and redeals the rest, so the
// position the fair player shuffles from is the one with most cards placed. The
// moves-only search proves a position a dead end, and so never enters its
// moves, when no win follows by moves alone: cards may still be placed there,
// in positions the strategy prefers that the search did not reach (a Blue Moon
// shuffle was hinted with four 2s free to go to the row starts). A position the
// caller avoids (a hint's past) is not entered here either. Returns whether the
// line now wins: it may, where the search stopped at its budget.
bool place_before_shuffling(const Game& game, const SolveLimits& limits, std::vector<Action>& line) {
    Game now = game;
    for (const Action& action : line) now.play(action);
    auto avoided = [&](const Game& at) {
        return std::any_of(limits.avoid.begin(), limits.avoid.end(), [&](const auto& past) {
            return past.second == at.shuffles_spent() && past.first == at.board();
        });
    };
    while (true) {
        const int placed = now.board().placed_count();
        std::optional<Action> best;
        int most = placed;
        for (const Action& action : now.legal_actions()) {
            if (action.is_shuffle()) continue;
            Game after = now;
            after.play(action);
            if (after.board().placed_count() > most && !avoided(after)) {
                most = after.board().placed_count();
                best = action;
            }
        }
        if (!best) return now.status() == Status::Won;
        now.play(*best);
        line.push_back(*best);
    }
}

}  // namespace

std::function<void(const SolveProgress&)> progress_after(const std::function<void(const SolveProgress&)>& report,
                                                         std::uint64_t positions, double seconds) {
    if (!report) return {};
    return [report, positions, seconds](const SolveProgress& p) {
        SolveProgress total = p;
        total.positions += positions;
        total.seconds += seconds;
        total.positions_per_second = total.seconds > 0 ? static_cast<double>(total.positions) / total.seconds : 0;
        report(total);
    };
}

std::string_view to_string(Limit limit) {
    switch (limit) {
        case Limit::None: return "";
        case Limit::Positions: return "positions";
        case Limit::Memory: return "memory";
        case Limit::Time: return "time";
        case Limit::Stopped: return "stopped";
    }
    return "?";
}

std::string_view to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::Won: return "won";
        case Verdict::NoWin: return "no-win";
        case Verdict::Undecided: return "undecided";
    }
    return "?";
}

int SolveResult::moves() const {
    return static_cast<int>(std::count_if(line.begin(), line.end(), [](const Action& a) { return !a.is_shuffle(); }));
}

int SolveResult::shuffles() const { return static_cast<int>(line.size()) - moves(); }

SolveResult solve(const Game& game, const SolveLimits& limits) {
    const auto started = Clock::now();
    if (!limits.shuffles || game.shuffles_left() == 0) return solver::solve_on_two_tracks(game, limits, started);
    Progress progress(limits, started);
    SolveResult result;
    const std::uint64_t budget = limits.max_positions;
    auto share = [&](std::uint64_t part, std::uint64_t otherwise) {
        return budget != 0 ? std::max<std::uint64_t>(budget / part, 1) : otherwise;
    };
    // With shuffles left, cheap passes first. Each returns its line when it
    // finds one; its failure proves nothing, and the complete search follows.
    //  - Moves only first: a line without shuffles is shorter, and depth-first
    //    search with shuffles finds long detours first.
    //  - Never moving a placed 2 out of the first column: depth-first lines are
    //    full of such moves, and the space without them is much smaller.
    struct Stage {
        int twos;
        bool shuffles;
        std::uint64_t budget;
    };
    const std::array<Stage, 3> stages{{{0, false, share(32, kMovesOnlyPositions)},
                                       {-1, false, share(32, kMovesOnlyPositions)},
                                       {0, true, share(4, kRestrictedPositions)}}};
    for (const Stage& stage : stages) {
        Pass pass;
        pass.twos = stage.twos;
        pass.shuffles = stage.shuffles;
        pass.budget = stage.budget;
        const Verdict verdict = run_pass(game, limits, pass, started, result, progress).verdict;
        if (verdict == Verdict::Won ||
            (verdict == Verdict::Undecided && (result.limit == Limit::Time || result.limit == Limit::Stopped))) {
            result.verdict = verdict;
            result.seconds = since(started);
            return result;
        }
        result.limit = Limit::None;
    }
    // The complete search: the only pass whose failure is a proof.
    Pass pass;
    pass.budget = budget != 0 ? (budget > result.positions ? budget - result.positions : 0) : 0;
    result.verdict = budget != 0 && pass.budget == 0 ? Verdict::Undecided
                                                     : run_pass(game, limits, pass, started, result, progress).verdict;
    if (result.verdict == Verdict::Undecided && result.limit == Limit::None) result.limit = Limit::Positions;
    result.seconds = since(started);
    return result;
}

SolveResult fair_phase(const Game& game, const SolveLimits& limits) {
    if (game.shuffles_left() == 0) {
        SolveLimits last = limits;
        last.shuffles = false;
        if (last.max_positions == 0) last.max_positions = kFairLastPositions;
        SolveResult result = solve(game, last);
        if (result.verdict != Verdict::Won) result.line.clear();
        return result;
    }
    const auto started = Clock::now();
    // Two moves-only searches, each with the phase's budget and half the
    // memory, side by side when limits.threads allows: the complete one, and
    // one that never moves a placed card. The second is far smaller, so within
    // the same budget it reaches deeper and often places more cards (on
    // addiction deals 1-1000 the fair player won 773 with both, 669 with the
    // first alone). Each is deterministic, and so is the choice between them:
    // a win of the first, else a win of the second, else the position with
    // more cards placed, the first's on a tie.
    SolveLimits half = limits;
    half.memory_bytes = limits.memory_bytes / 2;
    Progress progress(half, started);
    SolveLimits quiet_limits = half;  // the second search reports no progress
    quiet_limits.progress = nullptr;
    Progress quiet(quiet_limits, started);
    Pass pass;
    pass.shuffles = false;
    pass.track_best = true;
    pass.budget = limits.max_positions != 0 ? limits.max_positions : kFairPhasePositions;
    Pass keeping = pass;
    keeping.twos = 0;
    SolveResult result;
    SolveResult kept;
    Ran ran;
    Ran other;
    // A win of the first is the phase's answer whatever the second finds, so
    // the second stops there (it ran on to its budget, up to a second of a
    // hint's time), and its figures are left out, so that they do not depend
    // on when it stopped.
    std::atomic<bool> first_won{false};
    if (limits.threads > 1) {
        solver::side_by_side([&] { ran = run_pass(game, half, pass, started, result, progress); },
                             [&] { other = run_pass(game, quiet_limits, keeping, started, kept, quiet, &first_won); },
                             [&](bool) { first_won.store(ran.verdict == Verdict::Won); });
    } else {
        ran = run_pass(game, half, pass, started, result, progress);
        if (ran.verdict != Verdict::Won) other = run_pass(game, quiet_limits, keeping, started, kept, quiet);
    }
    // A win is played by a shortest line among the positions the search
    // stored, not by the depth-first walk's (shortest.cpp).
    if (ran.verdict == Verdict::Won) {
        result.verdict = Verdict::Won;
        result.line = ran.search->shortest_won_line();
        result.seconds = since(started);
        return result;
    }
    result.positions += kept.positions;
    // A stop by the clock or the user in either search is not played on: the
    // first's walk is kept, as the answer is undecided anyway.
    auto stopped = [](Limit limit) { return limit == Limit::Time || limit == Limit::Stopped; };
    const bool cut = stopped(result.limit) || stopped(kept.limit);
    if (stopped(kept.limit) && !stopped(result.limit)) result.limit = kept.limit;
    result.verdict = ran.verdict;
    if (other.verdict == Verdict::Won && !cut) {
        result.verdict = Verdict::Won;
        result.limit = Limit::None;  // the complete search's budget ended it, not the phase
        result.line = other.search->shortest_won_line();
    } else {
        // No win with moves alone (or none found within the budget): go to the
        // position with the most cards placed and shuffle there. Only the board
        // before the shuffle is looked at, never what the shuffle will bring.
        // The shortest way there the search knows of: the same board, so the
        // same shuffle, without the depth-first walk's detours.
        Search& best = !cut && other.search->best_placed() > ran.search->best_placed() ? *other.search : *ran.search;
        result.line = cut ? best.best_line() : best.shortest_best_line();
        if (place_before_shuffling(game, limits, result.line)) {
            result.verdict = Verdict::Won;
            result.limit = Limit::None;
        } else {
            result.line.push_back(Action::make_shuffle(game.shuffles_spent() + 1));
        }
    }
    result.peak_bytes = ran.search->peak_bytes() + other.search->peak_bytes();  // side by side
    result.seconds = since(started);
    return result;
}

SolveResult solve_fair(const Game& game, const SolveLimits& limits) {
    const auto started = Clock::now();
    SolveResult result;
    Game now = game;
    SolveLimits left = limits;
    while (true) {
        // The time limit is for the whole game: each phase gets what is left.
        if (limits.seconds > 0) left.seconds = std::max(limits.seconds - since(started), 1e-9);
        left.progress = progress_after(limits.progress, result.positions, since(started));
        const SolveResult phase = fair_phase(now, left);
        result.positions += phase.positions;
        result.peak_bytes = std::max(result.peak_bytes, phase.peak_bytes);
        result.verdict = phase.verdict;
        result.limit = phase.limit;
        // A phase that found no win shuffles and goes on, unless a limit other
        // than its budget (time, memory, a stop) stopped it.
        const bool go_on = phase.verdict != Verdict::Won && now.shuffles_left() > 0 &&
                           (phase.verdict == Verdict::NoWin || phase.limit == Limit::Positions);
        if (phase.verdict == Verdict::Won || go_on)
            for (const Action& action : phase.line) now.play(action);
        if (!go_on) break;
    }
    result.line.assign(now.history().begin() + static_cast<long>(game.history().size()), now.history().end());
    result.seconds = since(started);
    return result;
}

}  // namespace addiction
