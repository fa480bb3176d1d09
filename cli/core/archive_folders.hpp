// The deal archive on disk: the shipped deals and the user's own.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "archive.hpp"

namespace addiction::cli {

struct ArchiveEntry {
    ArchiveDeal deal;  // its name is the file's, without .toml
    std::filesystem::path file;
    bool shipped = true;  // false for the user's own
};

// Every readable deal, the user's first, each group by name. A file that does
// not load is skipped with a warning on standard error when `warn`.
std::vector<ArchiveEntry> archive_entries(bool warn = true);
// The user's deal of that name, else the shipped one.
std::optional<ArchiveEntry> find_archive_deal(const std::string& name);

}  // namespace addiction::cli
