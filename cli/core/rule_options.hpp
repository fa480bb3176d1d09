// The rule options that `new` and `solve --deals` take over a base set of rules:
// -r/--rules, --ranks, --shuffles, --redeal, --fill-from-right. Added to a
// command once, applied once.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "rules.hpp"

namespace CLI {
class App;
class Option;
}  // namespace CLI

namespace addiction::cli {

struct RuleOptions {
    std::string rules;  // a rule set's name, shipped or the user's; empty: the base's rules
    std::optional<int> ranks;
    std::optional<int> shuffles;
    std::optional<Redeal> redeal;
    bool fill_from_right = false;

    // Adds the five options to `app`, bound to this object (which must outlive the
    // parse); each description starts with `prefix` ("With --deals: "). Returns
    // them, for the caller's needs() or excludes().
    std::vector<CLI::Option*> add(CLI::App& app, const std::string& prefix = "");

    // Whether any of them was given.
    bool given() const;
    // `base`, or the rule set --rules names, with the other options over it; the
    // set's name is kept while they change none of its settings, else it is
    // "custom". Throws Error for a user's set that does not load and for settings
    // no game is played with (check_rules).
    Rules over(Rules base) const;
    // The option that chose the rank count, as typed ("--ranks 13", "--rules gaps"),
    // for messages; empty when neither was given.
    std::string ranks_option() const;
};

}  // namespace addiction::cli
