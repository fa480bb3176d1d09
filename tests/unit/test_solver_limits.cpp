// The solver's controls from outside: a stop flag, a progress callback and
// positions to avoid.
#include <doctest/doctest.h>

#include <atomic>
#include <utility>
#include <vector>

#include "helpers.hpp"
#include "solver.hpp"

using namespace addiction;

namespace {

using Positions = std::vector<std::pair<Board, int>>;

// The positions a line passes through after each of its actions, as (board,
// shuffles spent); Game::play checks every action.
Positions positions_on(Game game, const std::vector<Action>& line) {
    Positions out;
    for (const Action& action : line) {
        game.play(action);
        out.emplace_back(game.board(), game.shuffles_spent());
    }
    return out;
}

bool passes_through(const Positions& line, const Positions& avoided) {
    for (const auto& position : line)
        for (const auto& avoid : avoided)
            if (position == avoid) return true;
    return false;
}

Game four_from_won_game() {
    Rules rules;
    rules.shuffles = 0;
    return test::game_of(test::four_from_won(), rules);
}

}  // namespace

TEST_CASE("a stop flag set before the search makes it undecided at once") {
    const Rules gaps = preset("gaps");
    Game game(gaps, deal_number(1, gaps));  // no win; proving it takes about 10 million positions
    std::atomic<bool> stop{true};
    SolveLimits limits = test::small_limits();
    limits.stop = &stop;
    for (int threads : {1, 2}) {
        limits.threads = threads;
        const SolveResult result = solve(game, limits);
        CHECK(result.verdict == Verdict::Undecided);
        CHECK(result.limit == Limit::Stopped);
        CHECK(result.positions < 1'000'000);
    }
    const Rules addiction = preset("addiction");
    Game shuffling(addiction, deal_number(1, addiction));
    CHECK(solve(shuffling, limits).limit == Limit::Stopped);
    CHECK(solve_fair(shuffling, limits).limit == Limit::Stopped);
}

TEST_CASE("a stop flag set while the search runs stops it, progress reports what it holds") {
    const Rules gaps = preset("gaps");
    Game game(gaps, deal_number(1, gaps));
    std::atomic<bool> stop{false};
    SolveLimits limits = test::small_limits();
    limits.stop = &stop;
    std::vector<SolveProgress> seen;
    // A proof of 10 million positions lasts longer than one progress interval;
    // the first report sets the flag.
    limits.progress = [&](const SolveProgress& p) {
        seen.push_back(p);
        stop = true;
    };
    const SolveResult result = solve(game, limits);
    CHECK(result.verdict == Verdict::Undecided);
    CHECK(result.limit == Limit::Stopped);
    REQUIRE(seen.size() == 1);
    const SolveProgress& p = seen.front();
    CHECK(p.positions > 0);
    CHECK(p.positions <= result.positions);
    CHECK(p.two_tracks());
    CHECK(p.first_positions + p.second_positions == p.positions);
    CHECK(p.bytes > 0);
    CHECK(p.bytes <= limits.memory_bytes);
    CHECK(p.memory_limit == limits.memory_bytes);
}

TEST_CASE("a progress callback never changes the answer") {
    for (const char* name : {"gaps", "addiction"}) {
        CAPTURE(name);
        const Rules rules = preset(name);
        Game game(rules, deal_number(2, rules));
        SolveLimits plain = test::small_limits();
        plain.max_positions = test::scaled(400'000u);
        SolveLimits watched = plain;
        std::uint64_t last = 0;
        bool ordered = true;
        watched.progress = [&](const SolveProgress& p) {
            ordered = ordered && p.positions >= last;
            last = p.positions;
        };
        const SolveResult a = solve(game, plain);
        const SolveResult b = solve(game, watched);
        CHECK(ordered);
        CHECK(a.verdict == b.verdict);
        CHECK(a.positions == b.positions);
        CHECK(a.line == b.line);
    }
}

TEST_CASE("avoided positions are never entered") {
    // Four kings, each one slot right of its place: every order of the four
    // moves wins.
    const Game game = four_from_won_game();
    const SolveResult free = solve(game, test::small_limits());
    REQUIRE(free.verdict == Verdict::Won);
    REQUIRE(free.line.size() == 4);

    // Every position one move away, avoided: no win is left.
    Positions one_move;
    for (const Move& move : game.board().legal_moves(game.rules())) {
        Board next = game.board();
        next.play(move);
        one_move.emplace_back(next, 0);
    }
    REQUIRE(one_move.size() == 4);
    SolveLimits limits = test::small_limits();
    limits.avoid = one_move;
    CHECK(solve(game, limits).verdict == Verdict::NoWin);

    // All but one avoided: the line goes through the one left.
    limits.avoid.erase(limits.avoid.begin() + 2);
    const SolveResult forced = solve(game, limits);
    REQUIRE(forced.verdict == Verdict::Won);
    const Positions line = positions_on(game, forced.line);
    CHECK(line.front() == one_move[2]);
    CHECK_FALSE(passes_through(line, limits.avoid));
}

TEST_CASE("a search that avoids its line's positions finds another line or none") {
    const Rules gaps = preset("gaps");
    const Rules mini = preset("mini");
    std::vector<Game> games{Game(gaps, deal_number(3, gaps))};
    for (std::uint64_t deal = 1; deal <= 8; ++deal) games.emplace_back(mini, deal_number(deal, mini));
    for (const Game& game : games) {
        CAPTURE(game.deal().seed);
        SolveLimits limits = test::small_limits();
        SolveResult result = solve(game, limits);
        REQUIRE(result.verdict == Verdict::Won);
        // Each round avoids the middle of the line found last.
        for (int round = 0; round < 3 && result.verdict == Verdict::Won && !result.line.empty(); ++round) {
            const Positions line = positions_on(game, result.line);
            limits.avoid.push_back(line[line.size() / 2]);
            const SolveResult again = solve(game, limits);
            CHECK(again.verdict != Verdict::Undecided);
            if (again.verdict == Verdict::Won) {
                CHECK(again.line != result.line);
                CHECK_FALSE(passes_through(positions_on(game, again.line), limits.avoid));
            }
            result = again;
        }
    }
}

TEST_CASE("the start position is never avoided") {
    const Rules mini = preset("mini");
    Game game(mini, deal_number(5, mini));
    const SolveResult free = solve(game, test::small_limits());
    SolveLimits limits = test::small_limits();
    limits.avoid.emplace_back(game.board(), game.shuffles_spent());
    const SolveResult same = solve(game, limits);
    CHECK(same.verdict == free.verdict);
    CHECK(same.line == free.line);
    CHECK(same.positions == free.positions);
}
