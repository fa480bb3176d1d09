#include "record_store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <optional>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>

#include <fmt/format.h>

#include "store.hpp"

namespace addiction::cli {
namespace fs = std::filesystem;

namespace {

std::string selected_name;
bool recording_on = true;

std::string env(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

fs::path xdg_home(const char* variable, const char* fallback) {
    fs::path dir = env(variable);
    if (!dir.empty() && dir.is_absolute()) return dir;
    const std::string home = env("HOME");
    if (home.empty())
        throw Error(fmt::format("cannot find your files: set HOME or {} (an absolute path)", variable));
    return fs::path(home) / fallback;
}

Error system_error(std::string_view what, const fs::path& path) {
    return Error(fmt::format("cannot {} {}: {}", what, path.string(), std::strerror(errno)));
}

// A test hook: lets tests/e2e/test_record.sh kill a command just before appending
// a game's end, or between the append and saving the game (the window the
// game's identity covers).
void crash_point(std::string_view where) {
    if (env("ADDICTION_TEST_KILL") == where) std::raise(SIGKILL);
}

}  // namespace

fs::path state_home() { return xdg_home("XDG_STATE_HOME", ".local/state"); }
fs::path data_home() { return xdg_home("XDG_DATA_HOME", ".local/share"); }

void select_game(const std::string& name) { selected_name = name; }

std::string game_name_problem(const std::string& name) {
    bool good = !name.empty() && name.front() != '.' && name.size() <= 100;
    for (char c : name)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-')) good = false;
    if (good) return "";
    return fmt::format("'{}' is not a game name: letters, digits, '.', '_' and '-', not starting with '.'", name);
}
const std::string& selected_game() { return selected_name; }

fs::path games_folder() { return state_home() / "addiction" / "games"; }

fs::path named_game_path(const std::string& name) {
    if (auto problem = game_name_problem(name); !problem.empty()) throw Error(problem);
    return games_folder() / (name + ".toml");
}

void set_recording(bool on) { recording_on = on; }

fs::path record_path() {
    if (auto file = env("ADDICTION_RECORD"); !file.empty()) return file;
    return data_home() / "addiction" / "record";
}

std::int64_t now_seconds() {
    if (auto epoch = env("SOURCE_DATE_EPOCH"); !epoch.empty()) {
        std::int64_t value = 0;
        auto [end, ec] = std::from_chars(epoch.data(), epoch.data() + epoch.size(), value);
        if (ec != std::errc{} || end != epoch.data() + epoch.size() || value <= 0)
            throw Error(fmt::format("SOURCE_DATE_EPOCH must be a positive number of seconds, not '{}'", epoch));
        return value;
    }
    return static_cast<std::int64_t>(std::time(nullptr));
}

void append_to_record(const fs::path& record, const std::string& line) {
    if (record.has_parent_path()) {
        std::error_code ec;
        fs::create_directories(record.parent_path(), ec);
        if (ec) throw Error(fmt::format("cannot create {}: {}", record.parent_path().string(), ec.message()));
    }
    fs::path lock_path = record;
    lock_path += ".lock";
    const int lock = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lock < 0) throw system_error("create the lock file", lock_path);
    while (::flock(lock, LOCK_EX) != 0) {
        if (errno != EINTR) {
            Error error = system_error("lock", lock_path);
            ::close(lock);
            throw error;
        }
    }
    const int fd = ::open(record.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        Error error = system_error("open the record", record);
        ::close(lock);
        throw error;
    }
    std::string text = line + "\n";
    struct stat st {};
    if (::fstat(fd, &st) == 0 && st.st_size > 0) {
        char last = '\n';
        const int reader = ::open(record.c_str(), O_RDONLY | O_CLOEXEC);
        if (reader >= 0) {
            if (::pread(reader, &last, 1, st.st_size - 1) != 1) last = '\n';
            ::close(reader);
        }
        if (last != '\n') text.insert(text.begin(), '\n');
    }
    const char* data = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        ssize_t n = ::write(fd, data, left);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            Error error = system_error("append to", record);
            ::close(fd);
            ::close(lock);
            throw error;
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    const bool synced = ::fsync(fd) == 0;
    ::close(fd);
    ::close(lock);
    if (!synced) throw system_error("sync", record);
}

void record_end(const fs::path& path, Game& game, Result result) {
    if (game.log().recorded) return;
    if (recording_on) {
        const std::string file = fs::absolute(path).lexically_normal().string();
        crash_point("before-record");
        append_to_record(record_path(), to_json_line(record_entry(game, result, file, now_seconds())));
        crash_point("after-record");
    }
    game.log().recorded = true;
}

void note_action(const fs::path& path, const Game& before, Game& game) {
    if (game.history() != before.history() || game.redo_list() != before.redo_list())
        game.log().stamp(now_seconds());
    const Status status = game.status();
    if (status == Status::Won) record_end(path, game, Result::Won);
    if (status == Status::Lost) record_end(path, game, Result::Lost);
}

void record_replaced(const fs::path& path) {
    std::error_code ec;
    if (!fs::exists(path, ec)) return;
    std::optional<Game> old;
    try {
        old = load_game_file(path);
    } catch (const Error&) {
        return;  // nothing to say about a game that does not load
    }
    // A game nobody played (not one action) is not a game played.
    if (old->log().started == 0 && old->history().empty() && old->redo_list().empty()) return;
    switch (old->status()) {
        case Status::Won: record_end(path, *old, Result::Won); break;
        case Status::Lost: record_end(path, *old, Result::Lost); break;
        default: record_end(path, *old, Result::Abandoned);
    }
}

}  // namespace addiction::cli
