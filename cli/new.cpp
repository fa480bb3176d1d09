// addiction new: start a game from a deal number, a deal code, an archived deal,
// an imported layout (--from) or a random deal.
#include <algorithm>
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
#include "plural.hpp"
#include "position.hpp"
#include "rule_options.hpp"
#include "rule_sets.hpp"
#include "solver.hpp"
#include "store.hpp"
#include "streams.hpp"
#include "view.hpp"

namespace addiction::cli {
namespace {

struct NewOptions {
    std::string deal;
    std::string from;
    RuleOptions rules;  // over addiction, the rules a deal code implies, or a deal's own
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
    // So that `solve --positions 1000000` finds the same line again.
    limits.as_solve_runs();
    return solve(game, limits);
}

// The rules a board copied from `show` or `export` names in its status line: a
// rule set, shipped or yours. Custom rules are not in the text (only their
// name), and a rule set not here cannot be read: taken for Addiction's, either
// went on under other rules without a word.
Rules heading_rules(const LayoutHeading& heading) {
    if (heading.preset == "custom")
        throw Error("its status line says custom rules, which a board as text does not carry: give them "
                    "(--rules, --ranks, --shuffles, --redeal), or export the game with --format deal, which keeps them");
    if (std::string problem = unknown_rule_set_problem(heading.preset); !problem.empty())
        throw Error(fmt::format("its status line's rules: {}", problem));
    return rule_set_rules(heading.preset);
}

Rules rules_from(const NewOptions& opt) {
    const int code_ranks = deal_code_ranks(opt.deal);
    if (code_ranks == 0) return opt.rules.over(preset("addiction"));
    // A deal code knows its ranks: without --rules or --ranks they choose the
    // preset; options that ask for others are a usage error, as for an archived deal.
    if (opt.rules.ranks_option().empty()) return opt.rules.over(deal_code_rules(opt.deal));
    Rules rules = opt.rules.over(preset("addiction"));
    if (rules.ranks != code_ranks)
        throw CLI::ValidationError(fmt::format("{} asks for {} ranks but the deal code {} is for {}",
                                               opt.rules.ranks_option(), rules.ranks, opt.deal, code_ranks));
    // The same for the aces (it was exit 1, where the ranks' was 2).
    const bool code_aces = deal_code_rules(opt.deal).aces != Aces::Removed;
    if ((rules.aces != Aces::Removed) != code_aces)
        throw CLI::ValidationError(fmt::format("the {} rules {} but the deal code {} is for a layout {}", rules.preset,
                                               code_aces ? "take the aces out" : "keep the aces on the board",
                                               opt.deal, code_aces ? "with the aces on the board" : "without aces"));
    return rules;
}

// A deal that brings its own rules (archived, or a file) is played with the
// options given over them; its layout fixes the ranks, so an option that asks for
// others is refused as a usage error rather than ignored.
Rules rules_for_deal(const Rules& own, const NewOptions& opt, const std::string& what) {
    Rules rules = opt.rules.over(own);
    if (rules.ranks != own.ranks)
        throw CLI::ValidationError(
            fmt::format("{} asks for {} ranks but {} has {}", opt.rules.ranks_option(), rules.ranks, what, own.ranks));
    return rules;
}

// Refuses to replace an unfinished game with actions, or a file that does not load.
void check_replaceable(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return;
    refuse_other_than_file(path);  // before "use --force", which would not help
    const Game old = with_context(
        fmt::format("{} holds a game that does not load, kept as it is (use --force to replace it)", path.string()),
        [&] { return load_game_file(path); });
    if (old.in_progress())
        throw Error(fmt::format("a game is in progress in {} ({}): finish it, or use --force to replace it",
                                path.string(), progress_words(old)));
}

void run(const NewOptions& opt, const Globals& globals) {
    Rules rules = rules_from(opt);
    Deal deal;
    std::string source;
    int shuffles_spent = 0;
    std::optional<std::uint64_t> random_number;
    // DEAL names an archived deal, or a file as --from takes it (the lookup replay shares).
    std::optional<NamedDeal> named;
    if (!opt.deal.empty() && !is_deal_number(opt.deal) && deal_code_ranks(opt.deal) == 0)
        named = find_named_deal(opt.deal);
    const std::string from = named && !named->entry ? named->file.string() : opt.from;
    if (!from.empty()) {
        const std::string text = read_input_file(from);
        std::string name = from == "-" ? "standard input" : from;
        // A board copied from `show` or `export` names its preset and shuffles left in
        // its status line: the game goes on from there, the rule options over those
        // rules as over any deal's own (--rules replaces them). Custom rules are not
        // in the text: options then start from Addiction's.
        const ImportFormat format = detect_format(text);
        const auto heading = format == ImportFormat::Layout ? layout_heading(text) : std::nullopt;
        if (heading && opt.rules.rules.empty() && !(heading->preset == "custom" && opt.rules.given()))
            rules = in_file(name, [&] { return opt.rules.over(heading_rules(*heading)); });
        // A board without its rules (a Solvitaire deal, four rows of cards): the
        // rules its shape has, as for its deal code (mini for 7 slots a row,
        // blue-moon with the aces on the board), the options over them unless
        // --rules names others; not a refusal that names Addiction's 13 ranks. (A
        // text that is no board: the import below says what is wrong with it.)
        if (!heading && opt.rules.rules.empty() && format != ImportFormat::Archive)
            if (auto board = readable_board(text, format))
                rules = opt.rules.over(deal_code_rules(deal_code(*board)));
        const ArchiveDeal imported = in_file(name, [&] { return import_deal(text, name, rules); });
        rules = rules_for_deal(imported.rules, opt, name);
        deal = parse_deal(imported.deal, rules);
        if (heading) {
            // The shuffles the board's game spent: those of the rules its status
            // line names (of the options for custom rules, which it does not hold)
            // less those left. They stay spent under a --shuffles N, which sets
            // the game's total: it had set the shuffles left, as if none were spent.
            const int total = heading->preset == "custom" ? rules.shuffles
                                                          : in_file(name, [&] { return heading_rules(*heading); }).shuffles;
            if (heading->shuffles_left > total)
                throw Error(fmt::format("{}: its status line says {} left, but the {} rules have {}", name,
                                        plural(heading->shuffles_left, "shuffle"), heading->preset, total));
            shuffles_spent = std::min(total - heading->shuffles_left, rules.shuffles);
        }
        source = fmt::format(" from {}", name);
    } else if (named) {
        const auto& entry = named->entry;
        rules = rules_for_deal(entry->deal.rules, opt, fmt::format("the archived deal '{}'", entry->deal.name));
        deal = parse_deal(entry->deal.deal, rules);
        source = fmt::format(" from the archive ({})", entry->deal.name);
    } else if (opt.deal.empty()) {
        std::random_device device;
        random_number = (std::uint64_t{device()} << 32) | device();
        deal = deal_number(*random_number, rules);
    } else {
        deal = parse_deal(opt.deal, rules);
    }
    // A code with one character left out often reads as such a code too, of another
    // deal (4 times in 10, addiction(5)): a note says so once the game is started
    // (a refusal is one line), since nothing tells the two apart.
    bool unchecked_code = false;
    if (std::string checked = checked_deal_id(deal.id); checked != deal.id) {
        unchecked_code = true;
        deal.id = checked;
    }
    Game game = Game::restore(rules, std::move(deal), {}, {}, shuffles_spent);
    const auto path = game_path(globals.file);
    if (opt.winnable) {
        // Refuse before the search, not after it has said "winnable"; the check under
        // the lock below still decides.
        if (!opt.force) check_replaceable(path);
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

    replace_game(path, game, [&](const std::filesystem::path& old) {
        if (!opt.force) check_replaceable(old);
    });
    if (unchecked_code)
        tell("addiction: note: deal code without check character (an old code, or one with a character left "
             "out: check the deal); its checked form is {}\n",
             game.deal().id);
    fmt::print("new game: deal {} ({} rules){} in {}\n", game.deal().id, rules.preset, source, path.string());
    print_position(game, globals.style());
}

}  // namespace

void setup_new(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<NewOptions>();
    auto* sub = app.add_subcommand("new", "Start a game (a random deal unless DEAL is given)");
    auto* deal = sub->add_option("deal", opt->deal,
                                 "Deal number (0 to 2^64-1), deal code, the name of an archived deal (its rules apply), or a "
                                 "deal file as --from takes it (a path with a '/', or a file in this folder)")
                     ->type_name("DEAL");
    sub->add_option("--from", opt->from,
                    "Import the deal from FILE ('-' for standard input): an archive deal file, a game file, a Solvitaire "
                    "JSON deal, or 4 rows of card codes with gaps as -- or ..")
        ->type_name("FILE")
        ->excludes(deal);
    opt->rules.add(*sub);
    sub->add_flag("--force", opt->force, "Replace an unfinished game that has actions");
    sub->add_flag("--winnable", opt->winnable,
                  "Only a deal the solver wins within 1000000 positions: a random one (trying the next numbers), "
                  "or DEAL refused if not");
    sub->callback([opt, &globals] { run(*opt, globals); });
}

}  // namespace addiction::cli
