#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "helpers.hpp"
#include "solver.hpp"
#include "solver/search.hpp"

using namespace addiction;
using addiction::test::scaled;

namespace {

Rules rules_of(int ranks, int shuffles) {
    Rules rules;
    rules.ranks = ranks;
    rules.shuffles = shuffles;
    rules.preset = preset_name_for(rules);
    return rules;
}

// A 4-rank layout from rows of card text, "--" for a gap, as a deal code.
std::string code_of(const std::array<const char*, 4>& rows) {
    Board board(4);
    for (int row = 0; row < kRows; ++row) {
        const std::string text = rows[static_cast<std::size_t>(row)];
        for (int col = 0; col < 4; ++col) {
            const std::string cell = text.substr(static_cast<std::size_t>(col * 3), 2);
            board.set(Slot{row, col}, cell == "--" ? kGap : parse_card(cell));
        }
    }
    return deal_code(board);
}

// Plays the line with the engine's own checks (Game::play refuses anything
// illegal) and reports whether it ends in a won game.
bool replays_to_win(Game game, const std::vector<Action>& line) {
    for (const Action& action : line) game.play(action);
    return game.status() == Status::Won;
}

// An independent reference: some board reachable with moves only is won.
bool brute_force_wins(const Board& start, const Rules& rules) {
    return test::any_reachable(start, rules, [](const Board& board) { return board.won(); });
}

// A pruning rule checked against the search without it: verdicts of `with` and
// `without` on deals small enough to exhaust, moves only and with shuffles (the
// rules apply after the last one); against the brute force where that can run;
// every line `with` finds replayed. The positions are summed over lost deals.
struct RuleCheck {
    int won = 0;
    int lost = 0;
    std::uint64_t with_positions = 0;
    std::uint64_t without_positions = 0;
};

RuleCheck check_rule(const SolveLimits& with, const SolveLimits& without) {
    RuleCheck check;
    for (int ranks : {4, 5, 6, 7}) {
        for (int shuffles : {0, 1, 2}) {
            if (shuffles > 0 && ranks > 5) continue;
            const Rules rules = rules_of(ranks, shuffles);
            for (std::uint64_t deal = 1; deal <= scaled(ranks <= 5 ? 60u : 40u); ++deal) {
                CAPTURE(ranks);
                CAPTURE(shuffles);
                CAPTURE(deal);
                Game game(rules, deal_number(deal, rules));
                const SolveResult pruned = solve(game, with);
                const SolveResult plain = solve(game, without);
                REQUIRE(plain.verdict != Verdict::Undecided);
                REQUIRE(pruned.verdict == plain.verdict);
                if (shuffles == 0 && ranks <= 5)
                    CHECK((pruned.verdict == Verdict::Won) == brute_force_wins(game.board(), rules));
                if (pruned.verdict == Verdict::Won) {
                    ++check.won;
                    CHECK(replays_to_win(game, pruned.line));
                } else {
                    ++check.lost;
                    check.with_positions += pruned.positions;
                    check.without_positions += plain.positions;
                }
            }
        }
    }
    return check;
}

}  // namespace

TEST_CASE("the lines found replay to a win through Game::play") {
    const Rules gaps = preset("gaps");
    Game game(gaps, deal_number(3, gaps));
    SolveResult result = solve(game, test::small_limits());
    REQUIRE(result.verdict == Verdict::Won);
    CHECK(result.shuffles() == 0);
    CHECK(result.moves() == static_cast<int>(result.line.size()));
    CHECK(replays_to_win(game, result.line));

    // With shuffles: the line plans through the seeded outcomes.
    const Rules mini = preset("mini");
    for (std::uint64_t deal = 1; deal <= 30; ++deal) {
        Game start(mini, deal_number(deal, mini));
        SolveResult r = solve(start, test::small_limits());
        REQUIRE(r.verdict == Verdict::Won);
        CHECK(replays_to_win(start, r.line));
    }
}

