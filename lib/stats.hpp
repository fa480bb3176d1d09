// Statistics of the player's record: per rule set and overall.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "record.hpp"

namespace addiction {

struct Tally {
    int won = 0;
    int won_unassisted = 0;  // won without solve or a hint
    int lost = 0;
    int abandoned = 0;
    int current_streak = 0;  // positive: wins in a row, negative: losses; an abandon ends either
    int longest_win_streak = 0;
    int longest_loss_streak = 0;
    std::optional<int> fewest_moves;     // in a win
    std::optional<int> fewest_shuffles;  // in a win
    std::optional<std::int64_t> fastest_seconds;  // of a win
    std::int64_t placed_in_losses = 0;

    int played() const { return won + lost + abandoned; }
    std::optional<double> win_rate() const;            // won / played
    std::optional<double> average_placed_lost() const;  // placed cards at the end of a loss
    // Entries must come in the order the games ended.
    void add(const RecordEntry& entry);
};

// The group a game's rules fall in: the rule set's name (shipped or the user's),
// or for a custom game "custom" and every setting, so only games of exactly the
// same rules meet.
std::string rules_group(const Rules& rules);

struct Stats {
    Tally overall;
    std::vector<std::pair<std::string, Tally>> groups;  // presets in preset order, then custom groups by name
};

// `group`: only games of that group (a preset name; "custom" takes every custom
// group). `since`: only games that ended then or later (seconds since the epoch).
Stats compute_stats(const std::vector<RecordEntry>& entries, const std::optional<std::string>& group,
                    std::optional<std::int64_t> since);

// {"overall": {...}, "presets": {"addiction": {...}, ...}}: addiction(1) lists the keys.
nlohmann::ordered_json stats_json(const Stats& stats);
nlohmann::ordered_json tally_json(const Tally& tally);

}  // namespace addiction
