#include "importer.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "deal.hpp"
#include "gamefile.hpp"

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

bool all_digits(const std::string& word) {
    return !word.empty() && word.find_first_not_of("0123456789") == std::string::npos;
}

// Just enough JSON for Solvitaire's deal: objects, arrays, strings, and the
// other scalars skipped. Every complaint says where (byte offset) it is.
class Json {
public:
    explicit Json(std::string_view text) : text_(text) {}

    // The "sequences" rows of the top-level object.
    std::vector<std::vector<std::string>> sequences() {
        std::vector<std::vector<std::string>> rows;
        bool found = false;
        expect('{');
        if (!peek('}')) {
            do {
                std::string key = string();
                expect(':');
                if (key == "sequences") {
                    found = true;
                    rows = rows_value();
                } else {
                    skip_value();
                }
            } while (accept(','));
        }
        expect('}');
        space();
        if (pos_ != text_.size()) fail("text after the JSON object");
        if (!found) throw Error("the JSON deal has no \"sequences\" (Solvitaire's rows of a Gaps deal)");
        return rows;
    }

private:
    [[noreturn]] void fail(std::string_view what) const {
        throw Error(fmt::format("JSON at byte {}: {}", pos_ + 1, what));
    }
    void space() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    bool peek(char c) {
        space();
        return pos_ < text_.size() && text_[pos_] == c;
    }
    bool accept(char c) {
        if (!peek(c)) return false;
        ++pos_;
        return true;
    }
    void expect(char c) {
        if (!accept(c)) fail(fmt::format("expected '{}'", c));
    }
    std::string string() {
        expect('"');
        std::string out;
        while (pos_ < text_.size() && text_[pos_] != '"') {
            char c = text_[pos_++];
            if (c == '\\') {
                if (pos_ >= text_.size()) break;
                char e = text_[pos_++];
                switch (e) {
                    case 'n': out += '\n'; break;
                    case 't': out += '\t'; break;
                    case 'u': out += '?'; pos_ = std::min(pos_ + 4, text_.size()); break;
                    default: out += e;
                }
            } else {
                out += c;
            }
        }
        if (pos_ >= text_.size()) fail("unterminated string");
        ++pos_;
        return out;
    }
    std::vector<std::vector<std::string>> rows_value() {
        std::vector<std::vector<std::string>> rows;
        expect('[');
        if (!accept(']')) {
            do {
                std::vector<std::string> row;
                expect('[');
                if (!accept(']')) {
                    do {
                        if (!peek('"')) fail("a card must be a string (\"\" for a gap)");
                        row.push_back(string());
                    } while (accept(','));
                    expect(']');
                }
                rows.push_back(std::move(row));
            } while (accept(','));
            expect(']');
        }
        return rows;
    }
    void skip_value() {
        // Nesting is bounded so that hostile input cannot exhaust the stack.
        if (++depth_ > kMaxDepth) fail("nested too deeply");
        space();
        if (peek('"')) {
            string();
        } else if (accept('[')) {
            if (!accept(']')) {
                do skip_value();
                while (accept(','));
                expect(']');
            }
        } else if (accept('{')) {
            if (!accept('}')) {
                do {
                    string();
                    expect(':');
                    skip_value();
                } while (accept(','));
                expect('}');
            }
        } else {
            std::size_t start = pos_;
            while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) ||
                                           text_[pos_] == '-' || text_[pos_] == '+' || text_[pos_] == '.'))
                ++pos_;
            if (pos_ == start) fail("expected a value");
        }
        --depth_;
    }

    static constexpr int kMaxDepth = 64;
    std::string_view text_;
    std::size_t pos_ = 0;
    int depth_ = 0;
};

std::string solvitaire_card(Card card) {
    std::string text = to_string(card);
    return text[0] == 'T' ? "10" + text.substr(1) : text;
}

Board board_of_rows(const std::vector<std::string>& rows) {
    if (rows.size() != kRows)
        throw Error(fmt::format("a layout has 4 rows, this one has {}", rows.size()));
    const auto width = static_cast<int>(words(rows[0]).size());
    if (width < kMinRanks || width > kMaxRanks)
        throw Error(fmt::format("row a has {} slots: a layout has {} to {} a row", width, kMinRanks, kMaxRanks));
    Board board(width);
    for (int row = 0; row < kRows; ++row) parse_row(rows[static_cast<std::size_t>(row)], row, board);
    return board;
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

Board parse_layout(std::string_view text) {
    std::vector<std::string> rows;
    std::istringstream in{std::string(text)};
    for (std::string line; std::getline(in, line);) {
        std::string_view l = trim(line);
        if (l.empty() || l.starts_with('#')) continue;
        std::vector<std::string> ws = words(l);
        if (std::all_of(ws.begin(), ws.end(), all_digits)) continue;  // column numbers
        if (ws.size() > 1 && ws[0].size() == 1 && ws[0][0] >= 'a' && ws[0][0] <= 'd') ws.erase(ws.begin());
        std::string row;
        for (std::string w : ws) {
            if (w.size() > 2 && w.front() == '[' && w.back() == ']') w = w.substr(1, w.size() - 2);
            if (w == "xx") w = "--";
            row += w + ' ';
        }
        rows.push_back(row);
    }
    if (rows.empty()) throw Error("the layout is empty: write 4 rows of card codes, gaps as -- or ..");
    return board_of_rows(rows);
}

Board parse_solvitaire(std::string_view text) {
    auto sequences = Json(text).sequences();
    std::vector<std::string> rows;
    for (const auto& sequence : sequences) {
        std::string row;
        for (const std::string& card : sequence) {
            std::string_view c = trim(card);
            row += c.empty() ? std::string("--") : std::string(c);
            row += ' ';
        }
        rows.push_back(row);
    }
    return board_of_rows(rows);
}

std::string solvitaire_json(const Board& board) {
    std::vector<std::string> rows;
    for (int row = 0; row < kRows; ++row) {
        std::vector<std::string> cells;
        for (int col = 0; col < board.width(); ++col) {
            Card card = board.at(Slot{row, col});
            cells.push_back(fmt::format("\"{}\"", card.is_gap() ? "" : solvitaire_card(card)));
        }
        rows.push_back(fmt::format("    [{}]", fmt::join(cells, ", ")));
    }
    return fmt::format("{{\n  \"sequences\": [\n{}\n  ]\n}}\n", fmt::join(rows, ",\n"));
}

ArchiveDeal import_deal(std::string_view text, std::string_view source, const Rules& rules) {
    const ImportFormat format = detect_format(text);
    if (format == ImportFormat::Archive && text.find("[play]") != std::string_view::npos) {
        // A saved game: its deal and rules, to play again from the start.
        return archive_of(load_game(text, source), "", false);
    }
    if (format == ImportFormat::Archive) {
        ArchiveDeal deal = parse_archive(text, source);
        check_archive(deal);
        return deal;
    }
    Board board = format == ImportFormat::Solvitaire ? parse_solvitaire(text) : parse_layout(text);
    if (board.width() != rules.ranks)
        throw Error(fmt::format("the layout has {} slots a row but the {} rules have {} ranks (add --ranks {}{})",
                                board.width(), rules.preset, rules.ranks, board.width(),
                                board.width() == preset("mini").ranks ? " or --rules mini" : ""));
    check_layout(board, rules);
    ArchiveDeal deal;
    deal.rules = rules;
    deal.deal = deal_code(board);
    return deal;
}

}  // namespace addiction
