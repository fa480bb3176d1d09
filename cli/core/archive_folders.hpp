// The deal archive on disk: the shipped deals and the user's own.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
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

// A deal named on the command line, as `new NAME` and `replay NAME` both take it.
struct NamedDeal {
    std::filesystem::path file;         // where it is
    std::optional<ArchiveEntry> entry;  // an archived deal; none for a file given by its path
};
// A word with a '/' is a path; else the user's archived deal of that name, else
// the shipped one, else a file of that name in the current folder. Throws Error
// "no deal or file named 'NAME' ..." when there is none.
NamedDeal find_named_deal(const std::string& name);

// Why `name` could not be found again as an archived deal by `new NAME` (it must
// be an archive name that reads as neither a deal number nor a deal code), or ""
// when it can.
std::string archive_name_problem(std::string_view name);

}  // namespace addiction::cli
