#include "gamefile.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <sstream>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "rule_set.hpp"
#include "toml_input.hpp"

namespace addiction {
namespace {

toml::array rows_of(const Board& board) {
    toml::array rows;
    for (int row = 0; row < kRows; ++row) rows.push_back(board.row_text(row));
    return rows;
}

toml::array records_of(const std::vector<Action>& actions) {
    toml::array out;
    for (const Action& action : actions) out.push_back(to_record(action));
    return out;
}

// Typed access that names the key in every complaint.
class Reader {
public:
    explicit Reader(const toml::table& root) : root_(root) {}

    const toml::table& table(std::string_view key) const {
        const toml::table* t = root_[key].as_table();
        if (!t) throw Error(fmt::format("the game file has no [{}] table", key));
        return *t;
    }

    static std::int64_t integer(const toml::table& t, std::string_view where, std::string_view key,
                                std::int64_t low, std::int64_t high) {
        // as_integer, not value<int64_t>: value<> converts a float, and one out of range is undefined.
        const auto* value = t[key].as_integer();
        if (!value || value->get() < low || value->get() > high)
            throw Error(fmt::format("{}.{} must be an integer from {} to {}", where, key, low, high));
        return value->get();
    }

    static std::string string(const toml::table& t, std::string_view where, std::string_view key) {
        const auto* value = t[key].as_string();
        if (!value) throw Error(fmt::format("{}.{} must be a string", where, key));
        return value->get();
    }

    static bool boolean(const toml::table& t, std::string_view where, std::string_view key) {
        const auto* value = t[key].as_boolean();
        if (!value) throw Error(fmt::format("{}.{} must be true or false", where, key));
        return value->get();
    }

