#include "rule_options.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "card.hpp"
#include "checks.hpp"
#include "choice.hpp"
#include "rule_sets.hpp"

namespace addiction::cli {

std::vector<CLI::Option*> RuleOptions::add(CLI::App& app, const std::string& prefix) {
    std::vector<CLI::Option*> out;
    out.push_back(app.add_option("-r,--rules", rules,
                                 prefix + fmt::format("Rule set: {}, or one of yours ('addiction rules' lists them)",
                                                      fmt::join(preset_names(), ", ")))
                      ->check(CLI::Validator(unknown_rule_set_problem, ""))
                      ->type_name("NAME"));
    out.push_back(app.add_option("--ranks", ranks, prefix + "Cards per suit, and slots per row (one more where the aces stay on the board)")
                      ->check(whole_number_in(kMinRanks, kMaxRanks, "INT"))
                      ->type_name("N"));
    out.push_back(app.add_option("--shuffles", shuffles, prefix + "Shuffles (redeals) allowed in the game")
                      ->check(whole_number_in(0, kMaxShuffles, "INT"))
                      ->type_name("N"));
    out.push_back(choice(app.add_option("--redeal", redeal,
                                        prefix + "How a shuffle deals: random (gaps anywhere), after-run or random-slots"),
                         kRedeals)
                      ->type_name("HOW"));
    out.push_back(app.add_flag("--fill-from-right", fill_from_right,
                               prefix + "A card may also fill the gap left of its successor"));
    return out;
}

bool RuleOptions::given() const { return !rules.empty() || ranks || shuffles || redeal || fill_from_right; }

Rules RuleOptions::over(Rules base) const {
    if (!rules.empty()) base = rule_set_rules(rules);
    const Rules chosen = base;
    if (ranks) base.ranks = *ranks;
    if (shuffles) base.shuffles = *shuffles;
    if (redeal) base.redeal = *redeal;
    if (fill_from_right) base.fill_from_right = true;
    // A rule set keeps its name while the options change nothing of it; changed,
    // the rules are the shipped set they now match, or custom.
    // Montana with --shuffles 0 is Gaps, and two rule sets that play alike are
    // not counted apart in stats or refused by solve --resume for a word: so too
    // custom rules of a deal file that are a shipped set's.
    if (base != chosen || base.preset == "custom") base.preset = shipped_name_of(base);
    // CLI11 checked each option's range; a combination is left, said in options'
    // words (check_rules speaks of a file's keys). Before, this was exit 1.
    if (random_redeal_with_aces(base))
        throw CLI::ValidationError(fmt::format("--redeal random deals the aces in to make the gaps, but {} keeps them "
                                               "on the board: give --redeal after-run or random-slots",
                                               chosen.preset));
    check_rules(base);
    return settled(base);
}

std::string RuleOptions::ranks_option() const {
    if (ranks) return fmt::format("--ranks {}", *ranks);
    if (!rules.empty()) return "--rules " + rules;
    return "";
}

}  // namespace addiction::cli
