#include <doctest/doctest.h>

#include "card.hpp"

using namespace addiction;

TEST_CASE("cards print canonically and parse forgivingly") {
    CHECK(to_string(Card(Suit::Hearts, 10)) == "TH");
    CHECK(to_string(Card(Suit::Clubs, 2)) == "2C");
    CHECK(to_string(Card(Suit::Spades, 13)) == "KS");
    CHECK(to_string(Card(Suit::Diamonds, 1)) == "AD");
    CHECK(to_string(kGap) == "--");

    CHECK(parse_card("6D") == Card(Suit::Diamonds, 6));
    CHECK(parse_card("6d") == Card(Suit::Diamonds, 6));
    CHECK(parse_card("th") == Card(Suit::Hearts, 10));
    CHECK(parse_card("10S") == Card(Suit::Spades, 10));
    CHECK(parse_card("10s") == Card(Suit::Spades, 10));
    CHECK(parse_card("q\u2665") == Card(Suit::Hearts, 12));
    CHECK(parse_card("K\u2660") == Card(Suit::Spades, 13));
    CHECK(parse_card("2\u2663") == Card(Suit::Clubs, 2));
    CHECK(parse_card("J\u2662") == Card(Suit::Diamonds, 11));
    CHECK(parse_card("a\u2667") == Card(Suit::Clubs, 1));
    // With a variation selector, as phones write the suits (emoji or text form).
    CHECK(parse_card("6\u2666\ufe0f") == Card(Suit::Diamonds, 6));
    CHECK(parse_card("Q\u2660\ufe0e") == Card(Suit::Spades, 12));
}

TEST_CASE("bad card text is refused with the text in the message") {
    for (const char* text : {"", "1H", "11H", "XH", "6", "6X", "6DD", "D6", "10", "0S", "\u2665", "6\u2666x", "6\ufe0f", "6D\ufe0f"}) {
        CAPTURE(text);
        CHECK_THROWS_AS(parse_card(text), Error);
    }
    CHECK_THROWS_WITH(parse_card("ZZ"), doctest::Contains("'ZZ' is not a card"));
}

TEST_CASE("card index orders the deck clubs, diamonds, hearts, spades, ace first") {
    CHECK(Card(Suit::Clubs, 1).index() == 0);
    CHECK(Card(Suit::Clubs, 13).index() == 12);
    CHECK(Card(Suit::Diamonds, 1).index() == 13);
    CHECK(Card(Suit::Spades, 13).index() == 51);
    CHECK(kGap.is_gap());
    CHECK_FALSE(Card(Suit::Clubs, 1).is_gap());
}

TEST_CASE("slots") {
    CHECK(to_string(Slot{1, 0}) == "b1");
    CHECK(to_string(Slot{3, 12}) == "d13");
    CHECK(parse_slot("b1", 13) == Slot{1, 0});
    CHECK(parse_slot("D13", 13) == Slot{3, 12});
    CHECK(parse_slot("c7", 7) == Slot{2, 6});
    for (const char* text : {"", "b", "b0", "e1", "a14", "a1x", "1a", "a-1", "a0013"}) {
        CAPTURE(text);
        CHECK_THROWS_AS(parse_slot(text, 13), Error);
    }
    CHECK_THROWS_AS(parse_slot("a8", 7), Error);
}
