#include "archive.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "gamefile.hpp"
#include "plural.hpp"
#include "rule_set.hpp"
#include "toml_input.hpp"

namespace addiction {
namespace {

// Format 2 has the family's settings (aces, fill, right_fills_first_column,
// random-slots); a deal whose rules need none is written as format 1, as before.
constexpr std::int64_t kArchiveFormat = 2;
constexpr std::int64_t kPlainArchiveFormat = 1;

Error key_error(std::string_view key, std::string_view what) {
    return Error(fmt::format("{} must be {}", key, what));
}

std::string string_at(const toml::table& t, std::string_view key, std::string_view where, bool required) {
    const toml::node* node = t.get(key);
    if (!node) {
        if (required) throw Error(fmt::format("the archive file has no '{}{}'", where, key));
        return "";
    }
    const auto* value = node->as_string();
    if (!value) throw key_error(fmt::format("{}{}", where, key), "a string");
    return value->get();
}

std::vector<std::string> strings_at(const toml::table& t, std::string_view key) {
    std::vector<std::string> out;
    const toml::node* node = t.get(key);
    if (!node) return out;
    const auto* array = node->as_array();
    if (!array) throw key_error(key, "an array of strings");
    for (const auto& item : *array) {
        const auto* s = item.as_string();
        if (!s) throw key_error(key, "an array of strings");
        out.push_back(s->get());
    }
    return out;
}

Rules read_deal_rules(const toml::table& root, std::int64_t format) {
    const toml::node* node = root.get("rules");
    if (!node) return preset("addiction");
    const toml::table* t = node->as_table();
    if (!t) throw Error("rules must be a table ([rules])");
    refuse_unknown_rules_keys(*t);
    std::string name = string_at(*t, "preset", "rules.", false);
    if (name.empty()) name = "addiction";
    if (name != "custom")
        with_context("rules.preset", [&] {
            // As a rule-set file's name: not a shipped set's in another case either.
            if (std::string problem = rule_set_file_name_problem(name); !problem.empty()) throw Error(problem);
        });
    // A missing key takes the shipped set's value; custom starts from addiction.
    // A user's set the engine cannot look up, and the machine that reads a shared
    // deal may not have it, or have another set of that name: a file naming one
    // gives the settings a format 1 file can say, or it would be labelled with
    // the set and play Addiction's.
    if (!is_shipped_rule_set(name) && name != "custom")
        for (std::string_view key : {"ranks", "shuffles", "redeal", "fill_from_right"})
            if (!t->contains(key))
                throw Error(fmt::format("rules.{} is missing: '{}' is a rule set of your own, so the deal gives "
                                        "its settings (ranks, shuffles, redeal and fill_from_right)",
                                        key, name));
    Rules rules = preset(is_shipped_rule_set(name) ? name : "addiction");
    const std::string refusal = "an archive format 1 file does not have it (format 2 does)";
    read_settings(*t, SettingKeys{"rules", false, format >= 2, refusal}, rules);
    check_rules(rules);
    rules.preset = name;
    if (is_shipped_rule_set(name)) rules.preset = preset_name_for(rules);
    return rules;
}

toml::array array_of(const std::vector<std::string>& items) {
    toml::array out;
    for (const auto& item : items) out.push_back(item);
    return out;
}

}  // namespace

std::string_view to_string(ArchiveVerdict verdict) {
    switch (verdict) {
        case ArchiveVerdict::Unknown: return "unknown";
        case ArchiveVerdict::Win: return "win";
        case ArchiveVerdict::NoWin: return "no-win";
        case ArchiveVerdict::NoWinWithoutShuffles: return "no-win-without-shuffles";
    }
    return "unknown";
}

ArchiveVerdict parse_verdict(std::string_view text) {
    for (ArchiveVerdict v : {ArchiveVerdict::Unknown, ArchiveVerdict::Win, ArchiveVerdict::NoWin, ArchiveVerdict::NoWinWithoutShuffles})
        if (text == to_string(v)) return v;
    throw Error(fmt::format("unknown verdict '{}' (choose unknown, win, no-win or no-win-without-shuffles)", text));
}

bool is_archive_name(std::string_view name) {
    if (name.empty() || name.size() > 64 || name.front() == '-' || name.front() == '.') return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
               c == '_' || c == '.';
    });
}

