// The game's clock and record marks in the game file, the record's lines, and
// the statistics drawn from them.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "gamefile.hpp"
#include "record.hpp"
#include "stats.hpp"

using namespace addiction;
using Json = nlohmann::json;

namespace {

// Each King one slot right of its Queen's gap: won in four moves.
const char* kFourFromWon = "MAPBgC7IglCJhxECXFjxbFhvqPhQBBsnHBPGgYY";

Game four_from_won() {
    Rules rules = preset("addiction");
    return Game(rules, parse_deal(kFourFromWon, rules));
}

// Plays `action` ("move KC a12", "undo", "redo") as a command would, at `now`.
void play_at(Game& game, const std::string& action, std::int64_t now) {
    const std::vector<Action> before = game.history();
    if (action == "undo")
        game.undo();
    else if (action == "redo")
        game.redo();
    else
        game.play(parse_action(action, 13));
    game.log().stamp(now, before, game.history());
}

RecordEntry entry(Result result, int moves, std::int64_t seconds, const std::string& id, bool helped = false) {
    Game game = four_from_won();
    game.log().started = 1000;
    game.log().times = {1000, 1000 + seconds};  // the clock alone: the board stays four moves from won
    game.log().helped = helped;
    RecordEntry e = record_entry(game, result, "/g/" + id, 2000);
    e.moves = moves;
    e.actions = moves;  // as many actions as moves: a record line has no more moves than actions
    return e;
}

}  // namespace

TEST_CASE("the clock and the marks survive a save, and an untouched game has no clock") {
    Game game = four_from_won();
    CHECK(save_game(game).find("started") == std::string::npos);
    play_at(game, "move KC a12", 100);
    play_at(game, "move KD b12", 160);
    game.log().helped = true;
    game.log().recorded = true;
    Game back = load_game(save_game(game), "g");
    CHECK(back.log() == game.log());
    CHECK(back.log().seconds() == 60);
    CHECK(save_game(back) == save_game(game));
}

TEST_CASE("each action's time: undo takes it back, redo stamps anew, the play time is first to last") {
    Game game = four_from_won();
    CHECK(game.log().seconds() == 0);
    play_at(game, "move KC a12", 100);
    play_at(game, "move KD b12", 130);
    play_at(game, "move KH c12", 170);
    CHECK(game.log().times == std::vector<std::int64_t>{100, 130, 170});
    CHECK(game.log().seconds() == 70);
    play_at(game, "undo", 200);
    CHECK(game.log().times == std::vector<std::int64_t>{100, 130});
    CHECK(game.log().seconds() == 30);
    CHECK(game.log().last == 200);  // the undo is the latest action
    play_at(game, "redo", 260);
    CHECK(game.log().times == std::vector<std::int64_t>{100, 130, 260});
    CHECK(game.log().seconds() == 160);
    play_at(game, "undo", 300);
    play_at(game, "undo", 300);
    play_at(game, "undo", 300);
    CHECK(game.log().times.empty());
    CHECK(game.log().seconds() == 0);
    CHECK(game.log().started == 100);  // the game's start stays: it is part of its identity
    play_at(game, "move KD b12", 400);
    CHECK(game.log().times == std::vector<std::int64_t>{400});
    Game back = load_game(save_game(game), "g");
    CHECK(back.log() == game.log());
}

TEST_CASE("times not known (a format 1 game) are the next action's") {
    Game game = four_from_won();
    play_at(game, "move KC a12", 0);
    play_at(game, "move KD b12", 0);
    game.log() = PlayLog{};
    game.log().times = {0, 0};
    play_at(game, "move KH c12", 500);
    CHECK(game.log().times == std::vector<std::int64_t>{500, 500, 500});
    CHECK(game.log().started == 500);
}

TEST_CASE("a format 1 file loads: an ended one counts as recorded") {
    Game game = four_from_won();
    for (auto m : {"KC a12", "KD b12", "KH c12", "KS d12"}) game.play(parse_action(std::string("move ") + m, 13));
    std::string text = save_game(game);
    auto cut = [&](std::string s, const std::string& what) { return s.erase(s.find(what), what.size()); };
    text = cut(cut(text, "helped = false\n"), "recorded = false\n");
    text.replace(text.find("format = 2"), 10, "format = 1");
    Game back = load_game(text, "g");
    CHECK(back.log().recorded);
    CHECK(back.log().started == 0);
    CHECK(back.log().times == std::vector<std::int64_t>(4, 0));
    CHECK(back.log().seconds() == 0);
}

