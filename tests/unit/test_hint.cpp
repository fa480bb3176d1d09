// Hints: loops that never repeat a position and follow a found line to the win,
// the same answers with and without a cache, and fairness by construction.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <utility>

#include "helpers.hpp"
#include "hint.hpp"
#include "solver.hpp"

using namespace addiction;
using addiction::test::board_of;
using addiction::test::scaled;

namespace {

// A cache in memory; counts what it is asked.
struct MapCache : PlanCache {
    std::map<std::string, std::string> entries;
    int hits = 0;
    std::optional<std::string> find(const std::string& key) override {
        auto it = entries.find(key);
        if (it == entries.end()) return std::nullopt;
        ++hits;
        return it->second;
    }
    void store(const std::string& key, const std::string& value) override { entries[key] = value; }
};

// A cache that answers every question with `text`.
struct LyingCache : PlanCache {
    std::string text;
    std::optional<std::string> find(const std::string&) override { return text; }
    void store(const std::string&, const std::string&) override {}
};

using Position = std::pair<std::string, int>;  // the board's rows, shuffles spent

Position position_of(const Game& game) {
    std::string rows;
    for (int row = 0; row < kRows; ++row) rows += game.board().row_text(row) + "/";
    return {rows, game.shuffles_spent()};
}

struct Loop {
    std::vector<Action> actions;
    std::vector<Hint> hints;
    Status end = Status::Playing;
    bool stuck = false;    // hint had no action: every move leads back
    int repeats = 0;       // positions entered twice
    bool line_kept = true; // once a line was found, every later hint went on with it
};

// Plays hints until the game ends, as `while addiction $(addiction hint); do :; done` does.
Loop play_hints(Game game, HintMode mode, PlanCache* cache, int most = 5000,
                const HintBudget& budget = default_hint_budget()) {
    Loop loop;
    std::set<Position> seen{position_of(game)};
    std::optional<Hint> line;  // the last hint, when it was a line
    while (game.status() == Status::Playing || game.status() == Status::Stuck) {
        REQUIRE(static_cast<int>(loop.actions.size()) < most);
        const Hint h = hint(game, mode, cache, budget);
        if (line && !(h.kind == HintKind::Line && h.actions_left == line->actions_left - 1)) loop.line_kept = false;
        if (h.kind == HintKind::Line) line = h;
        if (!h.action) {
            loop.stuck = true;
            break;
        }
        loop.hints.push_back(h);
        game.play(*h.action);
        loop.actions.push_back(*h.action);
        if (!seen.insert(position_of(game)).second) ++loop.repeats;
    }
    loop.end = game.status();
    return loop;
}

Rules small(const char* name, int ranks) {
    Rules rules = preset(name);
    rules.ranks = ranks;
    rules.preset = preset_name_for(rules);
    return rules;
}

}  // namespace

TEST_CASE("the heuristic never moves to a board to avoid") {
    const Rules rules = small("addiction", 13);
    Game game(rules, deal_number(1, rules));
    const auto first = heuristic_hint(game);
    REQUIRE(first);
    REQUIRE_FALSE(first->is_shuffle());
    std::vector<Board> avoid;
    for (const Move& move : game.board().legal_moves(rules)) {
        Board after = game.board();
        after.play(move);
        avoid.push_back(after);
        const auto next = heuristic_hint(game, avoid);
        REQUIRE(next);
        if (next->is_shuffle()) break;
        Board played = game.board();
        played.play(next->move);
        CHECK(std::find(avoid.begin(), avoid.end(), played) == avoid.end());
    }
    // Every move avoided: a shuffle, numbered as the game would number it.
    const auto last = heuristic_hint(game, avoid);
    REQUIRE(last);
    CHECK(last->is_shuffle());
    CHECK(last->shuffle == 1);
    Rules none = rules;
    none.shuffles = 0;
    CHECK_FALSE(heuristic_hint(Game(none, deal_number(1, none)), avoid));
}

