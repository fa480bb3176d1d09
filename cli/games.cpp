// addiction games: the named games side by side (--game NAME), and removing one.
#include <sys/stat.h>

#include <algorithm>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "files.hpp"
#include "json.hpp"
#include "paths.hpp"
#include "printable.hpp"
#include "record.hpp"
#include "record_store.hpp"
#include "store.hpp"
#include "streams.hpp"
#include "view.hpp"

namespace addiction::cli {
namespace {
namespace fs = std::filesystem;

struct GamesOptions {
    bool json = false;
    std::string remove;
    bool force = false;
};

struct Saved {
    std::string name;
    fs::path file;
    std::optional<Game> game;  // none when the file does not load
    std::string problem;
    std::int64_t last_played = 0;  // the last action, else the file's change
};

std::vector<Saved> saved_games() {
    std::vector<Saved> out;
    // A file `--game` cannot name is not listed as though it could be played,
    // but said, as `deals` says its own: it had vanished without a word.
    std::vector<fs::path> unnamed;
    const std::vector<std::string> names = named_games(&unnamed);
    for (const fs::path& file : unnamed)
        tell("addiction: warning: skipping {}: {}, so '--game' cannot name it\n", printable(file.string()),
             printable(game_name_problem(file.stem())));
    for (const std::string& name : names) {
        const fs::path file = named_game_path(name);
        Saved saved{name, file, std::nullopt, "", 0};
        try {
            saved.game = load_game_file(file);
            saved.last_played = saved.game->log().last;
        } catch (const Error& e) {
            saved.problem = e.what();
        }
        // The file's change, else the link's own where it leads nowhere.
        struct stat st {};
        if (saved.last_played == 0 && (::stat(file.c_str(), &st) == 0 || ::lstat(file.c_str(), &st) == 0))
            saved.last_played = st.st_mtime;
        out.push_back(std::move(saved));
    }
    std::sort(out.begin(), out.end(), [](const Saved& a, const Saved& b) {
        return std::pair(-a.last_played, a.name) < std::pair(-b.last_played, b.name);
    });
    return out;
}

std::string placed_text(const Game& game) {
    return fmt::format("{}/{}", game.board().placed_count(), game.rules().cards());
}

void list(bool json) {
    const auto games = saved_games();
    if (json) {
        nlohmann::ordered_json out = nlohmann::ordered_json::array();
        for (const Saved& s : games) {
            nlohmann::ordered_json j{{"name", s.name}, {"file", s.file.string()}};
            if (s.game) {
                j["rules"] = s.game->rules().preset;
                j["deal"] = s.game->deal().id;
                j["status"] = std::string(to_string(s.game->status()));
                j["actions"] = s.game->history().size();
                j["placed"] = s.game->board().placed_count();
                j["cards"] = s.game->rules().cards();
                j["recorded"] = s.game->log().recorded;
            } else {
                j["status"] = "damaged";
                j["problem"] = s.problem;
            }
            j["last_played"] = utc_time(s.last_played);
            out.push_back(std::move(j));
        }
        fmt::print("{}\n", json_text(out));
        return;
    }
    if (games.empty()) {
        fmt::print("no named games in {} (start one with 'addiction --game NAME new')\n", games_folder().string());
        return;
    }
    std::vector<std::vector<std::string>> rows{{"NAME", "RULES", "DEAL", "STATUS", "ACTIONS", "PLACED", "LAST PLAYED"}};
    for (const Saved& s : games) {
        if (s.game)
            rows.push_back({s.name, s.game->rules().preset, s.game->deal().id, std::string(to_string(s.game->status())),
                            std::to_string(s.game->history().size()), placed_text(*s.game), utc_time(s.last_played)});
        else
            rows.push_back({s.name, "-", "-", "damaged", "-", "-", utc_time(s.last_played)});
    }
    std::vector<std::size_t> widths(rows.front().size(), 0);
    for (const auto& row : rows)
        for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t i = 0; i < row.size(); ++i)
            line += i + 1 == row.size() ? row[i] : fmt::format("{:<{}}  ", row[i], widths[i]);
        fmt::print("{}\n", line);
    }
}

void remove_file(const fs::path& path) {
    std::error_code ec;
    if (!fs::remove(path, ec) || ec)
        throw Error(fmt::format("cannot remove {}: {}", path.string(), ec ? ec.message() : "it is gone"));
}

// A named game's file that is a link to nothing: `games` lists it as damaged,
// so it is there to remove, and what goes is the link (there is nothing else).
void remove_dangling(const std::string& name, const fs::path& path, bool force) {
    std::error_code ec;
    const fs::path target = fs::read_symlink(path, ec);
    if (!force)
        throw Error(fmt::format("game '{}' is a link to nothing ({}), so it is kept (--force removes the link)", name,
                                target.string()));
    require_removable(path, true);
    remove_file(path);
    fmt::print("removed game '{}' (a link to nothing)\n", name);
}

void remove(const std::string& name, bool force) {
    const fs::path path = named_game_path(name);
    // A link to nothing, or one that leads back to itself (which file_exists
    // cannot read: --force could not remove what games lists as damaged).
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(path, ec))) {
        std::error_code leads;
        if (!fs::exists(fs::status(path, leads)) || leads) return remove_dangling(name, path, force);
    }
    if (!file_exists(path)) throw Error(fmt::format("no game named '{}' ({})", name, path.string()));
    {
        FileLock lock(path);
        require_still_there(path);  // another removal got there first
        if (!force) {
            // A damaged game goes only with --force, which the message says.
            const Game game = with_context(
                fmt::format("game '{}' does not load, so it is kept (--force removes it)", name),
                [&] { return load_game_file(path); });
            if (game.in_progress())
                throw Error(fmt::format("game '{}' is in progress ({}): finish it, or use --force", name,
                                        progress_words(game)));
        }
        if (fs::is_symlink(fs::symlink_status(path, ec))) {
            // What goes is the link; the game stays where it leads, unended, so
            // it is not recorded as abandoned (it was, and its end, when it
            // came, counted it a second time).
            require_removable(path, true);
            const fs::path target = resolve_links(path);
            remove_file(path);
            fmt::print("removed game '{}' (a link: the game stays at {})\n", name, target.string());
            return;
        }
        refuse_read_only(path);   // as new --force refuses it
        require_removable(path);  // before its abandon is recorded, not after
        record_replaced(path);    // an unfinished game removed counts as abandoned
        remove_file(path);
    }
    fmt::print("removed game '{}'\n", name);
}

}  // namespace

void setup_games(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<GamesOptions>();
    auto* sub = app.add_subcommand("games", "List the named games (--game NAME), newest first, or remove one");
    // The named games' folder, not one game file; a plain table.
    globals.no_game_file(sub);
    globals.no_drawing(sub);
    auto* json = sub->add_flag("--json", opt->json, "One JSON array for scripts (see addiction(1))");
    auto* remove_option = sub->add_option("--remove", opt->remove, "Remove the game NAME (a finished one, unless --force)")
                              ->check(CLI::Validator(game_name_problem, ""))
                              ->type_name("NAME")
                              ->excludes(json);
    sub->add_flag("--force", opt->force, "With --remove: remove a game in progress, one with actions (it counts as abandoned)")
        ->needs(remove_option);
    const CLI::Option* no_record = globals.options.no_record;
    sub->callback([opt, remove_option, no_record] {
        // Only removing an unfinished game adds to the record (abandoned).
        refuse_unless(no_record, remove_option->count() > 0, "goes with games --remove");
        if (!opt->remove.empty())
            remove(opt->remove, opt->force);
        else
            list(opt->json);
    });
}

}  // namespace addiction::cli
