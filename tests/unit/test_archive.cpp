#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <string>
#include <unordered_set>

#include <fmt/format.h>

#include "archive.hpp"
#include "files.hpp"
#include "helpers.hpp"
#include "solver.hpp"
#include "toml_input.hpp"

using namespace addiction;
using addiction::cli::read_file;

#ifndef ADDICTION_DEALS_DIR
#error "tests/CMakeLists.txt defines ADDICTION_DEALS_DIR, the shipped archive"
#endif

namespace {

std::vector<std::filesystem::path> shipped_files() {
    std::vector<std::filesystem::path> files;
    for (const auto& item : std::filesystem::directory_iterator(ADDICTION_DEALS_DIR))
        if (item.path().extension() == ".toml") files.push_back(item.path());
    std::sort(files.begin(), files.end());
    return files;
}

// A 2 moved from one first-column slot to another.
bool two_between_leftmost(const Board& board, const Move& move) {
    if (move.card.rank() != 2 || move.to.col != 0) return false;
    auto from = board.find(move.card);
    return from && from->col == 0;
}

// Whether the deal can be won, under its rules and shuffles included, without ever
// moving a 2 between first-column slots: plain exhaustive search, independent of
// the solver (which cannot leave out a kind of move). A shuffle's outcome depends
// only on the board and its number, so a position is the board and shuffles spent.
bool wins_without_two_between(const Game& start) {
    const Rules& rules = start.rules();
    std::unordered_set<std::string> seen;
    std::vector<std::pair<Board, int>> stack{{start.board(), 0}};
    while (!stack.empty()) {
        auto [board, spent] = stack.back();
        stack.pop_back();
        if (board.won()) return true;
        std::string key(1, static_cast<char>(spent));
        for (int i = 0; i < board.size(); ++i) key += static_cast<char>(board.at(i).code());
        if (!seen.insert(key).second) continue;
        if (seen.size() >= 3'000'000) FAIL("too many positions for this check");  // the shipped claims need far fewer
        for (const Move& move : board.legal_moves(rules)) {
            if (two_between_leftmost(board, move)) continue;
            Board next = board;
            next.play(move);
            stack.emplace_back(next, spent);
        }
        if (spent < rules.shuffles)
            stack.emplace_back(shuffled(board, rules, start.deal().seed, spent + 1), spent + 1);
    }
    return false;
}

ArchiveDeal sample() {
    ArchiveDeal deal;
    deal.name = "sample";
    deal.description = "A \"quoted\" description";
    deal.rules = preset("mini");
    deal.deal = "11";
    deal.tags = {"easy"};
    Game game = start_game(deal);
    game.play(game.legal_actions().front());
    game.shuffle();
    deal.line = game.history();
    return deal;
}

}  // namespace

TEST_CASE("an archive deal writes and parses back the same") {
    ArchiveDeal deal = sample();
    std::string text = write_archive(deal);
    CHECK(text.find("deal = '11'") != std::string::npos);
    CHECK(text.find("'shuffle 1'") != std::string::npos);
    ArchiveDeal back = parse_archive(text, "sample.toml");
    CHECK(back == deal);
    CHECK(write_archive(back) == text);
}

TEST_CASE("rules default to the preset's settings, a changed setting makes them custom") {
    ArchiveDeal deal = parse_archive("deal = '5'\n[rules]\npreset = 'montana'\n", "x");
    CHECK(deal.rules == preset("montana"));
    deal = parse_archive("deal = '5'\n[rules]\npreset = 'mini'\nshuffles = 4\n", "x");
    CHECK(deal.rules.preset == "custom");
    CHECK(deal.rules.ranks == 7);
    CHECK(deal.rules.shuffles == 4);
    CHECK(parse_archive("deal = '5'\n", "x").rules == preset("addiction"));
}