namespace {

// Fair hint loops from deals 1 to `deals`: no position entered twice, a found line
// kept to the win; from the first `fair_deals` deals the loop also plays the
// strategy's actions that solve --fair reports, then (when it lost) the hints play
// on. Some loop must win.
void check_hint_loops(std::string_view name, const Rules& rules, std::uint64_t deals, std::uint64_t fair_deals) {
    int won = 0, lines = 0;
    for (std::uint64_t deal = 1; deal <= deals; ++deal) {
        CAPTURE(name);
        CAPTURE(deal);
        MapCache cache;
        const Game start(rules, deal_number(deal, rules));
        const Loop loop = play_hints(start, HintMode::Fair, &cache);
        CHECK(loop.repeats == 0);
        CHECK(loop.line_kept);
        const bool found = std::any_of(loop.hints.begin(), loop.hints.end(),
                                       [](const Hint& h) { return h.kind == HintKind::Line; });
        if (found) CHECK(loop.end == Status::Won);
        lines += found;
        won += loop.end == Status::Won;
        if (deal <= fair_deals) {
            SolveLimits limits;
            limits.memory_bytes = default_hint_budget().memory_bytes;
            const SolveResult fair = solve_fair(start, limits);
            REQUIRE(loop.actions.size() >= fair.line.size());
            CHECK(std::equal(fair.line.begin(), fair.line.end(), loop.actions.begin()));
            if (fair.verdict == Verdict::Won) CHECK(loop.actions.size() == fair.line.size());
        }
    }
    MESSAGE(name, ": ", won, " of ", deals, " hint loops won, ", lines, " found a line");
    CHECK(won > 0);
}

}  // namespace

TEST_CASE("hint loops never repeat a position and follow a found line to the win") {
    // Small ranks so that many deals run in seconds; every preset's shuffle rules.
    struct Case {
        const char* preset;
        int ranks;
    };
    for (const Case c : {Case{"addiction", 6}, Case{"montana", 6}, Case{"gaps", 6}, Case{"mini", 5}})
        check_hint_loops(c.preset, small(c.preset, c.ranks), scaled(60u), 0);
}

TEST_CASE("the family's hint loops never repeat a position and follow a found line to the win") {
    for (std::string_view name : preset_names()) {
        const Rules base = preset(name);
        if (base.aces == Aces::Removed && base.fill == Fill::SameSuitNext && !base.fill_from_right &&
            base.redeal != Redeal::RandomSlots)
            continue;  // the presets of old, above
        check_hint_loops(name, small(std::string(name).c_str(), 6), scaled(30u), scaled(5u));
    }
}

TEST_CASE("peek hint loops never repeat a position and follow a found line to the win") {
    const Rules rules = small("addiction", 6);
    for (std::uint64_t deal = 1; deal <= 20; ++deal) {
        CAPTURE(deal);
        MapCache cache;
        const Loop loop = play_hints(Game(rules, deal_number(deal, rules)), HintMode::Peek, &cache);
        CHECK(loop.repeats == 0);
        CHECK(loop.line_kept);
        if (!loop.hints.empty() && loop.hints.front().kind == HintKind::Line) CHECK(loop.end == Status::Won);
    }
}

TEST_CASE("a fair hint loop from the start plays the line solve --fair reports") {
    for (const char* name : {"addiction", "montana", "mini"}) {
        const Rules rules = small(name, 7);
        for (std::uint64_t deal = 1; deal <= scaled(12u); ++deal) {
            CAPTURE(name);
            CAPTURE(deal);
            const Game game(rules, deal_number(deal, rules));
            SolveLimits limits;
            limits.memory_bytes = default_hint_budget().memory_bytes;
            const SolveResult fair = solve_fair(game, limits);
            MapCache cache;
            const Loop loop = play_hints(game, HintMode::Fair, &cache);
            // The strategy's actions, then (when it lost) the hints play on.
            REQUIRE(loop.actions.size() >= fair.line.size());
            CHECK(std::equal(fair.line.begin(), fair.line.end(), loop.actions.begin()));
            if (fair.verdict == Verdict::Won) CHECK(loop.actions.size() == fair.line.size());
        }
    }
}

