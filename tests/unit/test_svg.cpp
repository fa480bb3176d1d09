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
