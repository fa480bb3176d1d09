#include <doctest/doctest.h>

#include <set>

#include "helpers.hpp"
#include "random.hpp"

using namespace addiction;
using addiction::test::board_of;

TEST_CASE("SplitMix64 and xoshiro256** match the reference generators") {
    std::uint64_t state = 0;
    CHECK(splitmix64(state) == 0xE220A8397B1DCDAFULL);  // the published SplitMix64 vector
    CHECK(splitmix64(state) == 0x6E789E6AA1B965F4ULL);
    Xoshiro256 rng(0);
    CHECK(rng.next() == 0x99EC5F36CB75F2B4ULL);
    CHECK(rng.next() == 0xBF6E1F784956452AULL);
    Xoshiro256 bounded(1);
    CHECK(bounded.below(52) == 36);
    CHECK(bounded.below(52) == 27);
    CHECK(bounded.below(1000000) == 574105);
    CHECK(fnv1a64("a") == 0xAF63DC4C8601EC8CULL);  // the published FNV-1a vector
}

TEST_CASE("below() stays in range, including range 1") {
    Xoshiro256 rng(7);
    for (std::uint32_t range : {1u, 2u, 3u, 52u, 0x80000001u}) {
        for (int i = 0; i < 200; ++i) CHECK(rng.below(range) < range);
    }
}

// Pinned layouts: these must never change, on any platform or release.
TEST_CASE("deal numbers give pinned layouts") {
    Rules rules;
    CHECK(deal_number(0, rules).start == board_of({
                                             "JH 8C 7S -- 4S QC KC 6S 7H -- 4H -- JS",
                                             "3H 2S 2D 9S 5D 9D 5H 9H 4C TS JD TD 4D",
                                             "9C 2H 8H KS 3D TC 2C 5S 7C QS JC 6D KD",
                                             "3S 3C 5C -- QH QD 7D 8S TH 8D 6C KH 6H",
                                         }));
    CHECK(deal_number(1, rules).start == board_of({
                                             "TC KD 9H TS 8D 6H 5H KS -- 4D QD 9S 8S",
                                             "5S KC 7S 5C 2H 8C 9C 4S -- 2S 4H 9D JS",
                                             "6C QC JC 6D 3D 2D TH 2C 6S 3C 7H TD QS",
                                             "QH 3S -- JD KH 5D 4C 7C 8H 7D 3H -- JH",
                                         }));
    CHECK(deal_number(1000000, rules).start.row_text(0) == "6C -- JD 8C 5C 7H TS 6H 7S 6D QD 5D 7C");
    CHECK(deal_number(18446744073709551615ULL, rules).start.row_text(3) ==
          "7D 2C JC -- 9S 8S 5D 9H 2H JH KD -- 4H");
    CHECK(deal_number(1, preset("mini")).start == board_of({
                                                      "2H 3C 7D 5C -- 7C --",
                                                      "2S 4S 6D 6C -- 5D 7H",
                                                      "5H 5S 7S 3S 4D 4H 2D",
                                                      "2C 4C 3H 3D 6S -- 6H",
                                                  }));
    CHECK(deal_code(deal_number(1, rules).start) == "MCLrh219Quh_0pfsbvaAlLlHXP9ulkUx3sO-fYRC");
    CHECK(deal_code(deal_number(1, preset("mini")).start) == "GCEvif8N1Q-EwJcSr9h");
}

TEST_CASE("every deal holds each card once and four gaps") {
    for (int ranks = kMinRanks; ranks <= kMaxRanks; ++ranks) {
        Rules rules;
        rules.ranks = ranks;
        for (std::uint64_t n = 0; n < 20; ++n) CHECK_NOTHROW(check_layout(deal_number(n, rules).start, rules));
    }
}

