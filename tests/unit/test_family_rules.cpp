// The rules model test: random games of every game of the family, each legal
// move list checked against a small statement of that game's fill rule written
// here (not Board::fits), and each shuffle against what a redeal must keep.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "family.hpp"
#include "game.hpp"
#include "helpers.hpp"
#include "random.hpp"
#include "svg.hpp"

using namespace addiction;

namespace {

// The statement: what may fill the gap at (row, col).
//  - The cards are those of the game: ranks from the base (2 with the aces out,
//    the ace when they stay) to the top.
//  - First column: a card of the base rank; with fill from the right into the
//    first column too, also the card one below its right neighbour, same suit.
//  - Other columns, left neighbour L a card: same suit one above L (same-suit-next),
//    any suit one above L (any-suit-next), same suit any rank above L
//    (same-suit-higher); nothing from the left when L is a gap. With fill from the
//    right, also the card one below the right neighbour R (a card), same suit.
bool may_fill(const Board& board, const Rules& rules, Card card, int row, int col) {
    const int base = rules.aces == Aces::Removed ? 2 : 1;
    const int width = rules.aces == Aces::Removed ? rules.ranks : rules.ranks + 1;
    if (card.rank() < base || card.rank() > rules.ranks) return false;
    bool from_right = false;
    if (rules.fill_from_right && col + 1 < width && (col > 0 || rules.right_fills_first_column)) {
        const Card right = board.at(Slot{row, col + 1});
        from_right = !right.is_gap() && right.suit() == card.suit() && right.rank() == card.rank() + 1;
    }
    if (col == 0) return card.rank() == base || from_right;
    const Card left = board.at(Slot{row, col - 1});
    bool from_left = false;
    if (!left.is_gap()) {
        if (rules.fill == Fill::SameSuitNext) from_left = left.suit() == card.suit() && card.rank() == left.rank() + 1;
        if (rules.fill == Fill::AnySuitNext) from_left = card.rank() == left.rank() + 1;
        if (rules.fill == Fill::SameSuitHigher) from_left = left.suit() == card.suit() && card.rank() > left.rank();
    }
    return from_left || from_right;
}

using Pairs = std::set<std::pair<int, int>>;  // (card code, slot index)

Pairs stated_moves(const Board& board, const Rules& rules) {
    Pairs out;
    for (int gap = 0; gap < board.size(); ++gap) {
        if (!board.at(gap).is_gap()) continue;
        for (int from = 0; from < board.size(); ++from) {
            const Card card = board.at(from);
            if (!card.is_gap() && may_fill(board, rules, card, gap / board.width(), gap % board.width()))
                out.insert({card.code(), gap});
        }
    }
    return out;
}

Pairs engine_moves(const Game& game) {
    Pairs out;
    for (const Action& action : game.legal_actions())
        if (!action.is_shuffle()) out.insert({action.move.card.code(), game.board().index(action.move.to)});
    return out;
}

// Placed: a same-suit run up from the base rank at the left of the row, stated here.
int stated_run(const Board& board, const Rules& rules, int row) {
    const int base = rules.aces == Aces::Removed ? 2 : 1;
    int run = 0;
    for (int col = 0; col < board.width(); ++col) {
        const Card card = board.at(Slot{row, col});
        const Card first = board.at(Slot{row, 0});
        if (card.is_gap() || card.rank() != base + col || card.suit() != first.suit()) break;
        ++run;
    }
    return run;
}

// Every card of the game once, and four gaps; "" or what is wrong.
std::string census(const Board& board, const Rules& rules) {
    const int base = rules.aces == Aces::Removed ? 2 : 1;
    std::multiset<int> cards;
    int gaps = 0;
    for (int i = 0; i < board.size(); ++i) {
        if (board.at(i).is_gap())
            ++gaps;
        else
            cards.insert(board.at(i).code());
    }
    if (gaps != 4) return "gaps: " + std::to_string(gaps);
    std::multiset<int> want;
    for (Suit suit : kSuits)
        for (int rank = base; rank <= rules.ranks; ++rank) want.insert(Card(suit, rank).code());
    return cards == want ? "" : "the cards are not the game's, each once";
}

struct Tally {
    long positions = 0;
    long moves = 0;
    long shuffles = 0;
    long several_for_one_gap = 0;  // positions where one gap takes more than one card
};

// Plays `deals` random games, up to `steps` actions each, checking every position.
Tally play_randomly(const Rules& rules, int deals, int steps) {
    Tally tally;
    Xoshiro256 rng(std::uint64_t{0x6d6f64656c} + static_cast<std::uint64_t>(rules.ranks));
    for (int n = 1; n <= deals; ++n) {
        Game game(rules, deal_number(static_cast<std::uint64_t>(n), rules));
        REQUIRE(census(game.board(), rules) == "");
        REQUIRE(game.board().width() == (rules.aces == Aces::Removed ? rules.ranks : rules.ranks + 1));
        for (int step = 0; step < steps; ++step) {
            const Board& board = game.board();
            ++tally.positions;
            const Pairs stated = stated_moves(board, rules);
            const Pairs engine = engine_moves(game);
            CHECK(engine == stated);
            if (engine != stated) return tally;
            std::set<int> gaps;
            for (const auto& [card, gap] : stated)
                if (!gaps.insert(gap).second) {
                    ++tally.several_for_one_gap;
                    break;
                }
            // Won exactly when every row's run is width - 1 long.
            bool won = true;
            for (int row = 0; row < kRows; ++row) won = won && stated_run(board, rules, row) == board.width() - 1;
            CHECK(game.board().won() == won);
            for (int row = 0; row < kRows; ++row) CHECK(board.placed_run(row) == stated_run(board, rules, row));
            const auto actions = game.legal_actions();
            if (actions.empty()) break;
            const Action action = actions[rng.below(static_cast<std::uint32_t>(actions.size()))];
            const Board before = board;
            game.play(action);
            if (!action.is_shuffle()) {
                ++tally.moves;
                continue;
            }
            ++tally.shuffles;
            const Board& after = game.board();
            CHECK(census(after, rules) == "");
            for (int row = 0; row < kRows; ++row) {
                const int run = stated_run(before, rules, row);
                for (int col = 0; col < run; ++col) CHECK(after.at(Slot{row, col}) == before.at(Slot{row, col}));
                // After the runs: one gap right after each (unless the row is complete).
                if (rules.redeal == Redeal::AfterRun && run + 1 < after.width())
                    CHECK(after.at(Slot{row, run}).is_gap());
            }
        }
    }
    return tally;
}

}  // namespace

