// The dead-end proof (lib/solver/dead_end.cpp) on its own: hand-made boards,
// and its claim checked against every board reachable from small deals.
#include <doctest/doctest.h>

#include <vector>

#include "helpers.hpp"
#include "solver/dead_end.hpp"

using namespace addiction;
using namespace addiction::solver;

namespace {

Rules rules_of(int ranks) {
    Rules rules;
    rules.ranks = ranks;
    rules.shuffles = 0;
    rules.preset = preset_name_for(rules);
    return rules;
}

// The dead-end test's input, read off a board.
struct Input {
    explicit Input(const Board& board, bool any_higher = false)
        // A row holds its suit from the base rank up, and one gap: the top rank is
        // the width with the aces out (base 2), one less with them in (base 1).
        : layout(board.width(), board.base_rank(), any_higher), ranks(board.width() + board.base_rank() - 2) {
        where.fill(kNowhere);
        for (int i = 0; i < board.size(); ++i) {
            const std::uint8_t code = board.at(i).code();
            if (code == 0)
                gaps |= Slots{1} << i;
            else
                where[code] = static_cast<std::uint8_t>(i);
        }
    }
    Layout layout;
    int ranks;
    Cards where{};
    Slots gaps = 0;

    bool dead() const { return dead_end(layout, ranks, where, gaps); }
    Locations loc() const { return locations(layout, ranks, where, gaps); }
};

std::uint8_t code(const char* card) { return parse_card(card).code(); }

Slots slot(const Board& board, int row, int col) { return Slots{1} << (row * board.width() + col); }

// Some card has no slot of its final column (rank r in column r - 2) in loc.
bool some_card_stuck(const Input& in, const Locations& loc) {
    for (int suit = 0; suit < 4; ++suit)
        for (int r = 2; r <= in.ranks; ++r)
            if ((loc[static_cast<std::size_t>(suit << 4 | r)] & in.layout.column[static_cast<std::size_t>(r - 2)]) == 0)
                return true;
    return false;
}

}  // namespace

TEST_CASE("dead end: 2s stuck in the last column") {
    // A 2 moves only into a first-column gap and a 3 only right of its 2, off
    // the board here: neither ever moves. Only the 4s can, into the gaps right
    // of the 3s.
    const Board board = test::board_of({"3C -- 4D 2C", "3D -- 4C 2D", "3H -- 4S 2H", "3S -- 4H 2S"});
    const Input in(board);
    const Locations loc = in.loc();
    CHECK(loc[code("2C")] == slot(board, 0, 3));
    CHECK(loc[code("3C")] == slot(board, 0, 0));
    CHECK(loc[code("4D")] == (slot(board, 0, 2) | slot(board, 1, 1)));
    CHECK(loc[code("4C")] == (slot(board, 1, 2) | slot(board, 0, 1)));
    CHECK(some_card_stuck(in, loc));
    CHECK(in.dead());
}

TEST_CASE("dead end: not when each card can still reach its place") {
    // Each 4 one slot right of its place, the gap before it: one move each from won.
    const Board board = test::board_of({"2C 3C -- 4C", "2D 3D -- 4D", "2H 3H -- 4H", "2S 3S -- 4S"});
    const Input in(board);
    const Locations loc = in.loc();
    CHECK(loc[code("4C")] == (slot(board, 0, 2) | slot(board, 0, 3)));
    CHECK(loc[code("2C")] == slot(board, 0, 0));  // no first-column slot may ever be a gap
    CHECK_FALSE(some_card_stuck(in, loc));
    CHECK_FALSE(no_win_fits(in.layout, in.ranks, loc));
    CHECK_FALSE(in.dead());
}

TEST_CASE("dead end: a card reaches its place only if the card in its way can move") {
    // 5 ranks, clubs and diamonds placed. 3H waits in the last column while 2S
    // stands right of 2H. A 2 moves only into a first-column gap: with d1 empty
    // any 2 may go there, so every first-column slot may be a gap and each 2
    // may go to any of them; c2 may then be a gap, and 3H may reach column 2
    // in any row (loc over-approximates: it does not track which 2 is where).
    const Board open = test::board_of({"2C 3C 4C 5C --", "2D 3D 4D 5D --", "2H 2S 4H 5H 3H", "-- 3S 4S 5S --"});
    const Input in(open);
    const Locations loc = in.loc();
    CHECK(loc[code("2S")] == (in.layout.first_column | slot(open, 2, 1)));
    CHECK(loc[code("3H")] == (in.layout.column[1] | slot(open, 2, 4)));
    CHECK_FALSE(in.dead());

    // With 3S in d1 instead, no first-column slot ever opens: 2S stays, so 3H
    // never reaches column 2. The 4S and 5S may still move along row d.
    const Board shut = test::board_of({"2C 3C 4C 5C --", "2D 3D 4D 5D --", "2H 2S 4H 5H 3H", "3S -- 4S 5S --"});
    const Input stuck(shut);
    const Locations shut_loc = stuck.loc();
    CHECK(shut_loc[code("2S")] == slot(shut, 2, 1));
    CHECK(shut_loc[code("3H")] == slot(shut, 2, 4));
    CHECK(shut_loc[code("4S")] == (slot(shut, 3, 2) | slot(shut, 3, 1)));
    CHECK(shut_loc[code("5S")] == (slot(shut, 3, 3) | slot(shut, 3, 2)));
    CHECK(stuck.dead());
}

