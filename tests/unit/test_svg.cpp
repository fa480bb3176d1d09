#include <doctest/doctest.h>

#include "deal.hpp"
#include "helpers.hpp"
#include "svg.hpp"

using namespace addiction;

namespace {

int count(const std::string& text, std::string_view what) {
    int n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("an SVG of a full deal has 52 slot shapes: 48 cards and 4 gaps") {
    Board board = test::sample_board();
    std::string svg = svg_picture(board, Rules{}, "deal 1", "playing");
    CHECK(svg.starts_with("<?xml"));
    CHECK(svg.find("<svg xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
    CHECK(svg.ends_with("</svg>\n"));
    CHECK(count(svg, "<rect class=\"card") == 48);
    CHECK(count(svg, "<rect class=\"gap") == 4);
    CHECK(count(svg, "<g id=") == 52);
    // sample_board: a4 follows the placed run 2S 3S 4S; c6 is dead, right of KS.
    CHECK(count(svg, "class=\"card placed\"") == board.placed_count());
    CHECK(count(svg, "class=\"gap dead\"") == 1);
    CHECK(svg.find("<g id=\"c6\"") != std::string::npos);
    CHECK(svg.find("class=\"red corner\" x=\"6\" y=\"18\">10\xE2\x99\xA5") != std::string::npos);  // 10 of hearts
}

TEST_CASE("titles are escaped") {
    std::string svg = svg_picture(Board(4), preset("mini"), "a <b> & \"c\"", "");
    CHECK(svg.find("a &lt;b&gt; &amp; &quot;c&quot;") != std::string::npos);
    CHECK(count(svg, "<rect class=\"gap") == 16);
}

// A narrow board under a long title: the text ran past the picture's edge ("deal
// 184467…" on 4 ranks). The picture grows to the text, the board centred in it.
TEST_CASE("a picture is as wide as its title needs, the board centred") {
    auto width = [](const std::string& svg) {
        const auto at = svg.find("width=\"") + 7;
        return std::stoi(svg.substr(at, svg.find('"', at) - at));
    };
    const Board narrow(4);  // 4 ranks: 4 slots a row
    const std::string short_title = svg_picture(narrow, preset("mini"), "deal 1", "");
    CHECK(width(short_title) == 2 * 32 + 4 * 64 - 8);  // the board's own width
    const std::string title = "Custom rules, deal 18446744073709551615: playing";
    const std::string wide = svg_picture(narrow, preset("mini"), title, "");
    // Bold 22 px DejaVu Sans averages under 0.65 em a character.
    CHECK(width(wide) >= 2 * 32 + static_cast<int>(title.size() * 22 * 0.65));
    // Centred: the first card's column as far from the left as the last's from the right.
    const int board = 2 * 32 + 4 * 64 - 8;
    CHECK(wide.find("<g id=\"a1\" transform=\"translate(" + std::to_string((width(wide) - board) / 2 + 32) + " ") !=
          std::string::npos);
}
