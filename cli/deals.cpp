// addiction deals: list the archive, shipped and the user's own.
#include <algorithm>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "archive_folders.hpp"
#include "commands.hpp"
#include "paths.hpp"
#include "plural.hpp"
#include "rule_sets.hpp"

namespace addiction::cli {
namespace {

struct DealsOptions {
    bool json = false;
    std::string rules;
};

nlohmann::ordered_json entry_json(const ArchiveEntry& entry) {
    const ArchiveDeal& d = entry.deal;
    return {{"name", d.name},
            {"description", d.description},
            {"rules", d.rules.preset},
            {"ranks", d.rules.ranks},
            {"deal", d.deal},
            {"tags", d.tags},
            {"verdict", std::string(to_string(d.verdict))},
            {"line", d.line.size()},
            {"source", entry.shipped ? "shipped" : "user"},
            {"file", entry.file.string()}};
}

void run(const DealsOptions& opt) {
    std::vector<ArchiveEntry> entries = archive_entries();
    std::erase_if(entries, [&](const ArchiveEntry& e) { return !opt.rules.empty() && e.deal.rules.preset != opt.rules; });
    if (opt.json) {
        auto items = nlohmann::ordered_json::array();
        for (const auto& entry : entries) items.push_back(entry_json(entry));
        // A file name may be any bytes: invalid UTF-8 becomes U+FFFD instead of an exception.
        fmt::print("{}\n", items.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
        return;
    }
    if (entries.empty()) {
        fmt::print("no deals{} (shipped: {}; yours: {})\n", opt.rules.empty() ? "" : " for these rules",
                   shipped_deals_dir().empty() ? "not found" : shipped_deals_dir().string(),
                   user_deals_dir().string());
        return;
    }
    std::size_t width = 4;
    std::size_t rules_width = 5;
    for (const auto& entry : entries) {
        width = std::max(width, entry.deal.name.size());
        rules_width = std::max(rules_width, entry.deal.rules.preset.size());
    }
    fmt::print("{:<{}}  {:<{}}  {:<23}  {}\n", "NAME", width, "RULES", rules_width, "VERDICT", "DESCRIPTION");
    for (const auto& entry : entries) {
        const ArchiveDeal& d = entry.deal;
        std::string verdict(to_string(d.verdict));
        if (d.verdict == ArchiveVerdict::Win) verdict += fmt::format(" ({})", plural(d.line.size(), "action"));
        std::string description = d.description;
        if (!entry.shipped) description = description.empty() ? "[yours]" : "[yours] " + description;
        std::string line = fmt::format("{:<{}}  {:<{}}  {:<23}  {}", d.name, width, d.rules.preset, rules_width,
                                       verdict, description);
        line.erase(line.find_last_not_of(' ') + 1);  // no padding after the last word
        fmt::print("{}\n", line);
    }
}

// --rules takes a rule set there is, custom, or one that deals of the archive
// name: a deal of your rules is listed after their file is gone, and stats
// --rules takes such a name too.
std::string rules_problem(const std::string& name) {
    if (name == "custom") return "";
    std::string problem = unknown_rule_set_problem(name);
    if (problem.empty()) return "";
    for (const ArchiveEntry& entry : archive_entries(false))
        if (entry.deal.rules.preset == name) return "";
    return problem;
}

}  // namespace

void setup_deals(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<DealsOptions>();
    auto* sub = app.add_subcommand("deals", "List the archived deals ('addiction new NAME' starts one)");
    globals.no_game_file(sub);
    globals.no_drawing(sub);
    globals.no_record(sub);
    sub->add_flag("--json", opt->json, "One JSON array for scripts");
    sub->add_option("-r,--rules", opt->rules, "Only deals with these rules: a rule set's name, or custom")
        ->check(CLI::Validator([](std::string& name) { return rules_problem(name); }, ""))
        ->type_name("NAME");
    sub->callback([opt] { run(*opt); });
}

}  // namespace addiction::cli