TEST_CASE("solving from the middle of a game numbers its shuffles after those spent") {
    const Rules addiction = preset("addiction");
    Game game(addiction, deal_number(2, addiction));
    game.shuffle();
    game.undo();  // undo does not refund the shuffle: the next one is number 2
    REQUIRE(game.shuffles_spent() == 1);
    SolveResult result = solve(game, test::small_limits());
    REQUIRE(result.verdict == Verdict::Won);
    for (const Action& action : result.line)
        if (action.is_shuffle()) CHECK(action.shuffle >= 2);
    CHECK(replays_to_win(game, result.line));
}

TEST_CASE("a hand-made deal with no win is proven lost") {
    // The 2s sit in the last column and the 3s fill the first. A 2 moves only
    // into a gap in the first column, and a 3 only into the slot right of its 2,
    // which is off the board; so none of them ever moves, while a won board needs
    // the 2s in the first column. The kings can still move, so it is not lost at once.
    const std::string code = code_of({"3C -- 4D 2C", "3D -- 4C 2D", "3H -- 4S 2H", "3S -- 4H 2S"});
    const Rules rules = rules_of(4, 0);
    Game game(rules, parse_deal(code, rules));
    REQUIRE(game.status() == Status::Playing);
    SolveResult result = solve(game, test::small_limits());
    CHECK(result.verdict == Verdict::NoWin);
    CHECK(result.line.empty());
}

TEST_CASE("a small deal is decided by exhausting its positions") {
    // No dead-end rule fires at the start here: the search has to run out of positions.
    const Rules rules = rules_of(4, 0);
    int won = 0;
    int lost = 0;
    for (std::uint64_t deal = 1; deal <= 40; ++deal) {
        Game game(rules, deal_number(deal, rules));
        SolveResult result = solve(game, test::small_limits());
        REQUIRE(result.verdict != Verdict::Undecided);
        if (result.verdict == Verdict::Won) {
            ++won;
            CHECK(replays_to_win(game, result.line));
        } else {
            ++lost;
        }
    }
    CHECK(won > 0);
    CHECK(lost > 0);
}

TEST_CASE("the solver agrees with a brute-force search on small deals") {
    for (int ranks : {4, 5}) {
        for (bool from_right : {false, true}) {
            Rules rules = rules_of(ranks, 0);
            rules.fill_from_right = from_right;
            rules.preset = preset_name_for(rules);
            for (std::uint64_t deal = 1; deal <= scaled(60u); ++deal) {
                CAPTURE(ranks);
                CAPTURE(from_right);
                CAPTURE(deal);
                Game game(rules, deal_number(deal, rules));
                SolveResult result = solve(game, test::small_limits());
                REQUIRE(result.verdict != Verdict::Undecided);
                CHECK((result.verdict == Verdict::Won) == brute_force_wins(game.board(), rules));
                if (result.verdict == Verdict::Won) CHECK(replays_to_win(game, result.line));
            }
        }
    }
}

TEST_CASE("pruning dead ends never changes a verdict") {
    // The dead-end test (solver/dead_end.cpp) is an argument, not a search; this
    // checks it against the search without it, on deals too big for the brute
    // force above but small enough to exhaust.
    int won = 0;
    int lost = 0;
    for (int ranks : {6, 7}) {
        const Rules rules = rules_of(ranks, 0);
        for (std::uint64_t deal = 1; deal <= scaled(100u); ++deal) {
            CAPTURE(ranks);
            CAPTURE(deal);
            Game game(rules, deal_number(deal, rules));
            SolveLimits plain = test::small_limits();
            plain.dead_ends = false;
            const SolveResult pruned = solve(game, test::small_limits());
            const SolveResult full = solve(game, plain);
            REQUIRE(full.verdict != Verdict::Undecided);
            CHECK(pruned.verdict == full.verdict);
            if (full.verdict == Verdict::NoWin) {
                ++lost;
                CHECK(pruned.positions <= full.positions);
            } else {
                ++won;
            }
        }
    }
    CHECK(won > 0);
    CHECK(lost > 0);
}

