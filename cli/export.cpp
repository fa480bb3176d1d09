// addiction export: the game, or its deal, in a form for other programs and people.
#include <climits>
#include <filesystem>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "archive.hpp"
#include "archive_folders.hpp"
#include "checks.hpp"
#include "choices.hpp"
#include "commands.hpp"
#include "files.hpp"
#include "importer.hpp"
#include "json.hpp"
#include "paths.hpp"
#include "plural.hpp"
#include "rule_set.hpp"
#include "store.hpp"
#include "svg.hpp"
#include "toml_input.hpp"
#include "view.hpp"

namespace addiction::cli {
namespace {

// The game's name for a picture's title: a shipped set's own ("Blue Moon
// (Rangoon)", the start of its description), a set of yours by its name, else
// "Custom rules". Every picture said "Addiction".
std::string game_name(const Rules& rules) {
    if (is_shipped_as_named(rules)) {
        const std::string& description = shipped_rule_set(rules.preset).description;
        return description.substr(0, description.find(':'));
    }
    return rules.preset == "custom" ? std::string("Custom rules") : rules.preset;
}

struct ExportOptions {
    ExportFormat format = ExportFormat::Text;
    std::string output;
    std::optional<int> at;
    bool with_history = false;
    std::string name;
    std::string description;
};

// The name a deal file written to `output` has: the one `new NAME` finds it by
// once it is in the deals folder, so a name it could not find is refused before
// anything is written. "" for standard output.
std::string deal_file_name(const std::string& output) {
    // A device, a pipe or a descriptor (-o /dev/stdout) has no name to keep.
    if (output.empty() || output == "-" || written_into(output)) return "";
    const std::filesystem::path path(output);
    if (path.extension() != ".toml")
        throw CLI::ValidationError(fmt::format("--output '{}': a deal file's name ends in .toml ('addiction new NAME' "
                                               "reads NAME.toml from the deals folder)",
                                               output));
    std::string stem = path.stem().string();
    if (std::string problem = archive_name_problem(stem); !problem.empty())
        throw CLI::ValidationError(fmt::format("--output '{}': the deal's name '{}' {}, so 'addiction new {}' "
                                               "could not find it",
                                               output, stem, problem, stem));
    return stem;
}

std::string exported(const Game& game, const ExportOptions& opt, const Globals& globals) {
    switch (opt.format) {
        case ExportFormat::Text:
            return render_board(game.board(), game.rules(), Style{false, globals.style().ascii}) + status_line(game) + "\n";
        case ExportFormat::Json: return game_json(game) + "\n";
        case ExportFormat::Svg: {
            const auto title = fmt::format("{}, deal {}: {}", game_name(game.rules()), game.deal().id,
                                           to_string(game.status()));
            const auto subtitle = fmt::format("{} rules, {}, {} left, {} placed", game.rules().preset,
                                              plural(game.moves_made(), "move"), plural(game.shuffles_left(), "shuffle"),
                                              plural(game.board().placed_count(), "card"));
            return svg_picture(game.board(), game.rules(), title, subtitle);
        }
        case ExportFormat::Solvitaire:
            // Its deals have the aces taken out: a board with them is not one it
            // reads, nor one `new --from` takes back.
            if (game.rules().aces != Aces::Removed)
                throw Error(fmt::format("a Solvitaire deal has the aces taken out, and the {} rules keep them on the "
                                        "board: --format deal keeps this deal",
                                        game.rules().preset));
            return solvitaire_json(opt.at ? game.board() : game.deal().start);
        case ExportFormat::Deal: break;
    }
    const std::string file_name = deal_file_name(opt.output);
    const std::string name = opt.name.empty() ? file_name : opt.name;
    if (std::string problem = archive_name_problem(name); !name.empty() && !problem.empty())
        throw CLI::ValidationError(fmt::format("--name '{}' {}", name, problem));
    // A deal is found by its file's name: one that says another would be shared
    // as a name that `addiction new` does not know.
    if (!file_name.empty() && name != file_name)
        throw CLI::ValidationError(fmt::format("--name '{}' is not the file's name '{}': 'addiction new' finds a deal "
                                               "by its file's name, so leave --name out or write {}.toml",
                                               name, file_name, name));
    ArchiveDeal deal = archive_of(game, name, opt.with_history);
    deal.description = opt.description;
    return write_archive(deal);
}

// -o naming the game file (or a link to it) would put the export in the game's
// place: a text or SVG export there left no game at all.
void refuse_game_file(const std::string& output, const std::filesystem::path& game) {
    std::error_code ec;
    if (std::filesystem::equivalent(output, game, ec))
        throw CLI::ValidationError(
            fmt::format("--output '{}' is the game file: export writes a copy, so name another file", output));
}

void run(const ExportOptions& opt, const Globals& globals) {
    const std::filesystem::path path = game_path(globals.file);
    if (!opt.output.empty() && opt.output != "-") refuse_game_file(opt.output, path);
    Game game = load_game_file(path);
    if (opt.at) game = game.at(*opt.at);
    const std::string text = exported(game, opt, globals);
    if (opt.output.empty() || opt.output == "-") {
        fmt::print("{}", text);
        return;
    }
    // The deals folder is the program's own, and the way to archive a deal is to
    // export into it (README): made when missing, as the state folder is.
    // (However the path is spelt: relative, through a link.)
    const std::filesystem::path deals = user_deals_dir();
    std::error_code ec;
    if (!deals.empty() && !written_into(opt.output) &&
        std::filesystem::weakly_canonical(std::filesystem::absolute(opt.output).parent_path(), ec) ==
            std::filesystem::weakly_canonical(std::filesystem::absolute(deals), ec))
        create_parent_folder(opt.output);
    write_output(opt.output, text);
}

}  // namespace

void setup_export(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<ExportOptions>();
    auto* sub = app.add_subcommand("export", "Write the position or the deal as text, JSON, SVG, an archive "
                                             "deal file or a Solvitaire deal");
    // Export writes files: no colour ever; it never changes the game.
    globals.refuse(sub, {globals.options.color});
    globals.no_record(sub);
    choice(sub->add_option("--format", opt->format,
                           "text (the board, no colour), json (as show --json), deal (an archive file), svg (a "
                           "picture), solvitaire (the deal for the Solvitaire solver)"),
           kExportFormats)
        ->type_name("FORMAT");
    sub->add_option("-o,--output", opt->output,
                    "Write to FILE, replaced atomically (a device or a pipe is written into; default: standard output)")
        ->type_name("FILE");
    auto* at = sub->add_option("--at", opt->at,
                               "The position after the first N actions (solvitaire: that position instead of the deal; "
                               "deal: with --with-history, the first N actions as the line)")
                   ->check(whole_number(INT_MAX))
                   ->type_name("N");
    auto* history = sub->add_flag("--with-history", opt->with_history, "With --format deal: the actions played as the line");
    auto* name = sub->add_option("--name", opt->name, "With --format deal: the deal's name (default: the output file's)")
                     ->type_name("NAME");
    auto* description = sub->add_option("--description", opt->description,
                                        "With --format deal: a line saying what the deal is")
                            ->check(CLI::Validator(
                                [](const std::string& text) {
                                    return is_description(text)
                                               ? std::string()
                                               : fmt::format("a description is {} (deals lists it in a table)",
                                                             kDescriptionRule);
                                },
                                ""))
                            ->type_name("TEXT");
    sub->callback([opt, at, history, name, description, &globals] {
        const bool deal = opt->format == ExportFormat::Deal;
        for (const CLI::Option* option : {history, name, description}) refuse_unless(option, deal, "goes with --format deal");
        // A deal file holds the deal's start; only its line can stop after N actions.
        refuse_unless(at, !deal || opt->with_history, "goes with --format deal only with --with-history");
        refuse_unless(globals.options.ascii, opt->format == ExportFormat::Text, "goes with --format text");
        run(*opt, globals);
    });
}

}  // namespace addiction::cli
