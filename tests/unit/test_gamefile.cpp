#include <doctest/doctest.h>

#include "helpers.hpp"
#include "toml_input.hpp"

using namespace addiction;

namespace {

Game played() {
    Game game(Rules{}, deal_number(1, Rules{}));
    game.move(parse_card("5S"), parse_slot("b9", 13));
    game.shuffle();
    game.play(game.legal_actions().front());
    game.undo();
    return game;
}

std::string replace(std::string text, std::string_view from, std::string_view to) {
    auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("a saved game loads back the same and saves byte-identically") {
    Game game = played();
    std::string text = save_game(game);
    Game back = load_game(text, "game.toml");
    CHECK(back.board() == game.board());
    CHECK(back.history() == game.history());
    CHECK(back.redo_list() == game.redo_list());
    CHECK(back.shuffles_spent() == game.shuffles_spent());
    CHECK(save_game(back) == text);
}

TEST_CASE("the file is diffable: one board row per line, shuffles numbered") {
    std::string text = save_game(played());
    CHECK(text.find("format = 2") != std::string::npos);
    CHECK(text.find("'TC KD 9H TS 8D 6H 5H KS -- 4D QD 9S 8S'") != std::string::npos);
    CHECK(text.find("'shuffle 1'") != std::string::npos);
    CHECK(text.find("shuffles_spent = 1") != std::string::npos);
}

TEST_CASE("deal codes and custom rules survive a save") {
    Rules rules = preset("mini");
    rules.fill_from_right = true;
    rules.preset = preset_name_for(rules);
    CHECK(rules.preset == "custom");
    Game game(rules, parse_deal("GCEvif8N1Q-EwJcSr9", rules));
    Game back = load_game(save_game(game), "x");
    CHECK(back.rules() == rules);
    CHECK(back.deal().id == "GCEvif8N1Q-EwJcSr9");
    CHECK(back.deal().seed == fnv1a64("GCEvif8N1Q-EwJcSr9"));
}

TEST_CASE("broken files are refused with the problem named") {
    const std::string good = save_game(played());
    auto refuse = [](const std::string& text, const std::string& message) {
        CAPTURE(text);
        CHECK_THROWS_WITH(load_game(text, "game.toml"), doctest::Contains(message.c_str()));
    };
    refuse("format = 1\n[rules\n", "game.toml:2:");
    refuse("", "no 'format' key");
    refuse(replace(good, "format = 2", "format = 4"), "format 4 is not one this addiction reads");
    refuse(replace(good, "format = 2", "format = 'one'"), "format must be an integer");
    refuse(replace(good, "recorded = false", "recorded = 1"), "play.recorded must be true or false");
    refuse(replace(good, "ranks = 13", "ranks = 99"), "rules.ranks must be an integer from 4 to 13");
    refuse(replace(good, "ranks = 13", "ranks = '13'"), "rules.ranks must be an integer");
    refuse(replace(good, "redeal = 'random'", "redeal = 'sideways'"), "unknown redeal 'sideways'");
    refuse(replace(good, "preset = 'addiction'", "preset = 'gaps'"), "not that preset's");
    refuse(replace(good, "shuffles_spent = 1", "shuffles_spent = 9223372036854775807"),
           "play.shuffles_spent must be an integer from 0 to 99");
    refuse(replace(good, "id = '1'", "id = '2'"), "deal.rows are not the layout of deal 2");
    refuse(replace(good, "id = '1'", "id = 1"), "deal.id must be a string");
    refuse(replace(good, "'TC KD 9H TS 8D 6H 5H KS -- 4D QD 9S 8S'", "'TC KD 9H TS 8D 6H 5H KS -- 4D QD 9S QS'"),
           "card QS appears twice");
    refuse(replace(good, "'TC KD 9H TS 8D 6H 5H KS -- 4D QD 9S 8S'", "'TC KD 9H TS 8D 6H 5H KS -- 4D QD 9S'"),
           "row a has 12 slots instead of 13");
    refuse(replace(good, "'move 5S b9'", "'move 5S b8'"), "action 1 (move 5S b8) is not legal");
    refuse(replace(good, "'move 5S b9'", "'fly 5S b9'"), "play.history entry 1: 'fly 5S b9' is not an action");
    refuse(replace(good, "'shuffle 1'", "'shuffle'"), "a recorded shuffle needs its number");
    refuse(replace(good, "'shuffle 1'", "'shuffle 2'"), "is out of order");
    refuse(replace(good, "shuffles_spent = 1", "shuffles_spent = 0"), "is out of order");
}

TEST_CASE("a board that does not match the history is refused") {
    Game game(Rules{}, deal_number(1, Rules{}));
    game.move(parse_card("5S"), parse_slot("b9", 13));
    std::string text = save_game(game);
    // Put the history back to empty while the board keeps the move.
    std::string broken = replace(text, "history = [ 'move 5S b9' ]", "history = []");
    CHECK_THROWS_WITH(load_game(broken, "g"), "play.board does not match the history's 0 actions: "
                                             "b1 holds -- where the history puts 5S");
}

// Regression (issue 5): toml++ recursed once per part of a dotted key and a key of
// 50,000 parts overflowed the stack (SIGSEGV) instead of being refused.
TEST_CASE("a key with tens of thousands of dotted parts is refused, not a crash") {
    std::string deep;
    for (int i = 0; i < 100000; ++i) deep += "a.";
    CHECK_THROWS_WITH(load_game(deep + "b = 1\n", "g"), "g:1:64: a key with more than 32 dotted parts (a.b.c...)");
    CHECK_THROWS_WITH(load_game("format = 1\n[" + deep + "b]\n", "g"),
                      "g:2:65: a key with more than 32 dotted parts (a.b.c...)");
    // Dots inside strings and comments, and a key of a few parts, are not counted.
    CHECK_NOTHROW(check_key_depth("# " + deep + "\nx = '" + deep + "'\ny = \"\"\"\n" + deep + "\"\"\"\na.b.c = 1\n", "g"));
}

// A key the program does not know was read past and dropped at the next save.
TEST_CASE("a game file's unknown keys are refused, in every table") {
    const std::string good = save_game(played());
    CHECK_NOTHROW(load_game(good, "g"));
    CHECK_THROWS_WITH(load_game(replace(good, "format = 2", "format = 2\nfoo = 1"), "g"),
                      doctest::Contains("unknown key 'foo' (a game file has format, rules, deal"));
    CHECK_THROWS_WITH(load_game(replace(good, "ranks = 13", "ranks = 13\nshufles = 0"), "g"),
                      doctest::Contains("unknown key 'rules.shufles' ([rules] has preset, ranks, shuffles"));
    CHECK_THROWS_WITH(load_game(replace(good, "[deal]", "[deal]\nseed = 1"), "g"),
                      doctest::Contains("unknown key 'deal.seed'"));
    CHECK_THROWS_WITH(load_game(replace(good, "[play]", "[play]\nbogus = 1"), "g"),
                      doctest::Contains("unknown key 'play.bogus'"));
    CHECK_THROWS_WITH(load_game(good + "[zzz]\n", "g"), doctest::Contains("unknown key 'zzz'"));
}

// Regression (found by fuzz_archive in CI): a huge float where an integer belongs
// went through toml++'s value<int64_t>(), whose float conversion is undefined.
TEST_CASE("a huge float where an integer belongs is refused") {
    const std::string good = save_game(played());
    CHECK_THROWS_WITH(load_game(replace(good, "format = 2", "format = 1.6e63"), "g"), "format must be an integer");
    CHECK_THROWS_WITH(load_game(replace(good, "ranks = 13", "ranks = 1e300"), "g"),
                      "rules.ranks must be an integer from 4 to 13");
    CHECK_THROWS_WITH(load_game(replace(good, "ranks = 13", "ranks = 13.0"), "g"),
                      "rules.ranks must be an integer from 4 to 13");
}

TEST_CASE("each action's time is kept in play.times, and files without it still load") {
    Game game = played();
    CHECK(save_game(game).find("times") == std::string::npos);  // no action stamped: no clock
    std::vector<Action> before;
    Game fresh(Rules{}, deal_number(1, Rules{}));
    for (const Action& action : game.history()) {
        before = fresh.history();
        fresh.play(action);
        fresh.log().stamp(1000 + 10 * static_cast<std::int64_t>(fresh.history().size()), before, fresh.history());
    }
    const std::string text = save_game(fresh);
    CHECK(text.find("times = [ 1010, 1020 ]") != std::string::npos);
    Game back = load_game(text, "g");
    CHECK(back.log().times == std::vector<std::int64_t>{1010, 1020});
    CHECK(back.log().seconds() == 10);
    CHECK(save_game(back) == text);

    // Format 2 without times (saved before there were): the first action at the
    // start, the rest at the latest, so the play time is still last - started.
    Game old = load_game(replace(replace(text, "times = [ 1010, 1020 ]\n", ""), "last = 1020", "last = 1500"), "g");
    CHECK(old.log().times == std::vector<std::int64_t>{1010, 1500});
    CHECK(old.log().seconds() == 490);

    // A clock set back: the next action is stamped with the latest time the game
    // has, so last stays at or after started and the file loads again.
    Game back_clock = load_game(text, "g");
    std::vector<Action> kept = back_clock.history();
    kept.pop_back();  // the last action again, now at 900
    back_clock.log().stamp(900, kept, back_clock.history());
    CHECK(back_clock.log().started == 1010);
    CHECK(back_clock.log().last == 1020);
    CHECK(back_clock.log().times.back() == 1020);
    CHECK(load_game(save_game(back_clock), "g").log().last == 1020);
    // A file a release before wrote so (last before started) loads, as no time passed.
    Game torn_clock = load_game(replace(text, "last = 1020", "last = 5"), "g");
    CHECK(torn_clock.log().last == 1010);

    auto refuse = [&](const std::string& broken, const std::string& message) {
        CAPTURE(broken);
        CHECK_THROWS_WITH(load_game(broken, "g"), doctest::Contains(message.c_str()));
    };
    // Times that do not match the history (edited by hand) are read as if absent:
    // the clock says nothing about the play.
    CHECK(load_game(replace(text, "times = [ 1010, 1020 ]", "times = [ 1010 ]"), "g").log().times ==
          std::vector<std::int64_t>{1010, 1020});
    refuse(replace(text, "times = [ 1010, 1020 ]", "times = 1010"), "play.times must be an array of integers");
    refuse(replace(text, "times = [ 1010, 1020 ]", "times = [ 1010, 0 ]"), "play.times entry 2 must be an integer");
    refuse(replace(text, "times = [ 1010, 1020 ]", "times = [ 1010, 'soon' ]"), "play.times entry 2 must be an integer");
}
