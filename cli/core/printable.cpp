#include "printable.hpp"

#include <algorithm>

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

// A quoted part of a message ('...') longer than this many characters is cut, then "…".
constexpr std::size_t kQuoteLimit = 40;

// Cuts each '...' span of `text` to kQuoteLimit characters (a character is a
// UTF-8 sequence or a stray byte) followed by "…", but for a suggested command
// ('addiction ...').
std::string shorten_quotes(std::string_view text) {
    std::string out;
    std::size_t i = 0;
    // A quote opens after a space or a bracket and closes before one or before
    // punctuation, so the apostrophe in "history's" is not taken for one.
    auto opens = [&](std::size_t at) { return at == 0 || std::string_view(" ([{=\"").find(text[at - 1]) != std::string_view::npos; };
    auto closes = [&](std::size_t at) {
        return at + 1 == text.size() || std::string_view(" ,.;:)]}?!\n").find(text[at + 1]) != std::string_view::npos;
    };
    while (i < text.size()) {
        std::size_t open = text.find('\'', i);
        while (open != std::string_view::npos && !opens(open)) open = text.find('\'', open + 1);
        std::size_t close = open == std::string_view::npos ? open : text.find('\'', open + 1);
        while (close != std::string_view::npos && !closes(close)) close = text.find('\'', close + 1);
        if (close == std::string_view::npos) break;
        out += text.substr(i, open + 1 - i);
        std::size_t chars = 0, at = open + 1;
        // A command the message suggests is whole, or copied it would not work
        // (its path is one game_command() found safe to print).
        const bool command = text.substr(open + 1).starts_with("addiction ");
        while (at < close && (command || chars < kQuoteLimit)) {
            const std::size_t n = sequence_length(static_cast<unsigned char>(text[at]));
            at += whole_sequence(text, at, n) ? n : 1;
            ++chars;
        }
        out += text.substr(open + 1, at - open - 1);
        if (at < close) out += "…";
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
