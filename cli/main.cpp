// addiction: play, solve and archive Addiction solitaire one command at a time.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <string_view>

#include "commands.hpp"
#include "paths.hpp"
#include "record_store.hpp"
#include "rules.hpp"

#ifndef ADDICTION_VERSION
#define ADDICTION_VERSION "0"
#endif

namespace {

// Exit statuses shells expect; CLI11's own codes (100+) become 2.
enum Exit { kSuccess = 0, kFailure = 1, kUsage = 2 };

// Messages quote what the user gave, and a game file or an argument may hold any
// byte: escape control characters so a message stays one line and cannot drive
// the terminal.
std::string printable(std::string_view text) {
    std::string out;
    for (char c : text) {
        auto byte = static_cast<unsigned char>(c);
        if (byte == '\n')
            out += "\\n";
        else if (byte < 0x20 || byte == 0x7f)
            out += fmt::format("\\x{:02x}", byte);
        else
            out += c;
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace addiction;
    CLI::App app{"Play Addiction solitaire (Gaps, Montana) one command at a time.", "addiction"};
    app.set_version_flag("--version", std::string("addiction ") + ADDICTION_VERSION);
    app.require_subcommand(1);
    app.fallthrough();  // global options may follow the subcommand too

    cli::Globals globals;
    app.add_option("-f,--file", globals.file,
                   "Game file (default: $ADDICTION_FILE, else $XDG_STATE_HOME/addiction/game.toml)")
        ->type_name("PATH");
    cli::choice(app.add_option("--color", globals.color,
                               "Colour the board: auto (on a terminal, unless NO_COLOR), always, never"),
                cli::kColors)
        ->type_name("WHEN");
    app.add_flag("--ascii", globals.ascii, "Suit letters (C D H S) instead of symbols");
    // Read by game_path() and the record, which have no Globals: set while parsing.
    std::string game_name;
    app.add_option("--game", game_name,
                   "A named game: $XDG_STATE_HOME/addiction/games/NAME.toml (default: $ADDICTION_GAME)")
        ->check(CLI::Validator([](std::string& name) { return cli::game_name_problem(name); }, "NAME"))
        ->each([](const std::string& name) { cli::select_game(name); })
        ->type_name("NAME");
    bool no_record = false;
    app.add_flag("--no-record", no_record,
                 "Do not add the game's end to the record ($ADDICTION_RECORD, else $XDG_DATA_HOME/addiction/record)")
        ->each([](const std::string&) { cli::set_recording(false); });

    cli::setup_new(app, globals);
    cli::setup_show(app, globals);
    cli::setup_move(app, globals);
    cli::setup_shuffle(app, globals);
    cli::setup_undo_redo(app, globals);
    cli::setup_hint(app, globals);
    cli::setup_solve(app, globals);
    cli::setup_deals(app, globals);
    cli::setup_export(app, globals);
    cli::setup_replay(app, globals);
    cli::setup_stats(app, globals);
    cli::setup_games(app, globals);
    cli::setup_complete(app, globals);

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);  // --help and --version
    } catch (const cli::ExitStatus& e) {
        return e.code;
    } catch (const CLI::ParseError& e) {
        // Point at the help of the subcommand that was being parsed, if any.
        std::string help = "addiction";
        for (const CLI::App* sub : app.get_subcommands()) help += " " + sub->get_name();
        fmt::print(stderr, "addiction: {} (try '{} --help')\n", printable(e.what()), help);
        return kUsage;
    } catch (const Error& e) {
        fmt::print(stderr, "addiction: {}\n", printable(e.what()));
        return kFailure;
    } catch (const std::exception& e) {
        fmt::print(stderr, "addiction: internal error: {}\n", printable(e.what()));
        return kFailure;
    }
    return kSuccess;
}
