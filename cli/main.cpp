// addiction: play, solve and archive Addiction solitaire one command at a time.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>

#include "commands.hpp"
#include "rules.hpp"

#ifndef ADDICTION_VERSION
#define ADDICTION_VERSION "0"
#endif

namespace {

// Exit statuses shells expect; CLI11's own codes (100+) become 2.
enum Exit { kSuccess = 0, kFailure = 1, kUsage = 2 };

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
    app.add_option("--color", globals.color, "Colour the board: auto (on a terminal, unless NO_COLOR), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->type_name("WHEN");
    app.add_flag("--ascii", globals.ascii, "Suit letters (C D H S) instead of symbols");

    cli::setup_new(app, globals);
    cli::setup_show(app, globals);
    cli::setup_move(app, globals);
    cli::setup_shuffle(app, globals);
    cli::setup_undo_redo(app, globals);
    cli::setup_hint(app, globals);

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);  // --help and --version
    } catch (const CLI::ParseError& e) {
        fmt::print(stderr, "addiction: {} (try 'addiction --help')\n", e.what());
        return kUsage;
    } catch (const Error& e) {
        fmt::print(stderr, "addiction: {}\n", e.what());
        return kFailure;
    } catch (const std::exception& e) {
        fmt::print(stderr, "addiction: internal error: {}\n", e.what());
        return kFailure;
    }
    return kSuccess;
}