TEST_CASE("taking the first column's 2s as a set never changes a verdict") {
    // SolveLimits::twos_as_set (solver/search.cpp, "The first column's 2s"),
    // against the search that moves 2s one at a time.
    SolveLimits as_set = test::small_limits();
    as_set.twos_as_set = true;
    const RuleCheck check = check_rule(as_set, test::small_limits());
    CHECK(check.won > 0);
    CHECK(check.lost > 0);
    // A proof visits each set of arrangements once instead of each arrangement.
    CHECK(check.with_positions < check.without_positions);
}

TEST_CASE("making safe moves at once never changes a verdict") {
    // SolveLimits::safe_moves (solver/search.cpp, "Safe moves"), against the
    // search that stores every position, both taking the 2s as a set (as solve
    // does).
    SolveLimits plain = test::small_limits();
    plain.twos_as_set = true;
    SolveLimits with_safe = plain;
    with_safe.safe_moves = true;
    const RuleCheck check = check_rule(with_safe, plain);
    CHECK(check.won > 0);
    CHECK(check.lost > 0);
    // A proof does not store the positions a safe move leaves at once.
    CHECK(check.with_positions < check.without_positions);
}

TEST_CASE("leaving dead ends out of the table changes no verdict and no line") {
    // SolveLimits::dead_ends_unstored (solver/search.cpp, "Dead ends counted,
    // not stored"), against the search that stores them, both as solve runs
    // otherwise: the same steps in the same order, so the same verdict and the
    // same line.
    // (Not with the arrangements as a set: which arrangements a set still
    // stands for depends on what the table holds of that board, so its lines
    // may differ; its verdicts are checked below.)
    SolveLimits stored = test::small_limits();
    stored.as_solve_runs();
    stored.dead_ends_unstored = false;
    stored.arrangements_as_set = false;
    SolveLimits unstored = test::small_limits();
    unstored.as_solve_runs();
    unstored.arrangements_as_set = false;
    REQUIRE(unstored.dead_ends_unstored);
    const RuleCheck check = check_rule(unstored, stored);
    CHECK(check.won > 0);
    CHECK(check.lost > 0);
    int same_lines = 0;
    for (std::uint64_t deal = 1; deal <= scaled(40u); ++deal) {
        CAPTURE(deal);
        const Rules rules = rules_of(6, 0);
        Game game(rules, deal_number(deal, rules));
        const SolveResult with = solve(game, unstored);
        const SolveResult without = solve(game, stored);
        REQUIRE(with.verdict == without.verdict);
        CHECK(with.line == without.line);
        same_lines += with.verdict == Verdict::Won && with.line == without.line;
    }
    CHECK(same_lines > 0);
}

TEST_CASE("a cache that forgets the positions with a full first column changes no verdict") {
    // SolveLimits::forget_full_columns (solver/search.cpp, "A full first
    // column"), against the search that keeps every position in the table,
    // both as solve runs otherwise. A cache of 256 keys forgets often,
    // so the search goes on only because every cycle passes through a
    // position the table keeps.
    // (Not with the arrangements as a set, whose sets the cache merges by
    // board and the table does not: that is checked below.)
    SolveLimits kept = test::small_limits();
    kept.as_solve_runs();
    kept.forget_full_columns = false;
    kept.arrangements_as_set = false;
    SolveLimits forgetful = test::small_limits();
    forgetful.as_solve_runs();
    forgetful.arrangements_as_set = false;
    forgetful.cache_keys = 256;
    REQUIRE(forgetful.forget_full_columns);
    const RuleCheck check = check_rule(forgetful, kept);
    CHECK(check.won > 0);
    CHECK(check.lost > 0);
    // It forgot: the positions of lost deals were searched again.
    CHECK(check.with_positions > check.without_positions);
    // With its usual size (from the memory) the same verdicts, and fewer
    // repeats: a bigger cache forgets less.
    SolveLimits usual = test::small_limits();
    usual.as_solve_runs();
    usual.arrangements_as_set = false;
    const RuleCheck fits = check_rule(usual, kept);
    CHECK(fits.with_positions >= fits.without_positions);
    CHECK(fits.with_positions < check.with_positions);
}

