// The rule set of one game: which preset it started from and every setting,
// so a game file is complete without knowing what the presets were.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace addiction {

// How a shuffle lays the loose cards out again.
enum class Redeal {
    Random,    // loose cards and the aces dealt into every free slot; the aces become the gaps
    AfterRun,  // loose cards dealt row by row, one gap right after each row's placed run
};

inline constexpr int kMaxShuffles = 99;

struct Rules {
    std::string preset = "addiction";  // a preset name, or "custom" once a setting differs
    int ranks = 13;                    // cards per suit (A..ranks) and slots per row
    int shuffles = 3;
    Redeal redeal = Redeal::Random;
    bool fill_from_right = false;  // a card may also fill the gap left of its successor

    int width() const { return ranks; }
    friend bool operator==(const Rules&, const Rules&) = default;
};

// The presets, in the order help lists them.
const std::vector<std::string_view>& preset_names();
// Throws Error for an unknown name.
Rules preset(std::string_view name);
// "custom" unless the settings are exactly those of `rules.preset`.
std::string preset_name_for(const Rules& rules);

std::string_view to_string(Redeal redeal);  // "random", "after-run"
Redeal parse_redeal(std::string_view text);  // throws Error

}  // namespace addiction