TEST_CASE("no win fits: the rows cannot be shared out one suit to a row") {
    const Board empty = test::board_of({"-- -- -- --", "-- -- -- --", "-- -- -- --", "-- -- -- --"});
    const Layout layout(4);
    // Each card may stand in its final column in the rows given per suit.
    auto loc_for = [&](const std::array<std::vector<int>, 4>& rows) {
        Locations loc{};
        for (int suit = 0; suit < 4; ++suit)
            for (int r = 2; r <= 4; ++r)
                for (int row : rows[static_cast<std::size_t>(suit)])
                    loc[static_cast<std::size_t>(suit << 4 | r)] |= slot(empty, row, r - 2);
        return loc;
    };
    CHECK_FALSE(no_win_fits(layout, 4, loc_for({{{0}, {1}, {2}, {3}}})));
    CHECK_FALSE(no_win_fits(layout, 4, loc_for({{{0, 1}, {0, 1}, {2}, {2, 3}}})));
    // Clubs and diamonds can only finish in row a: Hall's condition fails.
    CHECK(no_win_fits(layout, 4, loc_for({{{0}, {0}, {1, 2}, {2, 3}}})));
    // Three suits in two rows.
    CHECK(no_win_fits(layout, 4, loc_for({{{0, 1}, {0, 1}, {1, 0}, {0, 1, 2, 3}}})));
    // A suit whose cards agree on no row.
    Locations split = loc_for({{{0}, {1}, {2}, {3}}});
    split[code("4C")] = slot(empty, 1, 2);
    CHECK(no_win_fits(layout, 4, split));
}

TEST_CASE("dead end: every reachable board keeps each card within loc") {
    // The claim the proof rests on, checked on every board reachable from
    // small deals; and a dead end is never a deal that can be won.
    // The short run: a quarter of the deals, and on to the first dead end.
    int dead = 0;
    for (std::uint64_t deal = 1; deal <= 20 && (deal <= test::scaled(20u) || dead == 0); ++deal) {
        CAPTURE(deal);
        const Rules rules = rules_of(4);
        const Board start = deal_number(deal, rules).start;
        const Input in(start);
        const Locations loc = in.loc();
        std::size_t boards = 0;
        bool won = false;
        bool within = true;
        test::any_reachable(start, rules, [&](const Board& board) {
            ++boards;
            won = won || board.won();
            for (int i = 0; i < board.size(); ++i)
                if (const std::uint8_t c = board.at(i).code(); c != 0) within = within && (loc[c] >> i & 1) == 1;
            return false;
        });
        CHECK(boards > 1);
        CHECK(within);
        // dead_end stops early, but its verdict is the one at the fixed point.
        CHECK(in.dead() == (some_card_stuck(in, loc) || no_win_fits(in.layout, in.ranks, loc)));
        if (in.dead()) {
            ++dead;
            CHECK_FALSE(won);
        }
    }
    CHECK(dead > 0);
}

TEST_CASE("dead end: with the first column's 2s staying, over the plays that never move them") {
    // The passes that limit moves of placed 2s ask dead_end() so once a line
    // has used them all (search.cpp, hopeless()). Checked on every board
    // reachable from small deals without moving a 2 that stands in the first
    // column: where it says dead end, no such play from there wins (a brute
    // force from the first dead ends of each deal), and it says so wherever the
    // usual test does, and on more boards.
    const Rules rules = rules_of(4);
    std::size_t dead = 0;
    std::size_t only_staying = 0;
    auto stays = [](const Board& board, const Move& move) {
        return !(board.find(move.card)->col == 0 && move.card.rank() == board.base_rank());
    };
    for (std::uint64_t deal = 1; deal <= test::scaled(20u); ++deal) {
        CAPTURE(deal);
        std::size_t searched = 0;
        test::any_reachable_if(deal_number(deal, rules).start, rules, stays, [&](const Board& board) {
            const Input in(board);
            const bool usual = in.dead();
            if (!dead_end(in.layout, in.ranks, in.where, in.gaps, true)) {
                REQUIRE_FALSE(usual);
                return false;
            }
            ++dead;
            only_staying += usual ? 0u : 1u;
            if (searched++ < 20) REQUIRE_FALSE(test::any_reachable_if(board, rules, stays, [](const Board& b) { return b.won(); }));
            return false;
        });
    }
    CHECK(dead > 0);
    CHECK(only_staying > 0);
    MESSAGE(dead, " dead ends with the 2s staying, ", only_staying, " of them not dead ends otherwise");
}

