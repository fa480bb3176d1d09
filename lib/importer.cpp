#include "importer.hpp"

#include <algorithm>
#include <charconv>
#include <cctype>
#include <functional>
#include <regex>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "deal.hpp"
#include "gamefile.hpp"
#include "json.hpp"
#include "plural.hpp"

namespace addiction {
namespace {

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    return text;
}

std::vector<std::string> words(std::string_view line) {
    std::istringstream in{std::string(line)};
    std::vector<std::string> out;
    for (std::string word; in >> word;) out.push_back(word);
    return out;
}

// The lines `new`, `show` and `export --format text` print around a board. The
// status line carries the preset and the shuffles left.
const std::regex& status_pattern() {
    static const std::regex pattern(
        R"(deal \S+, (\S+) rules, (\d+) shuffles? left, \d+ moves? made, \d+ legal moves?: (playing|stuck|won|lost))");
    return pattern;
}

bool is_heading(std::string_view line) {
    static const std::regex other(R"(deal code \S+|new game: deal .*|your move: '.*|no moves: shuffle \(\d+ left\))"
                                  R"(|placed \d+/\d+, play time .*|won in \d+ moves?.*|lost(:| with \d+/\d+ placed).*)");
    const std::string text(line);
    return std::regex_match(text, status_pattern()) || std::regex_match(text, other);
}

bool all_digits(const std::string& word) {
    return !word.empty() && word.find_first_not_of("0123456789") == std::string::npos;
}

// nlohmann's message without its "[json.exception.parse_error.101] " tag, and its
// "parse error at line 1, column 9" turned into "JSON at line 1, column 9". The
// message quotes the text last read, which may hold any byte: control characters
// come escaped, other bytes past ASCII become '?' so the line stays readable.
std::string json_reason(const nlohmann::json::exception& e) {
    std::string_view what = e.what();
    if (what.starts_with('[')) {
        auto close = what.find("] ");
        if (close != std::string_view::npos) what.remove_prefix(close + 2);
    }
    constexpr std::string_view kParseError = "parse error at ";
    std::string reason = what.starts_with(kParseError) ? "JSON at " + std::string(what.substr(kParseError.size()))
                                                       : "JSON: " + std::string(what);
    for (char& c : reason)
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
    return reason;
}

// Solvitaire's rows: the "sequences" of the top-level object, each an array of
// strings. Other keys are ignored.
std::vector<std::vector<std::string>> solvitaire_sequences(std::string_view text) {
    using nlohmann::json;
    // nlohmann parses without recursion, but nesting is still bounded so that hostile
    // input is refused early; a Solvitaire deal is three levels deep.
    static constexpr int kMaxDepth = 64;
    const json::parser_callback_t bounded = [](int depth, json::parse_event_t event, json&) {
        if ((event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) &&
            depth >= kMaxDepth)
            throw Error(fmt::format("JSON nested too deeply (more than {} levels)", kMaxDepth));
        return true;
    };
    json doc;
    try {
        doc = json::parse(text.begin(), text.end(), bounded);
    } catch (const json::exception& e) {
        throw Error(json_reason(e));
    }
    if (!doc.is_object()) throw Error("a Solvitaire deal is a JSON object: {\"sequences\": [[row a], ...]}");
    const auto found = doc.find("sequences");
    if (found == doc.end()) {
        // The JSON of a shown game is the likeliest to be tried: say what it is.
        if (doc.contains("rows") && doc.contains("history"))
            throw Error("this JSON is a shown game's (\"rows\", \"history\"), not a deal: import the board as "
                        "text or as a Solvitaire deal (\"sequences\")");
        throw Error("the JSON deal has no \"sequences\" (Solvitaire's rows of a Gaps deal)");
    }
    if (!found->is_array()) throw Error("\"sequences\" must be an array of rows");
    std::vector<std::vector<std::string>> rows;
    for (const json& sequence : *found) {
        if (!sequence.is_array()) throw Error("each of the \"sequences\" must be an array of cards");
        std::vector<std::string> row;
        for (const json& card : sequence) {
            if (!card.is_string()) throw Error("a card must be a string (\"\" for a gap)");
            // Each string is one card: a space or a control character inside it would
            // split it in two below, or end up on the terminal.
            std::string_view code = trim(card.get_ref<const std::string&>());
            if (std::any_of(code.begin(), code.end(), [](char c) { return static_cast<unsigned char>(c) <= ' '; }))
                throw Error(fmt::format("{} is not a card", json_quote(code)));
            row.emplace_back(code);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

std::string solvitaire_card(Card card) {
    std::string text = to_string(card);
    return text[0] == 'T' ? "10" + text.substr(1) : text;
}

Board board_of_rows(const std::vector<std::string>& rows) {
    if (rows.size() != kRows)
        throw Error(fmt::format("a layout has 4 rows, this one has {}", rows.size()));
    std::vector<std::size_t> widths;
    for (const std::string& row : rows) widths.push_back(words(row).size());
    // Row a's width judged alone said "row b has more than 12 slots" of a row a one card short.
    if (std::adjacent_find(widths.begin(), widths.end(), std::not_equal_to<>()) != widths.end())
        throw Error(fmt::format("rows a to d have {} slots: a layout's rows are all as long", fmt::join(widths, ", ")));
    const auto width = static_cast<int>(widths[0]);
    if (width < kMinRanks || width > kMaxWidth)
        throw Error(fmt::format("its rows have {}: a layout has {} to {} slots a row", plural(width, "slot"), kMinRanks,
                                kMaxWidth));
    Board board(width);
    for (int row = 0; row < kRows; ++row) parse_row(rows[static_cast<std::size_t>(row)], row, board);
    // Aces on the board make it the other shape: rows run from the ace, one slot
    // wider than the ranks (Blue Moon, Red Moon ...).
    bool aces = false;
    for (int i = 0; i < board.size(); ++i) aces = aces || (!board.at(i).is_gap() && board.at(i).rank() == 1);
    if (!aces) return board;
    if (width == kMinRanks) throw Error(fmt::format("a layout with the aces on it has {} to {} slots a row",
                                                    kMinRanks + 1, kMaxWidth));
    Board with_aces(width, 1);
    for (int i = 0; i < board.size(); ++i) with_aces.set(i, board.at(i));
    return with_aces;
}

// `text` without the terminal's escape sequences (ESC [ ... letter): the board
// as `show --color always` draws it reads as the plain one.
std::string without_escapes(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\x1b' && i + 1 < text.size() && text[i + 1] == '[') {
            std::size_t end = i + 2;
            while (end < text.size() && !(text[end] >= 0x40 && text[end] <= 0x7e)) ++end;
            i = end;  // the final byte too
            continue;
        }
        out += text[i];
    }
    return out;
}

}  // namespace

ImportFormat detect_format(std::string_view text) {
    std::string_view body = trim(text);
    if (body.starts_with('{')) return ImportFormat::Solvitaire;
    std::istringstream in{std::string(text)};
    for (std::string line; std::getline(in, line);) {
        std::string_view l = trim(line);
        if (l.starts_with("deal") && trim(l.substr(4)).starts_with('=')) return ImportFormat::Archive;
        if (l.starts_with("format") && trim(l.substr(6)).starts_with('=')) return ImportFormat::Archive;
    }
    return ImportFormat::Layout;
}

bool is_game_text(std::string_view text) {
    std::istringstream in{std::string(text)};
    for (std::string line; std::getline(in, line);) {
        std::string_view l = trim(line);
        if (!l.starts_with('[') || l.starts_with("[[")) continue;
        const std::size_t close = l.find(']');
        if (close != std::string_view::npos && trim(l.substr(1, close - 1)) == "play") return true;
    }
    return false;
}

Board parse_layout(std::string_view text) {
    std::vector<std::string> rows;
    std::istringstream in{without_escapes(text)};
    for (std::string line; std::getline(in, line);) {
        std::string_view l = trim(line);
        if (l.empty() || l.starts_with('#') || is_heading(l)) continue;
        // Without colour, `show` brackets placed cards and `--wants` brackets what a
        // gap wants, and the cells touch: [2♦][3♦], [A♣](2♣). A bracket opens or
        // closes a word.
        std::string line_spaced;
        for (char c : l) {
            if (c == '[' || c == '(') line_spaced += ' ';
            line_spaced += c;
            if (c == ']' || c == ')') line_spaced += ' ';
        }
        std::vector<std::string> ws = words(line_spaced);
        if (std::all_of(ws.begin(), ws.end(), all_digits)) continue;  // column numbers
        if (ws.size() > 1 && ws[0].size() == 1 && ws[0][0] >= 'a' && ws[0][0] <= 'd') ws.erase(ws.begin());
        std::string row;
        for (std::string w : ws) {
            if (w.size() > 2 && w.front() == '[' && w.back() == ']') w = w.substr(1, w.size() - 2);
            if (w == "xx" || w == "XX") w = "--";  // a dead gap, as show draws it
            if (w.size() > 2 && w.front() == '(' && w.back() == ')') w = "--";  // show --wants: the card it wants
            row += w + ' ';
        }
        rows.push_back(row);
    }
    if (rows.empty()) throw Error("the layout is empty: write 4 rows of card codes, gaps as -- or ..");
    return board_of_rows(rows);
}

// Solvitaire also reads a rank as its number, 1 to 13 ("13D", "1C"): the
// letter rank this program reads, or the text as it is.
std::string solvitaire_rank(const std::string& card) {
    static constexpr std::string_view kRanks = "A23456789TJQK";
    if (card.size() < 2 || std::isdigit(static_cast<unsigned char>(card.back()))) return card;  // no suit
    int number = 0;
    const char* end = card.data() + card.size() - 1;  // the suit is the last character
    auto [last, ec] = std::from_chars(card.data(), end, number);
    if (ec != std::errc{} || last != end || number < 1 || number > 13 || card[0] == '0') return card;
    return std::string(1, kRanks[static_cast<std::size_t>(number - 1)]) + card.back();
}

Board parse_solvitaire(std::string_view text) {
    auto sequences = solvitaire_sequences(text);
    std::vector<std::string> rows;
    for (const auto& sequence : sequences) {
        std::string row;
        for (const std::string& card : sequence) row += (card.empty() ? std::string("--") : solvitaire_rank(card)) + ' ';
        rows.push_back(row);
    }
    Board board = board_of_rows(rows);
    // Solvitaire's Gaps deals have the aces taken out; so does this form.
    if (board.base_rank() != 2) throw Error("a Solvitaire deal has the aces taken out, but this one has aces");
    return board;
}

std::optional<Board> readable_board(std::string_view text, ImportFormat format) {
    try {
        return format == ImportFormat::Solvitaire ? parse_solvitaire(text) : parse_layout(text);
    } catch (const Error&) {
        return std::nullopt;
    }
}

std::string solvitaire_json(const Board& board) {
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    for (int row = 0; row < kRows; ++row) {
        nlohmann::ordered_json cells = nlohmann::ordered_json::array();
        for (int col = 0; col < board.width(); ++col) {
            Card card = board.at(Slot{row, col});
            cells.push_back(card.is_gap() ? std::string() : solvitaire_card(card));
        }
        rows.push_back(std::move(cells));
    }
    nlohmann::ordered_json deal = nlohmann::ordered_json::object();
    deal["sequences"] = std::move(rows);
    return json_text(deal) + "\n";
}

std::optional<LayoutHeading> layout_heading(std::string_view text) {
    std::istringstream in{without_escapes(text)};
    for (std::string line; std::getline(in, line);) {
        std::smatch match;
        const std::string l(trim(line));
        if (!std::regex_match(l, match, status_pattern())) continue;
        int left = 0;
        for (char c : match[2].str()) left = std::min(left * 10 + (c - '0'), kMaxShuffles + 1);
        return LayoutHeading{match[1].str(), left};
    }
    return std::nullopt;
}

ArchiveDeal import_deal(std::string_view text, std::string_view source, const Rules& rules) {
    // A byte-order mark, as some Windows editors write it, is not part of the text.
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    // A picture (the SVG export) would be read as a layout of 91 rows.
    if (trim(text).starts_with('<'))
        throw Error("this is a picture (SVG or other XML), not a deal: import a board as text, a deal file, a "
                    "game file or a Solvitaire deal");
    const ImportFormat format = detect_format(text);
    if (format == ImportFormat::Archive && is_game_text(text)) {
        // A saved game: its deal and rules, to play again from the start.
        return archive_of(load_game(text, source), "", false);
    }
    if (format == ImportFormat::Archive) {
        ArchiveDeal deal = parse_archive(text, source);
        check_archive(deal);
        return deal;
    }
    Board board = format == ImportFormat::Solvitaire ? parse_solvitaire(text) : parse_layout(text);
    const bool aces = board.base_rank() == 1;
    if (aces != (rules.aces != Aces::Removed))
        throw Error(aces ? fmt::format("the layout has the aces on the board but the {} rules take them out "
                                       "(choose rules whose aces stay)", rules.preset)
                         : fmt::format("the layout has no aces but the {} rules keep them on the board "
                                       "(choose rules that take the aces out)", rules.preset));
    if (aces && board.width() != rules.width())
        throw Error(fmt::format("the layout has {} slots a row but the {} rules have {} ranks, {} slots a row "
                                "with the aces (give --ranks {})",
                                board.width(), rules.preset, rules.ranks, rules.width(), board.width() - 1));
    if (!aces && board.width() != rules.ranks)
        throw Error(fmt::format("the layout has {} slots a row but the {} rules have {} ranks (give --ranks {}{})",
                                board.width(), rules.preset, rules.ranks, board.width(),
                                board.width() == preset("mini").ranks ? " or --rules mini" : ""));
    check_layout(board, rules);
    ArchiveDeal deal;
    deal.rules = rules;
    deal.deal = deal_code(board);
    return deal;
}

}  // namespace addiction
