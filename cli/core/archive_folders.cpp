#include "archive_folders.hpp"

#include <algorithm>
#include <cstdio>

#include <fmt/format.h>

#include "files.hpp"
#include "paths.hpp"

namespace addiction::cli {
namespace fs = std::filesystem;

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
            ArchiveDeal deal = parse_archive(read_file(file), file.string());
            deal.name = file.stem().string();
            out.push_back({std::move(deal), file, shipped});
        } catch (const Error& e) {
            // One broken file must not hide the rest of the archive.
            if (warn) fmt::print(stderr, "addiction: warning: skipping {}: {}\n", file.string(), e.what());
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

std::optional<ArchiveEntry> find_archive_deal(const std::string& name) {
    if (!is_archive_name(name)) return std::nullopt;
    for (const auto& entry : archive_entries(false))
        if (entry.deal.name == name) return entry;
    return std::nullopt;
}

}  // namespace addiction::cli