TEST_CASE("deal codes round-trip and fit in 40 characters") {
    for (int ranks = kMinRanks; ranks <= kMaxRanks; ++ranks) {
        Rules rules;
        rules.ranks = ranks;
        for (std::uint64_t n = 0; n < 50; ++n) {
            Board start = deal_number(n, rules).start;
            std::string code = deal_code(start);
            CHECK(code.size() <= 40);
            CHECK(deal_code_ranks(code) == ranks);
            CHECK(decode_deal_code(code) == start);
            CHECK(parse_deal(code, rules).start == start);
            CHECK(checked_deal_id(code) == code);
        }
    }
    CHECK(deal_code(deal_number(5, Rules{}).start).size() == 40);
    // Won and nearly won layouts are deals too.
    CHECK(decode_deal_code(deal_code(test::won_board())) == test::won_board());
}

TEST_CASE("bad deal text is refused") {
    Rules rules;
    CHECK_THROWS_WITH(parse_deal("18446744073709551616", rules), doctest::Contains("too large"));
    CHECK_THROWS_WITH(parse_deal("hello", rules), doctest::Contains("neither a deal number nor a deal code"));
    CHECK_THROWS_WITH(parse_deal("GCEvif8N1Q-EwJcSr9", rules), doctest::Contains("is for 7 ranks"));
    CHECK_THROWS_WITH(parse_deal("GCEvif8N1Q-EwJcSr9h", rules), doctest::Contains("is for 7 ranks"));
    // Right shape, but the value is beyond 52!: all digits '_' (63).
    CHECK_THROWS_WITH(decode_deal_code("M" + std::string(38, '_')), doctest::Contains("out of range"));
    CHECK_THROWS_WITH(decode_deal_code(checked_deal_id("M" + std::string(38, '_'))), doctest::Contains("out of range"));
    // One character too many or too few is not a code at all.
    CHECK(deal_code_ranks("MCLrh219Quh_0pfsbvaAlLlHXP9ulkUx3sO-fYRCA") == 0);
    CHECK(deal_code_ranks("MCLrh219Quh_0pfsbvaAlLlHXP9ulkUx3sO-fY") == 0);
    // A character outside the alphabet.
    std::string code = deal_code(deal_number(1, rules).start);
    code[5] = '*';
    CHECK(deal_code_ranks(code) == 0);
    CHECK_THROWS_AS(parse_deal(code, rules), Error);
    CHECK(parse_deal("0042", rules).start == deal_number(42, rules).start);
}

// The error for `text`, or "" when it is taken as a deal code.
std::string refusal(const std::string& text) {
    try {
        decode_deal_code(text);
        return "";
    } catch (const Error& e) {
        return e.what();
    }
}

TEST_CASE("the check character refuses every mistyped character and every swap of neighbours") {
    const std::string wrong = "not a deal code (check character does not match)";
    const std::string_view digits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (int ranks = kMinRanks; ranks <= kMaxRanks; ++ranks) {
        Rules rules;
        rules.ranks = ranks;
        // A won layout (a code of small value, mostly 'A') and some deals.
        Board won(ranks);
        for (int row = 0; row < kRows; ++row)
            for (int col = 0; col + 1 < ranks; ++col) won.set(Slot{row, col}, Card(kSuits[row], col + 2));
        std::vector<Board> starts{won};
        for (std::uint64_t n = 0; n < 4; ++n) starts.push_back(deal_number(n, rules).start);
        for (const Board& start : starts) {
            const std::string code = deal_code(start);
            CAPTURE(code);
            // Counted rather than checked one by one, so that a failure reads as one line.
            int typos = 0, swaps = 0, exact = 0, not_codes = 0;
            std::string first_miss;
            auto expect_refused = [&](const std::string& typo, bool letter_changed) {
                std::string message = refusal(typo);
                // A new shape letter leaves the length wrong for its shape: not a code at all;
                // or, for the letter of the other shape with as many slots (H and Q, 32
                // slots), the check character refuses it.
                bool ok = letter_changed ? !message.empty() && (deal_code_ranks(typo) == 0 || message == wrong)
                                         : message == wrong;
                if (ok && !letter_changed) {
                    try {
                        parse_deal(typo, rules);
                        ok = false;
                    } catch (const Error& e) {
                        ok = e.what() == wrong;
                    }
                }
                (letter_changed ? not_codes : exact) += ok;
                if (!ok && first_miss.empty()) first_miss = typo + ": " + message;
            };
            for (std::size_t i = 0; i < code.size(); ++i)
                for (char c : digits) {
                    if (c == code[i]) continue;
                    std::string typo = code;
                    typo[i] = c;
                    ++typos;
                    expect_refused(typo, i == 0);
                }
            for (std::size_t i = 0; i + 1 < code.size(); ++i) {
                if (code[i] == code[i + 1]) continue;
                std::string swapped = code;
                std::swap(swapped[i], swapped[i + 1]);
                ++swaps;
                expect_refused(swapped, i == 0);
            }
            CHECK(first_miss == "");
            CHECK(typos == 63 * static_cast<int>(code.size()));
            CHECK(swaps >= static_cast<int>(code.size()) / 2);
            CHECK(exact + not_codes == typos + swaps);
            CHECK(not_codes == 63 + 1);  // the rank letter's typos and its swap with the first digit
        }
    }
}