TEST_CASE("random games of every game of the family follow the stated fill rules") {
    const int deals = test::scaled(24);
    for (const auto& [name, rules] : test::family()) {
        CAPTURE(name);
        const Tally tally = play_randomly(rules, deals, 160);
        CHECK(tally.moves > deals * 20);
        if (rules.shuffles > 0) CHECK(tally.shuffles > 0);
        // The rules where one gap may take several cards past the first column show it.
        if (rules.fill != Fill::SameSuitNext) CHECK(tally.several_for_one_gap > 0);
    }
}

TEST_CASE("random games with fewer ranks follow the stated fill rules") {
    const int deals = test::scaled(16);
    for (int ranks : {4, 5, 8}) {
        for (const auto& [name, base] : test::family()) {
            const Rules rules = test::with_ranks(base, ranks);
            CAPTURE(name);
            CAPTURE(ranks);
            const Tally tally = play_randomly(rules, deals, 120);
            CHECK(tally.moves > 0);
        }
    }
}

TEST_CASE("the first column with fill from the right: as of old for the presets, the base rank only for Moonlight") {
    Rules moonlight = test::moonlight();
    moonlight.ranks = 4;
    Rules old = moonlight;  // --fill-from-right as it always was
    old.right_fills_first_column = true;
    const Board board = test::board_of({"-- 4C 2C 2D", "3D 4D 2H 3H", "4H 2S 3S 4S", "3C -- -- --"});
    const Slot a1{0, 0};
    CHECK(board.fits(parse_card("3C"), a1, old));
    CHECK_FALSE(board.fits(parse_card("3C"), a1, moonlight));
    CHECK(board.fits(parse_card("2D"), a1, moonlight));
    CHECK(may_fill(board, old, parse_card("3C"), 0, 0));
    CHECK_FALSE(may_fill(board, moonlight, parse_card("3C"), 0, 0));
    CHECK(board.fits(parse_card("4C"), Slot{3, 1}, moonlight));
}

TEST_CASE("why a move is refused, in the words of each fill rule") {
    Rules jungle = test::jungle();
    jungle.ranks = 4;
    Rules higher = test::spaces_and_aces();
    higher.ranks = 4;
    const Board rows = test::board_of({"AC 2D -- 3C 4D", "AD 2C 3D -- 4C", "AH 2H 3H 4H --", "AS 2S 3S 4S --"});
    Board board(5, 1);
    for (int i = 0; i < rows.size(); ++i) board.set(i, rows.at(i));
    // a3 is right of 2D: any 3 in Jungle, a higher diamond in Spaces and Aces.
    CHECK(board.fits(parse_card("3C"), Slot{0, 2}, jungle));
    CHECK_FALSE(board.fits(parse_card("3C"), Slot{0, 2}, higher));
    CHECK(board.fits(parse_card("4D"), Slot{0, 2}, higher));
    CHECK(why_illegal(board, higher, parse_card("3C"), Slot{0, 2}) ==
          "3C cannot go to a3: it needs a lower club on its left, not 2D");
    CHECK(why_illegal(board, jungle, parse_card("4C"), Slot{0, 2}) ==
          "4C cannot go to a3: it needs a 3 on its left, not 2D");
    CHECK(why_illegal(board, jungle, parse_card("AH"), Slot{1, 3}) ==
          "AH cannot go to b4: an ace fills only the first column");
    CHECK(why_illegal(board, jungle, parse_card("AH"), std::nullopt) ==
          "AH cannot move: no gap in the first column");
    // 2S: Jungle wants an ace left of a gap; there is none.
    CHECK(why_illegal(board, jungle, parse_card("2S"), std::nullopt) == "2S cannot move: no gap has an ace on its left");
}

TEST_CASE("a board of the aces shape draws fourteen columns") {
    const Rules rules = test::blue_moon();
    const Board board = deal_number(2, rules).start;
    const std::string svg = svg_picture(board, rules, "Blue Moon", "deal 2");
    CHECK(svg.find(">14</text>") != std::string::npos);
    CHECK(svg.find("id=\"d14\"") != std::string::npos);
    CHECK(svg.find(">15</text>") == std::string::npos);
}
