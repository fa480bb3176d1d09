// Deals, codes, layouts and shuffles of the family's shapes: the aces removed
// (as of old) and the aces on the board (Blue Moon, Red Moon and their kin).
#include <doctest/doctest.h>

#include <set>
#include <span>
#include <string>
#include <vector>

#include "deal.hpp"
#include "family.hpp"
#include "helpers.hpp"
#include "importer.hpp"
#include "random.hpp"

using namespace addiction;

namespace {

// The shuffled deck of deal n, as deal.hpp states it.
std::vector<Card> shuffled_deck(std::uint64_t n, int ranks) {
    std::vector<Card> deck;
    for (Suit suit : kSuits)
        for (int rank = 1; rank <= ranks; ++rank) deck.emplace_back(suit, rank);
    Xoshiro256 rng(stream_seed(n, 0));
    shuffle_items(std::span<Card>(deck), rng);
    return deck;
}

std::set<int> codes_on(const Board& board) {
    std::set<int> out;
    for (int i = 0; i < board.size(); ++i)
        if (!board.at(i).is_gap()) out.insert(board.at(i).code());
    return out;
}

}  // namespace

TEST_CASE("the aces-removed games deal today's layouts") {
    const Rules addiction = preset("addiction");
    for (const Rules& rules : {test::spaces(), test::moonlight()}) {
        for (std::uint64_t n = 0; n < 30; ++n) CHECK(deal_number(n, rules).start == deal_number(n, addiction).start);
        CHECK(deal_code(deal_number(1, rules).start) == "MCLrh219Quh_0pfsbvaAlLlHXP9ulkUx3sO-fYRC");
    }
}

TEST_CASE("Blue Moon deals: the aces to the row starts, their slots the gaps") {
    for (int ranks = kMinRanks; ranks <= kMaxRanks; ++ranks) {
        const Rules rules = test::with_ranks(test::blue_moon(), ranks);
        for (std::uint64_t n = 0; n < 20; ++n) {
            CAPTURE(ranks);
            CAPTURE(n);
            const Board board = deal_number(n, rules).start;
            REQUIRE(board.width() == ranks + 1);
            CHECK(board.base_rank() == 1);
            CHECK_NOTHROW(check_layout(board, rules));
            // Dealt row by row into columns 2.., the aces then moved in the order they lay.
            const std::vector<Card> deck = shuffled_deck(n, ranks);
            std::vector<Card> aces;
            std::size_t next = 0;
            for (int row = 0; row < kRows; ++row)
                for (int col = 1; col <= ranks; ++col) {
                    const Card card = deck[next++];
                    if (card.rank() == 1) {
                        aces.push_back(card);
                        CHECK(board.at(Slot{row, col}).is_gap());
                    } else {
                        CHECK(board.at(Slot{row, col}) == card);
                    }
                }
            REQUIRE(aces.size() == 4);
            for (int row = 0; row < kRows; ++row) CHECK(board.at(Slot{row, 0}) == aces[static_cast<std::size_t>(row)]);
        }
    }
    const Rules rules = test::blue_moon();
    CHECK(deal_number(7, rules).start == deal_number(7, rules).start);
    CHECK(deal_number(7, rules).start != deal_number(8, rules).start);
}

TEST_CASE("Red Moon deals: the aces in suit order, the second column empty") {
    for (int ranks = kMinRanks; ranks <= kMaxRanks; ++ranks) {
        const Rules rules = test::with_ranks(test::red_moon(), ranks);
        for (std::uint64_t n = 0; n < 20; ++n) {
            CAPTURE(ranks);
            CAPTURE(n);
            const Board board = deal_number(n, rules).start;
            REQUIRE(board.width() == ranks + 1);
            CHECK_NOTHROW(check_layout(board, rules));
            for (int row = 0; row < kRows; ++row) {
                CHECK(board.at(Slot{row, 0}) == Card(kSuits[row], 1));
                CHECK(board.at(Slot{row, 1}).is_gap());
            }
            std::vector<Card> rest;
            for (Card card : shuffled_deck(n, ranks))
                if (card.rank() != 1) rest.push_back(card);
            std::size_t next = 0;
            for (int row = 0; row < kRows; ++row)
                for (int col = 2; col <= ranks; ++col) CHECK(board.at(Slot{row, col}) == rest[next++]);
        }
    }
    // Galary deals as Red Moon does.
    CHECK(deal_number(5, test::galary()).start == deal_number(5, test::red_moon()).start);
}

