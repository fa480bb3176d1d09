#include "spelling.hpp"

#include <algorithm>
#include <cctype>

namespace addiction::cli {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i)
        for (std::size_t j = 1; j <= b.size(); ++j) {
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}

bool same_but_case(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) ==
                                                  std::tolower(static_cast<unsigned char>(y)); });
}

std::string closest_word(std::string_view typed, const std::vector<std::string>& words) {
    std::string best;
    std::size_t best_distance = 3;  // farther than two edits is not a typo
    for (const std::string& word : words) {
        // MONTANA for montana is one slip (caps lock), however long the word.
        const std::size_t d = word.starts_with(typed) || same_but_case(typed, word) ? 1 : edit_distance(typed, word);
        if (d < best_distance) best_distance = d, best = word;
    }
    return best;
}

}  // namespace addiction::cli
