#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "archive.hpp"
#include "gamefile.hpp"
#include "helpers.hpp"
#include "rule_set.hpp"
#include "toml_input.hpp"

using namespace addiction;

namespace {

// The settings written out by hand, not through preset(): what the four presets
// were before they became files.
Rules old_preset(std::string name, int ranks, int shuffles, Redeal redeal) {
    Rules rules;
    rules.preset = std::move(name);
    rules.ranks = ranks;
    rules.aces = Aces::Removed;
    rules.fill = Fill::SameSuitNext;
    rules.fill_from_right = false;
    rules.right_fills_first_column = true;
    rules.shuffles = shuffles;
    rules.redeal = redeal;
    return rules;
}

std::string message(std::string_view text) {
    try {
        parse_rule_set(text, "mine", "mine.toml");
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

// Rules -> [rules] table text -> Rules, as a game file does it.
Rules through_table(const Rules& rules) {
    std::ostringstream out;
    out << rules_table(rules, true, true);
    const toml::table t = parse_toml(out.str(), "rules");
    Rules back;
    back.preset = t["preset"].value_or(std::string());
    read_settings(t, SettingKeys{"rules", true, true, ""}, back);
    return back;
}

std::string replace(std::string text, std::string_view from, std::string_view to) {
    auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("the four presets of old keep their settings exactly") {
    CHECK(preset("addiction") == old_preset("addiction", 13, 3, Redeal::Random));
    CHECK(preset("montana") == old_preset("montana", 13, 2, Redeal::AfterRun));
    CHECK(preset("gaps") == old_preset("gaps", 13, 0, Redeal::Random));
    CHECK(preset("mini") == old_preset("mini", 7, 1, Redeal::AfterRun));
    CHECK(preset("addiction") == Rules{});
}

TEST_CASE("the eleven shipped rule sets parse, in order, with the family's settings") {
    const std::vector<std::string_view> names{"addiction", "montana",   "gaps",      "mini",
                                              "spaces",    "blue-moon", "red-moon",  "galary",
                                              "moonlight", "jungle",    "spaces-and-aces"};
    CHECK(preset_names() == names);
    REQUIRE(shipped_rule_set_files().size() == names.size());
    for (const ShippedRuleSet& file : shipped_rule_set_files()) {
        CAPTURE(file.name);
        const RuleSet set = parse_rule_set(file.text, file.name, file.name);
        CHECK(set.rules == preset(file.name));
        CHECK(set.rules.preset == file.name);
        CHECK_FALSE(set.description.empty());
        // Every key written out in the file.
        for (auto key : {"description", "ranks", "aces", "fill", "fill_from_right", "right_fills_first_column",
                         "shuffles", "redeal"})
            CHECK(file.text.find(std::string("\n") + key + " = ") != std::string_view::npos);
    }
    struct Row {
        const char* name;
        Aces aces;
        Fill fill;
        bool from_right;
        bool right_first;
        int shuffles;
        Redeal redeal;
    };
    for (const Row& row : {Row{"spaces", Aces::Removed, Fill::SameSuitNext, false, true, 2, Redeal::RandomSlots},
                           Row{"blue-moon", Aces::RowStarts, Fill::SameSuitNext, false, true, 2, Redeal::AfterRun},
                           Row{"red-moon", Aces::DealtFirst, Fill::SameSuitNext, false, true, 2, Redeal::AfterRun},
                           Row{"galary", Aces::DealtFirst, Fill::SameSuitNext, true, false, 2, Redeal::AfterRun},
                           Row{"moonlight", Aces::Removed, Fill::SameSuitNext, true, false, 2, Redeal::AfterRun},
                           Row{"jungle", Aces::RowStarts, Fill::AnySuitNext, false, true, 1, Redeal::AfterRun},
                           Row{"spaces-and-aces", Aces::RowStarts, Fill::SameSuitHigher, false, true, 0,
                               Redeal::AfterRun}}) {
        CAPTURE(row.name);
        const Rules rules = preset(row.name);
        CHECK(rules.ranks == 13);
        CHECK(rules.aces == row.aces);
        CHECK(rules.fill == row.fill);
        CHECK(rules.fill_from_right == row.from_right);
        if (row.from_right) CHECK(rules.right_fills_first_column == row.right_first);
        CHECK(rules.shuffles == row.shuffles);
        CHECK(rules.redeal == row.redeal);
        CHECK(uses_family_settings(rules));
    }
    for (auto name : {"addiction", "montana", "gaps", "mini"}) CHECK_FALSE(uses_family_settings(preset(name)));
}

TEST_CASE("a rule-set file: missing keys take addiction's, bad ones are refused naming the key") {
    const RuleSet set = parse_rule_set("description = 'Mine'\nshuffles = 1\n", "mine", "mine.toml");
    Rules expected;
    expected.shuffles = 1;
    expected.preset = "mine";
    CHECK(set.rules == expected);
    CHECK(set.name == "mine");
    CHECK(set.description == "Mine");
    CHECK(parse_rule_set("", "empty", "empty.toml").rules.ranks == 13);

    CHECK(message("rank = 13\n").starts_with("unknown key 'rank'"));
    CHECK(message("ranks = 99\n") == "ranks must be an integer from 4 to 13");
    CHECK(message("ranks = 7.0\n") == "ranks must be an integer from 4 to 13");
    CHECK(message("shuffles = -1\n") == "shuffles must be an integer from 0 to 99");
    CHECK(message("aces = 'gone'\n").starts_with("aces: unknown aces 'gone'"));
    CHECK(message("fill = 1\n") == "fill must be a string");
    CHECK(message("redeal = 'often'\n").starts_with("redeal: unknown redeal 'often'"));
    CHECK(message("fill_from_right = 'yes'\n") == "fill_from_right must be true or false");
    CHECK(message("right_fills_first_column = 1\n") == "right_fills_first_column must be true or false");
    CHECK(message("description = 3\n") == "description must be a string");
    CHECK(message("description = \"a\\nb\"\n") == "description must be one line of UTF-8 text, without control characters, line separators or bidirectional overrides");
    // An escape sequence in a shared file would drive the terminal that lists it.
    CHECK(message("description = \"x \\u001b]0;title\\u0007\"\n") ==
          "description must be one line of UTF-8 text, without control characters, line separators or bidirectional overrides");
    CHECK(message("description = \"x \\u009b2J\"\n") ==
          "description must be one line of UTF-8 text, without control characters, line separators or bidirectional overrides");
    CHECK(message("aces = 'row-starts'\n").starts_with("redeal 'random' deals the aces in"));
    CHECK(message("ranks = \n").starts_with("mine.toml:1:"));
    CHECK_THROWS_WITH(parse_rule_set("", "custom", "custom.toml"), doctest::Contains("'custom' is not a rule-set name"));
    CHECK_THROWS_WITH(parse_rule_set("", "a b", "a b.toml"), doctest::Contains("is not a rule-set name"));
    // The limit is said: 65 letters had been refused as if a letter were wrong.
    CHECK(parse_rule_set("", std::string(64, 'r'), "r.toml").description.empty());
    CHECK_THROWS_WITH(parse_rule_set("", std::string(65, 'r'), "r.toml"), doctest::Contains("1 to 64 letters"));
    CHECK_THROWS_WITH(parse_rule_set("", "Custom", "Custom.toml"), doctest::Contains("'Custom' is not a rule-set name"));
    CHECK(rule_set_file_name_problem("Montana") ==
          "'Montana' is not a rule-set name: it is the shipped 'montana' but for case");
    CHECK(rule_set_file_name_problem("montana").empty());  // the shipped name itself: the folder's reader warns
    CHECK(rule_set_file_name_problem("Montana2").empty());
    // A game or deal that recorded such a name before still loads.
    CHECK(rule_set_name_problem("Montana").empty());
}

TEST_CASE("without shuffles the redeal does not count, and a game's rules have it settled") {
    // The redeal is never made: a rule set of row-start aces and no shuffles had
    // been refused for the random redeal it takes by default, and a deal of
    // Gaps with an after-run redeal was named custom. A file keeps the redeal
    // it says (a --shuffles given over it finds it); the rules a game is played
    // with have it settled (new's options, a game file, the record).
    const RuleSet set = parse_rule_set("aces = 'row-starts'\nshuffles = 0\n", "nos", "nos.toml");
    CHECK(set.rules.redeal == Redeal::Random);
    CHECK(parse_rule_set("shuffles = 0\nredeal = 'after-run'\n", "nos", "nos.toml").rules.redeal == Redeal::AfterRun);
    const ArchiveDeal deal = parse_archive("format = 1\ndeal = '3'\n[rules]\npreset = 'gaps'\nredeal = 'after-run'\n", "gx.toml");
    CHECK(deal.rules.preset == "gaps");
    CHECK(is_shipped_as_named(deal.rules));
    Rules seven = preset("mini");
    seven.preset = "custom";
    seven.shuffles = 0;
    seven.redeal = Redeal::AfterRun;
    Rules seven_settled = seven;
    seven_settled.redeal = Redeal::Random;
    CHECK(settled(seven) == seven_settled);
    CHECK(rules_from_json(rules_json(seven, true)) == seven_settled);
    Rules gaps_after_run = preset("gaps");
    gaps_after_run.preset = "custom";
    gaps_after_run.redeal = Redeal::AfterRun;
    CHECK(shipped_name_of(gaps_after_run) == "gaps");
    // With shuffles the redeal counts.
    Rules montana_random = preset("montana");
    montana_random.redeal = Redeal::Random;
    CHECK_FALSE(is_shipped_as_named(montana_random));
    CHECK(parse_rule_set("shuffles = 1\nredeal = 'after-run'\n", "one", "one.toml").rules.redeal == Redeal::AfterRun);
}

TEST_CASE("rules round-trip through a [rules] table, a rule-set file and JSON") {
    std::vector<Rules> all;
    for (auto name : preset_names()) all.push_back(preset(name));
    Rules custom;
    custom.preset = "custom";
    custom.ranks = 9;
    custom.aces = Aces::DealtFirst;
    custom.fill = Fill::SameSuitHigher;
    custom.fill_from_right = true;
    custom.right_fills_first_column = false;
    custom.shuffles = 5;
    custom.redeal = Redeal::RandomSlots;
    all.push_back(custom);
    for (const Rules& rules : all) {
        CAPTURE(rules.preset);
        CHECK(through_table(rules) == rules);
        RuleSet set{rules.preset == "custom" ? "mine" : rules.preset, "A line", rules};
        set.rules.preset = set.name;
        CHECK(parse_rule_set(write_rule_set(set), set.name, "x.toml") == set);
        CHECK(rules_from_json(rules_json(rules, true)) == rules);
        CHECK(rules_from_json(rules_json(rules, false)) == rules);
    }
    // The record's JSON has the family's keys only when they are not Addiction's.
    CHECK_FALSE(rules_json(preset("montana"), false).contains("aces"));
    CHECK(rules_json(preset("montana"), true).contains("aces"));
    CHECK(rules_json(preset("jungle"), false).at("fill") == "any-suit-next");
}

TEST_CASE("game files: format 2 for the old presets, format 3 for the family's settings") {
    for (auto name : {"addiction", "montana", "gaps", "mini"}) {
        const Rules rules = preset(name);
        const std::string text = save_game(Game(rules, deal_number(1, rules)));
        CHECK(text.find("format = 2\n") != std::string::npos);
        CHECK(text.find("aces") == std::string::npos);
    }
    // Moonlight deals as Montana does, so this engine builds its game already.
    const Rules moonlight = preset("moonlight");
    Game game(moonlight, deal_number(7, moonlight));
    const std::string text = save_game(game);
    CHECK(text.find("format = 3\n") != std::string::npos);
    CHECK(text.find("aces = 'removed'") != std::string::npos);
    CHECK(text.find("fill = 'same-suit-next'") != std::string::npos);
    CHECK(text.find("right_fills_first_column = false") != std::string::npos);
    const Game back = load_game(text, "game.toml");
    CHECK(back.rules() == moonlight);
    CHECK(back.board() == game.board());
    CHECK(save_game(back) == text);

    // A format 2 file with a family key, or random-slots, is refused; format 3 needs them all.
    const std::string old = save_game(Game(Rules{}, deal_number(1, Rules{})));
    CHECK_THROWS_WITH(load_game(replace(old, "[rules]\n", "[rules]\naces = 'removed'\n"), "game.toml"),
                      doctest::Contains("rules.aces is not a key here: a format 2 game file does not have it"));
    CHECK_THROWS_WITH(load_game(replace(old, "redeal = 'random'", "redeal = 'random-slots'"), "game.toml"),
                      doctest::Contains("rules.redeal 'random-slots' is not a value here"));
    CHECK_THROWS_WITH(load_game(replace(text, "aces = 'removed'\n", ""), "game.toml"),
                      doctest::Contains("rules.aces is missing"));
    CHECK_THROWS_WITH(load_game(replace(text, "fill = 'same-suit-next'", "fill = 'up'"), "game.toml"),
                      doctest::Contains("rules.fill: unknown fill 'up'"));
    // A format 3 file of Addiction's settings loads too, and saves as format 2.
    const std::string three = replace(replace(old, "format = 2", "format = 3"), "[rules]\n",
                                      "[rules]\naces = 'removed'\nfill = 'same-suit-next'\nright_fills_first_column = true\n");
    CHECK(save_game(load_game(three, "game.toml")) == old);
    // A user's rule set is known by its name; a shipped name must match its settings.
    CHECK(load_game(replace(old, "preset = 'addiction'", "preset = 'mine'"), "game.toml").rules().preset == "mine");
    CHECK_THROWS_WITH(load_game(replace(old, "preset = 'addiction'", "preset = 'montana'"), "game.toml"),
                      doctest::Contains("not that preset's"));
}

TEST_CASE("archive deals: format 1 for the old presets, format 2 with the family's keys") {
    ArchiveDeal deal;
    deal.name = "x";
    deal.deal = "5";
    deal.rules = preset("blue-moon");
    const std::string text = write_archive(deal);
    CHECK(text.find("format = 2\n") != std::string::npos);
    CHECK(text.find("aces = 'row-starts'") != std::string::npos);
    const toml::table root = parse_toml(text, "x.toml");
    Rules back = preset("addiction");
    read_settings(*root["rules"].as_table(), SettingKeys{"rules", false, true, ""}, back);
    back.preset = "blue-moon";
    CHECK(back == deal.rules);
    deal.rules = preset("montana");
    CHECK(write_archive(deal).find("format = 1\n") != std::string::npos);
    CHECK(write_archive(deal).find("aces") == std::string::npos);
    CHECK_THROWS_WITH(parse_archive("format = 1\ndeal = '5'\n[rules]\nfill = 'any-suit-next'\n", "x.toml"),
                      doctest::Contains("rules.fill is not a key here"));
}