TEST_CASE("help notes: one line each, for one game in one file") {
    Game game = four_from_won();
    const HelpNote before_first = help_note("/g/a.toml", game);
    CHECK(before_first.started == 0);
    const std::string line = to_json_line(before_first);
    CHECK(line.find('\n') == std::string::npos);
    const auto back = parse_help_note(line);
    REQUIRE(back);
    CHECK(to_json_line(*back) == line);
    CHECK_FALSE(parse_help_note("{\"help\": 1, \"file\": \"/g/a.t"));
    CHECK_FALSE(parse_help_note("{\"help\": 2, \"file\": \"/g/a.toml\", \"deal\": \"1\", \"rules\": \"x\", "
                                "\"started\": 0}"));
    CHECK_FALSE(parse_help_note("[]"));

    play_at(game, "move KC a12", 100);
    // Asked before the first action: it helps the game whenever it started.
    CHECK(helps(*back, "/g/a.toml", game));
    CHECK_FALSE(helps(*back, "/g/b.toml", game));
    const HelpNote later = help_note("/g/a.toml", game);
    CHECK(later.started == 100);
    CHECK(helps(later, "/g/a.toml", game));
    // Another game of the same deal in the file, started at another time.
    Game other = four_from_won();
    play_at(other, "move KD b12", 900);
    CHECK_FALSE(helps(later, "/g/a.toml", other));
    // Other rules are another game.
    Rules strict = game.rules();
    strict.shuffles = 0;
    strict.preset = preset_name_for(strict);
    Game small(strict, parse_deal(kFourFromWon, strict));
    CHECK_FALSE(helps(*back, "/g/a.toml", small));
    // A path that is not UTF-8 is compared as the note holds it.
    const std::string odd = "/g/\xff.toml";
    const auto odd_note = parse_help_note(to_json_line(help_note(odd, game)));
    REQUIRE(odd_note);
    CHECK(about_file(*odd_note, odd));
    CHECK(helps(*odd_note, odd, game));
    CHECK_FALSE(about_file(*odd_note, "/g/a.toml"));
}

TEST_CASE("a gap named alone is filled by the one card that fits") {
    Game game = four_from_won();
    game.fill(parse_slot("a12", 13));
    CHECK(game.board().at(parse_slot("a12", 13)) == parse_card("KC"));
    CHECK(game.last_action_slots() == std::vector<Slot>{parse_slot("a12", 13)});
    CHECK_THROWS_WITH(game.fill(parse_slot("a12", 13)), doctest::Contains("a12 is not a gap (it holds KC)"));
    CHECK_THROWS_WITH(game.fill(parse_slot("a13", 13)), doctest::Contains("a13 is a dead gap"));
    CHECK(wanted_card(game.board(), game.rules(), parse_slot("b12", 13)) == parse_card("KD"));
}

TEST_CASE("a record line goes out and comes back") {
    RecordEntry e = entry(Result::Won, 4, 300, "a", true);
    RecordEntry back = parse_record_line(to_json_line(e));
    CHECK(back.game == e.game);
    CHECK(back.ended == 2000);
    CHECK(back.rules == e.rules);
    CHECK(back.result == Result::Won);
    CHECK(back.seconds == 300);
    CHECK(back.helped);
    CHECK(back.file == "/g/a");
    CHECK(to_json_line(back) == to_json_line(e));
}

TEST_CASE("a record line with a count no game can have is damaged") {
    const std::string line = to_json_line(entry(Result::Lost, 4, 300, "a"));
    auto with = [&](const std::string& key, const std::string& value) {
        Json j = Json::parse(line);
        j[key] = Json::parse(value);
        return j.dump();
    };
    // A huge count read as int was negative, and so named.
    CHECK_THROWS_WITH(parse_record_line(with("moves", "9223372036854775807")), "moves is 9223372036854775807, more than 4");
    CHECK_THROWS_WITH(parse_record_line(with("seconds", "18446744073709551615")),
                      "seconds is 18446744073709551615, more than 2000");
    CHECK_THROWS_WITH(parse_record_line(with("moves", "-1")), "moves is negative");
    CHECK_THROWS_WITH(parse_record_line(with("moves", "1.5")), "moves is not a whole number");
    CHECK_THROWS_WITH(parse_record_line(with("placed", "1000")), "placed is 1000, more than 48");
    CHECK_THROWS_WITH(parse_record_line(with("cards", "24")), "cards is 24, but the rules have 48");
    CHECK_THROWS_WITH(parse_record_line(with("shuffles", "77")), "shuffles is 77, more than 3");
    Json odd = Json::parse(line);
    odd["rules"]["preset"] = "x\x1b[31mred";
    CHECK_THROWS_WITH(parse_record_line(odd.dump()), "the rules' preset is neither a rule-set name nor custom");
    CHECK(parse_record_line(line).moves == 4);
}

