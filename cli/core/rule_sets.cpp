#include "rule_sets.hpp"

#include <algorithm>
#include <cstdio>
#include <set>

#include <fmt/format.h>

#include "error.hpp"
#include "files.hpp"
#include "paths.hpp"
#include "spelling.hpp"
#include "streams.hpp"

namespace addiction::cli {
namespace fs = std::filesystem;

namespace {

// The .toml files of the user's folder, by name. A folder that cannot be read
// leaves out only the user's sets, with a warning when `warn`.
std::vector<fs::path> user_files(bool warn) {
    const fs::path folder = user_rules_dir();
    if (folder.empty()) return {};
    std::error_code unreadable;
    std::vector<fs::path> files = toml_files_in(folder, unreadable);
    if (unreadable && warn)
        tell("addiction: warning: skipping {}: {}\n", folder.string(), unreadable.message());
    return files;
}

// Once a run: `new DEAL --rules montana` looks the set up twice, and said so twice.
void warn_hidden(const fs::path& file, std::string_view name) {
    static std::set<fs::path> warned;
    if (!warned.insert(file).second) return;
    tell("addiction: warning: {} is not used: '{}' is a shipped rule set (give yours another name)\n",
         file.string(), name);
}

RuleSetEntry shipped_entry(std::string_view name, std::string_view text) {
    RuleSetEntry entry;
    entry.name = std::string(name);
    entry.text = std::string(text);
    entry.set = shipped_rule_set(name);
    if (const fs::path dir = shipped_rules_dir(); !dir.empty()) entry.file = dir / (entry.name + ".toml");
    return entry;
}

RuleSetEntry user_entry(const fs::path& file) {
    RuleSetEntry entry;
    entry.name = file.stem().string();
    entry.shipped = false;
    entry.file = file;
    try {
        entry.text = read_folder_file(file);
        entry.set = in_file(file.string(), [&] { return parse_rule_set(entry.text, entry.name, file.string()); });
    } catch (const Error& e) {
        entry.problem = e.what();
    }
    return entry;
}

}  // namespace

std::vector<RuleSetEntry> rule_set_entries(bool warn) {
    std::vector<RuleSetEntry> out;
    for (const ShippedRuleSet& file : shipped_rule_set_files()) out.push_back(shipped_entry(file.name, file.text));
    for (const fs::path& file : user_files(warn)) {
        const std::string name = file.stem().string();
        if (is_shipped_rule_set(name)) {
            if (warn) warn_hidden(file, name);
            continue;
        }
        out.push_back(user_entry(file));
    }
    return out;
}

std::vector<std::string> rule_set_names() {
    std::vector<std::string> names(preset_names().begin(), preset_names().end());
    for (const fs::path& file : user_files(false)) {
        const std::string name = file.stem().string();
        if (!is_shipped_rule_set(name) && rule_set_file_name_problem(name).empty()) names.push_back(name);
    }
    return names;
}

std::string unknown_rule_set_problem(const std::string& name) {
    const std::vector<std::string> names = rule_set_names();
    if (std::find(names.begin(), names.end(), name) != names.end()) return "";
    std::string message = fmt::format("unknown rule set '{}'", name);
    // A file of yours by that name that cannot be one (custom.toml): say why, as
    // `rules` does, rather than that there is none.
    const bool a_file_name = !name.empty() && name.find('/') == std::string::npos && name != "." && name != "..";
    if (const fs::path dir = user_rules_dir(); !dir.empty() && a_file_name) {
        std::error_code ec;
        if (const fs::path file = dir / (name + ".toml"); fs::exists(file, ec))
            if (std::string problem = rule_set_file_name_problem(name); !problem.empty())
                message = fmt::format("{}: {}", file.string(), problem);
    }
    const std::string best = closest_word(name, names);
    return best.empty() ? message + " ('addiction rules' lists them)" : message + fmt::format("; did you mean '{}'?", best);
}

RuleSetEntry find_rule_set(const std::string& name, bool broken_too) {
    if (is_shipped_rule_set(name)) {
        const fs::path dir = user_rules_dir();
        std::error_code ec;
        if (!dir.empty() && fs::exists(dir / (name + ".toml"), ec)) warn_hidden(dir / (name + ".toml"), name);
        for (const ShippedRuleSet& file : shipped_rule_set_files())
            if (file.name == name) return shipped_entry(file.name, file.text);
    }
    if (std::string problem = unknown_rule_set_problem(name); !problem.empty()) throw Error(problem);
    RuleSetEntry entry = user_entry(user_rules_dir() / (name + ".toml"));
    if (!entry.set && !broken_too) throw Error(entry.problem);
    return entry;
}

Rules rule_set_rules(const std::string& name) { return find_rule_set(name).set->rules; }

}  // namespace addiction::cli
