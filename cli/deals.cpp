// addiction deals: list the archive, shipped and the user's own.
#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "archive_folders.hpp"
#include "commands.hpp"
#include "json.hpp"
#include "paths.hpp"

namespace addiction::cli {
namespace {

struct DealsOptions {
    bool json = false;
    std::string rules;
};

std::string entry_json(const ArchiveEntry& entry) {
    const ArchiveDeal& d = entry.deal;
    std::vector<std::string> tags;
    for (const auto& tag : d.tags) tags.push_back(json_quote(tag));
    return fmt::format(
        "{{\"name\": {}, \"description\": {}, \"rules\": {}, \"ranks\": {}, \"deal\": {}, \"tags\": [{}], "
        "\"verdict\": {}, \"line\": {}, \"source\": {}, \"file\": {}}}",
        json_quote(d.name), json_quote(d.description), json_quote(d.rules.preset), d.rules.ranks, json_quote(d.deal),
        fmt::join(tags, ", "), json_quote(to_string(d.verdict)), d.line.size(),
        json_quote(entry.shipped ? "shipped" : "user"), json_quote(entry.file.string()));
}

void run(const DealsOptions& opt) {
    std::vector<ArchiveEntry> entries = archive_entries();
    std::erase_if(entries, [&](const ArchiveEntry& e) { return !opt.rules.empty() && e.deal.rules.preset != opt.rules; });
    if (opt.json) {
        std::vector<std::string> items;
        for (const auto& entry : entries) items.push_back(entry_json(entry));
        fmt::print("[{}]\n", fmt::join(items, ",\n "));
        return;
    }
    if (entries.empty()) {
        fmt::print("no deals{} (shipped: {}; yours: {})\n", opt.rules.empty() ? "" : " for these rules",
                   shipped_deals_dir().empty() ? "not found" : shipped_deals_dir().string(),
                   user_deals_dir().string());
        return;
    }
    std::size_t width = 4;
    for (const auto& entry : entries) width = std::max(width, entry.deal.name.size());
    fmt::print("{:<{}}  {:<9}  {:<23}  {}\n", "NAME", width, "RULES", "VERDICT", "DESCRIPTION");
    for (const auto& entry : entries) {
        const ArchiveDeal& d = entry.deal;
        std::string verdict(to_string(d.verdict));
        if (d.verdict == ArchiveVerdict::Win) verdict += fmt::format(" ({} actions)", d.line.size());
        std::string description = d.description;
        if (!entry.shipped) description = "[yours] " + description;
        fmt::print("{:<{}}  {:<9}  {:<23}  {}\n", d.name, width, d.rules.preset, verdict, description);
    }
}

}  // namespace

void setup_deals(CLI::App& app, const Globals&) {
    auto opt = std::make_shared<DealsOptions>();
    auto* sub = app.add_subcommand("deals", "List the archived deals ('addiction new NAME' starts one)");
    sub->add_flag("--json", opt->json, "One JSON array for scripts");
    sub->add_option("-r,--rules", opt->rules, "Only deals with these rules: a preset name, or custom")
        ->type_name("PRESET");
    sub->callback([opt] { run(*opt); });
}

}  // namespace addiction::cli
