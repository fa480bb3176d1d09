// The player's record on disk and the clock of each action: what the commands
// that change a game do besides changing it. Where the record lives is paths'
// business; the record's format is lib/record's.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "game.hpp"
#include "record.hpp"

namespace addiction::cli {

// --no-record: ends are not appended (the game still counts as recorded).
void set_recording(bool on);

// Seconds since the epoch: $SOURCE_DATE_EPOCH when set, so that the same actions
// give byte-identical files; else the clock.
std::int64_t now_seconds();

// Appends one line to the record at `record` (creating its folder) under a
// FileLock on it, the lock `stats --reset` takes too.
void append_to_record(const std::filesystem::path& record, const std::string& line);

// For update_game, under the game's lock, after `game` was changed from `before`
// and before it is saved: stamps the action's time, and at the game's first end
// appends the end to the record and marks the game recorded.
void note_action(const std::filesystem::path& path, const Game& before, Game& game);

// Appends `game`'s end to the record unless it is already recorded, and marks it.
void record_end(const std::filesystem::path& path, Game& game, Result result);

// For replace_game (`new`) and `games --remove`, under the game's lock, before
// the game at `path` is replaced or removed: records its end if it ended
// unrecorded, or records it as abandoned if it is unfinished. A game without one
// action, or a file that does not load, records nothing.
void record_replaced(const std::filesystem::path& path);

}  // namespace addiction::cli