TEST_CASE("taking the arrangements of fixed rows as a set never changes a verdict") {
    // SolveLimits::arrangements_as_set (solver/search.cpp, "Arrangements as a
    // set"), against the search of the boards, both as solve runs otherwise;
    // and with a cache that forgets often, where a board's arrangements put
    // before are forgotten with it. Every line is replayed (check_rule), each
    // a line in the one arrangement it wins in.
    SolveLimits boards = test::small_limits();
    boards.as_solve_runs();
    boards.arrangements_as_set = false;
    SolveLimits sets = test::small_limits();
    sets.as_solve_runs();
    REQUIRE(sets.arrangements_as_set);
    const RuleCheck check = check_rule(sets, boards);
    CHECK(check.won > 0);
    CHECK(check.lost > 0);
    // A proof tests the arrangements of a board up to a live one only.
    CHECK(check.with_positions < check.without_positions);
    MESSAGE("proofs: ", check.with_positions, " positions with sets, ", check.without_positions, " without");
    SolveLimits forgetful = sets;
    forgetful.cache_keys = 256;
    const RuleCheck small = check_rule(forgetful, boards);
    CHECK(small.won == check.won);
}

// The parity of a won board's arrangement: of the permutation of suits over
// the rows, as the rows' first cards give it.
int arrangement_parity(const Board& board) {
    std::array<int, kRows> suit_of_row{};
    for (int row = 0; row < kRows; ++row)
        suit_of_row[static_cast<std::size_t>(row)] = static_cast<int>(board.at(Slot{row, 0}).suit());
    return solver::arrangement_parity(suit_of_row);
}

// The deals the tests of the halves run: moves only, ranks 4 to 7, each
// searched plainly and as solve runs them (2s as a set, safe moves, dead ends
// unstored). `visit(limits, ranks, rules, game)` is called for each.
template <typename Visit>
void for_each_halves_deal(Visit&& visit) {
    SolveLimits as_solve = test::small_limits();
    as_solve.as_solve_runs();
    for (const SolveLimits& limits : {test::small_limits(), as_solve}) {
        for (int ranks : {4, 5, 6, 7}) {
            const Rules rules = rules_of(ranks, 0);
            for (std::uint64_t deal = 1; deal <= scaled(ranks <= 5 ? 60u : 30u); ++deal) {
                CAPTURE(limits.twos_as_set);
                CAPTURE(ranks);
                CAPTURE(deal);
                visit(limits, ranks, rules, Game(rules, deal_number(deal, rules)));
            }
        }
    }
}

// A moves-only search of one half of the complete search (-1: all of it).
std::unique_ptr<solver::Search> half_search(const Game& game, const SolveLimits& limits, int half) {
    solver::Pass pass;
    pass.shuffles = false;
    pass.half = half;
    return std::make_unique<solver::Search>(game, limits, pass, solver::Clock::now());
}

TEST_CASE("each half of a complete search wins exactly where a win of its parity is reachable") {
    // Pass::half (solver/search.cpp, "Halves"): once the rows are fixed, a half
    // searches the arrangements of one parity only. Against the brute force, per
    // half, and against the complete search; plain searches and searches as
    // solve runs them (2s as a set, safe moves, dead ends unstored). Every line a
    // half finds is replayed.
    int won = 0;
    int lost = 0;
    int one_half_won = 0;
    std::uint64_t complete_positions = 0;
    std::array<std::uint64_t, 2> half_positions{};
    for_each_halves_deal([&](const SolveLimits& limits, int ranks, const Rules& rules, const Game& game) {
        auto complete = half_search(game, limits, -1);
        const Verdict verdict = complete->run(0);
        REQUIRE(verdict != Verdict::Undecided);
        int halves_won = 0;
        for (int half : {0, 1}) {
            CAPTURE(half);
            auto part = half_search(game, limits, half);
            const Verdict part_verdict = part->run(0);
            REQUIRE(part_verdict != Verdict::Undecided);
            if (ranks <= 5) {
                const bool reachable = test::any_reachable(game.board(), rules, [&](const Board& board) {
                    return board.won() && arrangement_parity(board) == half;
                });
                CHECK((part_verdict == Verdict::Won) == reachable);
            }
            if (part_verdict == Verdict::Won) {
                ++halves_won;
                CHECK(replays_to_win(game, part->line()));
            } else if (verdict == Verdict::NoWin) {
                half_positions[static_cast<std::size_t>(half)] += part->positions();
            }
        }
        CHECK((verdict == Verdict::Won) == (halves_won > 0));
        one_half_won += halves_won == 1;
        if (verdict == Verdict::Won) {
            ++won;
        } else {
            ++lost;
            complete_positions += complete->positions();
        }
    });
    CHECK(won > 0);
    CHECK(lost > 0);
    MESSAGE("won in one half only: ", one_half_won, " of ", won);
    // Each half of a proof is smaller than the proof: the arrangements split.
    CHECK(half_positions[0] < complete_positions);
    CHECK(half_positions[1] < complete_positions);
    MESSAGE("proofs: complete ", complete_positions, ", halves ", half_positions[0], " and ", half_positions[1]);
}

