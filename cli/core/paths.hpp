// Where things live: the game file, the user's deals, the shipped deals.
// Read from the environment once per call; nothing here creates a folder.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace addiction::cli {

// An XDG base folder: $`variable` when it is an absolute path (the XDG spec says
// to ignore a relative one), else $HOME/`fallback`; empty when HOME is unset too.
std::filesystem::path xdg_dir(const char* variable, std::string_view fallback);

// -f/--file, else $ADDICTION_FILE, else $XDG_STATE_HOME/addiction/game.toml
// (~/.local/state by default). Throws Error when no folder can be found.
std::filesystem::path game_path(const std::string& file_option);

// $XDG_DATA_HOME/addiction/deals (~/.local/share by default); empty without HOME.
std::filesystem::path user_deals_dir();

// <prefix>/share/addiction/deals beside the binary's <prefix>/bin, else the source
// tree's deals/ for a binary run from its build folder; empty when neither exists.
std::filesystem::path shipped_deals_dir();

}  // namespace addiction::cli
