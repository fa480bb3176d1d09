#include <doctest/doctest.h>

#include <string>

#include "core_helpers.hpp"
#include "files.hpp"
#include "gamefile.hpp"
#include "store.hpp"

using namespace addiction;
using namespace addiction::cli;
using addiction::test::TempDir;

namespace {

Game first_game() { return Game(Rules{}, deal_number(1, Rules{})); }

}  // namespace

TEST_CASE("a missing game says how to start one") {
    TempDir dir;
    {
        // Where the game goes without options: plain `new` starts it.
        addiction::test::EnvVar file("ADDICTION_FILE", (dir / "game.toml").string());
        CHECK_THROWS_WITH_AS(load_game_file(dir / "game.toml"), doctest::Contains("start one with 'addiction new'"),
                             Error);
    }
    {
        // Elsewhere: only -f says where, with the path as a shell reads it back.
        addiction::test::EnvVar file("ADDICTION_FILE", (dir / "other.toml").string());
        const std::string plain = "start one with 'addiction -f " + (dir / "game.toml").string() + " new'";
        CHECK_THROWS_WITH_AS(load_game_file(dir / "game.toml"), doctest::Contains(plain.c_str()), Error);
        const std::string quoted = "start one with 'addiction -f \"" + (dir / "my game.toml").string() + "\" new'";
        CHECK_THROWS_WITH_AS(load_game_file(dir / "my game.toml"), doctest::Contains(quoted.c_str()), Error);
        // One that even double quotes would change: the placeholder.
        CHECK_THROWS_WITH_AS(load_game_file(dir / "it's.toml"), doctest::Contains("start one with 'addiction -f FILE new'"),
                             Error);
    }
    CHECK_THROWS_WITH_AS(update_game(dir / "game.toml", [](Game&) {}), doctest::Contains("no game at"), Error);
    CHECK(dir.names().empty());  // not even a lock file
    CHECK_THROWS_WITH_AS(load_game_file(dir.path()), doctest::Contains("is a folder, not a game file"), Error);
}

TEST_CASE("a broken game file is named once, a syntax error with its line") {
    TempDir dir;
    const std::string path = (dir / "game.toml").string();
    write_atomically(path, "format = 1\n[rules\n");
    std::string message;
    try {
        load_game_file(path);
    } catch (const Error& e) {
        message = e.what();
    }
    CHECK(message.starts_with(path + ":2:"));
    CHECK(message.find(path, 1) == std::string::npos);
    write_atomically(path, "format = 9\n");
    const std::string format = path + ": game file format 9 is not one this addiction reads (it reads 1 to 3)";
    CHECK_THROWS_WITH_AS(load_game_file(path), format.c_str(), Error);
}

TEST_CASE("update_game saves the change, or nothing when the change throws") {
    TempDir dir;
    const auto path = dir / "game.toml";
    replace_game(path, first_game(), [](const std::filesystem::path&) {});
    const std::string before = read_file(path);
    CHECK_THROWS_WITH_AS(update_game(path, [](Game& game) { game.undo(1); }), doctest::Contains("nothing to undo"),
                         Error);
    CHECK(read_file(path) == before);
    const Action first = first_game().legal_actions().front();
    Game after = update_game(path, [&](Game& game) { game.play(first); });
    CHECK(after.history().size() == 1);
    CHECK(read_file(path) == save_game(after));
    CHECK(dir.names() == std::vector<std::string>{"game.toml"});  // no lock file left
}

TEST_CASE("replace_game makes the folder and lets the check refuse") {
    TempDir dir;
    const auto path = dir / "state" / "addiction" / "game.toml";
    replace_game(path, first_game(), [](const std::filesystem::path&) {});
    const std::string saved = read_file(path);
    CHECK(saved == save_game(first_game()));
    CHECK_THROWS_WITH_AS(replace_game(path, Game(Rules{}, deal_number(2, Rules{})),
                                      [](const std::filesystem::path&) { throw Error("in progress"); }),
                         "in progress", Error);
    CHECK(read_file(path) == saved);
}
