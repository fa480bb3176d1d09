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
    std::string rules;  // a preset's name; empty: the base's rules
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
    // `base`, or the preset --rules names, with the other options over it; the
    // preset's name is then the one those rules match, or "custom".
    Rules over(Rules base) const;
    // The option that chose the rank count, as typed ("--ranks 13", "--rules gaps"),
    // for messages; empty when neither was given.
    std::string ranks_option() const;
};

}  // namespace addiction::cli