TEST_CASE("codes without their check character still name the same deal and the same game") {
    Rules mini = preset("mini");
    const std::string old_code = "GCEvif8N1Q-EwJcSr9";  // deal 1 under mini rules, as shown before
    const std::string checked = deal_code(deal_number(1, mini).start);
    CHECK(checked == old_code + "h");
    CHECK(deal_code_ranks(old_code) == 7);
    CHECK(checked_deal_id(old_code) == checked);
    CHECK(checked_deal_id("42") == "42");
    CHECK(checked_deal_id("mini-easy") == "mini-easy");
    CHECK(decode_deal_code(old_code) == deal_number(1, mini).start);
    Deal old_deal = parse_deal(old_code, mini);
    Deal new_deal = parse_deal(checked, mini);
    CHECK(old_deal.id == old_code);  // a game file keeps the id it has
    CHECK(new_deal.id == checked);
    CHECK(old_deal.seed == fnv1a64(old_code));  // as before the check character
    CHECK(new_deal.seed == old_deal.seed);
    CHECK(shuffled(new_deal.start, mini, new_deal.seed, 1) == shuffled(old_deal.start, mini, old_deal.seed, 1));
    // A full-deck code as README showed it.
    CHECK(decode_deal_code("MCLrh219Quh_0pfsbvaAlLlHXP9ulkUx3sO-fYR") == deal_number(1, Rules{}).start);
}

TEST_CASE("a code knows its rules when none are given") {
    CHECK(deal_code_rules("GCEvif8N1Q-EwJcSr9h") == preset("mini"));
    CHECK(deal_code_rules("GCEvif8N1Q-EwJcSr9") == preset("mini"));
    CHECK(deal_code_rules(deal_code(deal_number(3, Rules{}).start)) == preset("addiction"));
    Rules nine;
    nine.ranks = 9;
    Rules rules = deal_code_rules(deal_code(deal_number(3, nine).start));
    CHECK(rules.preset == "custom");
    CHECK(rules.ranks == 9);
    CHECK(rules.shuffles == preset("addiction").shuffles);
    CHECK(rules.redeal == preset("addiction").redeal);
    CHECK_THROWS_AS(deal_code_rules("hello"), Error);
}

TEST_CASE("check_layout names the problem") {
    Rules rules;
    Board board = deal_number(1, rules).start;
    Board twice = board;
    twice.set(Slot{0, 0}, parse_card("KD"));  // KD now twice, TC missing
    CHECK_THROWS_WITH(check_layout(twice, rules), "card KD appears twice");
    Board missing = board;
    missing.set(Slot{0, 0}, kGap);
    CHECK_THROWS_WITH(check_layout(missing, rules), "card TC is missing");
    Board ace = board;
    ace.set(Slot{0, 8}, parse_card("AH"));
    CHECK_THROWS_WITH(check_layout(ace, rules), doctest::Contains("aces are taken out"));
}

