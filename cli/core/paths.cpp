#include "paths.hpp"

#include <cstdlib>

#include "error.hpp"

#ifndef ADDICTION_SOURCE_DEALS
#define ADDICTION_SOURCE_DEALS ""
#endif

namespace addiction::cli {
namespace fs = std::filesystem;

namespace {

std::string env(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

}  // namespace

fs::path xdg_dir(const char* variable, std::string_view fallback) {
    if (fs::path dir = env(variable); dir.is_absolute()) return dir;
    const std::string home = env("HOME");
    if (home.empty()) return {};
    return fs::path(home) / fallback;
}

fs::path game_path(const std::string& file_option) {
    if (!file_option.empty()) return file_option;
    if (auto file = env("ADDICTION_FILE"); !file.empty()) return file;
    const fs::path state = xdg_dir("XDG_STATE_HOME", ".local/state");
    if (state.empty()) throw Error("cannot find the game file: set HOME, XDG_STATE_HOME or ADDICTION_FILE");
    return state / "addiction" / "game.toml";
}

fs::path user_deals_dir() {
    const fs::path data = xdg_dir("XDG_DATA_HOME", ".local/share");
    return data.empty() ? data : data / "addiction" / "deals";
}

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

}  // namespace addiction::cli