TEST_CASE("the steps one half hands on, each searched from its position, win exactly where the other half does") {
    // Search::hand_off_to and Search::enter, as the two tracks use them
    // (solver/tracks.cpp): half 0 hands on the steps that fix the rows in an
    // arrangement of half 1, and a search of half 1 takes them one at a time,
    // with one table, in the order handed. Together they must decide as the two
    // halves do; a line found from a step handed on is the line half 0 had to
    // the position it handed on, then the line from there, and it replays to a
    // win. (A half 0 that finds a line stops, as the first track does, and has
    // handed on only part of half 1.)
    int relayed_wins = 0;
    int relayed_losses = 0;
    for_each_halves_deal([&](const SolveLimits& limits, int, const Rules& rules, const Game& game) {
        if (!solver::halves_apply(rules, game.board())) return;
        struct Handed {
            solver::Search::Cells before;
            solver::Step step;
            std::vector<Action> line;  // to `before`
        };
        std::vector<Handed> handed;
        auto first = half_search(game, limits, 0);
        first->hand_off_to([&](const solver::Search& from, const solver::Search::Cells& before, const solver::Step& step) {
            handed.push_back(Handed{before, step, from.line_here()});
        });
        const Verdict first_verdict = first->run(0);
        REQUIRE(first_verdict == half_search(game, limits, 0)->run(0));
        if (first_verdict == Verdict::Won) CHECK(replays_to_win(game, first->line()));
        const Verdict other_half = half_search(game, limits, 1)->run(0);
        REQUIRE(other_half != Verdict::Undecided);
        auto second = half_search(game, limits, 1);
        Verdict relayed = Verdict::NoWin;
        std::size_t at = 0;
        for (; at < handed.size() && relayed == Verdict::NoWin; ++at) {
            second->enter(handed[at].before, handed[at].step);
            relayed = second->run(0);
        }
        // Half 0 hands on all of half 1 only if it searches to the end;
        // a line found from what it handed on is a line in any case.
        if (first_verdict == Verdict::NoWin) CHECK(relayed == other_half);
        if (relayed == Verdict::Won) CHECK(other_half == Verdict::Won);
        if (relayed != Verdict::Won) {
            ++relayed_losses;
            return;
        }
        ++relayed_wins;
        std::vector<Action> line = handed[at - 1].line;
        const std::vector<Action> rest = second->line();
        line.insert(line.end(), rest.begin(), rest.end());
        CHECK(replays_to_win(game, line));
    });
    CHECK(relayed_wins > 0);
    CHECK(relayed_losses > 0);
    MESSAGE("half 1 through the steps handed on: ", relayed_wins, " won, ", relayed_losses, " lost");
}

TEST_CASE("the halves apply where rows once fixed stay fixed, and not fixed yet") {
    const Rules gaps = preset("gaps");
    CHECK(solver::halves_apply(gaps, Game(gaps, deal_number(1, gaps)).board()));
    // A card of the base rank may also go left of its successor: a fixed row's 2 may leave.
    Rules from_right = gaps;
    from_right.fill_from_right = true;
    CHECK_FALSE(solver::halves_apply(from_right, Game(from_right, deal_number(1, from_right)).board()));
    // The aces dealt to the row starts: the rows are fixed from the start, one arrangement.
    const Rules blue_moon = preset("blue-moon");
    CHECK_FALSE(solver::halves_apply(blue_moon, Game(blue_moon, deal_number(1, blue_moon)).board()));
}

