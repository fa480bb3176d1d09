// Where the game file lives, and reading and writing it safely.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "game.hpp"

namespace addiction::cli {

// -f/--file, else --game NAME, else $ADDICTION_FILE, else $ADDICTION_GAME (both
// NAME as $XDG_STATE_HOME/addiction/games/NAME.toml), else
// $XDG_STATE_HOME/addiction/game.toml (~/.local/state when XDG_STATE_HOME is unset or empty).
std::filesystem::path game_path(const std::string& file_option);

// Throws Error when there is no game file at `path` ("start one with 'addiction new'").
void require_game(const std::filesystem::path& path);
// A file's exact bytes; throws Error "cannot read PATH: why".
std::string read_file(const std::filesystem::path& path);
// The game file's exact bytes: require_game, then read_file.
std::string read_game_text(const std::filesystem::path& path);
// Reads and checks the game; throws Error naming the file and the problem.
Game load_game_file(const std::filesystem::path& path);

// Holds an exclusive advisory lock (flock) on "<path>.lock" for its lifetime, so
// read-modify-write invocations on one game take turns. Readers need no lock:
// saves replace the file by rename, so a reader sees the old or the new file.
// Once it holds the lock it removes temporary files left by saves that were
// killed: every save happens under the lock, so no live one can own them.
class GameLock {
public:
    explicit GameLock(const std::filesystem::path& path);
    ~GameLock();
    GameLock(const GameLock&) = delete;
    GameLock& operator=(const GameLock&) = delete;

private:
    int fd_ = -1;
};

// Writes `text` to a temporary file beside `path`, fsyncs it, renames it over
// `path` and fsyncs the folder: a crash leaves the old file or the new, never a
// torn one. Throws Error; the old file is untouched on failure.
void write_atomically(const std::filesystem::path& path, const std::string& text);

// Lock, load, change, save: the shape of every command that changes the game.
// When `change` throws, nothing is written and the file stays byte-identical.
Game update_game(const std::filesystem::path& path, const std::function<void(Game&)>& change);

}  // namespace addiction::cli
