#include "store.hpp"

#include <fmt/format.h>

#include "files.hpp"
#include "gamefile.hpp"
#include "paths.hpp"
#include "record_store.hpp"

namespace addiction::cli {
namespace fs = std::filesystem;

void refuse_read_only(const fs::path& path) {
    if (is_read_only(path)) throw Error(fmt::format("{} is read-only", path.string()));
}

void require_still_there(const fs::path& path) {
    if (!file_exists(path))  // out of reach is not removed: file_exists says which
        throw Error(fmt::format("the game at {} was removed while this command waited for it", path.string()));
}

void require_game(const fs::path& path) {
    if (!file_exists(path)) {
        // Under a file, no game can be started: say so, not how to start one.
        if (std::string problem = folder_problem(path); !problem.empty())
            throw Error(fmt::format("no game at {}: {}", path.string(), problem));
        throw Error(fmt::format("no game at {}: start one with '{} new'", path.string(), game_command(path)));
    }
    // A pipe would be waited on for ever (show and move on a FIFO hung).
    if (const std::string other = other_than_file(path); !other.empty())
        throw Error(fmt::format("{} is {}, not a game file", path.string(), other));
}

void require_not_over(const fs::path& path, const Game& game) {
    if (game.status() == Status::Won)
        throw Error(fmt::format("the game is won; start another with '{} new'", game_command(path)));
    // Said as the won game's is: each refused move had named only its own reason.
    if (game.status() == Status::Lost)
        throw Error(fmt::format("the game is lost: no moves and no shuffles left ('{} undo' to go back)",
                                game_command(path)));
}

Game load_game_file(const fs::path& path) {
    require_game(path);
    const std::string text = read_file(path);
    return in_file(path.string(), [&] { return load_game(text, path.string()); });
}

Game update_game(const fs::path& path, const std::function<void(Game&)>& change) {
    require_game(path);  // a missing game says how to start one before anything is locked
    refuse_read_only(path);
    FileLock lock(path);
    require_still_there(path);
    Game game = load_game_file(path);
    const Game before = game;
    change(game);
    stamp_action(before, game);
    const std::optional<Result> end = end_to_record(before, game);
    if (!end) {
        write_atomically(path, save_game(game));
        return game;
    }
    // The game's end goes to the record once the game is written, before it is
    // renamed into place: a folder that refuses it (read-only, full) left the
    // end recorded and the game as it was, so that ending it again counted it
    // twice (tester P). The game is written as record_end marks it.
    Game recorded = game;
    recorded.log().recorded = true;
    PendingWrite pending(path, save_game(recorded));
    record_end(path, game, *end);
    pending.commit();
    return game;
}

void replace_game(const fs::path& path, const Game& game, const std::function<void(const fs::path&)>& check) {
    create_parent_folder(resolve_links(path));
    refuse_read_only(path);
    FileLock lock(path);
    check(path);
    // Written first, renamed last: a folder that refuses the new game (read-only,
    // full) must not leave the old one recorded as abandoned, and still there.
    PendingWrite pending(path, save_game(game));
    record_replaced(path);  // the old game's end, or its abandon, goes to the record before it is replaced
    pending.commit();
}

}  // namespace addiction::cli