TEST_CASE("bad archive files are refused with the problem named") {
    auto message = [](std::string_view text) {
        try {
            parse_archive(text, "bad.toml");
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK(message("description = 'x'\n") == "the archive file has no 'deal'");
    CHECK(message("deal = 5\n") == "deal must be a string");
    CHECK(message("deal = 'x'\n").starts_with("deal: "));
    CHECK(message("deal = '5'\nverdict = 'maybe'\n").starts_with("verdict: unknown verdict 'maybe'"));
    CHECK(message("deal = '5'\nverdict = 'win'\n") == "verdict 'win' needs the winning line (line = [...])");
    CHECK(message("deal = '5'\nline = ['move 2Q a1']\n").starts_with("line entry 1: "));
    CHECK(message("deal = '5'\n[rules]\nranks = 99\n") == "rules.ranks must be an integer from 4 to 13");
    CHECK(message("deal = '5'\nformat = 3\n").starts_with("archive format 3"));
    CHECK(message("deal = '5\n").starts_with("bad.toml:1:"));
    CHECK(message("deal = '5'\nname = '../x'\n").starts_with("name '../x'"));
    // Regression (fuzz_archive): huge floats where integers belong were an undefined conversion.
    CHECK(message("deal = '5'\nformat = 1.6e63\n") == message("deal = '5'\nformat = 'x'\n"));
    CHECK(message("deal = '5'\n[rules]\nranks = 1e300\n") == "rules.ranks must be an integer from 4 to 13");
    // A misspelt key was passed over, and its setting with it: shufles = 0 played 2 shuffles.
    CHECK(message("deal = '5'\n[rules]\npreset = 'montana'\nshufles = 0\n")
              .starts_with("unknown key 'rules.shufles' ([rules] has preset, ranks, shuffles,"));
    CHECK(message("deal = '5'\nfoo = 1\n").starts_with("unknown key 'foo' (an archive deal has format, name,"));
    // A format 1 file names the family's keys as not its own, not as unknown.
    CHECK(message("deal = '5'\n[rules]\naces = 'removed'\n").starts_with("rules.aces is not a key here"));
    CHECK(message("deal = '5'\ndescription = \"\"\"two\nlines\"\"\"\n") ==
          "description must be one line of UTF-8 text, without control characters, line separators or bidirectional overrides");
    CHECK(message("deal = '5'\ndescription = \"clear \\u001b[2J\"\n") ==
          "description must be one line of UTF-8 text, without control characters, line separators or bidirectional overrides");
    CHECK(message("deal = '5'\ndescription = \"tab\\there\"\n") ==
          "description must be one line of UTF-8 text, without control characters, line separators or bidirectional overrides");
    CHECK(message("deal = '5'\ndescription = \"caf\u00e9, \u2660\"\n") == "accepted");
    // Nor a line separator, nor a bidirectional override or isolate (they turn
    // the rest of a deals line around); other characters of those blocks are text.
    for (const char* escape : {"\\u2028", "\\u2029", "\\u202A", "\\u202E", "\\u2066", "\\u2069"})
        CHECK(message(fmt::format("deal = '5'\ndescription = \"a{}b\"\n", escape)) ==
              "description must be one line of UTF-8 text, without control characters, line separators or bidirectional overrides");
    CHECK(message("deal = '5'\ndescription = \"a\u2026 \u2070b\"\n") == "accepted");
    // Text as UTF-8 (an argument may be any bytes; toml++ refuses a file that is not).
    CHECK(is_description("caf\xc3\xa9"));
    CHECK_FALSE(is_description("ab\xff" "cd"));
    CHECK_FALSE(is_description("ab\xc3"));
    CHECK_FALSE(is_description("\xe2\x80"));
}

TEST_CASE("check_archive plays the line and holds it to the verdict") {
    ArchiveDeal deal = sample();
    Game game = check_archive(deal);
    CHECK(game.history().size() == 2);
    deal.verdict = ArchiveVerdict::Win;
    CHECK_THROWS_WITH_AS(check_archive(deal), doctest::Contains("does not win"), Error);
    deal.verdict = ArchiveVerdict::Unknown;
    deal.line.push_back(Action::make_shuffle(2));
    CHECK_THROWS_WITH_AS(check_archive(deal), doctest::Contains("line entry 3 (shuffle 2): the mini rules have 1 shuffle"), Error);
    // A shuffle's number may leave one out (a shuffle undone stays spent): shuffle
    // 3 deals as the game's third, as in the game that wrote the line.
    deal.rules = preset("addiction");
    deal.line = {Action::make_shuffle(1), Action::make_shuffle(3)};
    const Game skipped = check_archive(deal);
    CHECK(skipped.shuffles_spent() == 3);
    Game played = start_game(deal);
    played.shuffle();
    played.shuffle();
    played.undo();
    played.shuffle();
    CHECK(skipped.board() == played.board());
    ArchiveDeal in_order = deal;
    in_order.line = {Action::make_shuffle(1), Action::make_shuffle(2)};
    CHECK(skipped.board() != check_archive(in_order).board());
    // But they count up.
    deal.line.push_back(Action::make_shuffle(2));
    CHECK_THROWS_WITH_AS(check_archive(deal), doctest::Contains("line entry 3 (shuffle 2): it comes after shuffle 3"), Error);
    deal.line = {Action::make_shuffle(4)};
    CHECK_THROWS_WITH_AS(check_archive(deal), doctest::Contains("line entry 1 (shuffle 4): the addiction rules have 3 shuffles"), Error);
}

TEST_CASE("archive_of records the deal, and the history as the line when asked") {
    Game game = start_game(sample());
    game.play(game.legal_actions().front());
    ArchiveDeal plain = archive_of(game, "x", false);
    CHECK(plain.line.empty());
    CHECK(plain.deal == "11");
    ArchiveDeal with = archive_of(game, "x", true);
    CHECK(with.line == game.history());
    CHECK(with.verdict == ArchiveVerdict::Unknown);
    CHECK(check_archive(with).board() == game.board());
}

TEST_CASE("archive names are safe file names") {
    CHECK(is_archive_name("gaps-easy"));
    CHECK(is_archive_name("my_deal.2"));
    CHECK_FALSE(is_archive_name(""));
    CHECK_FALSE(is_archive_name("-rf"));
    CHECK_FALSE(is_archive_name(".hidden"));
    CHECK_FALSE(is_archive_name("a/b"));
    CHECK_FALSE(is_archive_name("a b"));
}

TEST_CASE("the exhaustive check finds a win that never moves a 2 between first-column slots") {
    // Gaps deal 5 can be won either way (14,105 positions without such moves).
    CHECK(wins_without_two_between(Game(preset("gaps"), deal_number(5, preset("gaps")))));
}

// The shipped archive: every deal loads and every recorded verdict holds.
TEST_CASE("every shipped deal loads, and its verdict and line are checked") {
    const auto files = shipped_files();
    REQUIRE(files.size() >= 4);
    std::vector<ArchiveDeal> deals;
    for (const auto& file : files) {
        CAPTURE(file.string());
        deals.push_back(parse_archive(read_file(file), file.string()));
        CHECK(deals.back().name == file.stem().string());
    }
    // The searches below, smallest deals first: in the sanitizer build's short run
    // each kind of claim is searched on the smallest deal that makes it (every line
    // is still replayed).
    std::stable_sort(deals.begin(), deals.end(),
                     [](const ArchiveDeal& a, const ArchiveDeal& b) { return a.rules.ranks < b.rules.ranks; });
    std::set<std::string> searched;
    auto search = [&](const std::string& claim) { return searched.insert(claim).second || !test::short_run(); };
    std::set<std::string> presets;
    std::set<std::string> tags;
    std::set<ArchiveVerdict> verdicts;
    for (const ArchiveDeal& deal : deals) {
        CAPTURE(deal.name);
        CHECK_FALSE(deal.description.empty());
        presets.insert(deal.rules.preset);
        tags.insert(deal.tags.begin(), deal.tags.end());
        auto tagged = [&deal](std::string_view tag) {
            return std::find(deal.tags.begin(), deal.tags.end(), tag) != deal.tags.end();
        };
        verdicts.insert(deal.verdict);

        // The line replays through the engine; for "win" it wins.
        Game end = check_archive(deal);
        if (deal.verdict == ArchiveVerdict::Win) CHECK(end.status() == Status::Won);

        // What a description says of its line is true of it; it quotes no count of
        // the solver's, which moves with every release of it (`solve` prints those).
        CHECK(deal.description.find("positions") == std::string::npos);
        static const std::regex kMovesAndShuffles(R"(\((\d+) moves, (\d+) shuffles\))");
        static const std::regex kActions(R"(\((\d+) actions\))");
        std::smatch said;
        if (std::regex_search(deal.description, said, kMovesAndShuffles)) {
            CHECK(std::stoi(said[1]) == end.moves_made());
            CHECK(std::stoi(said[2]) == end.shuffles_spent());
        }
        if (std::regex_search(deal.description, said, kActions))
            CHECK(std::stoi(said[1]) == end.moves_made() + end.shuffles_spent());

        // Proofs of no win are re-proven by the solver (exhaustive search).
        if ((deal.verdict == ArchiveVerdict::NoWin || deal.verdict == ArchiveVerdict::NoWinWithoutShuffles) &&
            search(std::string(to_string(deal.verdict)))) {
            SolveLimits limits;
            limits.shuffles = deal.verdict == ArchiveVerdict::NoWin;
            limits.memory_bytes = std::size_t{512} << 20;
            SolveResult result = solve(start_game(deal), limits);
            CHECK(result.verdict == Verdict::NoWin);
        }
        // A hard deal: its line wins, but the fair player (solve --fair, what a hint
        // loop plays) does not, at its default budgets.
        if (tagged("hard")) {
            CHECK(end.status() == Status::Won);
            if (search("hard")) CHECK(solve_fair(start_game(deal), SolveLimits{}).verdict != Verdict::Won);
        }
        // A "needs a shuffle" deal: its line wins, with a shuffle in it.
        if (tagged("needs-shuffle")) {
            CHECK(end.status() == Status::Won);
            CHECK(end.shuffles_spent() > 0);
        }
        // A deal that needs a 2 moved between first-column slots: its winning line
        // does so, and no line without such a move wins.
        if (tagged("two-between-leftmost")) {
            Game game = start_game(deal);
            bool uses = false;
            for (const Action& action : deal.line) {
                if (!action.is_shuffle() && two_between_leftmost(game.board(), action.move)) uses = true;
                game.play(action);
            }
            CHECK(uses);
            CHECK(game.status() == Status::Won);
            if (search("two-between-leftmost")) CHECK_FALSE(wins_without_two_between(start_game(deal)));
        }
    }
    // The curated set: every preset, easy and hard deals, the special cases.
    // Every shipped rule set has at least one deal.
    for (std::string_view name : preset_names()) {
        CAPTURE(name);
        CHECK(presets.count(std::string(name)) == 1);
    }
    CHECK(presets.count("custom") == 1);
    CHECK(tags.count("easy") == 1);
    CHECK(tags.count("hard") == 1);
    CHECK(tags.count("two-between-leftmost") == 1);
    CHECK(verdicts.count(ArchiveVerdict::NoWin) == 1);
    CHECK(verdicts.count(ArchiveVerdict::NoWinWithoutShuffles) == 1);
}
