// addiction new: start a game from a deal number, a deal code, an archived deal,
// an imported layout (--from) or a random deal.
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>

#include <fmt/format.h>

#include "commands.hpp"
#include "archive_folders.hpp"
#include "choices.hpp"
#include "files.hpp"
#include "importer.hpp"
#include "paths.hpp"
#include "position.hpp"
#include "solver.hpp"
#include "store.hpp"

namespace addiction::cli {
namespace {

struct NewOptions {
    std::string deal;
    std::string from;
    std::string rules;  // empty: addiction, or the rules a deal code implies
    std::optional<int> ranks;
    std::optional<int> shuffles;
    std::optional<Redeal> redeal;
    bool fill_from_right = false;
    bool force = false;
    bool winnable = false;
};

// new --winnable: the solver's budget, in positions so that the claim is the same
// on every machine and can be checked again with 'solve --positions'.
constexpr std::uint64_t kWinnablePositions = 1'000'000;
constexpr int kWinnableTries = 1000;

SolveResult check_winnable(const Game& game) {
    SolveLimits limits;
    limits.max_positions = kWinnablePositions;
    limits.memory_bytes = std::size_t{256} << 20;
    return solve(game, limits);
}

Rules rules_from(const NewOptions& opt) {
    Rules rules = preset(opt.rules.empty() ? "addiction" : opt.rules);
    // A deal code knows its ranks: without --rules or --ranks they choose the preset.
    if (opt.rules.empty() && !opt.ranks && deal_code_ranks(opt.deal) != 0) rules = deal_code_rules(opt.deal);
    if (opt.ranks) rules.ranks = *opt.ranks;
    if (opt.shuffles) rules.shuffles = *opt.shuffles;
    if (opt.redeal) rules.redeal = *opt.redeal;
    if (opt.fill_from_right) rules.fill_from_right = true;
    rules.preset = preset_name_for(rules);
    return rules;
}

// Refuses to replace a game that is still going, or a file that does not load.
void check_replaceable(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return;
    const Game old = with_context(
        fmt::format("{} holds a game that does not load, kept as it is (use --force to replace it)", path.string()),
        [&] { return load_game_file(path); });
    Status status = old.status();
    if (status == Status::Playing || status == Status::Stuck)
        throw Error(fmt::format("a game is in progress in {} (deal {}, {} actions): finish it, or use --force "
                                "to replace it",
                                path.string(), old.deal().id, old.history().size()));
}

void run(const NewOptions& opt, const Globals& globals) {
    Rules rules = rules_from(opt);
    std::optional<std::uint64_t> random_number;
    Deal deal;
    std::string source;
    if (!opt.from.empty()) {
        if (!opt.deal.empty()) throw Error("give a DEAL or --from FILE, not both");
        const std::string text = read_input_file(opt.from);
        std::string name = opt.from == "-" ? "standard input" : opt.from;
        const ArchiveDeal imported = in_file(name, [&] { return import_deal(text, name, rules); });
        rules = imported.rules;
        deal = parse_deal(imported.deal, rules);
        source = fmt::format(" from {}", name);
    } else if (!opt.deal.empty() && !is_deal_number(opt.deal) && deal_code_ranks(opt.deal) == 0) {
        auto entry = find_archive_deal(opt.deal);
        if (!entry)
            throw Error(fmt::format("'{}' is neither a deal number, a deal code nor an archived deal "
                                    "('addiction deals' lists them)",
                                    opt.deal));
        rules = entry->deal.rules;
        deal = parse_deal(entry->deal.deal, rules);
        source = fmt::format(" from the archive ({})", entry->deal.name);
    } else if (opt.deal.empty()) {
        std::random_device device;
        random_number = (std::uint64_t{device()} << 32) | device();
        deal = deal_number(*random_number, rules);
    } else {
        deal = parse_deal(opt.deal, rules);
    }
    if (std::string checked = checked_deal_id(deal.id); checked != deal.id) {
        fmt::print(stderr, "addiction: note: deal code without check character; its checked form is {}\n", checked);
        deal.id = checked;
    }
    Game game(rules, std::move(deal));
    if (opt.winnable) {
        const auto start = std::chrono::steady_clock::now();
        for (int tries = 1;; ++tries) {
            const SolveResult result = check_winnable(game);
            if (result.verdict == Verdict::Won) break;
            if (!random_number)
                throw Error(fmt::format("deal {} is not winnable within {} positions: {}", game.deal().id,
                                        kWinnablePositions,
                                        result.verdict == Verdict::NoWin ? "no win exists" : "no win found"));
            if (tries == kWinnableTries)
                throw Error(fmt::format("no winnable deal in {} tries from {}", kWinnableTries, *random_number));
            game = Game(rules, deal_number(++*random_number, rules));
        }
        const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
        fmt::print("deal {}: winnable, checked in {:.1f} s\n", game.deal().id, took.count());
    }

    const auto path = game_path(globals.file);
    replace_game(path, game, [&](const std::filesystem::path& old) {
        if (!opt.force) check_replaceable(old);
    });
    fmt::print("new game: deal {} ({} rules){} in {}\n", game.deal().id, rules.preset, source, path.string());
    print_position(game, globals.style());
}

}  // namespace

void setup_new(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<NewOptions>();
    auto* sub = app.add_subcommand("new", "Start a game (a random deal unless DEAL is given)");
    sub->add_option("deal", opt->deal,
                    "Deal number (0 to 2^64-1), deal code, or the name of an archived deal (its rules apply)")
        ->type_name("DEAL");
    sub->add_option("--from", opt->from,
                    "Import the deal from FILE ('-' for standard input): an archive deal file, a game file, a Solvitaire "
                    "JSON deal, or 4 rows of card codes with gaps as -- or ..")
        ->type_name("FILE");
    sub->add_option("-r,--rules", opt->rules, "Rule preset: addiction, montana, gaps, mini")
        ->check(CLI::IsMember(preset_names()))
        ->type_name("PRESET");
    sub->add_option("--ranks", opt->ranks, "Cards per suit, and slots per row")
        ->check(CLI::Range(kMinRanks, kMaxRanks))
        ->type_name("N");
    sub->add_option("--shuffles", opt->shuffles, "Shuffles (redeals) allowed in the game")
        ->check(CLI::Range(0, kMaxShuffles))
        ->type_name("N");
    choice(sub->add_option("--redeal", opt->redeal, "How a shuffle deals: random (gaps anywhere) or after-run"),
           kRedeals)
        ->type_name("HOW");
    sub->add_flag("--fill-from-right", opt->fill_from_right,
                  "A card may also fill the gap left of its successor");
    sub->add_flag("--force", opt->force, "Replace a game in progress");
    sub->add_flag("--winnable", opt->winnable,
                  "Only a deal the solver wins within 1000000 positions: a random one (trying the next numbers), "
                  "or DEAL refused if not");
    sub->callback([opt, &globals] { run(*opt, globals); });
}

}  // namespace addiction::cli
