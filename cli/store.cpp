#include "store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <fmt/std.h>

#include "gamefile.hpp"
#include "record_store.hpp"

namespace addiction::cli {
namespace fs = std::filesystem;

namespace {

std::string env(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

Error system_error(std::string_view what, const fs::path& path) {
    return Error(fmt::format("cannot {} {}: {}", what, path.string(), std::strerror(errno)));
}

fs::path folder_of(const fs::path& path) {
    return path.parent_path().empty() ? fs::path(".") : path.parent_path();
}

std::string temporary_prefix(const fs::path& path) { return "." + path.filename().string() + ".tmp."; }

// Every save of the game takes the lock before it makes its temporary file and
// renames or removes it before letting go, so a temporary file seen while holding
// the lock belongs to a save that was killed (SIGKILL, power cut). Removing it is
// best effort: a leftover wastes space but never blocks or confuses a save.
void remove_stale_temporaries(const fs::path& path) {
    const std::string prefix = temporary_prefix(path);
    const std::size_t length = prefix.size() + 6;  // mkstemp's XXXXXX
    std::error_code ec;
    for (fs::directory_iterator it(folder_of(path), ec), end; !ec && it != end; it.increment(ec)) {
        std::string name = it->path().filename().string();
        std::error_code ignored;
        if (name.size() == length && name.starts_with(prefix) && it->is_regular_file(ignored))
            fs::remove(it->path(), ignored);
    }
}

}  // namespace

fs::path game_path(const std::string& file_option) {
    if (!file_option.empty()) return file_option;
    if (!selected_game().empty()) return named_game_path(selected_game());
    if (auto file = env("ADDICTION_FILE"); !file.empty()) return file;
    if (auto name = env("ADDICTION_GAME"); !name.empty()) return named_game_path(name);
    fs::path state = env("XDG_STATE_HOME");
    if (state.empty()) {
        auto home = env("HOME");
        if (home.empty()) throw Error("cannot find the game file: set HOME, XDG_STATE_HOME or ADDICTION_FILE");
        state = fs::path(home) / ".local" / "state";
    }
    return state / "addiction" / "game.toml";
}

void require_game(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec))
        throw Error(fmt::format("no game at {}: start one with 'addiction new'", path.string()));
    if (fs::is_directory(path, ec)) throw Error(fmt::format("{} is a folder, not a game file", path.string()));
}

std::string read_file(const fs::path& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) throw Error(fmt::format("cannot read {}: it is a folder", path.string()));
    std::ifstream in(path, std::ios::binary);
    if (!in) throw system_error("read", path);
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw system_error("read", path);
    return text.str();
}

std::string read_game_text(const fs::path& path) {
    require_game(path);
    return read_file(path);
}

Game load_game_file(const fs::path& path) {
    std::string text = read_game_text(path);
    try {
        return load_game(text, path.string());
    } catch (const Error& e) {
        std::string message = e.what();
        // Syntax errors already start with the file's name.
        if (message.starts_with(path.string())) throw;
        throw Error(fmt::format("{}: {}", path.string(), message));
    }
}

GameLock::GameLock(const fs::path& path) {
    fs::path lock = path;
    lock += ".lock";
    fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw system_error("create the lock file", lock);
    while (::flock(fd_, LOCK_EX) != 0) {
        if (errno != EINTR) {
            ::close(fd_);
            throw system_error("lock", lock);
        }
    }
    remove_stale_temporaries(path);
}

GameLock::~GameLock() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

void write_atomically(const fs::path& path, const std::string& text) {
    fs::path folder = folder_of(path);
    std::string temp = (folder / (temporary_prefix(path) + "XXXXXX")).string();
    int fd = ::mkstemp(temp.data());
    if (fd < 0) throw system_error("write a temporary file in", folder);
    auto fail = [&](std::string_view what) {
        Error error = system_error(what, temp);
        ::close(fd);
        ::unlink(temp.c_str());
        return error;
    };
    // mkstemp makes the file private; a game file is as readable as any other.
    mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(fd, 0666 & ~mask) != 0) throw fail("set permissions on");
    const char* data = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        ssize_t n = ::write(fd, data, left);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw fail("write");
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    if (::fsync(fd) != 0) throw fail("sync");
    if (::close(fd) != 0) {
        Error error = system_error("close", temp);
        ::unlink(temp.c_str());
        throw error;
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        Error error = system_error("replace", path);
        ::unlink(temp.c_str());
        throw error;
    }
    // The rename is durable only once the folder is synced.
    int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

Game update_game(const fs::path& path, const std::function<void(Game&)>& change) {
    require_game(path);  // a missing game says how to start one before any lock file appears
    GameLock lock(path);
    Game game = load_game_file(path);
    const Game before = game;
    change(game);
    note_action(path, before, game);  // the clock, and the record at the game's end
    write_atomically(path, save_game(game));
    return game;
}

}  // namespace addiction::cli
