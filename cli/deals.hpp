// The deal archive on disk: the shipped deals and the user's own.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "archive.hpp"

namespace addiction::cli {

struct ArchiveEntry {
    ArchiveDeal deal;  // its name is the file's, without .toml
    std::filesystem::path file;
    bool shipped = true;  // false for the user's own
};

// <prefix>/share/addiction/deals beside the binary's <prefix>/bin, else the source
// tree's deals/ for a binary run from its build folder; empty when neither exists.
std::filesystem::path shipped_deals_dir();
// $XDG_DATA_HOME/addiction/deals (~/.local/share when unset or empty).
std::filesystem::path user_deals_dir();

// Every readable deal, the user's first, each group by name. A file that does
// not load is skipped with a warning on standard error.
std::vector<ArchiveEntry> archive_entries(bool warn = true);
// The user's deal of that name, else the shipped one.
std::optional<ArchiveEntry> find_archive_deal(const std::string& name);

// A deal, layout or game file's text ("-" reads standard input); throws Error
// "cannot read PATH: REASON".
std::string read_input_file(const std::string& path);

}  // namespace addiction::cli
