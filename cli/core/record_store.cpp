#include "record_store.hpp"

#include <charconv>
#include <csignal>
#include <cstdlib>
#include <ctime>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "files.hpp"
#include "paths.hpp"
#include "store.hpp"

namespace addiction::cli {
namespace fs = std::filesystem;

namespace {

bool recording_on = true;

// A test hook: lets tests/e2e/test_record.sh kill a command just before appending
// a game's end, or between the append and saving the game (the window the
// game's identity covers).
void crash_point(std::string_view where) {
    const char* kill = std::getenv("ADDICTION_TEST_KILL");
    if (kill && where == kill) std::raise(SIGKILL);
}

}  // namespace

void set_recording(bool on) { recording_on = on; }

std::int64_t now_seconds() {
    if (const char* set = std::getenv("SOURCE_DATE_EPOCH"); set && *set) {
        const std::string_view epoch = set;
        std::int64_t value = 0;
        auto [end, ec] = std::from_chars(epoch.data(), epoch.data() + epoch.size(), value);
        if (ec != std::errc{} || end != epoch.data() + epoch.size() || value <= 0)
            throw Error(fmt::format("SOURCE_DATE_EPOCH must be a positive number of seconds, not '{}'", epoch));
        return value;
    }
    return static_cast<std::int64_t>(std::time(nullptr));
}

void append_to_record(const fs::path& record, const std::string& line) {
    create_parent_folder(record);
    append_line(record, line);
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
        game.log().stamp(now_seconds(), before.history(), game.history());
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