TEST_CASE("codes of both shapes round-trip, and their first character says the shape") {
    for (int ranks = kMinRanks; ranks <= kMaxRanks; ++ranks) {
        for (const Rules& base : {test::blue_moon(), test::red_moon(), test::spaces()}) {
            const Rules rules = test::with_ranks(base, ranks);
            const bool aces = rules.aces != Aces::Removed;
            for (std::uint64_t n = 0; n < 10; ++n) {
                const Board start = deal_number(n, rules).start;
                const std::string code = deal_code(start);
                CAPTURE(code);
                CHECK(code.front() == (aces ? 'N' + ranks - 4 : 'A' + ranks - 1));
                CHECK(deal_code_ranks(code) == ranks);
                CHECK(deal_code_aces_stay(code) == aces);
                CHECK(decode_deal_code(code) == start);
                CHECK(decode_deal_code(code.substr(0, code.size() - 1)) == start);
                CHECK(parse_deal(code, rules).start == start);
                CHECK(checked_deal_id(code) == code);
                CHECK(checked_deal_id(code.substr(0, code.size() - 1)) == code);
            }
        }
    }
    CHECK(deal_code(deal_number(1, test::blue_moon()).start).size() == 44);
    // Won boards of the aces shape are layouts too.
    Board won(14, 1);
    for (int row = 0; row < kRows; ++row)
        for (int col = 0; col < 13; ++col) won.set(Slot{row, col}, Card(kSuits[row], col + 1));
    CHECK(decode_deal_code(deal_code(won)) == won);
    CHECK(deal_code(won).front() == 'W');
}

TEST_CASE("an aces-on-the-board code: check character, shape and rules") {
    const Rules blue = test::blue_moon();
    const std::string code = deal_code(deal_number(3, blue).start);
    const std::string_view digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int refused = 0, substitutions = 0;
    for (std::size_t i = 1; i < code.size(); ++i)
        for (char c : digits) {
            if (c == code[i]) continue;
            std::string typo = code;
            typo[i] = c;
            ++substitutions;
            try {
                decode_deal_code(typo);
            } catch (const Error& e) {
                refused += std::string(e.what()) == "not a deal code (check character does not match)";
            }
        }
    CHECK(refused == substitutions);
    // The letters of the two shapes with as many slots (H: 8 ranks, aces out; Q: 7 ranks, aces in).
    const std::string eight = deal_code(deal_number(2, test::with_ranks(preset("addiction"), 8)).start);
    std::string other = eight;
    other[0] = 'Q';
    CHECK_THROWS_WITH(decode_deal_code(other), "not a deal code (check character does not match)");
    // A code of one shape under rules of the other.
    CHECK_THROWS_WITH(parse_deal(code, preset("addiction")), doctest::Contains("aces on the board"));
    CHECK_THROWS_WITH(parse_deal(deal_code(deal_number(3, preset("addiction")).start), blue),
                      doctest::Contains("aces taken out"));
    // Its rules when none are given.
    const Rules rules = deal_code_rules(code);
    CHECK(rules.ranks == 13);
    CHECK(rules.aces == Aces::RowStarts);
    CHECK(rules.redeal == Redeal::AfterRun);
    CHECK(rules.shuffles == 2);
    CHECK_NOTHROW(check_rules(rules));
    CHECK(deal_code_rules(deal_code(deal_number(3, test::with_ranks(blue, 6)).start)).ranks == 6);
}

