// addiction: play, solve and archive Addiction solitaire one command at a time.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "checks.hpp"
#include "commands.hpp"
#include "paths.hpp"
#include "printable.hpp"
#include "record_store.hpp"
#include "rules.hpp"
#include "spelling.hpp"
#include "streams.hpp"

#ifndef ADDICTION_VERSION
#define ADDICTION_VERSION "0"
#endif

namespace {

using addiction::cli::printable;

// Exit statuses shells expect; CLI11's own codes (100+) become 2.
enum Exit { kSuccess = 0, kFailure = 1, kUsage = 2 };


// "unknown command 'mvoe'; did you mean 'move'?", as git says it.
std::string unknown_command(const CLI::App& app, const std::string& word) {
    if (word.empty()) return "an empty word where the command goes (try 'addiction help')";
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); }))
        names.push_back(sub->get_name());
    const std::string best = addiction::cli::closest_word(word, names);
    std::string message = fmt::format("unknown command '{}'", word);
    return best.empty() ? message + " (try 'addiction help')" : message + fmt::format("; did you mean '{}'?", best);
}

// Words left over by the parse of `sub` (CLI11's own message lists them last
// first, and names no option): the first that looks like an option and is none
// (a word after "--" may look like one) is an unknown option, perhaps a typo of
// a long option of `sub` or of the program; else the words themselves, in order.
std::string unexpected_words(const CLI::App& app, const CLI::App& sub, bool double_dash) {
    std::vector<std::string> names;
    for (const CLI::App* owner : {&sub, &app})
        for (const CLI::Option* option : owner->get_options()) {
            for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
            for (const std::string& name : option->get_snames()) names.push_back("-" + name);
        }
    const std::vector<std::string> words = app.remaining(true);
    // An option of the command left over was written before the command's name
    // (or after "--", which makes any word an argument).
    for (const std::string& word : double_dash ? std::vector<std::string>{} : words) {
        const std::string typed = word.substr(0, word.find('='));
        for (const CLI::Option* option : sub.get_options())
            if (&sub != &app && typed.size() > 1 && typed[0] == '-' && option->check_name(typed))
                return fmt::format("{} is an option of {}: put it after '{}'", typed, sub.get_name(), sub.get_name());
    }
    for (const std::string& word : words) {
        const std::string typed = word.substr(0, word.find('='));
        if (typed.size() < 2 || typed[0] != '-' || std::find(names.begin(), names.end(), typed) != names.end())
            continue;
        std::string message = fmt::format("unknown option '{}'", typed);
        if (!typed.starts_with("--")) return message;  // one letter off any short option is no clue
        std::vector<std::string> long_names;
        std::copy_if(names.begin(), names.end(), std::back_inserter(long_names),
                     [](const std::string& name) { return name.starts_with("--"); });
        const std::string best = addiction::cli::closest_word(typed, long_names);
        return best.empty() ? message : message + fmt::format("; did you mean '{}'?", best);
    }
    std::string listed;
    for (const std::string& word : words) listed += (listed.empty() ? "'" : " '") + word + "'";
    return fmt::format("unexpected {}: {}", words.size() == 1 ? "argument" : "arguments", listed);
}

// CLI11's "A excludes B", in words: "rules does not take --file", "--all and
// --peek do not go together", and a positional by the name its help shows
// ("DEAL and --from", not "deal excludes --from").
std::string excluded(const CLI::App& sub, const std::string& message) {
    const std::size_t at = message.find(" excludes ");
    if (at == std::string::npos) return message;
    std::string first = message.substr(0, at);
    std::string second = message.substr(at + std::string_view(" excludes ").size());
    for (std::string* name : {&first, &second})
        for (const CLI::Option* option : sub.get_options())
            if (option->get_name() == *name && option->get_lnames().empty() && option->get_snames().empty())
                *name = option->get_type_name();
    if (second == sub.get_name()) std::swap(first, second);
    if (first == sub.get_name()) return fmt::format("{} does not take {}", first, second);
    return fmt::format("{} and {} do not go together", first, second);
}