TEST_CASE("the memory limit gives undecided, never a crash") {
    const Rules gaps = preset("gaps");
    Game game(gaps, deal_number(1, gaps));  // no win; proving it takes about 10 million positions
    SolveLimits limits;
    limits.memory_bytes = std::size_t{1} << 20;
    SolveResult result = solve(game, limits);
    CHECK(result.verdict == Verdict::Undecided);
    CHECK(result.limit == Limit::Memory);
    CHECK(result.peak_bytes < (std::size_t{2} << 20));
}

TEST_CASE("a position budget gives undecided, and the same answer every time") {
    const Rules gaps = preset("gaps");
    Game game(gaps, deal_number(1, gaps));
    SolveLimits limits = test::small_limits();
    limits.max_positions = 20'000;
    SolveResult first = solve(game, limits);
    SolveResult second = solve(game, limits);
    CHECK(first.verdict == Verdict::Undecided);
    CHECK(first.limit == Limit::Positions);
    CHECK(first.positions == second.positions);

    limits.max_positions = 0;
    Game easy(gaps, deal_number(3, gaps));
    CHECK(solve(easy, limits).line == solve(easy, limits).line);
}

TEST_CASE("one thread or two, the answer is the same") {
    // The moves-only search runs two tracks; the answer, and the positions it
    // reports, must not depend on whether they run side by side or take steps in
    // turn. The short run: a deal won in a few thousand positions, one cut off by
    // a quarter of the budget, and one proven lost (both halves to the end,
    // whichever thread ended first).
    const Rules gaps = preset("gaps");
    const std::vector<std::uint64_t> deals =
        test::short_run() ? std::vector<std::uint64_t>{9, 5, 12} : std::vector<std::uint64_t>{2, 3, 5, 9, 12};
    for (std::uint64_t deal : deals) {
        CAPTURE(deal);
        Game game(gaps, deal_number(deal, gaps));
        SolveLimits one = test::small_limits();
        one.threads = 1;
        one.max_positions = scaled(3'000'000u);
        SolveLimits two = one;
        two.threads = 2;
        const SolveResult a = solve(game, one);
        const SolveResult b = solve(game, two);
        CHECK(a.verdict == b.verdict);
        CHECK(a.positions == b.positions);
        CHECK(a.line == b.line);
        if (a.verdict == Verdict::Won) CHECK(replays_to_win(game, a.line));
    }
}

TEST_CASE("the positions a line is reported with are enough to find it again") {
    // A line the second track finds comes as soon as the complete search has
    // gone as far without deciding: so the count reported is a budget that finds
    // the same line. (When the tracks ran in rounds and a line waited for the
    // round's end, deals 10, 11 and 13 came back undecided at their counts.)
    const Rules gaps = preset("gaps");
    const std::vector<std::uint64_t> deals =
        test::short_run() ? std::vector<std::uint64_t>{10, 13} : std::vector<std::uint64_t>{10, 11, 13};
    for (std::uint64_t deal : deals) {
        for (int threads : {1, 2}) {
            CAPTURE(deal);
            CAPTURE(threads);
            Game game(gaps, deal_number(deal, gaps));
            SolveLimits limits = test::small_limits();
            limits.threads = threads;
            const SolveResult first = solve(game, limits);
            REQUIRE(first.verdict == Verdict::Won);
            limits.max_positions = first.positions;
            const SolveResult again = solve(game, limits);
            CHECK(again.verdict == Verdict::Won);
            CHECK(again.positions == first.positions);
            CHECK(again.line == first.line);
        }
    }
}

