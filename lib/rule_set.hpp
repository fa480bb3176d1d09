// Rule sets as data: a rule-set file's text <-> RuleSet, and the one place the
// settings of Rules are written to and read from a TOML table (the game file's
// [rules], an archive deal's [rules], a rule-set file) or a JSON object (show
// --json, the record). Text in, values out; finding rule-set files on disk is the
// command line's business. addiction(5) documents the keys.
//
//   description = "one line, for addiction rules"
//   ranks = 13                           # cards per suit
//   aces = "removed"                     # removed | row-starts | dealt-first
//   fill = "same-suit-next"              # same-suit-next | any-suit-next | same-suit-higher
//   fill_from_right = false
//   right_fills_first_column = true
//   shuffles = 3
//   redeal = "random"                    # random | after-run | random-slots
//
// A missing key takes Addiction's value; an unknown key or a bad value is refused.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>
#include <toml++/toml.h>

#include "rules.hpp"

namespace addiction {

struct RuleSet {
    std::string name;         // the file's name without .toml
    std::string description;  // one line
    Rules rules;              // rules.preset is `name`

    friend bool operator==(const RuleSet&, const RuleSet&) = default;
};

// A shipped rule-set file, built into the library from share/addiction/rules by
// CMake (cmake/embed_rule_sets.cmake), in the order preset_names() lists them.
struct ShippedRuleSet {
    std::string_view name;
    std::string_view text;
};
const std::vector<ShippedRuleSet>& shipped_rule_set_files();
// The shipped set of that name; throws Error for an unknown name. Parsed once.
const RuleSet& shipped_rule_set(std::string_view name);
bool is_shipped_rule_set(std::string_view name);

// What is wrong with `name` as a rule set's name, or "" when it is good: letters,
// digits, '-' and '_', not starting with '-', at most 64 characters, not "custom"
// (the name of rules that are no rule set's).
std::string rule_set_name_problem(std::string_view name);
// As rule_set_name_problem, and for the name of a rule-set file (yours) also not
// a shipped name in another case ('Montana') nor 'custom' in any. Only for the
// files: games and deals that recorded such a name before still load.
std::string rule_set_file_name_problem(std::string_view name);

// Parses a rule-set file: its description and settings. Throws Error naming the
// key ("ranks must be an integer from 4 to 13", "unknown key 'rank'"), syntax
// errors as SyntaxError with `source`, line and column; check_rules at the end.
RuleSet parse_rule_set(std::string_view toml_text, std::string_view name, std::string_view source);
// A rule-set file's text for `set`, every key written (for a user to start from).
std::string write_rule_set(const RuleSet& set);

// Whether `rules` use a setting the older files could not say: aces not removed,
// another fill, right_fills_first_column false, or the random-slots redeal. Then
// a game file needs format 3 and an archive deal format 2.
bool uses_family_settings(const Rules& rules);

// The settings as a [rules] table: preset (when `with_preset`), ranks, shuffles,
// redeal, fill_from_right, and with `family_keys` aces, fill and
// right_fills_first_column too.
toml::table rules_table(const Rules& rules, bool with_preset, bool family_keys);

// Throws Error for a key of a [rules] table (a game file's, an archive deal's)
// that is not preset or a setting: "unknown key 'rules.shufles' ([rules] has ...)".
void refuse_unknown_rules_keys(const toml::table& t);

// How read_settings treats the keys of a table.
struct SettingKeys {
    std::string_view where;  // "rules": messages say "rules.ranks ..."; "" for a rule-set file
    bool required = false;   // every key must be there (a game file), else a missing one is kept
    bool family = true;      // aces, fill, right_fills_first_column and random-slots allowed
    std::string_view family_refusal;  // why they are not, e.g. "format 2 game files do not have it"
};
// Reads the settings (not preset) that `t` holds over `rules`; throws Error
// naming the key. Other keys are left to the caller.
void read_settings(const toml::table& t, const SettingKeys& keys, Rules& rules);

// The settings as JSON: preset, ranks, shuffles, redeal, fill_from_right, then
// aces, fill, right_fills_first_column with `all_keys` or when any differs from
// Addiction's (so older readers of the record see no new key for the old games).
nlohmann::ordered_json rules_json(const Rules& rules, bool all_keys);
// The settings from rules_json's object (new keys optional); throws Error.
Rules rules_from_json(const nlohmann::ordered_json& json);

}  // namespace addiction
