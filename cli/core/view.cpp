#include "view.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <string_view>

#include <fmt/color.h>
#include <fmt/format.h>

#include "plural.hpp"
#include "record.hpp"

namespace addiction::cli {

bool escapes_shown() {
    // A dumb terminal shows escape sequences as text.
    const char* term = std::getenv("TERM");
    if (term && std::string_view(term) == "dumb") return false;
    return ::isatty(STDOUT_FILENO) == 1;
}

bool use_color(Color when) {
    if (when == Color::Always) return true;
    if (when == Color::Never) return false;
    const char* no_color = std::getenv("NO_COLOR");
    if (no_color && *no_color) return false;
    return escapes_shown();
}

bool utf8_locale() {
    for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
        const char* value = std::getenv(name);
        if (!value || !*value) continue;
        std::string lower;
        for (char c : std::string_view(value))
            if (c != '-') lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return lower.find("utf8") != std::string::npos;
    }
    return true;
}

namespace {

// What a live gap takes, in a cell's four characters: "(6♦)" for one card, "(2) "
// or "(A) " in the first column, "(6) " for a rank of any suit (Jungle), "(+♦)"
// for any higher card of a suit (Spaces and Aces), and the card below its right
// neighbour when only that one can fill it (fill from the right).
std::string wanted_text(const Board& board, const Rules& rules, Slot slot, const Style& style) {
    auto rank_letter = [](int rank) { return to_string(Card(Suit::Clubs, rank)).substr(0, 1); };
    auto one = [&](Card card) {
        return "(" + rank_letter(card.rank()) + std::string(suit_symbol(card.suit(), style.ascii)) + ")";
    };
    if (auto wanted = wanted_card(board, rules, slot)) return one(*wanted);
    if (slot.col == 0) return "(" + rank_letter(rules.base_rank()) + ") ";
    const Card left = board.at(Slot{slot.row, slot.col - 1});
    if (!left.is_gap() && left.rank() < rules.ranks) {
        if (rules.fill == Fill::AnySuitNext) return "(" + rank_letter(left.rank() + 1) + ") ";
        return "(+" + std::string(suit_symbol(left.suit(), style.ascii)) + ")";
    }
    if (slot.col + 1 < board.width()) {
        const Card right = board.at(Slot{slot.row, slot.col + 1});
        if (!right.is_gap() && right.rank() > rules.base_rank()) return one(Card(right.suit(), right.rank() - 1));
    }
    return " .. ";
}

std::string cell(const Board& board, const Rules& rules, Slot slot, const Style& style) {
    Card card = board.at(slot);
    if (card.is_gap()) {
        bool dead = board.is_dead_gap(slot, rules);
        std::string text = dead ? " xx " : " .. ";
        if (style.wants && !dead) text = wanted_text(board, rules, slot, style);
        if (!style.color) return text;
        // Dead gaps in yellow, not in the red of hearts and diamonds.
        return fmt::format(fmt::fg(dead ? fmt::terminal_color::yellow : fmt::terminal_color::bright_black), "{}",
                           text);
    }
    std::string rank = to_string(card).substr(0, 1);
    std::string face = rank + std::string(suit_symbol(card.suit(), style.ascii));
    bool placed = board.is_placed(slot);
    if (!style.color) return placed ? "[" + face + "]" : " " + face + " ";
    bool red = card.suit() == Suit::Diamonds || card.suit() == Suit::Hearts;
    auto look = red ? fmt::fg(fmt::terminal_color::red) : fmt::text_style{};
    if (placed) look |= fmt::emphasis::bold;
    if (std::find(style.highlight.begin(), style.highlight.end(), slot) != style.highlight.end())
        look |= fmt::emphasis::reverse;
    std::string shown = fmt::format(look, "{}", face);
    if (!placed) return " " + shown + " ";
    auto bracket = fmt::fg(fmt::terminal_color::green);
    return fmt::format(bracket, "[") + shown + fmt::format(bracket, "]");
}

}  // namespace

std::string render_board(const Board& board, const Rules& rules, const Style& style) {
    std::string out = "  ";
    for (int col = 1; col <= board.width(); ++col) out += fmt::format("{:^4}", col);
    while (out.ends_with(' ')) out.pop_back();
    out += '\n';
    for (int row = 0; row < kRows; ++row) {
        out += fmt::format("{} ", static_cast<char>('a' + row));
        for (int col = 0; col < board.width(); ++col) out += cell(board, rules, Slot{row, col}, style);
        while (out.ends_with(' ')) out.pop_back();
        out += '\n';
    }
    return out;
}

std::string progress_words(const Game& game) {
    const std::size_t actions = game.history().size();
    return fmt::format("deal {}, {}", game.deal().id,
                       actions > 0 ? plural(actions, "action") : std::string("a shuffle spent, then undone"));
}

std::string status_line(const Game& game) {
    const int legal = static_cast<int>(game.board().legal_moves(game.rules()).size());
    return fmt::format("deal {}, {} rules, {} left, {} made, {}: {}", game.deal().id, game.rules().preset,
                       plural(game.shuffles_left(), "shuffle"), plural(game.moves_made(), "move"),
                       plural(legal, "legal move"), to_string(game.status()));
}

std::string advice_line(const Game& game, std::string_view command) {
    switch (game.status()) {
        case Status::Playing:
            return fmt::format("your move: '{0} move CARD [SLOT]', or '{0} hint' for a suggestion", command);
        case Status::Stuck: return fmt::format("no moves: shuffle ({} left)", game.shuffles_left());
        case Status::Won:
            return fmt::format("won in {}, {}, {}: 'addiction stats' for your record", plural(game.moves_made(), "move"),
                               plural(game.shuffles_spent(), "shuffle"), clock_text(game.log().seconds()));
        case Status::Lost:
            // A deal can be lost as dealt: nothing to undo, and no game played
            // for the record (it pointed to the record, which never has one).
            if (game.history().empty())
                return fmt::format("lost as dealt, with {}/{} placed: no moves and no shuffles left (not a game "
                                   "for your record: '{} new' deals another)",
                                   game.board().placed_count(), game.rules().cards(), command);
            return fmt::format("lost with {}/{} placed after {}, {}, {}: no moves and no shuffles left "
                               "('{} undo' to try another line, 'addiction stats' for your record)",
                               game.board().placed_count(), game.rules().cards(),
                               plural(game.moves_made(), "move"), plural(game.shuffles_spent(), "shuffle"),
                               clock_text(game.log().seconds()), command);
    }
    return "";
}

std::string score_line(const Game& game) {
    return fmt::format("placed {}/{}, play time {}", game.board().placed_count(), game.rules().cards(),
                       clock_text(game.log().seconds()));
}

}  // namespace addiction::cli
