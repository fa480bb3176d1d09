#include "printable.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "toml_input.hpp"

namespace addiction::cli {
namespace {

// The length of a UTF-8 sequence starting with `lead` (1 for a byte that starts none).
std::size_t sequence_length(unsigned char lead) {
    if (lead >= 0xc2 && lead <= 0xdf) return 2;
    if (lead >= 0xe0 && lead <= 0xef) return 3;
    if (lead >= 0xf0 && lead <= 0xf4) return 4;
    return 1;
}

// Whether `text` holds a whole, well-formed UTF-8 sequence of `length` bytes at `at`.
bool whole_sequence(std::string_view text, std::size_t at, std::size_t length) {
    if (length == 1 || at + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k)
        if ((static_cast<unsigned char>(text[at + k]) & 0xc0) != 0x80) return false;
    return true;
}

// A quoted part of a message ('...') longer than this many characters is cut in
// the middle: its first kQuoteHead characters, "…", and its last ones. A path's
// end is its file's name, the part that tells which file was meant.
constexpr std::size_t kQuoteLimit = 60;
constexpr std::size_t kQuoteHead = 20;

// Cuts each '...' span of `text` longer than kQuoteLimit characters (a character
// is a UTF-8 sequence or a stray byte) to its head, "…" and its tail, but for a
// suggested command ('addiction ...').
std::string shorten_quotes(std::string_view text) {
    std::string out;
    std::size_t i = 0;
    // A quote opens after a space or a bracket and closes before one or before
    // punctuation, so the apostrophe in "history's" is not taken for one.
    auto opens = [&](std::size_t at) { return at == 0 || std::string_view(" ([{=\"").find(text[at - 1]) != std::string_view::npos; };
    auto closes = [&](std::size_t at) {
        return at + 1 == text.size() || std::string_view(" ,.;:)]}?!\n").find(text[at + 1]) != std::string_view::npos;
    };
    std::vector<std::size_t> starts;  // where each character of a quoted part starts
    while (i < text.size()) {
        std::size_t open = text.find('\'', i);
        while (open != std::string_view::npos && !opens(open)) open = text.find('\'', open + 1);
        std::size_t close = open == std::string_view::npos ? open : text.find('\'', open + 1);
        while (close != std::string_view::npos && !closes(close)) close = text.find('\'', close + 1);
        if (close == std::string_view::npos) break;
        out += text.substr(i, open + 1 - i);
        starts.clear();
        for (std::size_t at = open + 1; at < close;) {
            starts.push_back(at);
            const std::size_t n = sequence_length(static_cast<unsigned char>(text[at]));
            at += whole_sequence(text, at, n) ? n : 1;
        }
        // A command the message suggests is whole, or copied it would not work
        // (its path is one game_command() found safe to print).
        const bool command = text.substr(open + 1).starts_with("addiction ");
        if (command || starts.size() <= kQuoteLimit) {
            out += text.substr(open + 1, close - open - 1);
        } else {
            const std::size_t tail = starts[starts.size() - (kQuoteLimit - kQuoteHead - 1)];
            out += text.substr(open + 1, starts[kQuoteHead] - open - 1);
            out += "…";
            out += text.substr(tail, close - tail);
        }
        out += '\'';
        i = close + 1;
    }
    out += text.substr(std::min(i, text.size()));
    return out;
}

}  // namespace

std::string printable(std::string_view message) {
    const std::string text = shorten_quotes(message);
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const std::size_t n = sequence_length(byte);
        if (whole_sequence(text, i, n)) {
            const auto second = static_cast<unsigned char>(text[i + 1]);
            if (byte == 0xc2 && second < 0xa0)  // U+0080 to U+009F
                out += fmt::format("\\u{:04x}", second);
            else if (const int mark = layout_mark(text, i); mark != 0)
                out += fmt::format("\\u{:04x}", mark);
            else
                out += text.substr(i, n);
            i += n;
            continue;
        }
        if (byte == '\n')
            out += "\\n";
        else if (byte < 0x20 || byte >= 0x7f)
            out += fmt::format("\\x{:02x}", byte);
        else
            out += static_cast<char>(byte);
        ++i;
    }
    return out;
}

}  // namespace addiction::cli