TEST_CASE("a won game needs no line, --no-shuffle plans with moves only") {
    const Rules mini = preset("mini");
    Game game(mini, deal_number(4, mini));
    SolveResult result = solve(game, test::small_limits());
    REQUIRE(result.verdict == Verdict::Won);
    for (const Action& action : result.line) game.play(action);
    SolveResult again = solve(game, test::small_limits());
    CHECK(again.verdict == Verdict::Won);
    CHECK(again.line.empty());

    SolveLimits moves_only = test::small_limits();
    moves_only.shuffles = false;
    for (std::uint64_t deal = 1; deal <= 10; ++deal) {
        Game start(mini, deal_number(deal, mini));
        SolveResult r = solve(start, moves_only);
        CHECK(r.verdict != Verdict::Undecided);
        CHECK(r.shuffles() == 0);
    }
}

TEST_CASE("the fair player's line is legal, and wins when it says so") {
    const Rules mini = preset("mini");
    int won = 0;
    for (std::uint64_t deal = 1; deal <= 20; ++deal) {
        Game game(mini, deal_number(deal, mini));
        SolveResult result = solve_fair(game, test::small_limits());
        REQUIRE(result.verdict != Verdict::Undecided);
        Game played = game;
        for (const Action& action : result.line) played.play(action);
        CHECK((played.status() == Status::Won) == (result.verdict == Verdict::Won));
        won += result.verdict == Verdict::Won;
    }
    CHECK(won > 0);
}

TEST_CASE("a fair phase's line does not depend on the memory it is given") {
    // The shortest way was walked only where the memory given held it, so a win
    // was played by the depth-first line at 2 MB (addiction deal 20: 191 moves,
    // not 115), and the hints (64 MB) left solve --fair's line (1536 MB) on
    // Jungle deal 2 after four moves.
    SolveLimits small = test::small_limits();
    SolveLimits big = small;
    small.memory_bytes = 2u << 20;
    big.memory_bytes = 1536u << 20;
    {
        const Rules rules = preset("addiction");
        const Game game(rules, deal_number(20, rules));
        const SolveResult a = fair_phase(game, small);
        const SolveResult b = fair_phase(game, big);
        CHECK(a.verdict == Verdict::Won);
        CHECK(a.line == b.line);
        CHECK(a.line.size() < 191);
    }
    if (!test::short_run()) {
        const Rules rules = preset("jungle");
        Game game(rules, deal_number(2, rules));
        for (const char* move : {"move 8D b8", "move TH a4", "move JC a8", "move QD a9"})
            game.play(parse_action(move, rules.width()));
        small.memory_bytes = 64u << 20;  // the hints'
        const SolveResult a = fair_phase(game, small);
        const SolveResult b = fair_phase(game, big);
        CHECK(a.line == b.line);
    }
}

