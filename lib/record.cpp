#include "record.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <ctime>
#include <limits>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "deal.hpp"
#include "json.hpp"
#include "rule_set.hpp"

namespace addiction {

using Json = nlohmann::ordered_json;

std::string_view to_string(Result result) {
    switch (result) {
        case Result::Won: return "won";
        case Result::Lost: return "lost";
        case Result::Abandoned: return "abandoned";
    }
    return "?";
}

namespace {

Result parse_result(std::string_view text) {
    for (Result r : {Result::Won, Result::Lost, Result::Abandoned})
        if (to_string(r) == text) return r;
    throw Error(fmt::format("result '{}' is not won, lost or abandoned", text));
}

// Every setting as text, for the game's identity and the help notes. The family's
// settings are added only when they are not Addiction's, so the games of the old
// presets keep the identities and notes they had.
std::string rules_text(const Rules& rules) {
    std::string text = fmt::format("{} {} {} {} {}", rules.preset, rules.ranks, rules.shuffles,
                                   to_string(rules.redeal), rules.fill_from_right);
    if (uses_family_settings(rules))
        text += fmt::format(" {} {} {}", to_string(rules.aces), to_string(rules.fill), rules.right_fills_first_column);
    return text;
}

// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm): timegm is
// not standard, and the local time zone must not matter.
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

}  // namespace

std::string game_identity(std::string_view file, const Game& game) {
    std::string key = fmt::format("{}\n{}\n{}\n{}", file, game.deal().id, rules_text(game.rules()),
                                  game.log().started);
    // Without an id, the key of old: the entries appended before keep their identity.
    if (game.log().id != 0) key += fmt::format("\nid {:016x}", game.log().id);
    for (const Action& action : game.history()) key += "\n" + to_record(action);
    return fmt::format("{:016x}", fnv1a64(key));
}

RecordEntry record_entry(const Game& game, Result result, std::string_view file, std::int64_t now) {
    RecordEntry e;
    e.game = game_identity(file, game);
    // Not before the game's last action (a clock set back: the line would end
    // before its own play time and be skipped as damaged), nor past a date of
    // four digits (a file edited by hand: the line's date could not be read).
    e.ended = std::min(std::max(now, game.log().last), kLatestDate);
    e.rules = game.rules();
    e.deal = game.deal().id;
    e.result = result;
    e.actions = static_cast<int>(game.history().size());
    e.moves = game.moves_made();
    e.shuffles = game.shuffles_spent();
    e.placed = game.board().placed_count();
    e.cards = game.rules().cards();
    e.seconds = game.log().seconds();
    e.helped = game.log().helped;
    for (const Action& action : game.history()) e.history.push_back(to_record(action));
    e.file = file;
    return e;
}

std::string to_json_line(const RecordEntry& e) {
    Json j;
    j["record"] = kRecordVersion;
    j["game"] = e.game;
    j["when"] = utc_time(e.ended);
    // The family's keys only when not Addiction's: old entries and old readers stay as they were.
    j["rules"] = rules_json(e.rules, false);
    j["deal"] = e.deal;
    j["result"] = std::string(to_string(e.result));
    j["actions"] = e.actions;
    j["moves"] = e.moves;
    j["shuffles"] = e.shuffles;
    j["placed"] = e.placed;
    j["cards"] = e.cards;
    j["seconds"] = e.seconds;
    j["helped"] = e.helped;
    j["history"] = e.history;
    j["file"] = e.file;
    return json_text(j);  // replaces bytes that are not UTF-8 (a file name may hold any)
}

RecordEntry parse_record_line(std::string_view line) {
    Json j = Json::parse(line, nullptr, false);
    if (j.is_discarded()) throw Error("not JSON");
    if (!j.is_object()) throw Error("not a JSON object");
    try {
        const int version = j.at("record").get<int>();
        if (version != kRecordVersion)
            throw Error(fmt::format("record version {} is not one this addiction reads ({})", version,
                                    kRecordVersion));
        RecordEntry e;
        e.game = j.at("game").get<std::string>();
        e.ended = parse_utc_time(j.at("when").get<std::string>());
        e.rules = rules_from_json(j.at("rules"));
        e.deal = j.at("deal").get<std::string>();
        e.result = parse_result(j.at("result").get<std::string>());
        // A count is a whole number from 0 to `most`: get<int>() took a huge
        // one as negative, and a count a game cannot have (more cards placed
        // than it has, a play time of millions of years) went into the stats.
        auto count = [&](const char* key, std::int64_t most) {
            const Json& value = j.at(key);
            if (!value.is_number_integer()) throw Error(fmt::format("{} is not a whole number", key));
            if (!value.is_number_unsigned()) throw Error(fmt::format("{} is negative", key));
            if (value.get<std::uint64_t>() > static_cast<std::uint64_t>(most))
                throw Error(fmt::format("{} is {}, more than {}", key, value.dump(), most));
            return value.get<std::int64_t>();
        };
        if (e.rules.preset != "custom" && !rule_set_name_problem(e.rules.preset).empty())
            throw Error("the rules' preset is neither a rule-set name nor custom");
        constexpr std::int64_t kMost = std::numeric_limits<int>::max();
        e.actions = static_cast<int>(count("actions", kMost));
        e.moves = static_cast<int>(count("moves", e.actions));
        e.shuffles = static_cast<int>(count("shuffles", e.rules.shuffles));
        e.cards = static_cast<int>(count("cards", e.rules.cards()));
        if (e.cards != e.rules.cards())
            throw Error(fmt::format("cards is {}, but the rules have {}", e.cards, e.rules.cards()));
        e.placed = static_cast<int>(count("placed", e.cards));
        e.seconds = count("seconds", std::max<std::int64_t>(e.ended, 0));  // no longer than since 1970
        e.helped = j.at("helped").get<bool>();
        e.history = j.at("history").get<std::vector<std::string>>();
        e.file = j.at("file").get<std::string>();
        return e;
    } catch (const Json::exception& ex) {
        // nlohmann's messages start "[json.exception.out_of_range.403] key 'x' not found".
        std::string what = ex.what();
        if (auto end = what.find("] "); end != std::string::npos) what = what.substr(end + 2);
        throw Error(what);
    }
}

std::string clock_text(std::int64_t seconds) {
    if (seconds < 0) seconds = 0;
    if (seconds >= 3600) return fmt::format("{}:{:02}:{:02}", seconds / 3600, seconds / 60 % 60, seconds % 60);
    return fmt::format("{}:{:02}", seconds / 60, seconds % 60);
}

std::string utc_time(std::int64_t seconds) {
    std::time_t t = static_cast<std::time_t>(seconds);
    std::tm tm{};
    ::gmtime_r(&t, &tm);
    return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                       tm.tm_hour, tm.tm_min, tm.tm_sec);
}

