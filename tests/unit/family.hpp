// The seven games of the Montana family beside the four presets, built by hand
// with the settings PySolFC plays them with, until rule-set files name them.
#pragma once

#include <string>
#include <vector>

#include "rules.hpp"

namespace addiction::test {

struct NamedRules {
    std::string name;
    Rules rules;
};

inline Rules family_rules(Aces aces, Fill fill, bool fill_from_right, int shuffles, Redeal redeal) {
    Rules rules;
    rules.preset = "custom";
    rules.ranks = 13;
    rules.aces = aces;
    rules.fill = fill;
    rules.fill_from_right = fill_from_right;
    // Moonlight and Galary as PySolFC plays them: the first column takes the base rank only.
    rules.right_fills_first_column = !fill_from_right;
    rules.shuffles = shuffles;
    rules.redeal = redeal;
    return rules;
}

inline Rules spaces() { return family_rules(Aces::Removed, Fill::SameSuitNext, false, 2, Redeal::RandomSlots); }
inline Rules blue_moon() { return family_rules(Aces::RowStarts, Fill::SameSuitNext, false, 2, Redeal::AfterRun); }
inline Rules red_moon() { return family_rules(Aces::DealtFirst, Fill::SameSuitNext, false, 2, Redeal::AfterRun); }
inline Rules galary() { return family_rules(Aces::DealtFirst, Fill::SameSuitNext, true, 2, Redeal::AfterRun); }
inline Rules moonlight() { return family_rules(Aces::Removed, Fill::SameSuitNext, true, 2, Redeal::AfterRun); }
inline Rules jungle() { return family_rules(Aces::RowStarts, Fill::AnySuitNext, false, 1, Redeal::AfterRun); }
inline Rules spaces_and_aces() { return family_rules(Aces::RowStarts, Fill::SameSuitHigher, false, 0, Redeal::AfterRun); }

// The seven new games.
inline std::vector<NamedRules> new_games() {
    return {{"spaces", spaces()},       {"blue-moon", blue_moon()}, {"red-moon", red_moon()},
            {"galary", galary()},       {"moonlight", moonlight()}, {"jungle", jungle()},
            {"spaces-and-aces", spaces_and_aces()}};
}

// All eleven games: the four presets of old, then the seven.
inline std::vector<NamedRules> family() {
    std::vector<NamedRules> out;
    for (const char* name : {"addiction", "montana", "gaps", "mini"}) out.push_back({name, preset(name)});
    for (auto& game : new_games()) out.push_back(game);
    return out;
}

// `rules` with another number of ranks.
inline Rules with_ranks(Rules rules, int ranks) {
    rules.ranks = ranks;
    rules.preset = preset_name_for(rules);
    return rules;
}

}  // namespace addiction::test