ArchiveDeal parse_archive(std::string_view text, std::string_view source) {
    const toml::table root = parse_toml(text, source);
    refuse_unknown_keys(root, {"format", "name", "description", "deal", "tags", "verdict", "line", "rules"},
                        "an archive deal");
    std::int64_t format = kPlainArchiveFormat;
    if (const toml::node* node = root.get("format")) {
        const auto* number = node->as_integer();
        if (!number) throw key_error("format", "an integer");
        if (number->get() < kPlainArchiveFormat || number->get() > kArchiveFormat)
            throw Error(fmt::format("archive format {} is not one this addiction reads (it reads {} and {})",
                                    number->get(), kPlainArchiveFormat, kArchiveFormat));
        format = number->get();
    }
    ArchiveDeal out;
    out.name = string_at(root, "name", "", false);
    if (!out.name.empty() && !is_archive_name(out.name))
        throw Error(fmt::format("name '{}' must be letters, digits, '-', '_' or '.'", out.name));
    out.description = string_at(root, "description", "", false);
    if (!is_description(out.description))
        throw Error(fmt::format("description must be {}", kDescriptionRule));
    out.deal = string_at(root, "deal", "", true);
    // Without [rules], a deal code chooses them as on the command line (mini's for
    // 7 ranks); a deal number plays Addiction's.
    out.rules = root.contains("rules") || deal_code_ranks(out.deal) == 0 ? read_deal_rules(root, format)
                                                                         : deal_code_rules(out.deal);
    with_context("deal", [&] { parse_deal(out.deal, out.rules); });
    out.tags = strings_at(root, "tags");
    if (std::string verdict = string_at(root, "verdict", "", false); !verdict.empty()) {
        out.verdict = with_context("verdict", [&] { return parse_verdict(verdict); });
    }
    for (const std::string& record : strings_at(root, "line")) {
        out.line.push_back(with_context(fmt::format("line entry {}", out.line.size() + 1),
                                        [&] { return parse_action(record, out.rules.width()); }));
    }
    if (out.verdict == ArchiveVerdict::Win && out.line.empty())
        throw Error("verdict 'win' needs the winning line (line = [...])");
    return out;
}

std::string write_archive(const ArchiveDeal& deal) {
    // Keys in reading order (a toml::table would sort them), the long line last
    // before the rules; toml++ still formats and quotes every value.
    std::ostringstream out;
    auto key = [&](std::string_view name, const auto& value) { out << name << " = " << value << '\n'; };
    out << "# addiction archive deal: see addiction(5)\n";
    const bool family = uses_family_settings(deal.rules);
    key("format", toml::value<std::int64_t>(family ? kArchiveFormat : kPlainArchiveFormat));
    if (!deal.name.empty()) key("name", toml::value<std::string>(deal.name));
    if (!deal.description.empty()) key("description", toml::value<std::string>(deal.description));
    key("deal", toml::value<std::string>(deal.deal));
    if (!deal.tags.empty()) key("tags", array_of(deal.tags));
    key("verdict", toml::value<std::string>(std::string(to_string(deal.verdict))));
    std::vector<std::string> records;
    for (const Action& action : deal.line) records.push_back(to_record(action));
    if (!records.empty()) key("line", array_of(records));
    out << '\n' << toml::table{{"rules", rules_table(deal.rules, true, family)}} << '\n';
    return out.str();
}

Game start_game(const ArchiveDeal& deal) {
    return Game(deal.rules, parse_deal(deal.deal, deal.rules));
}

Game check_archive(const ArchiveDeal& deal) {
    Game game = start_game(deal);
    for (std::size_t i = 0; i < deal.line.size(); ++i) {
        const Action& action = deal.line[i];
        with_context(fmt::format("line entry {} ({})", i + 1, to_record(action)), [&] {
            if (action.is_shuffle() && action.shuffle != 0) {
                if (action.shuffle <= game.shuffles_spent())
                    throw Error(fmt::format("it comes after shuffle {}: the numbers count up", game.shuffles_spent()));
                if (action.shuffle > game.rules().shuffles)
                    throw Error(fmt::format("the {} rules have {}", game.rules().preset,
                                            plural(game.rules().shuffles, "shuffle")));
                // A number left out is a shuffle the game that wrote the line played
                // and took back (undo leaves it spent, and the next shuffle deals as
                // the one after it): spent here the same way, so that shuffle k deals
                // as it did there. --with-history of such a game had been refused.
                while (game.shuffles_spent() + 1 < action.shuffle) {
                    game.shuffle();
                    game.undo();
                }
            }
            game.play(action);
        });
    }
    if (deal.verdict == ArchiveVerdict::Win && game.status() != Status::Won)
        throw Error(fmt::format("the line of {} does not win the deal (the game is {})", plural(deal.line.size(), "action"),
                                to_string(game.status())));
    return game;
}

ArchiveDeal archive_of(const Game& game, std::string name, bool with_history) {
    ArchiveDeal out;
    out.name = std::move(name);
    out.rules = game.rules();
    out.deal = game.deal().id;
    if (with_history) {
        out.line = game.history();
        if (game.status() == Status::Won) out.verdict = ArchiveVerdict::Win;
    }
    return out;
}

}  // namespace addiction
