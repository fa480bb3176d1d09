#include "archive.hpp"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "gamefile.hpp"
#include "toml_input.hpp"

namespace addiction {
namespace {

constexpr std::int64_t kArchiveFormat = 1;

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

Rules read_deal_rules(const toml::table& root) {
    const toml::node* node = root.get("rules");
    if (!node) return preset("addiction");
    const toml::table* t = node->as_table();
    if (!t) throw Error("rules must be a table ([rules])");
    std::string name = string_at(*t, "preset", "rules.", false);
    if (name.empty()) name = "addiction";
    Rules rules = preset(name == "custom" ? "addiction" : name);
    auto integer = [&](std::string_view key, int low, int high, int& into) {
        const toml::node* value = t->get(key);
        if (!value) return;
        // as_integer, not value<int64_t>: value<> converts a float, and one out of range is undefined.
        const auto* number = value->as_integer();
        if (!number || number->get() < low || number->get() > high)
            throw key_error(fmt::format("rules.{}", key), fmt::format("an integer from {} to {}", low, high));
        into = static_cast<int>(number->get());
    };
    integer("ranks", kMinRanks, kMaxRanks, rules.ranks);
    integer("shuffles", 0, kMaxShuffles, rules.shuffles);
    if (std::string redeal = string_at(*t, "redeal", "rules.", false); !redeal.empty()) {
        rules.redeal = with_context("rules.redeal", [&] { return parse_redeal(redeal); });
    }
    if (const toml::node* value = t->get("fill_from_right")) {
        const auto* flag = value->as_boolean();
        if (!flag) throw key_error("rules.fill_from_right", "true or false");
        rules.fill_from_right = flag->get();
    }
    rules.preset = name;
    rules.preset = preset_name_for(rules);
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
    if (const toml::node* format = root.get("format")) {
        const auto* number = format->as_integer();
        if (!number) throw key_error("format", "an integer");
        if (number->get() != kArchiveFormat)
            throw Error(fmt::format("archive format {} is not one this addiction reads (it reads {})", number->get(),
                                    kArchiveFormat));
    }
    ArchiveDeal out;
    out.name = string_at(root, "name", "", false);
    if (!out.name.empty() && !is_archive_name(out.name))
        throw Error(fmt::format("name '{}' must be letters, digits, '-', '_' or '.'", out.name));
    out.description = string_at(root, "description", "", false);
    out.rules = read_deal_rules(root);
    out.deal = string_at(root, "deal", "", true);
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
    key("format", toml::value<std::int64_t>(kArchiveFormat));
    if (!deal.name.empty()) key("name", toml::value<std::string>(deal.name));
    if (!deal.description.empty()) key("description", toml::value<std::string>(deal.description));
    key("deal", toml::value<std::string>(deal.deal));
    if (!deal.tags.empty()) key("tags", array_of(deal.tags));
    key("verdict", toml::value<std::string>(std::string(to_string(deal.verdict))));
    std::vector<std::string> records;
    for (const Action& action : deal.line) records.push_back(to_record(action));
    if (!records.empty()) key("line", array_of(records));
    const Rules& rules = deal.rules;
    out << '\n'
        << toml::table{{"rules", toml::table{{"preset", rules.preset},
                                             {"ranks", rules.ranks},
                                             {"shuffles", rules.shuffles},
                                             {"redeal", std::string(to_string(rules.redeal))},
                                             {"fill_from_right", rules.fill_from_right}}}}
        << '\n';
    return out.str();
}

Game start_game(const ArchiveDeal& deal) {
    return Game(deal.rules, parse_deal(deal.deal, deal.rules));
}

Game check_archive(const ArchiveDeal& deal) {
    Game game = start_game(deal);
    for (std::size_t i = 0; i < deal.line.size(); ++i) {
        const Action& action = deal.line[i];
        with_context(fmt::format("line entry {} ({})", i + 1, to_record(action)), [&] { game.play(action); });
        if (action.is_shuffle() && action.shuffle != 0 && action.shuffle != game.shuffles_spent())
            throw Error(fmt::format("line entry {} ({}): it is shuffle {} of the game", i + 1, to_record(action),
                                    game.shuffles_spent()));
    }
    if (deal.verdict == ArchiveVerdict::Win && game.status() != Status::Won)
        throw Error(fmt::format("the line of {} actions does not win the deal (the game is {})", deal.line.size(),
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