TEST_CASE("a shuffle keeps placed cards and redeals the rest reproducibly") {
    Rules rules;
    Board board = test::sample_board();
    Board once = shuffled(board, rules, 99, 1);
    CHECK(once == shuffled(board, rules, 99, 1));
    CHECK(once != shuffled(board, rules, 99, 2));
    CHECK(once != shuffled(board, rules, 98, 1));
    CHECK_NOTHROW(check_layout(once, rules));
    CHECK(once.row_text(0).starts_with("2S 3S 4S"));
    // The outcome depends on which cards are placed, not where the loose ones were.
    Board moved = board;
    moved.play(Move{parse_card("QH"), Slot{3, 5}});
    CHECK(shuffled(moved, rules, 99, 1) == once);
    CHECK(shuffled(deal_number(1, rules).start, rules, 1, 1).row_text(2) ==
          "8S TS 3C 3D QS KD 8C KS JD -- -- 7D 2C");
}

TEST_CASE("an after-run redeal leaves one gap right after each placed run") {
    Rules rules = preset("montana");
    Board board = test::sample_board();
    Board once = shuffled(board, rules, 5, 1);
    CHECK_NOTHROW(check_layout(once, rules));
    CHECK(once.at(Slot{0, 3}).is_gap());
    CHECK(once.at(Slot{1, 0}).is_gap());
    CHECK(once.at(Slot{2, 0}).is_gap());
    CHECK(once.at(Slot{3, 0}).is_gap());
    CHECK(once.row_text(0).starts_with("2S 3S 4S --"));
}

namespace {

bool decodes(std::string_view code) {
    try {
        decode_deal_code(code);
        return true;
    } catch (const Error&) {
        return false;
    }
}

}  // namespace

// A code with one character left out has the length of a code without its check
// character, so it may read as one: another deal, accepted with the note. This
// measures how often (addiction(5) gives the figures), and shows why refusing a
// code without check character that one inserted character would turn into
// another checked code is no remedy: that holds for the genuine old codes too.
TEST_CASE("a code with one character left out reads as a code without check character this often") {
    constexpr std::uint64_t kDeals = 400;
    for (const char* name : {"addiction", "mini"}) {
        CAPTURE(name);
        const Rules rules = preset(name);
        std::size_t dropped = 0, read_as_old = 0, old_codes = 0, old_near_other = 0;
        for (std::uint64_t n = 1; n <= kDeals; ++n) {
            const std::string code = deal_code(deal_number(n, rules).start);
            const std::string old = code.substr(0, code.size() - 1);
            // Leaving out the check character gives the same deal's old form: not a typo
            // that matters. Every other character left out:
            for (std::size_t i = 0; i + 1 < code.size(); ++i) {
                std::string typo = code;
                typo.erase(i, 1);
                ++dropped;
                // The same deal when only a run of equal characters up to the check
                // character moved up: harmless. Another deal is the risk.
                if (decodes(typo) && decode_deal_code(typo) != decode_deal_code(code)) ++read_as_old;
            }
            // A genuine old code: does a character put in anywhere but at the end make
            // a valid checked code (of another deal)?
            ++old_codes;
            bool near = false;
            for (std::size_t i = 0; i < old.size() && !near; ++i)
                for (char c : std::string_view("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")) {
                    std::string longer = old;
                    longer.insert(i, 1, c);
                    if (longer.substr(0, old.size()) == old) continue;  // old's own checked form
                    if (decodes(longer)) {
                        near = true;
                        break;
                    }
                }
            old_near_other += near;
        }
        const double drop_rate = static_cast<double>(read_as_old) / static_cast<double>(dropped);
        const double near_rate = static_cast<double>(old_near_other) / static_cast<double>(old_codes);
        MESSAGE(std::string(name), ": ", read_as_old, " of ", dropped,
                " codes with a character left out read as codes without check character; ", old_near_other, " of ",
                old_codes, " genuine old codes are one inserted character away from another deal's checked code");
        // Measured: 6626 of 15600 (42.5%) full-deck, 2600 of 7200 (36.1%) mini. Far more
        // than the share of valid texts among random ones: the code's leading digits,
        // which place the first cards, survive a deletion late in the code.
        CHECK(drop_rate > 0.25);
        CHECK(drop_rate < 0.6);
        // Every genuine old code is: in each place exactly one character satisfies the
        // check, and that text is a valid layout about as often as above. So refusing
        // such codes would refuse the old codes themselves; only the note can warn.
        CHECK(near_rate > 0.9);
    }
}