// The usage error `e` of the command line parsed up to `parsed`, in words: CLI11
// names no option for extra words, says "deal excludes --from", "--file: At Most
// 1 required but received 2" and "--remove: 1 required NAME missing".
std::string parse_error_words(const CLI::App& app, const CLI::App& parsed, const CLI::ParseError& e,
                              bool double_dash) {
    const std::string what = e.what();
    if (dynamic_cast<const CLI::ExtrasError*>(&e)) return unexpected_words(app, parsed, double_dash);
    if (dynamic_cast<const CLI::ExcludesError*>(&e)) return excluded(parsed, what);
    if (&parsed == &app && dynamic_cast<const CLI::RequiredError*>(&e)) return "a command is required";
    // CLI11 checks what is required before what is left over: `move --foo` said
    // "card is required". An unknown option is the first thing to fix.
    if (dynamic_cast<const CLI::RequiredError*>(&e) && !double_dash && !app.remaining(true).empty())
        if (std::string words = unexpected_words(app, parsed, double_dash); !words.starts_with("unexpected "))
            return words;
    // A value given to --version, which CLI11 tries to convert ("Could not
    // convert: --version = x"), is refused as other flags' are.
    if (dynamic_cast<const CLI::ConversionError*>(&e) && what.starts_with("Could not convert: --")) {
        const std::string flag = what.substr(std::string_view("Could not convert: ").size(),
                                             what.find(" = ") - std::string_view("Could not convert: ").size());
        const std::vector<std::string> flags = addiction::cli::option_names(app, addiction::cli::OptionKind::Flag);
        if (std::binary_search(flags.begin(), flags.end(), flag)) return fmt::format("{} takes no value: give it alone", flag);
    }
    if (!dynamic_cast<const CLI::ArgumentMismatch*>(&e)) return what;
    if (const std::size_t at = what.find(": At Most 1 required but received "); at != std::string::npos)
        return fmt::format("{} is given more than once: give it once", what.substr(0, at));
    if (const std::size_t at = what.find(" was given a disallowed flag override"); at != std::string::npos) {
        const std::string flag = what.substr(0, at);  // CLI11 names it without its dashes
        return fmt::format("{}{} takes no value: give it alone", flag.starts_with('-') ? "" : "--", flag);
    }
    if (const std::size_t at = what.find(": 1 required "); at != std::string::npos && what.ends_with(" missing")) {
        const std::size_t from = at + std::string_view(": 1 required ").size();
        const std::string type = what.substr(from, what.size() - from - std::string_view(" missing").size());
        return fmt::format("{} needs a value ({})", what.substr(0, at), type.substr(0, type.find(':')));
    }
    return what;
}

// addiction help [CMD]: the help of the program or of one command, as --help.
void setup_help(CLI::App& app, const addiction::cli::Globals& globals) {
    auto command = std::make_shared<std::string>();
    auto* sub = app.add_subcommand("help", "Show the help of the program, or of COMMAND");
    globals.no_game_file(sub);
    globals.no_drawing(sub);
    globals.no_record(sub);
    sub->add_option("command", *command, "A command")->type_name("COMMAND");
    sub->callback([&app, command] {
        if (command->empty()) {
            // Not app.help(): with `help` itself selected, that prints help's own help.
            fmt::print("{}", app.get_formatter()->make_help(&app, "addiction", CLI::AppFormatMode::Normal));
            return;
        }
        const CLI::App* target = nullptr;
        for (const CLI::App* s : app.get_subcommands([](const CLI::App* c) { return !c->get_group().empty(); }))
            if (s->get_name() == *command) target = s;
        if (!target) {
            addiction::cli::tell("addiction: {}\n", printable(unknown_command(app, *command)));
            throw addiction::cli::ExitStatus{kUsage};
        }
        fmt::print("{}", target->help("addiction"));
    });
}

// An empty value is refused (exit 2), not taken for one left out: `-f "$FILE"`
// with FILE unset played the default game, `new --from ''` dealt a random one
// over the game in progress, `solve --deals ''` solved the game file. Not for
// free text (export --description), nor for `complete`, which the completion
// scripts call with the word being typed, empty at first. First of the option's
// checks (transform puts it before them, check after): each of them said it of
// '' in its own words ("'' is not a number of seconds", "unknown rule set ''").
void refuse_empty_values(CLI::App& app) {
    for (CLI::Option* option :
         app.get_options([](CLI::Option* o) { return o->get_type_size_max() > 0 && o->get_name() != "--description"; }))
        option->transform(addiction::cli::not_empty());
    for (CLI::App* sub : app.get_subcommands([](CLI::App* s) { return s->get_name() != "complete"; })) refuse_empty_values(*sub);
}

