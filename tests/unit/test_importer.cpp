#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "helpers.hpp"
#include "importer.hpp"

using namespace addiction;

namespace {

std::string layout_text(const Board& board) {
    std::string text;
    for (int row = 0; row < kRows; ++row) text += board.row_text(row) + "\n";
    return text;
}

std::string import_error(std::string_view text, const Rules& rules = Rules{}) {
    try {
        import_deal(text, "in", rules);
    } catch (const Error& e) {
        return e.what();
    }
    return "accepted";
}

}  // namespace

TEST_CASE("the format is told from the text") {
    CHECK(detect_format("  {\"sequences\": []}") == ImportFormat::Solvitaire);
    CHECK(detect_format("# x\ndeal = '5'\n") == ImportFormat::Archive);
    CHECK(detect_format("2S 3S -- 4S\n") == ImportFormat::Layout);
}

TEST_CASE("a plain layout reads back, gaps as -- .. or xx, and as show prints it") {
    Board board = test::sample_board();
    CHECK(parse_layout(layout_text(board)) == board);
    std::string dotted = "# dealt on the kitchen table\n\n" + layout_text(board);
    for (auto at = dotted.find("--"); at != std::string::npos; at = dotted.find("--")) dotted.replace(at, 2, "..");
    CHECK(parse_layout(dotted) == board);
    // As `show` prints it: column numbers, row letters, placed cards in brackets.
    std::string shown = "   1   2   3   4\n"
                        "a [2C] 3C  4C  ..\n"
                        "b  3D  2D  4D  ..\n"
                        "c  2H  3H  4H  XX\n"
                        "d  4S  3S  2S  ..\n";
    Board small = parse_layout(shown);
    CHECK(small.width() == 4);
    CHECK(small.row_text(0) == "2C 3C 4C --");
    CHECK(small.row_text(2) == "2H 3H 4H --");  // XX, a dead gap in --ascii, as xx
    // As `show --color always --wants` prints it: escapes, and the card a gap wants.
    std::string coloured = "   1   2   3   4\n"
                           "a \x1b[7m2C\x1b[0m  3C  4C \x1b[90m .. \x1b[0m\n"
                           "b  3D  2D  4D  ..\n"
                           "c  2H  3H  4H (5H)\n"
                           "d  4S  3S  2S  ..\n";
    CHECK(parse_layout(coloured) == small);
    // Cells touch where a placed card meets a bracketed want: [4C](5C).
    std::string touching = "a [2C][3C][4C](5C)\n"
                           "b  3D  2D  4D  ..\n"
                           "c  2H  3H  4H  xx\n"
                           "d  4S  3S  2S (5S)\n";
    CHECK(parse_layout(touching) == small);
}

TEST_CASE("bad layouts name the problem") {
    Board board = test::sample_board();
    std::string text = layout_text(board);
    std::string twice = text;
    twice.replace(twice.find("TC"), 2, "9H");
    CHECK(import_error(twice) == "card 9H appears twice");
    std::string short_row = text;
    short_row.replace(short_row.find(" KH"), 3, "");
    CHECK(import_error(short_row) == "rows a to d have 13, 13, 13, 12 slots: a layout's rows are all as long");
    // Row a short was judged the width, and row b named: "row b has more than 12 slots".
    std::string short_first = text;
    short_first.replace(short_first.find(' '), 3, "");
    CHECK(import_error(short_first) == "rows a to d have 12, 13, 13, 13 slots: a layout's rows are all as long");
    CHECK(import_error("2C\n2D\n2H\n2S\n") == "its rows have 1 slot: a layout has 4 to 14 slots a row");
    CHECK(import_error("2S 3S\n") == "a layout has 4 rows, this one has 1");
    CHECK(import_error("") == "the layout is empty: write 4 rows of card codes, gaps as -- or ..");
    CHECK(import_error("2Z 3S -- 4S\n2Z 3S -- 4S\n2Z 3S -- 4S\n2Z 3S -- 4S\n").find("2Z") != std::string::npos);
    CHECK(import_error(layout_text(Board(7))).find("the layout has 7 slots a row but the addiction rules have 13 ranks") == 0);
}