TEST_CASE("check_layout of the aces shape") {
    const Rules rules = test::blue_moon();
    const Board board = deal_number(1, rules).start;
    Board twice = board;
    const Slot a1{0, 0};
    const Card first = board.at(a1);
    twice.set(a1, board.at(Slot{1, 0}));
    CHECK_THROWS_WITH(check_layout(twice, rules), doctest::Contains("appears twice"));
    Board missing = board;
    missing.set(a1, kGap);
    const std::string message = "card " + to_string(first) + " is missing";
    CHECK_THROWS_WITH(check_layout(missing, rules), message.c_str());
}

TEST_CASE("after-run shuffles with the aces on the board keep the runs from the ace") {
    const Rules rules = test::blue_moon();
    const Board board = test::board_of({
        "AC 2C 3C -- 9H TC 5D 6D 7D 8D 9D TD KC QC",
        "AD JD QD KD 8C 9C 3D 4C 5C 6C 7C 2D QH --",
        "5S 6S 7S 8S KS -- 2S 3S 4S 2H 3H 4H 5H AH",
        "6H 7H 8H TH JH -- JC 4D TS JS QS 9S KH AS",
    });
    Board aces(14, 1);
    for (int i = 0; i < board.size(); ++i) aces.set(i, board.at(i));
    REQUIRE_NOTHROW(check_layout(aces, rules));
    CHECK(aces.placed_run(0) == 3);
    CHECK(aces.placed_run(1) == 1);
    CHECK(aces.placed_run(2) == 0);
    const Board once = shuffled(aces, rules, 42, 1);
    CHECK_NOTHROW(check_layout(once, rules));
    CHECK(once.row_text(0).starts_with("AC 2C 3C --"));
    CHECK(once.row_text(1).starts_with("AD --"));
    CHECK(once.at(Slot{2, 0}).is_gap());
    CHECK(once.at(Slot{3, 0}).is_gap());
    CHECK(once == shuffled(aces, rules, 42, 1));
    CHECK(once != shuffled(aces, rules, 42, 2));
}

TEST_CASE("random-slots shuffles keep the runs and leave four gaps somewhere") {
    const Rules rules = test::spaces();
    int gap_not_after_a_run = 0;
    for (std::uint64_t n = 1; n <= 20; ++n) {
        const Board start = deal_number(n, rules).start;
        const Board once = shuffled(start, rules, n, 1);
        CHECK_NOTHROW(check_layout(once, rules));
        CHECK(once == shuffled(start, rules, n, 1));
        for (int row = 0; row < kRows; ++row) {
            const int run = start.placed_run(row);
            for (int col = 0; col < run; ++col) CHECK(once.at(Slot{row, col}) == start.at(Slot{row, col}));
            for (int col = run + 1; col < once.width(); ++col) gap_not_after_a_run += once.at(Slot{row, col}).is_gap();
        }
        // The same loose cards, in the same slots but the gaps' as a Montana redeal would shuffle them? No:
        // only the rule is shared; the layout is its own.
        CHECK(codes_on(once) == codes_on(start));
    }
    CHECK(gap_not_after_a_run > 0);
}

TEST_CASE("typed-in layouts with the aces on the board import with rules that keep them") {
    const Rules blue = test::blue_moon();
    const Board start = deal_number(4, blue).start;
    std::string text;
    for (int row = 0; row < kRows; ++row) text += start.row_text(row) + "\n";
    const Board parsed = parse_layout(text);
    CHECK(parsed.base_rank() == 1);
    CHECK(parsed == start);
    const ArchiveDeal deal = import_deal(text, "typed", blue);
    CHECK(deal.deal == deal_code(start));
    CHECK_THROWS_WITH(import_deal(text, "typed", preset("addiction")), doctest::Contains("aces on the board"));
    // And a layout without them is refused by such rules.
    std::string plain;
    const Board old = deal_number(4, preset("addiction")).start;
    for (int row = 0; row < kRows; ++row) plain += old.row_text(row) + "\n";
    CHECK_THROWS_WITH(import_deal(plain, "typed", blue), doctest::Contains("no aces"));
    // Solvitaire's form stays the aces-out one.
    CHECK_THROWS_WITH(parse_solvitaire(solvitaire_json(start)), doctest::Contains("aces taken out"));
}
