// addiction deals: list the archive, shipped and the user's own.
#include "deals.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <memory>

#include <fmt/format.h>

#include "commands.hpp"
#include "json.hpp"
#include "store.hpp"

#ifndef ADDICTION_SOURCE_DEALS
#define ADDICTION_SOURCE_DEALS ""
#endif

namespace addiction::cli {
namespace fs = std::filesystem;

fs::path shipped_deals_dir() {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        fs::path installed = exe.parent_path().parent_path() / "share" / "addiction" / "deals";
        if (fs::is_directory(installed, ec)) return installed;
    }
    fs::path source = ADDICTION_SOURCE_DEALS;
    if (!source.empty() && fs::is_directory(source, ec)) return source;
    return {};
}

fs::path user_deals_dir() {
    const char* data = std::getenv("XDG_DATA_HOME");
    if (data && *data) return fs::path(data) / "addiction" / "deals";
    const char* home = std::getenv("HOME");
    if (!home || !*home) return {};
    return fs::path(home) / ".local" / "share" / "addiction" / "deals";
}

namespace {

void add_folder(const fs::path& folder, bool shipped, bool warn, std::vector<ArchiveEntry>& out) {
    std::error_code ec;
    if (folder.empty() || !fs::is_directory(folder, ec)) return;
    std::vector<fs::path> files;
    for (const auto& item : fs::directory_iterator(folder, ec))
        if (item.path().extension() == ".toml" && item.is_regular_file(ec)) files.push_back(item.path());
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
        try {
            ArchiveDeal deal = parse_archive(read_input_file(file.string()), file.string());
            deal.name = file.stem().string();
            out.push_back({std::move(deal), file, shipped});
        } catch (const Error& e) {
            if (warn) fmt::print(stderr, "addiction: warning: skipping {}: {}\n", file.string(), e.what());
        }
    }
}

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

std::string read_input_file(const std::string& path) {
    if (path == "-") return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return read_file(path);
}

std::vector<ArchiveEntry> archive_entries(bool warn) {
    std::vector<ArchiveEntry> out;
    add_folder(user_deals_dir(), false, warn, out);
    add_folder(shipped_deals_dir(), true, warn, out);
    return out;
}

std::optional<ArchiveEntry> find_archive_deal(const std::string& name) {
    if (!is_archive_name(name)) return std::nullopt;
    for (const auto& entry : archive_entries(false))
        if (entry.deal.name == name) return entry;
    return std::nullopt;
}

void setup_deals(CLI::App& app, const Globals&) {
    auto opt = std::make_shared<DealsOptions>();
    auto* sub = app.add_subcommand("deals", "List the archived deals ('addiction new NAME' starts one)");
    sub->add_flag("--json", opt->json, "One JSON array for scripts");
    sub->add_option("-r,--rules", opt->rules, "Only deals with these rules: a preset name, or custom")
        ->type_name("PRESET");
    sub->callback([opt] { run(*opt); });
}

}  // namespace addiction::cli