TEST_CASE("a layout imports as its deal code under the given rules") {
    Board board = test::sample_board();
    ArchiveDeal deal = import_deal(layout_text(board), "in", Rules{});
    CHECK(deal.deal == deal_code(board));
    CHECK(start_game(deal).board() == board);
}

TEST_CASE("Solvitaire's deal JSON goes both ways, tens as 10 and gaps as empty strings") {
    Board board = deal_number(3, Rules{}).start;
    std::string json = solvitaire_json(board);
    const auto parsed = nlohmann::ordered_json::parse(json);
    CHECK(parsed.size() == 1);
    REQUIRE(parsed["sequences"].size() == 4);
    for (int row = 0; row < kRows; ++row) {
        const auto& cells = parsed["sequences"][static_cast<std::size_t>(row)];
        REQUIRE(cells.size() == 13);
        for (int col = 0; col < 13; ++col) {
            Card card = board.at(Slot{row, col});
            std::string want = card.is_gap() ? "" : to_string(card);
            if (want.starts_with('T')) want = "10" + want.substr(1);
            CHECK(cells[static_cast<std::size_t>(col)] == want);
        }
    }
    CHECK(json.ends_with("]]}\n"));
    CHECK(parse_solvitaire(json) == board);
    CHECK(import_deal(json, "in", Rules{}).deal == deal_code(board));
    // Solvitaire's own test deal for Gaps is a three-suit game; ours has four rows.
    CHECK_THROWS_WITH_AS(parse_solvitaire(R"({"sequences": [["4C","2S","2C",""],["2D","3S","4D",""],["4S","3C","3D",""]]})"),
                         "a layout has 4 rows, this one has 3", Error);
    CHECK_THROWS_WITH_AS(parse_solvitaire(R"({"rows": []})"), doctest::Contains("no \"sequences\""), Error);
    CHECK_THROWS_WITH_AS(parse_solvitaire(R"({"sequences": [[1]]})"), "a card must be a string (\"\" for a gap)", Error);
    CHECK_THROWS_WITH_AS(parse_solvitaire(R"({"sequences": {"a": []}})"), doctest::Contains("array of rows"), Error);
    CHECK_THROWS_WITH_AS(parse_solvitaire(R"({"sequences": ["2C"]})"), doctest::Contains("array of cards"), Error);
    CHECK_THROWS_WITH_AS(parse_solvitaire(R"([["2C"]])"), doctest::Contains("a JSON object"), Error);
    CHECK_THROWS_WITH_AS(parse_solvitaire("{\"sequences\": [[\"2C\""), doctest::Contains("JSON at line 1, column 21: syntax error"),
                         Error);
    // Other keys are skipped.
    std::string extra = json;
    extra.insert(1, "\"comment\": {\"a\": [1, 2.5, true, null, \"\\u00e9\"]},");
    CHECK(parse_solvitaire(extra) == board);
    // Solvitaire reads ranks as numbers too: 11 to 13 are J, Q, K.
    std::string numbers = json;
    for (auto [letter, number] : {std::pair{"\"J", "\"11"}, std::pair{"\"Q", "\"12"}, std::pair{"\"K", "\"13"}})
        for (std::size_t at = numbers.find(letter); at != std::string::npos; at = numbers.find(letter, at))
            numbers.replace(at, 2, number);
    CHECK(numbers.find("\"13") != std::string::npos);
    CHECK(parse_solvitaire(numbers) == board);
    std::string fourteen = numbers;
    fourteen.replace(numbers.find("\"13"), 3, "\"14");
    CHECK_THROWS_WITH_AS(parse_solvitaire(fourteen), doctest::Contains("is not a card"), Error);
}

TEST_CASE("Solvitaire deals: \\u escapes decode, tens may be 10 or T") {
    Board board = deal_number(3, Rules{}).start;
    std::string json = solvitaire_json(board);
    // KD is in every full deal, once: spell its K as \u004B.
    std::string escaped = json;
    escaped.replace(escaped.find("\"KD\""), 4, "\"\\u004BD\"");
    REQUIRE(escaped != json);
    CHECK(parse_solvitaire(escaped) == board);
    // An escape for a character that is no card is named as it decodes, not as '?'.
    std::string accented = json;
    accented.replace(accented.find("\"KD\""), 4, "\"K\\u00e9\"");
    CHECK_THROWS_WITH_AS(parse_solvitaire(accented), doctest::Contains("Ké"), Error);
    // Solvitaire writes 10H; our own text TH. Both in one deal read the same.
    std::string mixed = json;
    for (const char* ten : {"\"10H\"", "\"10S\""}) mixed.replace(mixed.find(ten), 5, std::string("\"T") + (ten + 3));
    REQUIRE(mixed.find("\"TH\"") != std::string::npos);
    REQUIRE(mixed.find("\"10C\"") != std::string::npos);
    CHECK(parse_solvitaire(mixed) == board);
}

