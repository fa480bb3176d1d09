#include <doctest/doctest.h>

#include <algorithm>

#include "helpers.hpp"

using namespace addiction;
using addiction::test::board_of;

namespace {

const Board kSample = test::sample_board();

bool has(const std::vector<Move>& moves, const char* card, const char* slot) {
    Move want{parse_card(card), parse_slot(slot, 13)};
    return std::find(moves.begin(), moves.end(), want) != moves.end();
}

}  // namespace

TEST_CASE("placed runs start with a 2 in the first column") {
    CHECK(kSample.placed_run(0) == 3);
    CHECK(kSample.placed_run(1) == 0);
    CHECK(kSample.placed_run(2) == 0);  // 5S is not a 2
    CHECK(kSample.placed_count() == 3);
    CHECK(kSample.is_placed(Slot{0, 2}));
    CHECK_FALSE(kSample.is_placed(Slot{0, 4}));
}

TEST_CASE("legal moves: successor of the left card, any 2 in the first column") {
    Rules rules;
    auto moves = kSample.legal_moves(rules);
    CHECK(has(moves, "5S", "a4"));
    // b1 takes every 2, also ones that already lead a row.
    CHECK(has(moves, "2C", "b1"));
    CHECK(has(moves, "2D", "b1"));
    CHECK(has(moves, "2H", "b1"));
    CHECK(has(moves, "2S", "b1"));
    // c6 is right of KS: dead. d6 is right of JH: QH goes there.
    CHECK(has(moves, "QH", "d6"));
    CHECK(moves.size() == 6);
    CHECK(kSample.is_dead_gap(Slot{2, 5}, rules));
    CHECK_FALSE(kSample.is_dead_gap(Slot{3, 5}, rules));
    CHECK_FALSE(kSample.is_dead_gap(Slot{1, 0}, rules));
    CHECK(kSample.fits(parse_card("5S"), Slot{0, 3}, rules));
    CHECK_FALSE(kSample.fits(parse_card("6S"), Slot{0, 3}, rules));
    CHECK_FALSE(kSample.fits(parse_card("5S"), Slot{0, 4}, rules));  // not a gap
}

TEST_CASE("a gap right of a gap is dead, fill from right revives it") {
    Board board = board_of({
        "-- -- 4S 5S 6S 7S 8S 9S TS JS QS KS 2S",
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH 3S",
    });
    Rules rules;
    CHECK(board.is_dead_gap(Slot{0, 1}, rules));
    CHECK_FALSE(board.fits(parse_card("3S"), Slot{0, 1}, rules));
    rules.fill_from_right = true;
    CHECK_FALSE(board.is_dead_gap(Slot{0, 1}, rules));
    CHECK(board.fits(parse_card("3S"), Slot{0, 1}, rules));
    CHECK(has(board.legal_moves(rules), "3S", "a2"));
    // Never across the end of a row: b13 has no right neighbour.
    CHECK_FALSE(board.fits(parse_card("QC"), Slot{1, 12}, rules));
}

TEST_CASE("won: every row 2..K of one suit with the last slot empty") {
    CHECK(test::won_board().won());
    CHECK_FALSE(test::four_from_won().won());
    CHECK(test::won_board().legal_moves(Rules{}).empty());
}

TEST_CASE("why_illegal explains a refusal") {
    Rules rules;
    CHECK(why_illegal(kSample, rules, parse_card("6C"), std::nullopt) ==
          "6C cannot move: it is already right of 5C (in b10)");
    CHECK(why_illegal(kSample, rules, parse_card("TH"), std::nullopt) ==
          "TH cannot move: the slot right of 9H (a6) holds TC");
    CHECK(why_illegal(kSample, rules, parse_card("6S"), parse_slot("a4", 13)) ==
          "6S cannot go to a4: it needs 5S on its left, not 4S");
    CHECK(why_illegal(kSample, rules, parse_card("9H"), parse_slot("a5", 13)) == "9H is already in a5");
    CHECK(why_illegal(kSample, rules, parse_card("6S"), parse_slot("a5", 13)) == "a5 is not a gap (it holds 9H)");
    CHECK(why_illegal(kSample, rules, parse_card("AH"), std::nullopt) == "AH is not in this game");
    CHECK(why_illegal(kSample, rules, parse_card("KS"), parse_slot("b1", 13)) ==
          "KS cannot go to b1: only a 2 can fill the first column");
}

// Regression (issue 5, found by the soak): in a game of 7 ranks the gap after 7H
// took 8H, a card the game does not have; the saved file then failed to load.
TEST_CASE("a card above the game's ranks fits nowhere") {
    Rules rules;
    rules.ranks = 7;
    Board board(7);
    const char* rows[] = {"2H 7C 4S 2C -- 3S 5H", "4D 6D 6H 7S -- 6C 5C", "4C 7H -- 2S 3D -- 5D",
                          "7D 4H 3C 6S 3H 2D 5S"};
    for (int row = 0; row < kRows; ++row) parse_row(rows[row], row, board);
    CHECK_FALSE(board.fits(parse_card("8H"), parse_slot("c3", 7), rules));
    rules.fill_from_right = true;
    CHECK_FALSE(board.fits(parse_card("8H"), parse_slot("c3", 7), rules));
    CHECK_FALSE(board.fits(parse_card("AH"), parse_slot("c3", 7), rules));
    Game game(rules, Deal{"test", 0, board});
    CHECK_THROWS_WITH(game.move(parse_card("8H"), parse_slot("c3", 7)), "8H is not in this game");
    CHECK(game.history().empty());
}