TEST_CASE("a fair phase goes to its best board or its win the shortest way it knows, never through an avoided one") {
    int shortened = 0;
    int wins_shortened = 0;
    int kept_chosen = 0;
    int kept_won = 0;
    int placed_after = 0;
    for (const char* name : {"addiction", "montana", "mini"}) {
        const Rules rules = preset(name);
        std::vector<std::uint64_t> deals;
        for (std::uint64_t deal = 1; deal <= scaled(30u); ++deal) deals.push_back(deal);
        // Mini deal 20 is the one of these where only the second search wins: kept
        // in the short run too.
        if (std::string_view(name) == "mini" && deals.back() < 20) deals.push_back(20);
        for (const std::uint64_t deal : deals) {
            const std::string preset_name = name;
            CAPTURE(preset_name);
            CAPTURE(deal);
            // A few moves played first, so that the phase has past positions to avoid.
            Game game(rules, deal_number(deal, rules));
            SolveLimits limits = test::small_limits();
            limits.max_positions = 20'000;
            for (int i = 0; i < 3 && !game.board().legal_moves(rules).empty(); ++i) {
                limits.avoid.emplace_back(game.board(), game.shuffles_spent());
                game.play(Action::make_move(game.board().legal_moves(rules).back().card,
                                            game.board().legal_moves(rules).back().to));
            }
            // The phase's own searches, as fair_phase runs them: the complete
            // one, and one that never moves a placed card (twos = 0).
            SolveLimits half = limits;
            half.memory_bytes /= 2;
            std::array<std::vector<Action>, 2> lines;
            std::array<int, 2> placed{};
            std::array<Verdict, 2> verdicts{};
            for (int twos : {-1, 0}) {
                solver::Pass pass;
                pass.shuffles = false;
                pass.track_best = true;
                pass.twos = twos;
                pass.budget = limits.max_positions;
                solver::Search search(game, half, pass, solver::Clock::now());
                const auto k = static_cast<std::size_t>(twos + 1);
                verdicts[k] = search.run(pass.budget);
                if (verdicts[k] == Verdict::Won) {
                    // A win the shortest way too: legal, won, never through an avoided board.
                    const std::vector<Action> walked = search.line();
                    const std::vector<Action> shortest = search.shortest_won_line();
                    CHECK(shortest.size() <= walked.size());
                    wins_shortened += shortest.size() < walked.size();
                    Game by_shortest = game;
                    for (const Action& action : shortest) {
                        REQUIRE_FALSE(action.is_shuffle());
                        by_shortest.play(action);
                        for (const auto& [board, spent] : limits.avoid) CHECK_FALSE(by_shortest.board() == board);
                    }
                    CHECK(by_shortest.status() == Status::Won);
                    lines[k] = shortest;
                    continue;
                }
                placed[k] = search.best_placed();
                const std::vector<Action> walked = search.best_line();
                const std::vector<Action> shortest = search.shortest_best_line();
                CHECK(shortest.size() <= walked.size());
                shortened += shortest.size() < walked.size();

                // Both lines are legal (Game::play checks) and reach the same board.
                Game by_walk = game;
                for (const Action& action : walked) by_walk.play(action);
                Game by_shortest = game;
                for (const Action& action : shortest) {
                    REQUIRE_FALSE(action.is_shuffle());
                    by_shortest.play(action);
                    for (const auto& [board, spent] : limits.avoid) CHECK_FALSE(by_shortest.board() == board);
                }
                CHECK(by_shortest.board() == by_walk.board());
                lines[k] = shortest;
            }
            if (verdicts[0] == Verdict::Won || verdicts[1] == Verdict::Won) {
                // A win of either is played (the complete search's first), and a
                // win reports no limit, whatever stopped the other search.
                const SolveResult phase = fair_phase(game, limits);
                CHECK(phase.verdict == Verdict::Won);
                CHECK(phase.limit == Limit::None);
                CHECK(phase.line == lines[verdicts[0] == Verdict::Won ? 0 : 1]);
                kept_won += verdicts[0] != Verdict::Won;
                continue;
            }

            // fair_phase plays the line to the board with more cards placed (the
            // complete search's on a tie), then the moves that place more, each
            // one placing cards, then shuffles.
            const bool kept = placed[1] > placed[0];
            kept_chosen += kept;
            const SolveResult phase = fair_phase(game, limits);
            REQUIRE_FALSE(phase.line.empty());
            CHECK(phase.line.back() == Action::make_shuffle(game.shuffles_spent() + 1));
            const std::vector<Action>& best = lines[kept ? 1 : 0];
            REQUIRE(phase.line.size() > best.size());
            CHECK(std::vector<Action>(phase.line.begin(), phase.line.begin() + static_cast<long>(best.size())) == best);
            Game at = game;
            for (const Action& action : best) at.play(action);
            for (auto it = phase.line.begin() + static_cast<long>(best.size()); it != phase.line.end() - 1; ++it) {
                const int before = at.board().placed_count();
                at.play(*it);
                CHECK(at.board().placed_count() > before);
                for (const auto& [board, spent] : limits.avoid) CHECK_FALSE(at.board() == board);
                ++placed_after;
            }
            // Where it stops, no move places a card.
            for (const Action& action : at.legal_actions()) {
                if (action.is_shuffle()) continue;
                Game after = at;
                after.play(action);
                CHECK(after.board().placed_count() <= at.board().placed_count());
            }
        }
    }
    CHECK(placed_after > 0);  // the search's best board is often not where placing ends
    CHECK(shortened > 0);
    CHECK(wins_shortened > 0);
    CHECK(kept_chosen > 0);  // the second search does choose, sometimes
    CHECK(kept_won > 0);     // and wins where the complete one did not, sometimes
}
