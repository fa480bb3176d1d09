// addiction export: the game, or its deal, in a form for other programs and people.
#include <filesystem>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "archive.hpp"
#include "choices.hpp"
#include "commands.hpp"
#include "files.hpp"
#include "importer.hpp"
#include "json.hpp"
#include "paths.hpp"
#include "store.hpp"
#include "svg.hpp"

namespace addiction::cli {
namespace {

struct ExportOptions {
    ExportFormat format = ExportFormat::Text;
    std::string output;
    std::optional<int> at;
    bool with_history = false;
    std::string name;
    std::string description;
};

std::string exported(const Game& game, const ExportOptions& opt, const Globals& globals) {
    switch (opt.format) {
        case ExportFormat::Text:
            return render_board(game.board(), game.rules(), Style{false, globals.style().ascii}) + status_line(game) + "\n";
        case ExportFormat::Json: return game_json(game) + "\n";
        case ExportFormat::Svg: {
            const auto title = fmt::format("Addiction, deal {}: {}", game.deal().id, to_string(game.status()));
            const auto subtitle = fmt::format("{} rules, {} moves, {} shuffles left, {} cards placed",
                                              game.rules().preset, game.moves_made(), game.shuffles_left(),
                                              game.board().placed_count());
            return svg_picture(game.board(), game.rules(), title, subtitle);
        }
        case ExportFormat::Solvitaire: return solvitaire_json(opt.at ? game.board() : game.deal().start);
        case ExportFormat::Deal: break;
    }
    std::string name = opt.name;
    if (name.empty() && !opt.output.empty()) {
        std::string stem = std::filesystem::path(opt.output).stem().string();
        if (is_archive_name(stem)) name = stem;
    }
    if (!name.empty() && !is_archive_name(name))
        throw Error(fmt::format("archive name '{}' must be letters, digits, '-', '_' or '.'", name));
    ArchiveDeal deal = archive_of(game, name, opt.with_history);
    deal.description = opt.description;
    return write_archive(deal);
}

void run(const ExportOptions& opt, const Globals& globals) {
    if (opt.with_history && opt.format != ExportFormat::Deal) throw Error("--with-history goes with --format deal");
    Game game = load_game_file(game_path(globals.file));
    if (opt.at) game = game.at(*opt.at);
    const std::string text = exported(game, opt, globals);
    if (opt.output.empty() || opt.output == "-") {
        fmt::print("{}", text);
        return;
    }
    write_atomically(opt.output, text);
}

}  // namespace

void setup_export(CLI::App& app, const Globals& globals) {
    auto opt = std::make_shared<ExportOptions>();
    auto* sub = app.add_subcommand("export", "Write the position or the deal as text, JSON, SVG, an archive "
                                             "deal file or a Solvitaire deal");
    choice(sub->add_option("--format", opt->format,
                           "text (the board, no colour), json (as show --json), deal (an archive file), svg (a "
                           "picture), solvitaire (the deal for the Solvitaire solver)"),
           kExportFormats)
        ->type_name("FORMAT");
    sub->add_option("-o,--output", opt->output, "Write to FILE, replaced atomically (default: standard output)")
        ->type_name("FILE");
    sub->add_option("--at", opt->at,
                    "The position after the first N actions (solvitaire: that position instead of the deal)")
        ->type_name("N");
    sub->add_flag("--with-history", opt->with_history, "With --format deal: the actions played as the line");
    sub->add_option("--name", opt->name, "With --format deal: the deal's name (default: the output file's)")
        ->type_name("NAME");
    sub->add_option("--description", opt->description, "With --format deal: a line saying what the deal is")
        ->type_name("TEXT");
    sub->callback([opt, &globals] { run(*opt, globals); });
}

}  // namespace addiction::cli