TEST_CASE("dead end: a move that can be made back leaves loc as it was") {
    // The search does not ask dead_end() after such a move (search.cpp,
    // hopeless()): the two positions reach each other, so their least loc sets
    // are the same. Checked on every board reachable from small deals, with the
    // next card of the suit filling a gap (only a 2 between first-column gaps
    // goes back) and with any higher one (Spaces and Aces: most moves go back).
    for (const Fill fill : {Fill::SameSuitNext, Fill::SameSuitHigher}) {
        Rules rules = rules_of(4);
        rules.fill = fill;
        const bool higher = fill == Fill::SameSuitHigher;
        std::size_t checked = 0;
        for (std::uint64_t deal = 1; deal <= test::scaled(4u); ++deal) {
            CAPTURE(deal);
            const Board start = deal_number(deal, rules).start;
            test::any_reachable(start, rules, [&](const Board& board) {
                const Locations before = Input(board, higher).loc();
                for (const Move& move : board.legal_moves(rules)) {
                    const Slot from = *board.find(move.card);
                    Board after = board;
                    after.play(move);
                    if (!after.fits(move.card, from, rules)) continue;
                    ++checked;
                    REQUIRE(Input(after, higher).loc() == before);
                }
                return false;
            });
        }
        CAPTURE(fill);
        CHECK(checked > 100);
    }
}

TEST_CASE("locked frontiers: rows that wait on each other never grow") {
    // 5 ranks, the rows fixed. Row a's frontier (a2) holds 3D, which fits only
    // right of 2D; row b's (b2) holds 3C, which fits only right of 2C: each
    // waits for the other to leave first. 5C and 5H can still move.
    const Board locked = test::board_of({"2C 3D 4C -- 5C", "2D 3C 4D 5D --", "2H 3H 4H -- 5H", "2S 3S 4S 5S --"});
    const Input in(locked);
    CHECK(frontiers_locked(in.layout, in.ranks, in.where));
    CHECK(in.dead());
    CHECK_FALSE(locked.legal_moves(rules_of(5)).empty());

    // A chain that ends at a gap is not locked: b2 takes 3D, then a2 takes 3C.
    const Input chain(test::board_of({"2C 3D 4C 5C --", "2D -- 4D 5D 3C", "2H 3H 4H 5H --", "2S 3S 4S 5S --"}));
    CHECK_FALSE(frontiers_locked(chain.layout, chain.ranks, chain.where));
    CHECK_FALSE(chain.dead());

    // The same cycle before the rows are fixed: d1 is a gap that a 2 may still
    // move into, and 2H is not in the first column.
    const Input open(test::board_of({"2C 3D 4C 5C --", "2D 3C 4D 5D --", "4S 3H 4H 5H 2H", "-- 3S 2S 5S --"}));
    CHECK_FALSE(frontiers_locked(open.layout, open.ranks, open.where));
}

TEST_CASE("locked frontiers: a dead end the loc sets find too, and never won") {
    // The search answers "dead end" at once for locked frontiers (search.cpp,
    // hopeless()) instead of sweeping to the loc sets' fixed point: checked on
    // every board reachable from small deals that the verdict is the one
    // dead_end() gives, and, on the first locked boards of each deal, that no
    // board reachable from them is won. With the aces staying too (base rank 1).
    for (const Aces aces : {Aces::Removed, Aces::RowStarts}) {
        Rules rules = rules_of(4);
        rules.aces = aces;
        rules.preset = preset_name_for(rules);
        std::size_t boards = 0;
        std::size_t locked = 0;
        std::size_t dead = 0;
        for (std::uint64_t deal = 1; deal <= test::scaled(12u); ++deal) {
            CAPTURE(deal);
            const Board start = deal_number(deal, rules).start;
            std::size_t searched = 0;
            test::any_reachable(start, rules, [&](const Board& board) {
                ++boards;
                const Input in(board);
                dead += in.dead() ? 1u : 0u;
                if (!frontiers_locked(in.layout, in.ranks, in.where)) return false;
                ++locked;
                REQUIRE(in.dead());
                if (searched++ < 5) REQUIRE_FALSE(test::any_reachable(board, rules, [](const Board& b) { return b.won(); }));
                return false;
            });
        }
        CAPTURE(aces);
        CHECK(locked > 10);
        CHECK(dead > locked);  // a shortcut for some dead ends, not a new verdict
        MESSAGE(boards, " boards, ", dead, " dead ends, ", locked, " with locked frontiers");
    }
}
