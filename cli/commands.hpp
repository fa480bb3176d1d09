// The subcommands: each file in cli/ adds one to the app (CLI11's
// "subcommands in files" layout), and main() only calls the setups. What they
// share lives in cli/core/, a library with its own unit tests.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "choice.hpp"
#include "game.hpp"
#include "view.hpp"

namespace addiction::cli {

// Options that every subcommand takes.
struct Globals {
    std::string file;
    Color color = Color::Auto;
    bool ascii = false;

    // The options themselves, for a subcommand to refuse those it has no use for
    // (CLI11's excludes and needs, or refuse_unless): none is ever silently ignored.
    struct Options {
        CLI::Option* file = nullptr;  // -f/--file and --game: the game file
        CLI::Option* game = nullptr;
        CLI::Option* color = nullptr;  // --color and --ascii: how a board or table is drawn
        CLI::Option* ascii = nullptr;
        CLI::Option* no_record = nullptr;  // --no-record: a game's end not recorded, nor help noted
    } options;

    // The subcommand refuses these global options (CLI11's excludes), noted for
    // `complete options`, since CLI11 does not tell which an app excludes.
    void refuse(CLI::App* sub, std::initializer_list<CLI::Option*> globals) const {
        for (CLI::Option* option : globals) {
            sub->excludes(option);
            refused_[sub].push_back(option);
        }
    }
    bool refuses(const CLI::App* sub, const CLI::Option* option) const {
        const auto it = refused_.find(sub);
        return it != refused_.end() && std::find(it->second.begin(), it->second.end(), option) != it->second.end();
    }
    // The subcommand never reads the game file.
    void no_game_file(CLI::App* sub) const { refuse(sub, {options.file, options.game}); }
    // The subcommand prints no board (nor a coloured table).
    void no_drawing(CLI::App* sub) const { refuse(sub, {options.color, options.ascii}); }
    // The subcommand never ends a game nor gives help, so has nothing to record.
    void no_record(CLI::App* sub) const { refuse(sub, {options.no_record}); }
    // `option` of a subcommand leaves out what the global options `others` change:
    // "--json excludes --ascii". One way only, so the global option's help lists no
    // subcommand's options.
    static void leaves_out(CLI::Option* option, std::initializer_list<CLI::Option*> others) {
        for (CLI::Option* other : others) {
            option->excludes(other);
            other->remove_excludes(option);
        }
    }

    // Letters instead of suit symbols with --ascii or a locale that is not UTF-8.
    Style style() const { return Style{use_color(color), ascii || !utf8_locale()}; }

private:
    // Written while the subcommands are set up, which see Globals as const (they
    // must not change the values the options fill).
    mutable std::map<const CLI::App*, std::vector<const CLI::Option*>> refused_;
};

// Refuses `option`, when given, as a usage error naming it unless `applies`:
// for combinations CLI11's excludes() and needs() cannot say, such as an option
// that goes with one value of another ("--name goes with --format deal").
inline void refuse_unless(const CLI::Option* option, bool applies, const std::string& goes_with) {
    if (option->count() > 0 && !applies) throw CLI::ValidationError(option->get_name() + " " + goes_with);
}

// The names (-x, --name) of every option of one kind, of the program and of
// each command set up, sorted: those that take a value for `complete
// value-options` and for reading `--name=` as an empty value, the flags for
// refusing a value given to one.
enum class OptionKind { TakesValue, Flag };
inline std::vector<std::string> option_names(const CLI::App& app, OptionKind kind) {
    std::vector<std::string> names;
    std::vector<const CLI::App*> owners{&app};
    for (const CLI::App* sub : app.get_subcommands({})) owners.push_back(sub);
    for (const CLI::App* owner : owners)
        for (const CLI::Option* option : owner->get_options()) {
            if ((option->get_expected_max() == 0) != (kind == OptionKind::Flag)) continue;
            for (const auto& name : option->get_snames()) names.push_back("-" + name);
            for (const auto& name : option->get_lnames()) names.push_back("--" + name);
        }
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    return names;
}

void setup_new(CLI::App& app, const Globals& globals);
void setup_show(CLI::App& app, const Globals& globals);
void setup_move(CLI::App& app, const Globals& globals);
void setup_shuffle(CLI::App& app, const Globals& globals);
void setup_undo_redo(CLI::App& app, const Globals& globals);
void setup_hint(CLI::App& app, const Globals& globals);
void setup_solve(CLI::App& app, const Globals& globals);
void setup_deals(CLI::App& app, const Globals& globals);
void setup_export(CLI::App& app, const Globals& globals);
void setup_replay(CLI::App& app, const Globals& globals);
void setup_rules(CLI::App& app, const Globals& globals);
void setup_stats(CLI::App& app, const Globals& globals);
void setup_games(CLI::App& app, const Globals& globals);
void setup_complete(CLI::App& app, const Globals& globals);  // hidden, for shell completion

// Thrown by a command that finished normally but reports its result through a
// status other than 0 (`solve`: 3 no win, 4 undecided); main() returns `code`.
struct ExitStatus {
    int code;
};

}  // namespace addiction::cli