// The words to parse, last first as CLI11 takes them, with `--name=` (an empty
// value, of an option that takes one) given as `--name` and an empty word:
// CLI11 read `--file=` as --file alone and took the next word for its value
// (`--file= new new` started a game in ./new; `--description= --with-history`
// wrote '--with-history' as the description and no history). An empty value is
// then refused as any other (refuse_empty_values), or kept where it is allowed.
std::vector<std::string> words_to_parse(const CLI::App& app, int argc, char** argv) {
    const std::vector<std::string> names = addiction::cli::option_names(app, addiction::cli::OptionKind::TakesValue);
    const std::vector<std::string> flags = addiction::cli::option_names(app, addiction::cli::OptionKind::Flag);
    std::vector<std::string> words;
    bool options_end = false;
    for (int i = 1; i < argc; ++i) {
        const std::string word = argv[i];
        options_end = options_end || word == "--";
        const bool empty_value = !options_end && word.starts_with("--") && word.ends_with('=');
        const std::string name = empty_value ? word.substr(0, word.size() - 1) : std::string();
        if (empty_value && std::binary_search(names.begin(), names.end(), name)) {
            words.push_back(name);
            words.emplace_back();
        } else if (!options_end && (word.starts_with("--help=") || word.starts_with("-h="))) {
            // CLI11 shows the help whatever follows the '=': refused as other
            // flags given a value are (`--version=x` is).
            throw CLI::ArgumentMismatch(word.substr(0, word.find('=')) + " was given a disallowed flag override");
        } else if (empty_value && std::binary_search(flags.begin(), flags.end(), name)) {
            // CLI11 reads `--json=` as the flag given; any value written after
            // it, empty too, is refused as one ("--json takes no value").
            words.push_back(word + "=");
        } else {
            words.push_back(word);
        }
    }
    std::reverse(words.begin(), words.end());
    return words;
}

// Standard output's own errors (a full disk, a closed descriptor) are the
// command's: `addiction show --json > state.json` on a full disk must not exit
// 0. stdio keeps a short output in its buffer until the end, so the check is a
// flush there; a long one fails on the way (fmt's print throws, main's catch).
void say_stdout_failed(int error) {
    addiction::cli::tell("addiction: cannot write to standard output{}\n",
                         error != 0 ? fmt::format(": {}", std::strerror(error)) : std::string());
}
int with_stdout_checked(int status) {
    errno = 0;
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return status;
    say_stdout_failed(errno);
    return status == kSuccess ? kFailure : status;
}

// The commands, in the order the help lists them, and what sets each up (undo
// and redo share one).
using Setup = void (*)(CLI::App&, const addiction::cli::Globals&);
struct Command {
    std::string_view name;
    Setup setup;
};
const std::array kCommands{
    Command{"new", addiction::cli::setup_new},          Command{"show", addiction::cli::setup_show},
    Command{"move", addiction::cli::setup_move},        Command{"shuffle", addiction::cli::setup_shuffle},
    Command{"undo", addiction::cli::setup_undo_redo},   Command{"redo", addiction::cli::setup_undo_redo},
    Command{"hint", addiction::cli::setup_hint},        Command{"solve", addiction::cli::setup_solve},
    Command{"deals", addiction::cli::setup_deals},      Command{"export", addiction::cli::setup_export},
    Command{"replay", addiction::cli::setup_replay},    Command{"rules", addiction::cli::setup_rules},
    Command{"stats", addiction::cli::setup_stats},      Command{"games", addiction::cli::setup_games},
    Command{"complete", addiction::cli::setup_complete}, Command{"help", setup_help},
};

