// Small builders for engine tests.
#pragma once

#include <initializer_list>
#include <string>

#include "gamefile.hpp"

namespace addiction::test {

// A board from four rows of card codes ("2S 3S -- ...").
inline Board board_of(std::initializer_list<const char*> rows) {
    Board board(static_cast<int>(std::string(*rows.begin()).size() + 1) / 3);
    int row = 0;
    for (const char* text : rows) parse_row(text, row++, board);
    return board;
}

// A full layout with gaps at a4 (after a placed run), b1, c6 (dead, right of KS) and d6.
inline Board sample_board() {
    return board_of({
        "2S 3S 4S -- 9H TC 5D 6D 7D 8D 9D TD KC",
        "-- JD QD KD 8C 9C 3C 4C 5C 6C 7C 2C QH",
        "5S 6S 7S 8S KS -- 2D 3D 4D 2H 3H 4H 5H",
        "6H 7H 8H TH JH -- JC QC TS JS QS 9S KH",
    });
}

// Every row in order 2..K, the last slot empty: a won board of the full deck.
inline Board won_board() {
    return board_of({"2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
                     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --"});
}

// Four moves from won: each King sits one slot too far right.
inline Board four_from_won() {
    return board_of({"2C 3C 4C 5C 6C 7C 8C 9C TC JC QC -- KC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD -- KD",
                     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH -- KH", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS -- KS"});
}

// A game started from `board` through its deal code, as `addiction new CODE` does.
inline Game game_of(const Board& board, Rules rules = Rules{}) {
    rules.ranks = board.width();
    return Game(rules, parse_deal(deal_code(board), rules));
}

}  // namespace addiction::test