TEST_CASE("solve --fair from a game in progress reports the line the hint loop from there plays") {
    // Full-size deals with small budgets, so that phases shuffle and past positions are in the way.
    HintBudget budget = default_hint_budget();
    budget.fair_phase = budget.fair_last = 3000;
    SolveLimits limits;
    limits.memory_bytes = budget.memory_bytes;
    limits.max_positions = 3000;
    // The short run: deals 1 and 2, one with hints followed, one with a shuffle of one's own.
    for (const char* name : {"addiction", "montana", "gaps", "mini"}) {
        const Rules rules = preset(name);
        for (std::uint64_t deal = 1; deal <= (test::short_run() ? 2u : 6u); ++deal) {
            const std::string preset_name = name;
            CAPTURE(preset_name);
            CAPTURE(deal);
            // Own moves (the last legal one each time, so rarely a hint's), with a
            // shuffle of one's own on some deals, then on others a few hints
            // followed: the hints go on with a plan made before them.
            Game game(rules, deal_number(deal, rules));
            for (int i = 0; i < 6; ++i) {
                const auto moves = game.board().legal_moves(rules);
                if (moves.empty()) break;
                game.play(Action::make_move(moves.back().card, moves.back().to));
                if (i == 1 && deal % 3 == 2 && game.shuffles_left() > 0) game.shuffle();
            }
            if (deal % 2 == 1)
                for (int i = 0; i < 3; ++i)
                    if (const auto h = hint(game, HintMode::Fair, nullptr, budget); h.action) game.play(*h.action);
            if (game.status() != Status::Playing && game.status() != Status::Stuck) continue;
            const SolveResult fair = fair_line(game, limits);
            MapCache cache;
            const Loop loop = play_hints(game, HintMode::Fair, &cache, 5000, budget);
            REQUIRE(loop.actions.size() >= fair.line.size());
            CHECK(std::equal(fair.line.begin(), fair.line.end(), loop.actions.begin()));
            if (fair.verdict == Verdict::Won) CHECK(loop.actions.size() == fair.line.size());
            CHECK((fair.verdict == Verdict::Won) == (loop.end == Status::Won && loop.actions == fair.line));
        }
    }
}

TEST_CASE("a hint is the same with a cache, without one, and with a damaged one") {
    const Rules rules = small("addiction", 6);
    for (std::uint64_t deal = 1; deal <= 6; ++deal) {
        CAPTURE(deal);
        Game game(rules, deal_number(deal, rules));
        // Leave the plan now and then, so the walk meets deviations too.
        for (int step = 0; step < 24; ++step) {
            if (game.status() != Status::Playing && game.status() != Status::Stuck) break;
            MapCache cache;
            const Hint fresh = hint(game, HintMode::Fair, nullptr);
            const Hint cached_once = hint(game, HintMode::Fair, &cache);
            const Hint cached = hint(game, HintMode::Fair, &cache);
            LyingCache liar;
            liar.text = step % 2 ? "line move 2C a1" : "garbage";
            const Hint lied_to = hint(game, HintMode::Fair, &liar);
            for (const Hint* h : {&cached_once, &cached, &lied_to}) {
                CHECK(h->action == fresh.action);
                CHECK(h->kind == fresh.kind);
                CHECK(h->actions_left == fresh.actions_left);
            }
            CHECK(cached.searches == 0);
            if (!fresh.action) break;
            const auto legal = game.legal_actions();
            game.play(step % 5 == 4 ? legal.front() : *fresh.action);
        }
    }
}

