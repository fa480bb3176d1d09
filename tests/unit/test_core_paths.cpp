#include <doctest/doctest.h>

#include "core_helpers.hpp"
#include "error.hpp"
#include "paths.hpp"

using namespace addiction;
using namespace addiction::cli;
using addiction::test::EnvVar;

TEST_CASE("the game file: --file, then ADDICTION_FILE, then the XDG state folder") {
    EnvVar home("HOME", "/home/ann");
    EnvVar state("XDG_STATE_HOME", std::nullopt);
    EnvVar file("ADDICTION_FILE", std::nullopt);
    CHECK(game_path("") == "/home/ann/.local/state/addiction/game.toml");
    {
        EnvVar set("XDG_STATE_HOME", "/var/state");
        CHECK(game_path("") == "/var/state/addiction/game.toml");
        EnvVar chosen("ADDICTION_FILE", "chosen.toml");
        CHECK(game_path("") == "chosen.toml");
        CHECK(game_path("given.toml") == "given.toml");
    }
}

TEST_CASE("an empty or relative XDG folder is ignored, as the XDG spec says") {
    EnvVar home("HOME", "/home/ann");
    EnvVar file("ADDICTION_FILE", std::nullopt);
    for (const char* value : {"", "relative/state", "./state"}) {
        CAPTURE(value);
        EnvVar state("XDG_STATE_HOME", value);
        CHECK(game_path("") == "/home/ann/.local/state/addiction/game.toml");
        EnvVar data("XDG_DATA_HOME", value);
        CHECK(user_deals_dir() == "/home/ann/.local/share/addiction/deals");
    }
}

TEST_CASE("without HOME only an absolute XDG folder or ADDICTION_FILE finds the game") {
    EnvVar home("HOME", std::nullopt);
    EnvVar file("ADDICTION_FILE", std::nullopt);
    EnvVar state("XDG_STATE_HOME", std::nullopt);
    EnvVar data("XDG_DATA_HOME", std::nullopt);
    CHECK_THROWS_WITH_AS(game_path(""), doctest::Contains("set HOME, XDG_STATE_HOME or ADDICTION_FILE"), Error);
    CHECK(user_deals_dir().empty());
    {
        EnvVar relative("XDG_STATE_HOME", "state");
        CHECK_THROWS_AS(game_path(""), Error);
    }
    {
        EnvVar empty_home("HOME", "");
        CHECK_THROWS_AS(game_path(""), Error);
    }
    EnvVar absolute("XDG_STATE_HOME", "/srv/state");
    CHECK(game_path("") == "/srv/state/addiction/game.toml");
    EnvVar data_set("XDG_DATA_HOME", "/srv/data");
    CHECK(user_deals_dir() == "/srv/data/addiction/deals");
}

TEST_CASE("xdg_dir falls back under HOME") {
    EnvVar home("HOME", "/h");
    EnvVar cache("XDG_CACHE_HOME", std::nullopt);
    CHECK(xdg_dir("XDG_CACHE_HOME", ".cache") == "/h/.cache");
}
