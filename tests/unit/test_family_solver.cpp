// The solver on every game of the family, with few ranks so that each deal is
// decided: the verdict with every pruning rule on equals the verdict with them
// off, it agrees with a brute-force search where that is small enough, and every
// line it finds replays to a win through Game.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "family.hpp"
#include "helpers.hpp"
#include "solver.hpp"
#include "solver/dead_end.hpp"

using namespace addiction;
using addiction::test::scaled;

namespace {

bool replays_to_win(Game game, const std::vector<Action>& line) {
    for (const Action& action : line) game.play(action);
    return game.status() == Status::Won;
}

struct Count {
    int won = 0;
    int lost = 0;
    int pruned_fewer = 0;  // lost deals where the dead-end proof saved positions
};

Count cross_check(const Rules& rules, std::uint64_t deals) {
    Count count;
    for (std::uint64_t deal = 1; deal <= deals; ++deal) {
        CAPTURE(deal);
        Game game(rules, deal_number(deal, rules));
        SolveLimits plain = test::small_limits();
        plain.dead_ends = false;
        SolveLimits all = test::small_limits();
        all.as_solve_runs();  // every rule that applies to the game on
        const SolveResult pruned = solve(game, all);
        const SolveResult full = solve(game, plain);
        REQUIRE(full.verdict != Verdict::Undecided);
        REQUIRE(pruned.verdict == full.verdict);
        if (full.verdict == Verdict::Won) {
            ++count.won;
            CHECK(replays_to_win(game, pruned.line));
            CHECK(replays_to_win(game, full.line));
        } else {
            ++count.lost;
            CHECK(pruned.positions <= full.positions);
            count.pruned_fewer += pruned.positions < full.positions;
        }
    }
    return count;
}

}  // namespace

TEST_CASE("every game's verdicts are the same with the pruning rules on and off") {
    for (int ranks : {4, 5}) {
        for (const auto& [name, base] : test::new_games()) {
            const Rules rules = test::with_ranks(base, ranks);
            CAPTURE(name);
            CAPTURE(ranks);
            const Count count = cross_check(rules, scaled(std::uint64_t{ranks == 4 ? 200u : 60u}));
            MESSAGE(name, " ranks ", ranks, ": won ", count.won, ", lost ", count.lost, ", pruned ", count.pruned_fewer);
            CHECK(count.won + count.lost > 0);
        }
    }
}

TEST_CASE("every game's moves-only verdicts are the same with the pruning rules on and off") {
    // Without shuffles more deals are lost, and a lost deal is where a pruning rule could lie.
    int lost = 0;
    for (const auto& [name, base] : test::new_games()) {
        // Jungle's any-suit rule opens too many positions at 5 ranks for the tests' memory.
        const int ranks = name == "jungle" ? 4 : 5;
        Rules rules = test::with_ranks(base, ranks);
        rules.shuffles = 0;
        rules.preset = "custom";
        CAPTURE(name);
        const Count count = cross_check(rules, scaled(std::uint64_t{100}));
        MESSAGE(name, " moves only, ranks ", ranks, ": won ", count.won, ", lost ", count.lost, ", pruned ", count.pruned_fewer);
        lost += count.lost;
    }
    CHECK(lost > 0);
}

TEST_CASE("the dead-end proof is on for the games it is proven for, and prunes with the aces on the board") {
    CHECK(solver::dead_ends_apply(test::blue_moon()));
    CHECK(solver::dead_ends_apply(test::red_moon()));
    CHECK(solver::dead_ends_apply(test::spaces()));
    CHECK_FALSE(solver::dead_ends_apply(test::galary()));
    CHECK_FALSE(solver::dead_ends_apply(test::moonlight()));
    CHECK_FALSE(solver::dead_ends_apply(test::jungle()));
    CHECK(solver::dead_ends_apply(test::spaces_and_aces()));
    // Moves only, so that the proof is asked from the start.
    Rules rules = test::with_ranks(test::blue_moon(), 6);
    rules.shuffles = 0;
    rules.preset = "custom";
    const Count count = cross_check(rules, scaled(std::uint64_t{80}));
    CHECK(count.lost > 0);
    CHECK(count.pruned_fewer > 0);
    // Spaces and Aces: a card may follow any lower card of its suit (dead_end.cpp).
    Rules higher = test::with_ranks(test::spaces_and_aces(), 5);
    higher.preset = "custom";
    const Count by_higher = cross_check(higher, scaled(std::uint64_t{80}));
    MESSAGE("spaces-and-aces moves only, ranks 5: won ", by_higher.won, ", lost ", by_higher.lost, ", pruned ",
            by_higher.pruned_fewer);
    CHECK(by_higher.lost > 0);
    CHECK(by_higher.pruned_fewer > 0);
}

TEST_CASE("moves only, every fill rule agrees with a brute-force search on tiny deals") {
    for (const auto& [name, base] : test::new_games()) {
        Rules rules = test::with_ranks(base, 4);
        rules.shuffles = 0;
        rules.preset = "custom";
        CAPTURE(name);
        int won = 0;
        int lost = 0;
        for (std::uint64_t deal = 1; deal <= scaled(std::uint64_t{80}); ++deal) {
            CAPTURE(deal);
            Game game(rules, deal_number(deal, rules));
            const SolveResult result = solve(game, test::small_limits());
            REQUIRE(result.verdict != Verdict::Undecided);
            const bool wins = test::any_reachable(game.board(), rules, [](const Board& b) { return b.won(); });
            CHECK((result.verdict == Verdict::Won) == wins);
            if (result.verdict == Verdict::Won) {
                ++won;
                CHECK(replays_to_win(game, result.line));
            } else {
                ++lost;
            }
        }
        MESSAGE(name, ": won ", won, ", lost ", lost);
    }
}

TEST_CASE("the fair strategy plays every game to an end through legal actions") {
    for (const auto& [name, base] : test::new_games()) {
        const Rules rules = test::with_ranks(base, 5);
        CAPTURE(name);
        for (std::uint64_t deal = 1; deal <= scaled(std::uint64_t{8}); ++deal) {
            Game game(rules, deal_number(deal, rules));
            const SolveResult result = solve_fair(game, test::small_limits());
            CHECK(result.verdict != Verdict::Undecided);
            Game played = game;
            for (const Action& action : result.line) played.play(action);
            CHECK((result.verdict == Verdict::Won) == (played.status() == Status::Won));
        }
    }
}