TEST_CASE("damaged lines are skipped and named, a game appended twice counts once") {
    const std::string a = to_json_line(entry(Result::Won, 4, 10, "a"));
    const std::string b = to_json_line(entry(Result::Lost, 9, 10, "b"));
    RecordRead read = read_record(a + "\n{\"record\": 1, \"ga\n" + a + "\n" + b + "\n[1]\n" +
                                  "{\"record\": 7}\n");
    CHECK(read.entries.size() == 2);
    CHECK(read.repeated == 1);
    REQUIRE(read.damaged.size() == 3);
    CHECK(read.damaged[0] == "line 2: not JSON");
    CHECK(read.damaged[1] == "line 5: not a JSON object");
    CHECK(read.damaged[2].starts_with("line 6: record version 7"));
}

TEST_CASE("dates") {
    CHECK(utc_time(0) == "1970-01-01T00:00:00Z");
    CHECK(parse_utc_time("2026-01-01") == 1767225600);
    CHECK(parse_utc_time("2026-01-01T00:01:40Z") == 1767225700);
    CHECK_THROWS_AS(parse_utc_time("yesterday"), Error);
    CHECK_THROWS_AS(parse_utc_time("2026-01-01T00:01:40"), Error);  // UTC is said with the Z
    CHECK_THROWS_AS(parse_utc_time("2026-13-01"), Error);
    CHECK_THROWS_AS(parse_utc_time("2026-02-30"), Error);
    CHECK_THROWS_AS(parse_utc_time("2026-04-31T10:00:00Z"), Error);
    CHECK_THROWS_AS(parse_utc_time("2025-02-29"), Error);
    CHECK(parse_utc_time("2024-02-29") == 1709164800);  // a leap day
    CHECK(parse_utc_time("1969-12-31") == -86400);  // before every game, still a date
    CHECK(parse_utc_time("0001-01-01T00:00:00Z") == -62135596800);
    CHECK_THROWS_AS(parse_utc_time("0000-01-01"), Error);
    CHECK(clock_text(5) == "0:05");
    CHECK(clock_text(3723) == "1:02:03");
}

TEST_CASE("statistics: streaks, bests, groups") {
    std::vector<RecordEntry> entries{
        entry(Result::Won, 40, 100, "1"),  entry(Result::Won, 30, 200, "2", true), entry(Result::Lost, 9, 50, "3"),
        entry(Result::Lost, 9, 50, "4"),   entry(Result::Lost, 9, 50, "5"),        entry(Result::Abandoned, 1, 5, "6"),
        entry(Result::Won, 50, 90, "7"),
    };
    Rules mini = preset("mini");
    entries.back().rules = mini;
    Stats stats = compute_stats(entries, std::nullopt, std::nullopt);
    const Tally& t = stats.overall;
    CHECK(t.played() == 7);
    CHECK(t.won == 3);
    CHECK(t.won_unassisted == 2);
    CHECK(t.lost == 3);
    CHECK(t.abandoned == 1);
    CHECK(t.current_streak == 1);
    CHECK(t.longest_win_streak == 2);
    CHECK(t.longest_loss_streak == 3);
    CHECK(t.fewest_moves == 30);
    CHECK(t.fastest_seconds == 90);
    CHECK(t.average_placed_lost() == 44.0);  // the four-from-won deal has 44 placed
    REQUIRE(stats.groups.size() == 2);
    CHECK(stats.groups[0].first == "addiction");
    CHECK(stats.groups[1].first == "mini");
    CHECK(compute_stats(entries, std::string("mini"), std::nullopt).overall.played() == 1);
    CHECK(compute_stats(entries, std::nullopt, std::int64_t{2001}).overall.played() == 0);
    auto json = stats_json(stats);
    CHECK(json["overall"]["win_rate"] == 0.4286);
    CHECK(json["presets"]["mini"]["current_streak"] == 1);
    CHECK(json["presets"]["addiction"]["fastest_seconds"] == 100);
    Rules custom = mini;
    custom.shuffles = 0;
    custom.preset = preset_name_for(custom);
    // Without shuffles the redeal is none made: the label says the settled one,
    // as a game made now has it (one group, not two for a word).
    CHECK(rules_group(custom) == "custom: 7 ranks, 0 shuffles, random redeal");
    custom.ranks = 8;
    custom.shuffles = 1;
    CHECK(rules_group(custom) == "custom: 8 ranks, 1 shuffle, after-run redeal");
    // Custom rules that play as a shipped set count with it (a deal file's).
    custom.ranks = 7;
    CHECK(rules_group(custom) == "mini");
}
