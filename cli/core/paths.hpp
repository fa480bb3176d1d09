// Where things live: the game file, the named games, the player's record, the
// user's deals, the shipped deals. Read from the environment once per call;
// nothing here creates a folder.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace addiction::cli {

// An XDG base folder: $`variable` when it is an absolute path (the XDG spec says
// to ignore a relative one), else $HOME/`fallback`; empty when HOME is unset too.
std::filesystem::path xdg_dir(const char* variable, std::string_view fallback);

// -f/--file, else --game NAME, else $ADDICTION_FILE, else $ADDICTION_GAME (both
// NAME as games_folder()/NAME.toml), else $XDG_STATE_HOME/addiction/game.toml
// (~/.local/state by default). Throws Error when no folder can be found.
std::filesystem::path game_path(const std::string& file_option);

// The start of a command line that acts on the game at `path`, for advice and
// messages ("start one with 'addiction --game NAME new'"): `addiction` when that
// is where the game is without options, else with the --game NAME or -f PATH
// that chose it, the path as a shell reads it back (-f FILE, the placeholder,
// for a path no quoting in the suggestion's own single quotes would keep).
std::string game_command(const std::filesystem::path& path);
// `text` as a shell reads it back, for a suggested command: as it is, or in
// double quotes, else `placeholder` (a text even those would change).
std::string shell_word(const std::string& text, std::string_view placeholder);

// --game NAME: chosen while the options are parsed, read by game_path().
void select_game(const std::string& name);
const std::string& selected_game();
// What is wrong with a game name, or "" when it is good: letters, digits, '.',
// '_' and '-', not starting with '.'.
std::string game_name_problem(const std::string& name);
// $XDG_STATE_HOME/addiction/games, the named games' folder; throws Error when no
// folder can be found.
std::filesystem::path games_folder();
// One named game's file; throws Error for a bad name.
std::filesystem::path named_game_path(const std::string& name);
// The names of the games in games_folder(), sorted; none when it does not exist.
// Throws Error when it cannot be read. The files there whose names are no game
// names ("a b.toml", ".hidden.toml") go to `unnamed` when given.
std::vector<std::string> named_games(std::vector<std::filesystem::path>* unnamed = nullptr);

// The player's record: $ADDICTION_RECORD, else $XDG_DATA_HOME/addiction/record
// (~/.local/share by default). Throws Error when no folder can be found.
std::filesystem::path record_path();

// $XDG_DATA_HOME/addiction/deals (~/.local/share by default); empty without HOME.
std::filesystem::path user_deals_dir();

// <prefix>/share/addiction/deals beside the binary's <prefix>/bin, else the source
// tree's deals/ for a binary run from its build folder; empty when neither exists.
std::filesystem::path shipped_deals_dir();

// $XDG_DATA_HOME/addiction/rules (~/.local/share by default), the user's rule
// sets; empty without HOME.
std::filesystem::path user_rules_dir();

// <prefix>/share/addiction/rules beside the binary's <prefix>/bin, else the source
// tree's share/addiction/rules; empty when neither exists. The engine has the
// shipped sets built in: this is where a person finds their files.
std::filesystem::path shipped_rules_dir();

}  // namespace addiction::cli