TEST_CASE("a shown game's JSON and a picture are named for what they are, not read as deals") {
    CHECK(import_error(R"({"rules": {}, "rows": [], "history": []})") ==
          "this JSON is a shown game's (\"rows\", \"history\"), not a deal: import the board as text or as a "
          "Solvitaire deal (\"sequences\")");
    CHECK(import_error("<?xml version=\"1.0\"?>\n<svg></svg>\n").starts_with("this is a picture (SVG or other XML)"));
    CHECK(import_error("  <svg/>").starts_with("this is a picture"));
}

TEST_CASE("bad Solvitaire JSON is refused with one line, whatever the bytes") {
    const std::string deal = solvitaire_json(deal_number(3, Rules{}).start);
    auto refusal = [](const std::string& text) {
        try {
            parse_solvitaire(text);
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    auto one_line = [](const std::string& message) {
        return !message.empty() && message != "accepted" && message.find('\n') == std::string::npos &&
               !message.starts_with("[json.exception");
    };
    // A bare word, which the old hand-written parser skipped.
    std::string bare = deal;
    bare.insert(1, "\"comment\": hello, ");
    CHECK(refusal(bare).starts_with("JSON at line 1, column 13: syntax error"));
    CHECK(one_line(refusal(bare)));
    // Nested garbage: a broken value deep inside a key that is otherwise skipped.
    std::string nested = deal;
    nested.insert(1, "\"x\": [{\"a\": [1, {\"b\": [2,, 3]}]}],\n");
    CHECK(refusal(nested).starts_with("JSON at line 1, column "));
    CHECK(one_line(refusal(nested)));
    CHECK(one_line(refusal("{\"x\": " + std::string(100000, '['))));
    CHECK(refusal("{\"x\": " + std::string(100000, '[')).find("nested too deeply") != std::string::npos);
    CHECK(one_line(refusal(R"({"x": 1e99999, "sequences": []})")));
    CHECK(one_line(refusal(R"({"x": 123456789012345678901234567890, "sequences": []})")));  // a float: fine
    CHECK(refusal(R"({"x": 123456789012345678901234567890, "sequences": []})") == "a layout has 4 rows, this one has 0");
    CHECK(one_line(refusal("{\"sequences\": [[\"\xff\"]]}")));
    CHECK(refusal("{\"sequences\": [[\"\xff\"]]}").ends_with("ill-formed UTF-8 byte; last read: '\"?'"));
    CHECK(one_line(refusal("{\"sequences\": [[\"2C\\n3C\"]]}")));
    CHECK(refusal("{\"sequences\": [[\"2C\\n3C\"]]}") == R"("2C\n3C" is not a card)");
    CHECK(refusal(R"({"sequences": [["2C 3C"]]})") == R"("2C 3C" is not a card)");
    CHECK(one_line(refusal(std::string("{\"sequences\"\0: []}", 18))));
    CHECK(one_line(refusal("")));
    CHECK(one_line(refusal("\xef\xbb\xbf")));
}

TEST_CASE("an archive file imports with its own rules and its line checked") {
    std::string text = "deal = '11'\n[rules]\npreset = 'mini'\n";
    ArchiveDeal deal = import_deal(text, "in", Rules{});
    CHECK(deal.rules == preset("mini"));
    CHECK(import_error("deal = '11'\nline = ['move KS a1']\n").starts_with("line entry 1 (move KS a1)"));
}

TEST_CASE("a saved game file imports as its deal and rules") {
    Game game(preset("montana"), deal_number(8, preset("montana")));
    game.play(game.legal_actions().front());
    ArchiveDeal deal = import_deal(save_game(game), "game.toml", Rules{});
    CHECK(deal.rules == preset("montana"));
    CHECK(deal.deal == "8");
    CHECK(deal.line.empty());
}
