#include <doctest/doctest.h>

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
                        "c  2H  3H  4H  xx\n"
                        "d  4S  3S  2S  ..\n";
    Board small = parse_layout(shown);
    CHECK(small.width() == 4);
    CHECK(small.row_text(0) == "2C 3C 4C --");
    CHECK(small.row_text(2) == "2H 3H 4H --");
}

TEST_CASE("bad layouts name the problem") {
    Board board = test::sample_board();
    std::string text = layout_text(board);
    std::string twice = text;
    twice.replace(twice.find("TC"), 2, "9H");
    CHECK(import_error(twice) == "card 9H appears twice");
    std::string short_row = text;
    short_row.replace(short_row.find(" KH"), 3, "");
    CHECK(import_error(short_row) == "row d has 12 slots instead of 13");
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
    CHECK(json.find("\"sequences\": [") != std::string::npos);
    CHECK(json.find("\"10") != std::string::npos);
    CHECK(json.find("\"T") == std::string::npos);
    CHECK(json.find("\"\"") != std::string::npos);
    CHECK(parse_solvitaire(json) == board);
    CHECK(import_deal(json, "in", Rules{}).deal == deal_code(board));
    // Solvitaire's own test deal for Gaps is a three-suit game; ours has four rows.
    CHECK_THROWS_WITH_AS(parse_solvitaire(R"({"sequences": [["4C","2S","2C",""],["2D","3S","4D",""],["4S","3C","3D",""]]})"),
                         "a layout has 4 rows, this one has 3", Error);
    CHECK_THROWS_WITH_AS(parse_solvitaire(R"({"rows": []})"), doctest::Contains("no \"sequences\""), Error);
    CHECK_THROWS_WITH_AS(parse_solvitaire(R"({"sequences": [[1]]})"), doctest::Contains("JSON at byte"), Error);
    CHECK_THROWS_WITH_AS(parse_solvitaire("{\"sequences\": [[\"2C\""), doctest::Contains("JSON at byte"), Error);
    CHECK_THROWS_WITH_AS(parse_solvitaire("{\"x\": " + std::string(100000, '[')), doctest::Contains("nested too deeply"),
                         Error);
    // Other keys are skipped.
    std::string extra = json;
    extra.insert(1, "\"comment\": {\"a\": [1, 2.5, true, null]},");
    CHECK(parse_solvitaire(extra) == board);
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
