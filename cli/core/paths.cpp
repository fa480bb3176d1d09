#include "paths.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include <fmt/format.h>

#include "error.hpp"
#include "files.hpp"

#ifndef ADDICTION_SOURCE_DEALS
#define ADDICTION_SOURCE_DEALS ""
#endif
#ifndef ADDICTION_SOURCE_RULES
#define ADDICTION_SOURCE_RULES ""
#endif

namespace addiction::cli {
namespace fs = std::filesystem;

namespace {

std::string selected_name;

std::string env(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

// The XDG folder, which `what` cannot do without.
fs::path required_xdg_dir(const char* variable, std::string_view fallback, std::string_view what) {
    fs::path dir = xdg_dir(variable, fallback);
    if (dir.empty()) throw Error(fmt::format("cannot find {}: set HOME or {}", what, variable));
    return dir;
}

}  // namespace

fs::path xdg_dir(const char* variable, std::string_view fallback) {
    if (fs::path dir = env(variable); dir.is_absolute()) return dir;
    const std::string home = env("HOME");
    if (home.empty()) return {};
    return fs::path(home) / fallback;
}

namespace {

// A game file's path as given: one that names a folder (`games/`, `.`) is
// refused before anything is made of it (`new` had made the folder, then failed).
fs::path game_file(const std::string& given, std::string_view where) {
    const fs::path path = given;
    if (!path.has_filename() || path.filename() == "." || path.filename() == "..")
        throw Error(fmt::format("{} '{}' names a folder, not a game file", where, given));
    return path;
}

}  // namespace

fs::path game_path(const std::string& file_option) {
    if (!file_option.empty()) return game_file(file_option, "--file");
    if (!selected_name.empty()) return named_game_path(selected_name);
    if (auto file = env("ADDICTION_FILE"); !file.empty()) return game_file(file, "ADDICTION_FILE");
    if (auto name = env("ADDICTION_GAME"); !name.empty()) {
        if (auto problem = game_name_problem(name); !problem.empty()) throw Error("ADDICTION_GAME: " + problem);
        return named_game_path(name);
    }
    const fs::path state = xdg_dir("XDG_STATE_HOME", ".local/state");
    if (state.empty()) throw Error("cannot find the game file: set HOME, XDG_STATE_HOME or ADDICTION_FILE");
    return state / "addiction" / "game.toml";
}

std::string game_command(const fs::path& path) {
    if (!selected_name.empty()) return fmt::format("addiction --game {}", selected_name);
    try {
        if (game_path("") == path) return "addiction";
    } catch (const Error&) {
        // no default place: only -f can say where
    }
    return "addiction -f " + shell_word(path.string(), "FILE");
}

std::string shell_word(const std::string& text, std::string_view placeholder) {
    // As it is when it needs no quotes, else in double quotes (a suggestion is
    // itself in single quotes). A text that even those would change is left out.
    const auto plain = [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || std::string_view("_./+,:@%=-").find(c) != std::string_view::npos;
    };
    if (!text.empty() && std::all_of(text.begin(), text.end(), plain)) return text;
    const auto quotable = [](char c) {
        return static_cast<unsigned char>(c) >= ' ' && std::string_view("\"$`\\'!").find(c) == std::string_view::npos;
    };
    if (!text.empty() && std::all_of(text.begin(), text.end(), quotable)) return "\"" + text + "\"";
    return std::string(placeholder);
}

void select_game(const std::string& name) { selected_name = name; }
const std::string& selected_game() { return selected_name; }

std::string game_name_problem(const std::string& name) {
    // Not starting with '-': `--game -x show` would read as options, and the
    // completions, which pass the name on, with it.
    const bool good = !name.empty() && name.front() != '.' && name.front() != '-' && name.size() <= 100 &&
                      std::all_of(name.begin(), name.end(), [](char c) {
                          return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-';
                      });
    if (good) return "";
    return fmt::format("'{}' is not a game name: letters, digits, '.', '_' and '-', not starting with '.' or '-', at most 100",
                       name);
}

fs::path games_folder() {
    return required_xdg_dir("XDG_STATE_HOME", ".local/state", "the named games") / "addiction" / "games";
}

fs::path named_game_path(const std::string& name) {
    if (auto problem = game_name_problem(name); !problem.empty()) throw Error(problem);
    return games_folder() / (name + ".toml");
}

std::vector<std::string> named_games(std::vector<fs::path>* unnamed) {
    std::vector<std::string> names;
    const fs::path folder = games_folder();
    std::error_code unreadable;
    for (const fs::path& file : toml_files_in(folder, unreadable)) {
        if (game_name_problem(file.stem()).empty())
            names.push_back(file.stem());
        else if (unnamed)
            unnamed->push_back(file);
    }
    if (unreadable) throw Error(fmt::format("cannot read {}: {}", folder.string(), unreadable.message()));
    // By name: "a" before "a-b", which their files' order puts after ("a-b.toml" < "a.toml").
    std::sort(names.begin(), names.end());
    return names;
}

fs::path record_path() {
    if (auto file = env("ADDICTION_RECORD"); !file.empty()) return file;
    return required_xdg_dir("XDG_DATA_HOME", ".local/share", "the record") / "addiction" / "record";
}

fs::path user_deals_dir() {
    const fs::path data = xdg_dir("XDG_DATA_HOME", ".local/share");
    return data.empty() ? data : data / "addiction" / "deals";
}

namespace {

// <prefix>/share/addiction/`folder` beside the binary, else `source` (a binary run
// from its build folder); empty when neither exists.
fs::path shipped_dir(std::string_view folder, const fs::path& source) {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        fs::path installed = exe.parent_path().parent_path() / "share" / "addiction" / folder;
        if (fs::is_directory(installed, ec)) return installed;
    }
    if (!source.empty() && fs::is_directory(source, ec)) return source;
    return {};
}

}  // namespace

fs::path shipped_deals_dir() { return shipped_dir("deals", ADDICTION_SOURCE_DEALS); }

fs::path user_rules_dir() {
    const fs::path data = xdg_dir("XDG_DATA_HOME", ".local/share");
    return data.empty() ? data : data / "addiction" / "rules";
}

fs::path shipped_rules_dir() { return shipped_dir("rules", ADDICTION_SOURCE_RULES); }

}  // namespace addiction::cli
