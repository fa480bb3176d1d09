// addiction rules: list the rule sets, shipped and the user's, or print one.
#include <algorithm>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "json.hpp"
#include "printable.hpp"
#include "rule_sets.hpp"
#include "streams.hpp"

namespace addiction::cli {
namespace {

struct RulesOptions {
    std::string name;
    bool json = false;
};

nlohmann::ordered_json entry_json(const RuleSetEntry& entry, bool with_text) {
    nlohmann::ordered_json out{{"name", entry.name},
                               {"description", entry.set ? entry.set->description : ""},
                               {"source", entry.shipped ? "shipped" : "user"},
                               {"file", entry.file.empty() ? nlohmann::ordered_json(nullptr)
                                                           : nlohmann::ordered_json(entry.file.string())}};
    if (entry.set) {
        out["rules"] = rules_json(entry.set->rules, true);
    } else {
        out["rules"] = nullptr;
        out["error"] = entry.problem;
    }
    if (with_text) out["text"] = entry.text;
    return out;
}

void list(const RulesOptions& opt) {
    const std::vector<RuleSetEntry> entries = rule_set_entries();
    if (opt.json) {
        auto items = nlohmann::ordered_json::array();
        for (const auto& entry : entries) items.push_back(entry_json(entry, false));
        fmt::print("{}\n", json_text(items));
        return;
    }
    std::size_t width = 0;
    for (const auto& entry : entries) width = std::max(width, printable(entry.name).size());
    for (const auto& entry : entries) {
        std::string description;
        // A file of someone else's may name a key or a value with escape sequences
        // in it, and its name may hold any byte: both printed as printable() makes them.
        if (!entry.set)
            description = "[yours, broken] " + printable(entry.problem);
        else
            description = (entry.shipped ? "" : "[yours] ") + entry.set->description;
        // No description, no trailing blanks (a file of yours may have none).
        const std::string line = fmt::format("{:<{}}  {}", printable(entry.name), width, description);
        fmt::print("{}\n", line.substr(0, line.find_last_not_of(' ') + 1));
    }
}

// A broken file of yours is printed too, as it is the one to mend, and its
// problem said after it (exit 1).
void print_one(const RulesOptions& opt) {
    const RuleSetEntry entry = find_rule_set(opt.name, true);
    if (opt.json) {
        fmt::print("{}\n", json_text(entry_json(entry, true)));
    } else {
        fmt::print("{}", entry.text);
        if (!entry.text.empty() && entry.text.back() != '\n') fmt::print("\n");
    }
    if (!entry.set) {
        flush_stdout();
        throw Error(entry.problem);
    }
}

}  // namespace

void setup_rules(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<RulesOptions>();
    auto* sub = app.add_subcommand("rules", "List the rule sets ('new --rules NAME' plays one), or print rule set NAME");
    globals.no_game_file(sub);
    globals.no_drawing(sub);
    globals.no_record(sub);
    sub->add_option("name", opt->name, "A rule set, shipped or one of yours: print its file")->type_name("NAME");
    sub->add_flag("--json", opt->json, "JSON for scripts: an array of the sets, or the one set with its text");
    sub->callback([opt] {
        if (opt->name.empty())
            list(*opt);
        else
            print_one(*opt);
    });
}

}  // namespace addiction::cli
