#include "svg.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace addiction {
namespace {

constexpr int kCardWidth = 56;
constexpr int kCardHeight = 80;
constexpr int kSpacing = 8;
constexpr int kMargin = 32;  // room for row letters and column numbers
constexpr int kTitleHeight = 64;

std::string escape(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string rank_text(Card card) {
    std::string text = to_string(card).substr(0, 1);
    return text == "T" ? "10" : text;
}

bool is_red(Card card) { return card.suit() == Suit::Diamonds || card.suit() == Suit::Hearts; }

// `left`: where the board starts, past the margin.
std::string slot_picture(const Board& board, const Rules& rules, Slot slot, int left) {
    const int x = left + kMargin + slot.col * (kCardWidth + kSpacing);
    const int y = kTitleHeight + kMargin + slot.row * (kCardHeight + kSpacing);
    const Card card = board.at(slot);
    std::string out = fmt::format("<g id=\"{}\" transform=\"translate({} {})\">", to_string(slot), x, y);
    if (card.is_gap()) {
        if (board.is_dead_gap(slot, rules)) {
            out += fmt::format("<rect class=\"gap dead\" width=\"{w}\" height=\"{h}\" rx=\"6\"/>"
                               "<path class=\"cross\" d=\"M14 20 L{a} {b} M{a} 20 L14 {b}\"/>",
                               fmt::arg("w", kCardWidth), fmt::arg("h", kCardHeight), fmt::arg("a", kCardWidth - 14),
                               fmt::arg("b", kCardHeight - 20));
        } else {
            out += fmt::format("<rect class=\"gap\" width=\"{}\" height=\"{}\" rx=\"6\"/>", kCardWidth, kCardHeight);
        }
        return out + "</g>\n";
    }
    const bool placed = board.is_placed(slot);
    const std::string suit(suit_symbol(card.suit(), false));
    const std::string rank = rank_text(card);
    out += fmt::format("<title>{}{}</title>", to_string(card), placed ? " (placed)" : "");
    out += fmt::format("<rect class=\"card{}\" width=\"{}\" height=\"{}\" rx=\"6\"/>", placed ? " placed" : "",
                       kCardWidth, kCardHeight);
    const char* ink = is_red(card) ? "red" : "black";
    out += fmt::format("<text class=\"{} corner\" x=\"6\" y=\"18\">{}{}</text>", ink, rank, suit);
    out += fmt::format("<text class=\"{} pip\" x=\"{}\" y=\"{}\">{}</text>", ink, kCardWidth / 2, 56, suit);
    out += fmt::format("<text class=\"{} rank\" x=\"{}\" y=\"{}\">{}</text>", ink, kCardWidth - 6,
                       kCardHeight - 6, rank);
    return out + "</g>\n";
}

// About how wide `text` is at `em` pixels a character: an estimate on the wide
// side (DejaVu Sans averages 0.6 em, its digits 0.64, bold more), as the font
// varies with the viewer.
int text_width(std::string_view text, double em) {
    const auto characters = std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xc0) != 0x80; });
    return static_cast<int>(std::ceil(static_cast<double>(characters) * em));
}

}  // namespace

std::string svg_picture(const Board& board, const Rules& rules, std::string_view title, std::string_view subtitle) {
    // A narrow board (few ranks) under a long title was cut at the title's end: the
    // picture is as wide as its text needs, the board centred in it.
    const int board_width = 2 * kMargin + board.width() * (kCardWidth + kSpacing) - kSpacing;
    const int width = std::max(board_width, 2 * kMargin + std::max(text_width(title, 22 * 0.7),
                                                                    text_width(subtitle, 14 * 0.62)));
    const int left = (width - board_width) / 2;
    const int height = kTitleHeight + 2 * kMargin + kRows * (kCardHeight + kSpacing) - kSpacing;
    std::string out = fmt::format(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" "
        "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
        "<style>\n"
        ".felt {{ fill: #1d5c36; }}\n"
        ".title {{ fill: #ffffff; font-size: 22px; font-weight: bold; }}\n"
        ".subtitle {{ fill: #d7ecd9; font-size: 14px; }}\n"
        ".label {{ fill: #b5d6bb; font-size: 13px; text-anchor: middle; }}\n"
        ".card {{ fill: #fffdf7; stroke: #5f6b63; stroke-width: 1.5; }}\n"
        ".card.placed {{ fill: #eef8ee; stroke: #43a047; stroke-width: 4; }}\n"
        ".gap {{ fill: #184d2d; stroke: #8fbf99; stroke-width: 1.5; stroke-dasharray: 5 4; }}\n"
        ".gap.dead {{ fill: #3d1f1f; stroke: #e57373; }}\n"
        ".cross {{ stroke: #e57373; stroke-width: 3; stroke-linecap: round; }}\n"
        ".red {{ fill: #c62828; }}\n"
        ".black {{ fill: #1a1a1a; }}\n"
        ".corner {{ font-size: 15px; font-weight: bold; }}\n"
        ".pip {{ font-size: 30px; text-anchor: middle; }}\n"
        ".rank {{ font-size: 13px; text-anchor: end; }}\n"
        "</style>\n"
        "<rect class=\"felt\" width=\"100%\" height=\"100%\" rx=\"12\"/>\n"
        "<text class=\"title\" x=\"{m}\" y=\"34\">{t}</text>\n"
        "<text class=\"subtitle\" x=\"{m}\" y=\"56\">{s}</text>\n",
        fmt::arg("w", width), fmt::arg("h", height), fmt::arg("m", kMargin), fmt::arg("t", escape(title)),
        fmt::arg("s", escape(subtitle)));
    for (int col = 0; col < board.width(); ++col)
        out += fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\">{}</text>\n",
                           left + kMargin + col * (kCardWidth + kSpacing) + kCardWidth / 2, kTitleHeight + kMargin - 10,
                           col + 1);
    for (int row = 0; row < kRows; ++row)
        out += fmt::format("<text class=\"label\" x=\"{}\" y=\"{}\">{}</text>\n", left + kMargin / 2,
                           kTitleHeight + kMargin + row * (kCardHeight + kSpacing) + kCardHeight / 2 + 5,
                           static_cast<char>('a' + row));
    for (int i = 0; i < board.size(); ++i) out += slot_picture(board, rules, board.slot(i), left);
    return out + "</svg>\n";
}

}  // namespace addiction
