#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "helpers.hpp"
#include "json.hpp"

using namespace addiction;

TEST_CASE("show --json is one compact object with its keys in the documented order") {
    Game game(Rules{}, deal_number(1, Rules{}));
    const std::string text = game_json(game);
    CHECK(text.starts_with(R"({"rules":{"preset":"addiction","ranks":13,"shuffles":3,"redeal":"random",)"
                           R"("fill_from_right":false,"aces":"removed","fill":"same-suit-next","right_fills_first_column":true},)"
                           R"("deal":"1","code":")" +
                           deal_code(game.deal().start) + R"(","rows":[["TC","KD","9H","TS","8D","6H","5H","KS",null,)"));
    CHECK(text.find('\n') == std::string::npos);
    const auto json = nlohmann::ordered_json::parse(text);
    std::vector<std::string> keys;
    for (const auto& item : json.items()) keys.push_back(item.key());
    CHECK(keys == std::vector<std::string>{"rules", "deal", "code", "rows", "placed", "shuffles_left", "shuffles_spent",
                                           "moves", "actions", "status", "legal", "history", "redo"});
    CHECK(json["rows"].size() == 4);
    for (int row = 0; row < kRows; ++row)
        CHECK(json["placed"][static_cast<std::size_t>(row)] == game.board().placed_run(row));
    CHECK(json["status"] == "playing");

    game.play(game.legal_actions().front());
    game.shuffle();
    const auto after = nlohmann::ordered_json::parse(game_json(game));
    CHECK(after["moves"] == 1);
    CHECK(after["actions"] == 2);
    CHECK(after["shuffles_left"] == 2);
    CHECK(after["shuffles_spent"] == 1);
    std::vector<std::string> legal;
    for (const Action& action : game.legal_actions()) legal.push_back(to_string(action));
    CHECK(after["legal"].get<std::vector<std::string>>() == legal);
    CHECK(after["history"].get<std::vector<std::string>>() ==
          std::vector<std::string>{to_string(game.history()[0]), "shuffle"});
    CHECK(after["redo"] == 0);
    game.undo(2);
    const auto undone = nlohmann::ordered_json::parse(game_json(game));
    CHECK(undone["history"].empty());
    CHECK(undone["redo"] == 2);
    int gaps = 0;
    for (const auto& row : after["rows"])
        for (const auto& cell : row) gaps += cell.is_null() ? 1 : 0;
    CHECK(gaps == 4);
}

TEST_CASE("JSON strings are escaped, and bytes that are not UTF-8 never throw") {
    CHECK(json_quote("plain") == R"("plain")");
    CHECK(json_quote("a\"b\\c\n\x01") == R"("a\"b\\c\n\u0001")");
    CHECK(json_quote("été") == "\"été\"");
    CHECK(json_quote("bad \xff byte") == "\"bad \xEF\xBF\xBD byte\"");  // U+FFFD
    Deal deal = deal_number(2, Rules{});
    deal.id = "\xc3";  // cut off in the middle of a character
    std::string text;
    CHECK_NOTHROW(text = game_json(Game(Rules{}, deal)));
    CHECK(nlohmann::ordered_json::parse(text)["deal"] == "\xEF\xBF\xBD");
}
