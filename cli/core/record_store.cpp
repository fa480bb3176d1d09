#include "record_store.hpp"

#include <algorithm>
#include <charconv>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <optional>
#include <random>
#include <string_view>
#include <vector>

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

// The game file as help notes name it: links followed, so a game reached through
// a link and by its real path is one game.
std::string notes_name(const fs::path& path) {
    std::error_code ec;
    fs::path real = fs::weakly_canonical(path, ec);
    if (ec) real = fs::absolute(path).lexically_normal();
    return real.string();
}

// The lines of `text`, without their newlines.
std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const auto end = text.find('\n');
        lines.push_back(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    }
    return lines;
}

std::vector<HelpNote> read_notes(const fs::path& notes) {
    std::vector<HelpNote> out;
    const std::string text = read_kept_file(notes);
    for (std::string_view line : lines_of(text))
        if (auto note = parse_help_note(line)) out.push_back(std::move(*note));
    return out;
}

// Whether a help note of `game` in `file` is there. Under the game's lock no note
// of this game can come or go meanwhile, so no lock on the notes is needed to read.
bool help_noted(const std::string& file, const Game& game) {
    const auto notes = help_notes_path();
    std::error_code ec;
    if (!notes || !fs::exists(*notes, ec)) return false;
    for (const HelpNote& note : read_notes(*notes))
        if (helps(note, file, game)) return true;
    return false;
}

// Drops the help notes of `file` (and lines that are not notes); the file of
// notes goes when none is left. Never creates it.
void forget_help(const std::string& file) {
    const auto notes = help_notes_path();
    std::error_code ec;
    if (!notes || !fs::exists(*notes, ec)) return;
    RecordLock lock(*notes);
    std::string kept;
    bool dropped = false;
    const std::string text = read_kept_file(*notes);
    for (std::string_view line : lines_of(text)) {
        const auto note = parse_help_note(line);
        if (note && !about_file(*note, file)) {
            kept.append(line).push_back('\n');
        } else {
            dropped = true;
        }
    }
    if (dropped) lock.replace(kept);
}

}  // namespace

void set_recording(bool on) { recording_on = on; }

std::optional<fs::path> help_notes_path() {
    if (const char* record = std::getenv("ADDICTION_RECORD"); record && *record) {
        // Beside the record a script chose, so it never touches the home; a record
        // that is no file (/dev/null) keeps no notes either.
        std::error_code ec;
        const auto status = fs::status(record, ec);
        if (fs::exists(status) && !fs::is_regular_file(status)) return std::nullopt;
        return fs::path(std::string(record) + ".helped");
    }
    const fs::path state = xdg_dir("XDG_STATE_HOME", ".local/state");
    if (state.empty()) return std::nullopt;
    return state / "addiction" / "helped";
}

void note_help(const fs::path& path, const Game& seen) {
    if (!recording_on || seen.log().recorded) return;
    const auto notes = help_notes_path();
    if (!notes) return;
    const std::string file = notes_name(path);
    const HelpNote note = help_note(file, seen);
    std::optional<FileLock> lock;
    std::optional<Game> now;
    try {
        // Under the game's lock, so that the game cannot end, or be replaced by
        // another of the same deal, between this check and the note.
        lock.emplace(path);
        now = load_game_file(path);
    } catch (const Error&) {
        return;  // no game there any more (removed, unreadable): nothing to note
    }
    if (now->log().recorded || !helps(note, file, *now)) return;  // another game by now
    try {
        create_parent_folder(*notes);
        RecordLock notes_lock(*notes);
        for (const HelpNote& noted : read_notes(*notes))
            if (helps(noted, file, *now)) return;  // one note a game is enough
        notes_lock.append(to_json_line(note));
    } catch (const Error& e) {
        // The help is not given unnoted: the game's end would pass for unassisted.
        throw Error(fmt::format("cannot note in the record that this game had help (--no-record goes on without "
                                "the note): {}",
                                e.what()));
    }
}

std::int64_t now_seconds() {
    if (const char* set = std::getenv("SOURCE_DATE_EPOCH"); set && *set) {
        const std::string_view epoch = set;
        std::int64_t value = 0;
        auto [end, ec] = std::from_chars(epoch.data(), epoch.data() + epoch.size(), value);
        if (ec != std::errc{} || end != epoch.data() + epoch.size() || value <= 0 || value > kLatestDate)
            throw Error(fmt::format("SOURCE_DATE_EPOCH must be a number of seconds from 1 to {} (9999-12-31), not '{}'",
                                    kLatestDate, epoch));
        return value;
    }
    return static_cast<std::int64_t>(std::time(nullptr));
}

namespace {

std::uint64_t new_game_id() {
    // A pinned clock asks for the same file from the same actions: no id, and
    // games alike in all else are one game in the record (addiction(5)).
    if (const char* set = std::getenv("SOURCE_DATE_EPOCH"); set && *set) return 0;
    std::random_device device;
    std::uint64_t id = 0;
    while (id == 0) id = (std::uint64_t{device()} << 32) | device();
    return id;
}

}  // namespace

void append_to_record(const fs::path& record, const std::string& line) {
    create_parent_folder(record);
    append_line(record, line);
}

void record_end(const fs::path& path, Game& game, Result result) {
    if (game.log().recorded) return;
    const std::string noted_as = notes_name(path);
    if (recording_on) {
        const std::string file = fs::absolute(path).lexically_normal().string();
        RecordEntry entry = record_entry(game, result, file, now_seconds());
        entry.helped = entry.helped || help_noted(noted_as, game);
        crash_point("before-record");
        try {
            append_to_record(record_path(), to_json_line(entry));
        } catch (const Error& e) {
            // Every caller changes nothing when this throws: say so, and the way on.
            throw Error(fmt::format("cannot add the game's end to the record, so nothing was changed "
                                    "(--no-record goes on without it): {}",
                                    e.what()));
        }
        crash_point("after-record");
    }
    forget_help(noted_as);  // after the append: a kill before it leaves the notes for the next
    game.log().recorded = true;
}

void stamp_action(const Game& before, Game& game) {
    if (game.history() != before.history() || game.redo_list() != before.redo_list()) {
        if (game.log().started == 0) game.log().id = new_game_id();
        game.log().stamp(now_seconds(), before.history(), game.history());
    }
}

std::optional<Result> end_to_record(const Game& before, const Game& game) {
    // An undo only looks back: the shuffle it takes back stays spent, so undoing
    // the last one lands where no move is left, with the redo still there. That
    // is not the game's end (it was recorded as a loss of 0 actions); replacing
    // the game there still records it as lost.
    if (game.log().recorded || game.history().size() < before.history().size()) return std::nullopt;
    switch (game.status()) {
        case Status::Won: return Result::Won;
        case Status::Lost: return Result::Lost;
        default: return std::nullopt;
    }
}

void record_replaced(const fs::path& path) {
    std::optional<Game> old;
    std::error_code ec;
    if (fs::exists(path, ec)) {
        try {
            old = load_game_file(path);
        } catch (const Error&) {
            // nothing to say about a game that does not load
        }
    }
    // A game nobody played (not one action) is not a game played, nor one whose
    // moves were all undone (new takes it without --force); an undone shuffle
    // stays spent, so it counts, and new wanted --force for it.
    if (old && old->played()) {
        switch (old->status()) {
            case Status::Won: record_end(path, *old, Result::Won); break;
            case Status::Lost: record_end(path, *old, Result::Lost); break;
            default: record_end(path, *old, Result::Abandoned);
        }
    }
    forget_help(notes_name(path));  // whatever was there, the next game starts unhelped
}

}  // namespace addiction::cli