TEST_CASE("a fair hint does not depend on the deal's seed") {
    // The same layout by deal number and by deal code has other shuffle seeds:
    // the hints agree up to and including the first shuffle.
    for (const char* name : {"addiction", "montana", "mini"}) {
        const Rules rules = small(name, 7);
        for (std::uint64_t deal = 1; deal <= scaled(10u); ++deal) {
            CAPTURE(name);
            CAPTURE(deal);
            Game by_number(rules, deal_number(deal, rules));
            Game by_code(rules, parse_deal(deal_code(by_number.board()), rules));
            REQUIRE(by_code.deal().seed != by_number.deal().seed);
            REQUIRE(by_code.board() == by_number.board());
            MapCache cache_a, cache_b;  // one each, so neither answers from the other's searches
            while (by_number.status() == Status::Playing || by_number.status() == Status::Stuck) {
                const Hint a = hint(by_number, HintMode::Fair, &cache_a);
                const Hint b = hint(by_code, HintMode::Fair, &cache_b);
                CHECK(a.action == b.action);
                CHECK(a.kind == b.kind);
                if (!a.action || a.action != b.action) break;
                by_number.play(*a.action);
                by_code.play(*b.action);
                if (a.action->is_shuffle()) break;
            }
        }
    }
}

TEST_CASE("at a position without history, another seed gets the same fair hint") {
    const Rules rules = small("addiction", 13);
    for (std::uint64_t deal = 1; deal <= scaled(3u); ++deal) {
        const Deal dealt = deal_number(deal, rules);
        Deal other = dealt;
        other.seed = dealt.seed * 7919 + 17;
        const Hint a = hint(Game(rules, dealt), HintMode::Fair);
        const Hint b = hint(Game(rules, other), HintMode::Fair);
        CHECK(a.action == b.action);
        CHECK(a.kind == b.kind);
        CHECK(a.actions_left == b.actions_left);
    }
}

TEST_CASE("hint refuses a finished game and says what it is") {
    Rules rules = small("addiction", 13);
    rules.shuffles = 0;
    Game won = test::game_of(test::won_board(), rules);
    CHECK_THROWS_AS(hint(won, HintMode::Fair), Error);

    Game near = test::game_of(test::four_from_won(), rules);
    const Hint h = hint(near, HintMode::Fair);
    REQUIRE(h.action);
    CHECK(h.kind == HintKind::Line);
    CHECK(h.actions_left == 4);
    CHECK(describe(h) == "a winning line: 4 actions left");

    Hint none;
    CHECK(describe(none) == "no move leads anywhere new");
}

TEST_CASE("when every move leads back to the past: a shuffle if one is left, else no hint") {
    // With fill_from_right, 4S and 5S slide to and fro around spades' one live
    // gap; the other rows end in a King and a dead gap. The game goes to the
    // board with the gap at d4, to each of its two neighbours and back, so that
    // every legal move from there returns to a position of the game's past.
    const Board start = test::board_of({
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        "2S 3S -- 4S 5S 6S 7S 8S 9S TS JS QS KS",
    });
    for (const int shuffles : {0, 1}) {
        CAPTURE(shuffles);
        Rules rules = small("addiction", 13);
        rules.fill_from_right = true;
        rules.shuffles = shuffles;
        rules.preset = preset_name_for(rules);
        Game game = test::game_of(start, rules);
        for (const char* action : {"move 4S d3", "move 5S d4", "move 5S d5"}) game.play(parse_action(action, 13));
        REQUIRE(game.board().legal_moves(rules).size() == 2);
        for (const Move& move : game.board().legal_moves(rules)) {
            Board after = game.board();
            after.play(move);
            CHECK((after == start || after.at(Slot{3, 4}).is_gap()));
        }
        for (const HintMode mode : {HintMode::Fair, HintMode::Peek}) {
            const Hint h = hint(game, mode);
            if (shuffles == 0) {
                CHECK_FALSE(h.action);
                CHECK(describe(h) == "no move leads anywhere new");
            } else {
                REQUIRE(h.action);
                CHECK(h.action->is_shuffle());
                CHECK(h.action->shuffle == 1);
            }
        }
    }
}

