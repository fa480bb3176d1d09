#include <doctest/doctest.h>

#include "error.hpp"

using namespace addiction;

TEST_CASE("with_context puts the context before the message, and passes results through") {
    CHECK(with_context("rules.redeal", [] { return 7; }) == 7);
    CHECK_THROWS_WITH_AS(with_context("rules.redeal", []() -> int { throw Error("unknown redeal 'x'"); }),
                         "rules.redeal: unknown redeal 'x'", Error);
    // Contexts nest outside in.
    CHECK_THROWS_WITH_AS(with_context("a", [] { with_context("b", [] { throw Error("c"); }); }), "a: b: c", Error);
}

TEST_CASE("in_file names the file once: a syntax error already has it") {
    CHECK_THROWS_WITH_AS(in_file("game.toml", [] { throw Error("deal.id must be a string"); }),
                         "game.toml: deal.id must be a string", Error);
    CHECK_THROWS_WITH_AS(in_file("game.toml", [] { throw SyntaxError("game.toml:3:1: expected '='"); }),
                         "game.toml:3:1: expected '='", SyntaxError);
    // Any other context still says where it came from.
    CHECK_THROWS_WITH_AS(with_context("kept", [] { throw SyntaxError("g:1:1: bad"); }), "kept: g:1:1: bad", Error);
}