std::int64_t parse_utc_time(std::string_view text) {
    auto fail = [&] {
        return Error(fmt::format("'{}' is not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ, UTC)", text));
    };
    auto number = [&](std::size_t at, std::size_t length, int low, int high) {
        if (at + length > text.size()) throw fail();
        int value = 0;
        auto [end, ec] = std::from_chars(text.data() + at, text.data() + at + length, value);
        if (ec != std::errc{} || end != text.data() + at + length || value < low || value > high) throw fail();
        return value;
    };
    auto expect = [&](std::size_t at, char c) {
        if (at >= text.size() || text[at] != c) throw fail();
    };
    // Any year of four digits: a date before 1970 is before every game, not a mistake.
    const int year = number(0, 4, 1, 9999);
    expect(4, '-');
    const int month = number(5, 2, 1, 12);
    expect(7, '-');
    const int day = number(8, 2, 1, 31);
    // A day the month has: not 2026-02-30 (which would be 2 March).
    const std::chrono::year_month_day date{std::chrono::year{year}, std::chrono::month{static_cast<unsigned>(month)},
                                           std::chrono::day{static_cast<unsigned>(day)}};
    if (!date.ok()) throw fail();
    std::int64_t seconds = days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)) * 86400;
    if (text.size() == 10) return seconds;
    expect(10, 'T');
    const int hour = number(11, 2, 0, 23);
    expect(13, ':');
    const int minute = number(14, 2, 0, 59);
    expect(16, ':');
    const int second = number(17, 2, 0, 60);
    // The Z too: a time without it reads as local time to most people, and this
    // one is UTC (the record writes the Z).
    if (!(text.size() == 20 && text[19] == 'Z')) throw fail();
    return seconds + hour * 3600 + minute * 60 + second;
}

HelpNote help_note(std::string_view file, const Game& game) {
    return HelpNote{std::string(file), game.deal().id, rules_text(game.rules()), game.log().started};
}

std::string to_json_line(const HelpNote& note) {
    Json j;
    j["help"] = kHelpNoteVersion;
    j["file"] = note.file;
    j["deal"] = note.deal;
    j["rules"] = note.rules;
    j["started"] = note.started;
    return json_text(j);
}

std::optional<HelpNote> parse_help_note(std::string_view line) {
    const Json j = Json::parse(line, nullptr, false);
    if (!j.is_object()) return std::nullopt;
    try {
        if (j.at("help").get<int>() != kHelpNoteVersion) return std::nullopt;
        return HelpNote{j.at("file").get<std::string>(), j.at("deal").get<std::string>(),
                        j.at("rules").get<std::string>(), j.at("started").get<std::int64_t>()};
    } catch (const Json::exception&) {
        return std::nullopt;
    }
}

bool about_file(const HelpNote& note, std::string_view file) {
    // As the note's line holds it: JSON text replaces bytes that are not UTF-8.
    return note.file == Json::parse(json_quote(file)).get<std::string>();
}

bool helps(const HelpNote& note, std::string_view file, const Game& game) {
    return about_file(note, file) && note.deal == game.deal().id && note.rules == rules_text(game.rules()) &&
           (note.started == 0 || note.started == game.log().started);
}

RecordRead read_record(std::string_view text) {
    RecordRead out;
    std::set<std::string> seen;
    int number = 0;
    while (!text.empty()) {
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        try {
            RecordEntry entry = parse_record_line(line);
            if (!seen.insert(entry.game).second) {
                ++out.repeated;
                continue;
            }
            out.entries.push_back(std::move(entry));
        } catch (const Error& e) {
            out.damaged.push_back(fmt::format("line {}: {}", number, e.what()));
        }
    }
    return out;
}

}  // namespace addiction
