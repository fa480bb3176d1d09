// The game store: the one game file every command reads, and changes under a lock.
#pragma once

#include <filesystem>
#include <functional>

#include "game.hpp"

namespace addiction::cli {

// Throws Error when there is no game file at `path` ("start one with 'addiction new'", or with
// the --game or -f that chose it).
void require_game(const std::filesystem::path& path);
// For move and shuffle: throws Error when `game`, the game at `path`, is won or
// lost, saying what can be done there (the engine's own refusal cannot know).
void require_not_over(const std::filesystem::path& path, const Game& game);
// For a command that found the game and then waited for its lock: throws Error
// when the game was removed meanwhile (games --remove), so nothing is created.
void require_still_there(const std::filesystem::path& path);
// Throws Error "PATH is read-only" for a game file with no write bit: the user's
// "keep it", honoured before the game is replaced, changed or removed.
void refuse_read_only(const std::filesystem::path& path);
// Reads and checks the game; throws Error naming the file and the problem.
Game load_game_file(const std::filesystem::path& path);

// Lock, load, change, save: the shape of every command that changes the game.
// When `change` throws, nothing is written and the file stays byte-identical.
// A change to the history is stamped with the time, and the game's first end
// goes to the player's record (record_store.hpp) before the save.
Game update_game(const std::filesystem::path& path, const std::function<void(Game&)>& change);

// Saves a new `game` at `path`, creating its folder. Under the lock, `check` sees
// the path first and may refuse (throw) to replace what is there; then the game
// replaced goes to the player's record (its end, or abandoned if unfinished).
void replace_game(const std::filesystem::path& path, const Game& game,
                  const std::function<void(const std::filesystem::path&)>& check);

}  // namespace addiction::cli
