// cli/core/rule_options: the rule options of `new` and `solve --deals`, parsed by
// CLI11 and applied over a base.
#include <CLI/CLI.hpp>
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rule_options.hpp"

using namespace addiction;
using addiction::cli::RuleOptions;

namespace {

// Parses `args` (after the program name) into a fresh RuleOptions.
RuleOptions parsed(std::vector<std::string> args) {
    CLI::App app{"test"};
    RuleOptions options;
    options.add(app);
    std::reverse(args.begin(), args.end());  // CLI11 takes the vector reversed
    app.parse(args);
    return options;
}

}  // namespace

TEST_CASE("rule options: none given leaves the base as it is") {
    const RuleOptions none = parsed({});
    CHECK_FALSE(none.given());
    CHECK(none.over(preset("montana")) == preset("montana"));
    CHECK(none.ranks_option().empty());
}

TEST_CASE("rule options: --rules replaces the base, the others go over it") {
    const RuleOptions options = parsed({"--rules", "gaps", "--shuffles", "2"});
    CHECK(options.given());
    const Rules rules = options.over(preset("mini"));
    CHECK(rules.ranks == 13);
    CHECK(rules.shuffles == 2);
    CHECK(rules.redeal == preset("gaps").redeal);
    CHECK(rules.preset == "custom");
    CHECK(options.ranks_option() == "--rules gaps");
}

TEST_CASE("rule options: the redeal without shuffles is settled, and found again by --shuffles") {
    // A rule set of no shuffles and an after-run redeal: played as it is, the
    // redeal is the settled one; given shuffles, the redeal it says (the file's
    // had been settled away as it was read, and Montana's settings made custom).
    Rules mine = preset("gaps");
    mine.preset = "mine";
    mine.redeal = Redeal::AfterRun;
    const Rules as_is = parsed({}).over(mine);
    CHECK(as_is.preset == "mine");
    CHECK(as_is.redeal == Redeal::Random);
    const Rules shuffled = parsed({"--shuffles", "2"}).over(mine);
    CHECK(shuffled.redeal == Redeal::AfterRun);
    CHECK(shuffled.preset == "montana");
    // Custom rules that are a shipped set's are named so.
    Rules custom = mine;
    custom.preset = "custom";
    CHECK(parsed({}).over(custom) == preset("gaps"));
    // Row-start aces, no shuffles and the default random redeal: played; given
    // shuffles, the random redeal is refused as it always was.
    Rules aces = preset("spaces-and-aces");
    aces.preset = "nos";
    aces.redeal = Redeal::Random;
    CHECK(parsed({}).over(aces).redeal == Redeal::AfterRun);
    CHECK_THROWS_AS(parsed({"--shuffles", "1"}).over(aces), CLI::ValidationError);
}

TEST_CASE("rule options: over an archived deal's rules, the preset is the one they match") {
    // mini with its own redeal is still mini; with 13 ranks it is custom.
    const Rules same = parsed({"--redeal", "after-run"}).over(preset("mini"));
    CHECK(same.preset == "mini");
    const RuleOptions ranks = parsed({"--ranks", "13", "--fill-from-right"});
    const Rules rules = ranks.over(preset("mini"));
    CHECK(rules.ranks == 13);
    CHECK(rules.fill_from_right);
    CHECK(rules.preset == "custom");
    CHECK(ranks.ranks_option() == "--ranks 13");
    // Options that make another shipped set's settings name that set (README said
    // so of solve --deals; they were custom, and the record grouped them apart).
    CHECK(parsed({"--ranks", "7", "--shuffles", "1", "--redeal", "after-run"}).over(preset("addiction")).preset == "mini");
    CHECK(parsed({"--shuffles", "3", "--redeal", "random"}).over(preset("gaps")).preset == "addiction");
    // A combination no game has is a usage error in the options' words.
    CHECK_THROWS_AS(parsed({"--redeal", "random"}).over(preset("blue-moon")), CLI::ValidationError);
}

TEST_CASE("rule options: CLI11 refuses words and numbers out of range") {
    CHECK_THROWS_AS(parsed({"--rules", "klondike"}), CLI::ValidationError);
    CHECK_THROWS_AS(parsed({"--ranks", "3"}), CLI::ValidationError);
    CHECK_THROWS_AS(parsed({"--ranks", "14"}), CLI::ValidationError);
    CHECK_THROWS_AS(parsed({"--shuffles", "-1"}), CLI::ValidationError);
    CHECK_THROWS_AS(parsed({"--redeal", "0"}), CLI::ValidationError);  // the word, not the enum's number
    CHECK(parsed({"--redeal", "random"}).redeal == Redeal::Random);
}

TEST_CASE("rule options: add() returns the five options, described with the prefix") {
    CLI::App app{"test"};
    RuleOptions options;
    const auto added = options.add(app, "With --deals: ");
    REQUIRE(added.size() == 5);
    for (const CLI::Option* option : added) CHECK(option->get_description().rfind("With --deals: ", 0) == 0);
}
