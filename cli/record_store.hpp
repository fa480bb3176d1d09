// The player's record on disk, the clock of each action, and named games: what
// the commands that change a game do besides changing it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "game.hpp"
#include "record.hpp"

namespace addiction::cli {

// $XDG_STATE_HOME, $XDG_DATA_HOME with the XDG fallbacks (~/.local/state,
// ~/.local/share); a relative value is ignored, as the specification says.
std::filesystem::path state_home();
std::filesystem::path data_home();

// --game NAME: chosen while the options are parsed, read by game_path().
void select_game(const std::string& name);
// What is wrong with a game name, or "" when it is good.
std::string game_name_problem(const std::string& name);
const std::string& selected_game();
// The folder of named games, and one game's file; throws Error for a name that
// is not letters, digits, '.', '_' or '-' (not starting with '.').
std::filesystem::path games_folder();
std::filesystem::path named_game_path(const std::string& name);
// The named games' names, sorted, one a line (`complete games`); in games.cpp.
void list_game_names();

// --no-record: ends are not appended (the game still counts as recorded).
void set_recording(bool on);
// $ADDICTION_RECORD, else $XDG_DATA_HOME/addiction/record.
std::filesystem::path record_path();

// Seconds since the epoch: $SOURCE_DATE_EPOCH when set, so that the same actions
// give byte-identical files; else the clock.
std::int64_t now_seconds();

// Appends one line to the record under an exclusive lock on "<record>.lock", in
// one write, synced. A line left unfinished by a killed append is closed first,
// so it is reported as damaged on its own instead of spoiling this one.
void append_to_record(const std::filesystem::path& record, const std::string& line);

// For update_game, under the game's lock, after `game` was changed from `before`
// and before it is saved: stamps the action's time, and at the game's first end
// appends the end to the record and marks the game recorded.
void note_action(const std::filesystem::path& path, const Game& before, Game& game);

// Appends `game`'s end to the record unless it is already recorded, and marks it.
void record_end(const std::filesystem::path& path, Game& game, Result result);

// For `new` (and `games --remove --force`), under the game's lock, before the
// game at `path` is replaced: records its end if it ended unrecorded, or records
// it as abandoned if it is unfinished. A game without one action, or a file that
// does not load, records nothing.
void record_replaced(const std::filesystem::path& path);

}  // namespace addiction::cli
