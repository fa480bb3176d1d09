#include <doctest/doctest.h>

#include "helpers.hpp"

using namespace addiction;
using addiction::test::board_of;
using addiction::test::game_of;

TEST_CASE("a game plays, wins and refuses moves after the win") {
    Game game = game_of(test::four_from_won());
    CHECK(game.status() == Status::Playing);
    for (const char* card : {"KC", "KD", "KH"}) game.move(parse_card(card));
    CHECK(game.status() == Status::Playing);
    game.move(parse_card("KS"), parse_slot("d12", 13));
    CHECK(game.status() == Status::Won);
    CHECK(game.moves_made() == 4);
    CHECK(game.legal_actions().empty());
    CHECK_THROWS_WITH(game.shuffle(), doctest::Contains("the game is won"));
    game.undo();
    CHECK(game.status() == Status::Playing);
}

TEST_CASE("in progress: unfinished with actions, as new and games --remove see it") {
    Game game = game_of(test::four_from_won());
    CHECK_FALSE(game.in_progress());  // just dealt: nothing to lose
    game.move(parse_card("KC"));
    CHECK(game.in_progress());
    for (const char* card : {"KD", "KH"}) game.move(parse_card(card));
    game.move(parse_card("KS"), parse_slot("d12", 13));
    CHECK_FALSE(game.in_progress());  // won
}

TEST_CASE("refused actions change nothing") {
    Game game(Rules{}, deal_number(1, Rules{}));
    const Board before = game.board();
    CHECK_THROWS_WITH(game.move(parse_card("6D")), "6D cannot move: the slot right of 5D (d7) holds 4C");
    CHECK_THROWS_AS(game.move(parse_card("5S"), parse_slot("a1", 13)), Error);
    CHECK_THROWS_AS(game.undo(), Error);
    CHECK_THROWS_AS(game.redo(), Error);
    CHECK(game.board() == before);
    CHECK(game.history().empty());
}

TEST_CASE("a 2 with several first-column gaps needs its slot") {
    Game game = game_of(board_of({
        "-- 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2S",
        "-- 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2C",
        "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
    }));
    CHECK_THROWS_WITH(game.move(parse_card("2S")), doctest::Contains("2S can go to a1 or b1"));
    game.move(parse_card("2S"), parse_slot("a1", 13));
    CHECK(game.board().placed_run(0) == 12);
    // Moving a 2 that leads a row to another first-column gap is legal.
    game.move(parse_card("2D"), parse_slot("b1", 13));
    CHECK(game.board().at(Slot{2, 0}).is_gap());
}

TEST_CASE("stuck, shuffle, and undo across a shuffle keeps it spent") {
    // Every gap is right of a King: no move, so the game is stuck.
    Board board = board_of({
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
        "3D 2D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
    });
    Game game = game_of(board);
    CHECK(game.status() == Status::Stuck);
    game.shuffle();
    CHECK(game.shuffles_left() == 2);
    const Board after_shuffle = game.board();
    CHECK(after_shuffle.placed_run(0) == 12);
    game.undo();
    CHECK(game.board() == board);
    CHECK(game.shuffles_left() == 2);  // not refunded
    game.redo();
    CHECK(game.board() == after_shuffle);  // the same outcome
    CHECK(game.shuffles_left() == 2);      // and nothing more spent
    game.undo();
    game.shuffle();  // a new shuffle is the game's second, with another outcome
    CHECK(game.history().back().shuffle == 2);
    CHECK(game.shuffles_left() == 1);
    CHECK(game.redo_list().empty());
}

TEST_CASE("lost when stuck with no shuffle left") {
    Board board = board_of({
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC --",
        "3D 2D 4D 5D 6D 7D 8D 9D TD JD QD KD --",
        "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH --",
        "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS --",
    });
    Game game = game_of(board, preset("gaps"));
    CHECK(game.status() == Status::Lost);
    CHECK_THROWS_WITH(game.shuffle(), "these rules have no shuffles");
}

TEST_CASE("no shuffle left after three") {
    Game game(Rules{}, deal_number(3, Rules{}));
    game.shuffle();
    game.shuffle();
    game.shuffle();
    CHECK_THROWS_WITH(game.shuffle(), "no shuffle left (3 used)");
    CHECK(game.legal_actions().back() != Action::make_shuffle());
}

TEST_CASE("at(n) rebuilds an earlier position") {
    Game game(Rules{}, deal_number(1, Rules{}));
    game.move(parse_card("5S"), parse_slot("b9", 13));
    game.shuffle();
    Game start = game.at(0);
    CHECK(start.board() == game.deal().start);
    CHECK(start.shuffles_left() == 3);
    Game one = game.at(1);
    CHECK(one.board() == game.board_at(1));
    CHECK(game.at(2).board() == game.board());
    CHECK(game.at(2).shuffles_left() == 2);
    CHECK_THROWS_AS(game.at(3), Error);
}

TEST_CASE("actions parse from both spellings") {
    CHECK(parse_action("move 6D c7", 13) == Action::make_move(parse_card("6D"), Slot{2, 6}));
    CHECK(parse_action("  move  6d   C7 ", 13) == Action::make_move(parse_card("6D"), Slot{2, 6}));
    CHECK(parse_action("shuffle", 13) == Action::make_shuffle());
    CHECK(parse_action("shuffle 2", 13) == Action::make_shuffle(2));
    CHECK(to_string(Action::make_shuffle(2)) == "shuffle");
    CHECK(to_record(Action::make_shuffle(2)) == "shuffle 2");
    for (const char* text : {"", "move", "move 6D", "move 6D c14", "shuffle 0", "shuffle x", "jump 6D c7",
                             "shuffle 1 2", "shuffle 100"}) {
        CAPTURE(text);
        CHECK_THROWS_AS(parse_action(text, 13), Error);
    }
}
