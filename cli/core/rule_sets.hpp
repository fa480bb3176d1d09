// The rule sets on disk: the shipped ones (built into the engine, their files
// installed for people to read) and the user's own in
// $XDG_DATA_HOME/addiction/rules/NAME.toml. A user's file with a shipped set's
// name is not used: the shipped set keeps its meaning everywhere.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "rule_set.hpp"

namespace addiction::cli {

struct RuleSetEntry {
    std::string name;
    bool shipped = true;
    std::filesystem::path file;  // the user's file; for a shipped set, its installed file (may be empty)
    std::string text;            // the file's text
    std::optional<RuleSet> set;  // none when the file does not load
    std::string problem;         // why it does not: "PATH: why"
};

// Every rule set: the shipped ones in preset_names() order, then the user's by
// name, broken ones included (with their problem). A user's file with a shipped
// name is left out, with a warning on standard error when `warn`.
std::vector<RuleSetEntry> rule_set_entries(bool warn = true);

// The names --rules takes: the shipped sets', then the user's files' that have a
// good name (whether or not they load: the error comes when one is asked for).
std::vector<std::string> rule_set_names();

// The rule set `name`: shipped, else the user's file. Throws Error "unknown rule
// set 'x'; did you mean 'y'?" or, for a user's file that does not load, naming
// the file (unless `broken_too`: the entry, with its problem, for `rules NAME`
// to show the file that needs mending). Warns (standard error) when a user's
// file hides behind a shipped name.
RuleSetEntry find_rule_set(const std::string& name, bool broken_too = false);
// Its rules, rules.preset being `name`.
Rules rule_set_rules(const std::string& name);

// "" when `name` is a rule set --rules takes, else the message of find_rule_set.
std::string unknown_rule_set_problem(const std::string& name);

}  // namespace addiction::cli