TEST_CASE("once a search proves no win is left, the hints after it need no search") {
    // Gaps on 5 ranks, no shuffle: deals proven lost at the start. The hints
    // that follow play the heuristic's move (what a search there would give),
    // say that no win exists, and search nothing but the proof (no cache here:
    // each hint walks from the start and searches there again, once, where it
    // searched once a move before); solve agrees that no win is left. A proof
    // that avoided nothing holds even after a move back to a past position.
    const Rules rules = small("gaps", 5);
    int lost = 0, went_back = 0;
    // The short run (sanitizers) too goes on until a game has gone back.
    for (std::uint64_t deal = 1; deal <= 200 && (lost < static_cast<int>(scaled(8u)) || went_back == 0); ++deal) {
        CAPTURE(deal);
        for (const HintMode mode : {HintMode::Fair, HintMode::Peek}) {
            Game game(rules, deal_number(deal, rules));
            if (hint(game, mode).kind != HintKind::NoWin) break;
            lost += mode == HintMode::Fair;
            std::vector<Board> past;
            bool back = false;
            for (int step = 0; step < 30 && game.status() == Status::Playing; ++step) {
                const Hint h = hint(game, mode);
                REQUIRE(h.action);
                CHECK(h.kind == HintKind::NoWin);
                CHECK_FALSE(h.avoided);
                CHECK(h.searches == 1);
                CHECK(h.action == heuristic_hint(game, past, true));
                if (step % 5 == 4) CHECK(solve(game, SolveLimits{}).verdict == Verdict::NoWin);
                past.push_back(game.board());
                // Once, a move back to the past where there is one.
                std::optional<Action> action = h.action;
                for (const Move& move : game.board().legal_moves(rules)) {
                    Board after = game.board();
                    after.play(move);
                    if (back || step < 3 || std::find(past.begin(), past.end(), after) == past.end()) continue;
                    action = Action::make_move(move.card, move.to);
                    back = true;
                    ++went_back;
                    break;
                }
                game.play(*action);
            }
        }
    }
    CHECK(lost >= static_cast<int>(scaled(8u)));
    CHECK(went_back > 0);
}

TEST_CASE("once no win is left, the hints play towards the end") {
    // Spaces and Aces deal 2 (the archive's spaces-and-aces-no-win) is proven
    // lost at the start. Its hint loop kept every gap open and wandered through
    // new positions: 3,000 moves and still playing. Now it ends, lost.
    const Rules rules = preset("spaces-and-aces");
    Game game(rules, deal_number(2, rules));
    MapCache cache;
    int moves = 0;
    for (; moves < 300 && game.status() == Status::Playing; ++moves) {
        const Hint h = hint(game, HintMode::Fair, &cache);
        REQUIRE(h.action);
        CHECK(h.kind == HintKind::NoWin);
        game.play(*h.action);
    }
    CHECK(game.status() == Status::Lost);
    CHECK(moves < 100);
}