    static std::vector<std::string> strings(const toml::table& t, std::string_view where,
                                            std::string_view key) {
        const auto* array = t[key].as_array();
        auto fail = [&] { return Error(fmt::format("{}.{} must be an array of strings", where, key)); };
        if (!array) throw fail();
        std::vector<std::string> out;
        for (const auto& node : *array) {
            const auto* s = node.as_string();
            if (!s) throw fail();
            out.push_back(s->get());
        }
        return out;
    }

private:
    const toml::table& root_;
};

Rules read_rules(const toml::table& t, std::int64_t format) {
    Rules rules;
    rules.preset = Reader::string(t, "rules", "preset");
    with_context("rules.preset", [&] {
        if (rules.preset != "custom")
            if (std::string problem = rule_set_name_problem(rules.preset); !problem.empty()) throw Error(problem);
    });
    const std::string refusal = fmt::format("a format {} game file does not have it (format {} does)", format, kFormat);
    read_settings(t, SettingKeys{"rules", true, format >= 3, refusal}, rules);
    check_rules(rules);
    rules = settled(rules);  // a game's rules, as new makes them (a file of before may not have them so)
    // A shipped set's name must come with its settings; a user's set is known by
    // its name only (the file records the settings, which is what is played).
    if (is_shipped_rule_set(rules.preset) && preset_name_for(rules) != rules.preset)
        throw Error(fmt::format("rules.preset is '{}' but the settings are not that preset's (write 'custom')",
                                rules.preset));
    return rules;
}

Board read_board(const toml::table& t, std::string_view where, std::string_view key, const Rules& rules) {
    auto rows = Reader::strings(t, where, key);
    if (rows.size() != kRows)
        throw Error(fmt::format("{}.{} must have 4 rows, not {}", where, key, rows.size()));
    Board board(rules);
    with_context(fmt::format("{}.{}", where, key), [&] {
        for (int row = 0; row < kRows; ++row) parse_row(rows[static_cast<std::size_t>(row)], row, board);
        check_layout(board, rules);
    });
    return board;
}

std::vector<Action> read_actions(const toml::table& t, std::string_view key, int width) {
    std::vector<Action> out;
    for (const std::string& text : Reader::strings(t, "play", key)) {
        out.push_back(with_context(fmt::format("play.{} entry {}", key, out.size() + 1),
                                   [&] { return parse_action(text, width); }));
        if (out.back().is_shuffle() && out.back().shuffle == 0)
            throw Error(fmt::format("play.{} entry {}: a recorded shuffle needs its number ('shuffle 1')",
                                    key, out.size()));
    }
    return out;
}

std::string first_difference(const Board& stored, const Board& replayed) {
    for (int i = 0; i < stored.size(); ++i)
        if (stored.at(i) != replayed.at(i))
            return fmt::format("{} holds {} where the history puts {}", to_string(stored.slot(i)),
                               to_string(stored.at(i)), to_string(replayed.at(i)));
    return "?";
}

}  // namespace

void parse_row(std::string_view text, int row, Board& board) {
    std::istringstream in{std::string(text)};
    int col = 0;
    for (std::string word; in >> word; ++col) {
        if (col >= board.width())
            throw Error(fmt::format("row {} has more than {} slots", static_cast<char>('a' + row), board.width()));
        board.set(Slot{row, col}, word == "--" || word == ".." ? kGap : parse_card(word));
    }
    if (col != board.width())
        throw Error(fmt::format("row {} has {} slots instead of {}", static_cast<char>('a' + row), col,
                                board.width()));
}

std::string save_game(const Game& game) {
    const Rules& rules = game.rules();
    toml::table root;
    // Format 2 while the rules need no family key, so the files of the four old
    // presets stay as they were and older readers still read them.
    const bool family = uses_family_settings(rules);
    root.insert("format", family ? kFormat : kPlainFormat);
    root.insert("rules", rules_table(rules, true, family));
    root.insert("deal", toml::table{{"id", game.deal().id}, {"rows", rows_of(game.deal().start)}});
    toml::table play{{"shuffles_spent", game.shuffles_spent()},
                     {"board", rows_of(game.board())},
                     {"history", records_of(game.history())},
                     {"redo", records_of(game.redo_list())},
                     {"helped", game.log().helped},
                     {"recorded", game.log().recorded}};
    if (game.log().started != 0) {
        // Once an action is stamped every time is known (stamp fills the unknown).
        play.insert("started", game.log().started);
        if (game.log().id != 0) play.insert("id", fmt::format("{:016x}", game.log().id));
        play.insert("last", game.log().last);
        toml::array times;
        for (std::int64_t time : game.log().times) times.push_back(time);
        play.insert("times", std::move(times));
    }
    root.insert("play", std::move(play));
    std::ostringstream out;
    out << "# addiction game file: see addiction(5)\n" << root << '\n';
    return out.str();
}

namespace {

// A key this program does not know would be dropped at the next save, and with it
// whatever it meant. Checked last, so that a key misspelt names the one missing
// ("no [play] table" for [play2]). The keys of every format (format 1's are a
// subset; read_settings refuses a family key where the format has none).
void refuse_unknown_game_keys(const toml::table& root) {
    refuse_unknown_keys(root, {"format", "rules", "deal", "play"}, "a game file");
    refuse_unknown_rules_keys(*root["rules"].as_table());
    refuse_unknown_keys(*root["deal"].as_table(), {"id", "rows"}, "[deal]", "deal.");
    refuse_unknown_keys(*root["play"].as_table(),
                        {"shuffles_spent", "board", "history", "redo", "helped", "recorded", "started", "id", "last", "times"},
                        "[play]", "play.");
}

}  // namespace

Game load_game(std::string_view text, std::string_view source) {
    const toml::table root = parse_toml(text, source);
    Reader reader(root);
    if (!root.contains("format")) throw Error("not an addiction game file (it has no 'format' key)");
    const auto* format = root["format"].as_integer();
    if (!format) throw Error("format must be an integer");
    if (format->get() < kOldestFormat || format->get() > kFormat)
        throw Error(fmt::format("game file format {} is not one this addiction reads (it reads {} to {})",
                                format->get(), kOldestFormat, kFormat));

    const Rules rules = read_rules(reader.table("rules"), format->get());

    const toml::table& deal_table = reader.table("deal");
    const std::string id = Reader::string(deal_table, "deal", "id");
    Deal deal = with_context("deal.id", [&] { return parse_deal(id, rules); });
    Board rows = read_board(deal_table, "deal", "rows", rules);
    if (rows != deal.start) throw Error(fmt::format("deal.rows are not the layout of deal {}", id));

    const toml::table& play = reader.table("play");
    const int spent = static_cast<int>(Reader::integer(play, "play", "shuffles_spent", 0, kMaxShuffles));
    Board board = read_board(play, "play", "board", rules);
    auto history = read_actions(play, "history", rules.width());
    auto redo = read_actions(play, "redo", rules.width());

    Game game = Game::restore(rules, std::move(deal), history, redo, spent);
    if (game.board() != board)
        throw Error(fmt::format("play.board does not match the history's {} actions: {}", history.size(),
                                first_difference(board, game.board())));
    PlayLog& log = game.log();
    if (format->get() == 1) {
        // It ended before there was a record: nothing to add to it now.
        log.recorded = game.status() == Status::Won || game.status() == Status::Lost;
        log.times.assign(game.history().size(), 0);  // no clock then
        refuse_unknown_game_keys(root);
        return game;
    }
    log.helped = Reader::boolean(play, "play", "helped");
    log.recorded = Reader::boolean(play, "play", "recorded");
    if (play.contains("started") || play.contains("last")) {
        log.started = Reader::integer(play, "play", "started", 1, kLatestTime);
        // A last before started: written after the clock went back by the
        // releases before 2026-11-29, whose files must still load. Read as no
        // time passed since the start.
        log.last = std::max(Reader::integer(play, "play", "last", 1, kLatestTime), log.started);
    }
    if (play.contains("id")) {
        const std::string hex = Reader::string(play, "play", "id");
        std::uint64_t value = 0;
        const auto [end, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), value, 16);
        if (hex.size() != 16 || ec != std::errc{} || end != hex.data() + hex.size() || value == 0)
            throw Error(fmt::format("play.id must be 16 hexadecimal digits, not '{}'", hex));
        log.id = value;
    }
    const std::size_t actions = game.history().size();
    if (play.contains("times")) {
        const auto* times = play["times"].as_array();
        if (!times) throw Error("play.times must be an array of integers");
        for (std::size_t i = 0; i < times->size(); ++i) {
            const auto* time = (*times)[i].as_integer();
            if (!time || time->get() < 1 || time->get() > kLatestTime)
                throw Error(fmt::format("play.times entry {} must be an integer from 1 to {}", i + 1, kLatestTime));
            log.times.push_back(time->get());
        }
    }
    if (log.times.size() != actions) {
        // Saved before each action had its time, or a history edited by hand: the
        // clock says nothing about the play, so it is not refused. The first action
        // at the start, the rest at the latest, so the play time is last - started;
        // without a start, not known.
        log.times.clear();
        for (std::size_t i = 0; i < actions; ++i) log.times.push_back(i == 0 ? log.started : log.last);
    }
    refuse_unknown_game_keys(root);
    return game;
}

}  // namespace addiction
