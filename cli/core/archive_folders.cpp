#include "archive_folders.hpp"

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "deal.hpp"
#include "files.hpp"
#include "paths.hpp"
#include "printable.hpp"
#include "streams.hpp"

namespace addiction::cli {
namespace fs = std::filesystem;

namespace {

void add_folder(const fs::path& folder, bool shipped, bool warn, std::vector<ArchiveEntry>& out) {
    if (folder.empty()) return;
    std::error_code unreadable;
    const std::vector<fs::path> files = toml_files_in(folder, unreadable);
    if (unreadable && warn)
        tell("addiction: warning: skipping {}: {}\n", folder.string(), unreadable.message());
    for (const fs::path& file : files) {
        // A name `new NAME` cannot find ("my deal", "12", ".hidden") is not listed
        // as though it could be played.
        if (std::string problem = archive_name_problem(file.stem().string()); !problem.empty()) {
            if (warn)
                tell("addiction: warning: skipping {}: its name {}, so 'addiction new' cannot find it\n",
                     printable(file.string()), problem);
            continue;
        }
        try {
            ArchiveDeal deal = parse_archive(read_folder_file(file), file.string());
            // Its line too, as `new ./FILE` and `replay` check it: a line that is
            // not legal, or does not win as its verdict says, was listed as a win.
            check_archive(deal);
            deal.name = file.stem().string();
            out.push_back({std::move(deal), file, shipped});
        } catch (const Error& e) {
            // One broken file must not hide the rest of the archive. The path once:
            // a TOML error starts with it (PATH:LINE:COLUMN), a read error names it.
            if (!warn) continue;
            const std::string path = file.string();
            std::string why = e.what();
            if (const std::string read = "cannot read " + path + ": "; why.starts_with(read)) why.erase(0, read.size());
            if (why.starts_with(path + ":"))
                tell("addiction: warning: skipping {}\n", printable(why));
            else
                tell("addiction: warning: skipping {}: {}\n", printable(path), printable(why));
        }
    }
}

}  // namespace

std::vector<ArchiveEntry> archive_entries(bool warn) {
    std::vector<ArchiveEntry> out;
    add_folder(user_deals_dir(), false, warn, out);
    add_folder(shipped_deals_dir(), true, warn, out);
    // A deal of yours hides the shipped deal of the same name, in `deals` as in `new`.
    std::vector<ArchiveEntry> seen;
    for (auto& entry : out)
        if (std::none_of(seen.begin(), seen.end(), [&](const ArchiveEntry& e) { return e.deal.name == entry.deal.name; }))
            seen.push_back(std::move(entry));
    return seen;
}

NamedDeal find_named_deal(const std::string& name) {
    std::error_code ec;
    if (name.find('/') == std::string::npos) {
        if (auto entry = find_archive_deal(name)) return {entry->file, std::move(entry)};
        if (!name.empty() && fs::is_regular_file(name, ec)) return {name, std::nullopt};
        throw Error(fmt::format("no deal or file named '{}' ('addiction deals' lists the archive)", name));
    }
    return {name, std::nullopt};
}

std::string archive_name_problem(std::string_view name) {
    if (!is_archive_name(name))
        return "must be letters, digits, '-', '_' or '.', not starting with '-' or '.', at most 64 characters";
    if (is_deal_number(name)) return "reads as a deal number";
    if (deal_code_ranks(name) != 0) return "reads as a deal code";
    return "";
}

std::optional<ArchiveEntry> find_archive_deal(const std::string& name) {
    if (!archive_name_problem(name).empty()) return std::nullopt;
    // Looked up by its file, not among the deals that load: a deal of yours that
    // does not load is named with what is wrong, not passed over for "no deal",
    // nor for the shipped deal of that name.
    for (const auto& [folder, shipped] : {std::pair{user_deals_dir(), false}, std::pair{shipped_deals_dir(), true}}) {
        if (folder.empty()) continue;
        const fs::path file = folder / (name + ".toml");
        // A link to nothing is yours too, and broken: not passed over for the
        // shipped deal of its name, which `deals` does not list.
        std::error_code ec;
        if (!file_exists(file) && !fs::is_symlink(file, ec)) continue;
        const std::string text = read_folder_file(file);
        ArchiveDeal deal = in_file(file.string(), [&] {
            ArchiveDeal read = parse_archive(text, file.string());
            check_archive(read);
            return read;
        });
        deal.name = name;
        return ArchiveEntry{std::move(deal), file, shipped};
    }
    return std::nullopt;
}

}  // namespace addiction::cli
