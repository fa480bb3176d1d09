// The player's record on disk and the clock of each action: what the commands
// that change a game do besides changing it. Where the record lives is paths'
// business; the record's format is lib/record's.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
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
// and before it is saved: stamps the action's time ...
void stamp_action(const Game& before, Game& game);
// ... and says whether the change ended the game, for the first time, so that
// its end goes to the record (record_end).
std::optional<Result> end_to_record(const Game& before, const Game& game);

// Appends `game`'s end to the record unless it is already recorded, and marks it;
// helped if the game file says so or a help note of the game is there. The notes
// of `path` go after the append (a kill between the two leaves them for the
// append that follows, which counts once).
void record_end(const std::filesystem::path& path, Game& game, Result result);

// Where help asked for is noted (addiction(5), THE HELP NOTES):
// $XDG_STATE_HOME/addiction/helped, or beside $ADDICTION_RECORD as RECORD.helped;
// none when that record is there but is not a file (/dev/null) or when no folder
// can be found. --no-record does not change where: it only stops new notes.
std::optional<std::filesystem::path> help_notes_path();

// For hint and solve (without --apply), which leave the game file as it is: notes
// that the player was helped in `seen`, the game they read from `path`, so its
// end is recorded as helped. Under the game's lock and only if the game there is
// still `seen`'s and not yet recorded; once a game; nothing with --no-record.
void note_help(const std::filesystem::path& path, const Game& seen);

// For replace_game (`new`) and `games --remove`, under the game's lock, before
// the game at `path` is replaced or removed: records its end if it ended
// unrecorded, or records it as abandoned if it is unfinished. A game without one
// action, or a file that does not load, records nothing. Either way the help
// notes of `path` go: the next game there starts without.
void record_replaced(const std::filesystem::path& path);

}  // namespace addiction::cli