// The one command the words name, when they name exactly one: only it is set
// up. Every command's options are most of a run's start, about 2,000
// allocations; under the sanitizers, which record a stack for each, a `show`
// took 94 ms of processor time instead of 66, in each of the tests' thousands
// of runs. Any doubt sets up all, so that errors and suggestions are the same:
// no command word, or two (`-f show new`); and help and complete, which look at
// every command.
std::optional<std::string_view> only_command(int argc, char** argv) {
    std::optional<std::string_view> found;
    for (int i = 1; i < argc; ++i) {
        const std::string_view word = argv[i];
        if (std::none_of(kCommands.begin(), kCommands.end(), [&](const Command& c) { return c.name == word; }))
            continue;
        if (found && *found != word) return std::nullopt;
        found = word;
    }
    if (found == "help" || found == "complete") return std::nullopt;
    return found;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace addiction;
    CLI::App app{"Play Addiction solitaire (Gaps, Montana) one command at a time.", "addiction"};
    app.set_version_flag("--version", std::string("addiction ") + ADDICTION_VERSION);
    app.require_subcommand(1);
    app.fallthrough();  // global options may follow the subcommand too
    // A flag takes no value: `--fill-from-right=false` was taken as the flag
    // given, and Moonlight still filled from the right. The subcommands inherit it.
    app.option_defaults()->disable_flag_override();

    cli::Globals globals;
    globals.options.file = app.add_option("-f,--file", globals.file,
                   "Game file (default: $ADDICTION_FILE, else $ADDICTION_GAME's, else $XDG_STATE_HOME/addiction/game.toml)")
        ->type_name("PATH");
    globals.options.color = cli::choice(app.add_option("--color", globals.color,
                               "Colour the board: auto (on a terminal, unless NO_COLOR or TERM=dumb), always, never"),
                cli::kColors)
        ->type_name("WHEN");
    globals.options.ascii = app.add_flag("--ascii", globals.ascii, "Suit letters (C D H S) instead of symbols");
    // Read by game_path() and the record, which have no Globals: set while parsing.
    std::string game_name;
    globals.options.game = app.add_option("--game", game_name,
                   "A named game: $XDG_STATE_HOME/addiction/games/NAME.toml (default: $ADDICTION_GAME, unless $ADDICTION_FILE is set)")
        ->check(CLI::Validator(cli::game_name_problem, ""))
        ->each([](const std::string& name) { cli::select_game(name); })
        ->type_name("NAME");
    bool no_record = false;
    globals.options.no_record = app.add_flag("--no-record", no_record,
                 "Do not add the game's end, nor a note of help asked, to the record ($ADDICTION_RECORD, else "
                 "$XDG_DATA_HOME/addiction/record)")
        ->each([](const std::string&) { cli::set_recording(false); });

    globals.options.file->excludes(globals.options.game);  // which game would it be?

    const std::optional<std::string_view> only = only_command(argc, argv);
    Setup done = nullptr;
    for (const Command& command : kCommands)
        if ((!only || command.name == *only) && command.setup != done) {
            command.setup(app, globals);
            done = command.setup;
        }
    refuse_empty_values(app);
    // Set after the subcommands, which would inherit it.
    app.footer(
        "A global option goes only with the commands it changes something for; elsewhere it is refused (exit 2):\n"
        "-f and --game with those that read or change the game (not stats, deals, rules, games, help, solve --deals,\n"
        "replay NAME); --color and --ascii with those that print a board, not with --json (hint prints actions, in\n"
        "letters); --no-record with those that can end a game or give help (new, move, shuffle, undo, redo, hint,\n"
        "solve, games --remove; not hint --all, solve --deals). See addiction(1).");

    try {
        std::vector<std::string> words = words_to_parse(app, argc, argv);
        app.parse(words);
    } catch (const CLI::Success& e) {
        return with_stdout_checked(app.exit(e));  // --help and --version
    } catch (const cli::ExitStatus& e) {
        return with_stdout_checked(e.code);
    } catch (const CLI::ParseError& e) {
        // A word where the command should be: say which, and the command it is closest to.
        if (app.get_subcommands().empty()) {
            for (const std::string& word : app.remaining())
                if (!word.starts_with("-")) {
                    addiction::cli::tell("addiction: {}\n", printable(unknown_command(app, word)));
                    return kUsage;
                }
        }
        // Point at the help of the subcommand that was being parsed, if any.
        std::string help = "addiction";
        const CLI::App* parsed = &app;
        for (const CLI::App* sub : app.get_subcommands()) {
            help += " " + sub->get_name();
            parsed = sub;
        }
        const bool double_dash = std::any_of(argv + 1, argv + argc, [](const char* arg) { return std::string_view(arg) == "--"; });
        const std::string what = parse_error_words(app, *parsed, e, double_dash);
        addiction::cli::tell("addiction: {} (try '{} --help')\n", printable(what), help);
        return kUsage;
    } catch (const Error& e) {
        addiction::cli::tell("addiction: {}\n", printable(e.what()));
        return kFailure;
    } catch (const std::system_error& e) {
        // fmt's print throws this when standard output's buffer cannot be
        // written, and solve --deals when a line cannot be flushed.
        if (std::ferror(stdout)) {
            say_stdout_failed(e.code().value());
        } else {
            addiction::cli::tell("addiction: internal error: {}\n", printable(e.what()));
        }
        return kFailure;
    } catch (const std::exception& e) {
        addiction::cli::tell("addiction: internal error: {}\n", printable(e.what()));
        return kFailure;
    }
    return with_stdout_checked(kSuccess);
}
