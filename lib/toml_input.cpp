#include "toml_input.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "card.hpp"

namespace addiction {

toml::table parse_toml(std::string_view text, std::string_view source) {
    check_key_depth(text, source);
    try {
        return toml::parse(text, source);
    } catch (const toml::parse_error& e) {
        throw SyntaxError(fmt::format("{}:{}:{}: {}", source, e.source().begin.line, e.source().begin.column,
                                e.description()));
    }
}

void check_key_depth(std::string_view text, std::string_view source) {
    constexpr int kMaxKeyParts = 32;
    int line = 1;
    std::size_t line_start = 0;
    int dots = 0;  // since the last character that ends a key
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            line_start = i + 1;
            dots = 0;
        } else if (c == '#') {
            while (i + 1 < text.size() && text[i + 1] != '\n') ++i;
        } else if (c == '"' || c == '\'') {
            // Skip the string, counting its lines; an unterminated one is the parser's to report.
            const std::string_view quote =
                text.substr(i, 3) == std::string(3, c) ? text.substr(i, 3) : text.substr(i, 1);
            std::size_t j = i + quote.size();
            for (; j < text.size() && text.substr(j, quote.size()) != quote; ++j) {
                if (text[j] == '\n') {
                    if (quote.size() == 1) break;
                    ++line;
                    line_start = j + 1;
                } else if (c == '"' && text[j] == '\\' && j + 1 < text.size() && text[j + 1] != '\n') {
                    ++j;
                }
            }
            i = j < text.size() && text[j] == '\n' ? j - 1 : j + quote.size() - 1;
        } else if (c == '=' || c == ',' || c == '[' || c == ']' || c == '{' || c == '}') {
            dots = 0;
        } else if (c == '.' && ++dots >= kMaxKeyParts) {
            throw SyntaxError(fmt::format("{}:{}:{}: a key with more than {} dotted parts (a.b.c...)", source, line,
                                    i - line_start + 1, kMaxKeyParts));
        }
    }
}

bool is_description(std::string_view text) {
    auto at = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char byte = at(i);
        // UTF-8, as a file's text is (toml++ checks that): an argument may be any
        // bytes, and the file written would hold other text than was given.
        const std::size_t n = byte < 0x80                   ? 1
                              : byte >= 0xc2 && byte <= 0xdf ? 2
                              : byte >= 0xe0 && byte <= 0xef ? 3
                              : byte >= 0xf0 && byte <= 0xf4 ? 4
                                                             : 0;
        if (n == 0 || i + n > text.size()) return false;
        for (std::size_t k = 1; k < n; ++k)
            if ((at(i + k) & 0xc0) != 0x80) return false;
        if (byte < 0x20 || byte == 0x7f) return false;
        // U+0080 to U+009F.
        if (byte == 0xc2 && at(i + 1) < 0xa0) return false;
        if (layout_mark(text, i) != 0) return false;  // a `deals` line ended or turned around
        i += n;
    }
    return true;
}

int layout_mark(std::string_view text, std::size_t at) {
    if (at + 2 >= text.size() || static_cast<unsigned char>(text[at]) != 0xe2) return 0;
    const auto second = static_cast<unsigned char>(text[at + 1]);
    const auto third = static_cast<unsigned char>(text[at + 2]);
    if ((second == 0x80 && third >= 0xa8 && third <= 0xae) || (second == 0x81 && third >= 0xa6 && third <= 0xa9))
        return 0x2000 + ((second & 0x3f) << 6) + (third & 0x3f);
    return 0;
}

void refuse_unknown_keys(const toml::table& t, std::initializer_list<std::string_view> known, std::string_view what,
                         std::string_view where) {
    for (const auto& [key, node] : t) {
        if (std::find(known.begin(), known.end(), key.str()) != known.end()) continue;
        const std::string_view last = *(known.end() - 1);
        throw Error(fmt::format("unknown key '{}{}' ({} has {} and {})", where, key.str(), what,
                                fmt::join(known.begin(), known.end() - 1, ", "), last));
    }
}

}  // namespace addiction