TEST_CASE("a proof that avoided the past holds until the game goes back to it") {
    // From deals that can be won, leave the plan (the first legal move that is
    // not the hint's and leads somewhere new) until a search proves that no win
    // is left without going back. The heuristic's moves after it need no
    // search; a move back to a position before the proof does. (A cache keeps
    // the searches before the proof, so that each hint counts only its own.)
    const Rules rules = small("gaps", 5);
    int proofs = 0, went_back = 0;
    for (std::uint64_t deal = 1; deal <= 300 && went_back < static_cast<int>(scaled(4u)); ++deal) {
        CAPTURE(deal);
        Game game(rules, deal_number(deal, rules));
        MapCache cache;
        std::vector<Board> past;
        for (int step = 0; step < 40 && game.status() == Status::Playing; ++step) {
            const Hint h = hint(game, HintMode::Fair, &cache);
            if (!h.action) break;
            if (h.kind == HintKind::NoWin) {
                if (!h.avoided) break;  // lost from the start
                ++proofs;
                const std::vector<Board> before = past;  // the proof's past
                Game on = game;
                std::vector<Board> seen = past;
                for (int k = 0; k < 3 && on.status() == Status::Playing; ++k) {
                    const Hint next = hint(on, HintMode::Fair, &cache);
                    if (!next.action) break;
                    CHECK(next.kind == HintKind::NoWin);
                    CHECK(next.avoided);
                    CHECK(next.searches == 0);
                    CHECK(next.action == heuristic_hint(on, seen, true));
                    seen.push_back(on.board());
                    on.play(*next.action);
                }
                for (const Move& move : game.board().legal_moves(rules)) {
                    Board after = game.board();
                    after.play(move);
                    if (std::find(before.begin(), before.end(), after) == before.end()) continue;
                    game.play(Action::make_move(move.card, move.to));
                    CHECK(hint(game, HintMode::Fair, &cache).searches == 1);
                    ++went_back;
                    break;
                }
                break;
            }
            // Off the plan: the first move that is not the hint's and leads somewhere new.
            std::optional<Action> off;
            for (const Move& move : game.board().legal_moves(rules)) {
                const Action action = Action::make_move(move.card, move.to);
                Board after = game.board();
                after.play(move);
                if (action == *h.action || std::find(past.begin(), past.end(), after) != past.end()) continue;
                off = action;
                break;
            }
            if (!off) break;
            past.push_back(game.board());
            game.play(*off);
        }
    }
    MESSAGE(proofs, " proofs that avoided the past, ", went_back, " moves back to it");
    CHECK(went_back >= static_cast<int>(scaled(4u)));
}

TEST_CASE("the fair player's progress counts the whole solve, not each search from 0") {
    // Each phase's search reports at its start, so a count that began again
    // at 0 (as solve --fair's status line did) would go down at each phase.
    const Rules rules = preset("addiction");
    Game game(rules, deal_number(36, rules));
    for (int i = 0; i < 2; ++i) game.play(Action::make_move(game.board().legal_moves(rules).back().card,
                                                             game.board().legal_moves(rules).back().to));
    SolveLimits limits;
    limits.max_positions = 20'000;  // every phase: a quick test
    std::vector<SolveProgress> reports;
    limits.progress = [&](const SolveProgress& p) { reports.push_back(p); };
    const SolveResult result = fair_line(game, limits);
    REQUIRE(result.line.size() > 1);
    REQUIRE(std::count_if(result.line.begin(), result.line.end(), [](const Action& a) { return a.is_shuffle(); }) > 0);
    REQUIRE(reports.size() > 1);
    for (std::size_t i = 1; i < reports.size(); ++i) {
        CAPTURE(i);
        CHECK(reports[i].positions >= reports[i - 1].positions);
        CHECK(reports[i].seconds >= reports[i - 1].seconds);
    }
    CHECK(reports.back().positions <= result.positions);
    CHECK(reports.back().positions > limits.max_positions);  // past the first phase
}

TEST_CASE("a phase its complete search wins stops the other search, and counts the same on one thread or two") {
    // Addiction deal 13 is won by moves alone: the first search wins at once,
    // and the second search, whose answer cannot matter, ran on to its budget.
    const Rules rules = preset("addiction");
    const Game game(rules, deal_number(13, rules));
    SolveLimits one;
    one.threads = 1;
    SolveLimits two;
    two.threads = 2;
    const SolveResult a = solve_fair(game, one);
    const SolveResult b = solve_fair(game, two);
    REQUIRE(a.verdict == Verdict::Won);
    CHECK(a.line == b.line);
    CHECK(a.positions == b.positions);
    CHECK(a.peak_bytes == b.peak_bytes);
    CHECK(a.positions < 100'000);  // not the second search's 1,000,000
}
