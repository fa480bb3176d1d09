#include "stats.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "plural.hpp"
#include "rule_set.hpp"

namespace addiction {

std::optional<double> Tally::win_rate() const {
    if (played() == 0) return std::nullopt;
    return static_cast<double>(won) / played();
}

std::optional<double> Tally::average_placed_lost() const {
    if (lost == 0) return std::nullopt;
    return static_cast<double>(placed_in_losses) / lost;
}

void Tally::add(const RecordEntry& e) {
    auto lower = [](auto& best, auto value) {
        if (!best || value < *best) best = value;
    };
    switch (e.result) {
        case Result::Won:
            ++won;
            if (!e.helped) ++won_unassisted;
            current_streak = current_streak > 0 ? current_streak + 1 : 1;
            longest_win_streak = std::max(longest_win_streak, current_streak);
            lower(fewest_moves, e.moves);
            lower(fewest_shuffles, e.shuffles);
            lower(fastest_seconds, e.seconds);
            break;
        case Result::Lost:
            ++lost;
            placed_in_losses += e.placed;
            current_streak = current_streak < 0 ? current_streak - 1 : -1;
            longest_loss_streak = std::max(longest_loss_streak, -current_streak);
            break;
        case Result::Abandoned:
            ++abandoned;
            current_streak = 0;
            break;
    }
}

std::string rules_group(const Rules& rules) {
    if (is_shipped_as_named(rules)) return rules.preset;
    // Custom rules that play as a shipped set are counted with it (a record
    // line of before, of a deal file that said custom).
    if (rules.preset == "custom")
        if (std::string name = shipped_name_of(rules); name != "custom") return name;
    // A user's rule set is known by its name (the engine cannot look it up).
    if (rules.preset != "custom" && !is_shipped_rule_set(rules.preset)) return rules.preset;
    // "1 shuffle": the label is a JSON key too, but "1 shuffles" was a slip in both.
    std::string label = fmt::format("custom: {} ranks, {}, {} redeal{}", rules.ranks, plural(rules.shuffles, "shuffle"),
                                    to_string(settled(rules).redeal), rules.fill_from_right ? ", fill from right" : "");
    // The family's settings only when not Addiction's, so the old custom groups keep their labels.
    const Rules addiction;
    if (rules.aces != addiction.aces) label += fmt::format(", aces {}", to_string(rules.aces));
    if (rules.fill != addiction.fill) label += fmt::format(", fill {}", to_string(rules.fill));
    if (rules.right_fills_first_column != addiction.right_fills_first_column)
        label += ", first column not from the right";
    return label;
}

Stats compute_stats(const std::vector<RecordEntry>& entries, const std::optional<std::string>& group,
                    std::optional<std::int64_t> since) {
    Stats stats;
    for (const RecordEntry& e : entries) {
        if (since && e.ended < *since) continue;
        const std::string name = rules_group(e.rules);
        if (group && name != *group && !(*group == "custom" && name.starts_with("custom"))) continue;
        stats.overall.add(e);
        auto it = std::find_if(stats.groups.begin(), stats.groups.end(),
                               [&](const auto& g) { return g.first == name; });
        if (it == stats.groups.end()) {
            stats.groups.emplace_back(name, Tally{});
            it = std::prev(stats.groups.end());
        }
        it->second.add(e);
    }
    auto rank = [](const std::string& name) {
        const auto& presets = preset_names();
        auto at = std::find(presets.begin(), presets.end(), name);
        return static_cast<std::size_t>(at - presets.begin());
    };
    std::sort(stats.groups.begin(), stats.groups.end(), [&](const auto& a, const auto& b) {
        return std::pair(rank(a.first), a.first) < std::pair(rank(b.first), b.first);
    });
    return stats;
}

nlohmann::ordered_json tally_json(const Tally& t) {
    auto maybe = [](const auto& value) { return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(); };
    // Rates rounded to 4 places, so scripts see 0.3333, not 17 digits.
    auto rounded = [](std::optional<double> value) {
        return value ? nlohmann::ordered_json(std::round(*value * 10000) / 10000) : nlohmann::ordered_json();
    };
    return {{"played", t.played()},
            {"won", t.won},
            {"won_unassisted", t.won_unassisted},
            {"lost", t.lost},
            {"abandoned", t.abandoned},
            {"win_rate", rounded(t.win_rate())},
            {"current_streak", t.current_streak},
            {"longest_win_streak", t.longest_win_streak},
            {"longest_loss_streak", t.longest_loss_streak},
            {"fewest_moves", maybe(t.fewest_moves)},
            {"fewest_shuffles", maybe(t.fewest_shuffles)},
            {"fastest_seconds", maybe(t.fastest_seconds)},
            {"average_placed_lost", rounded(t.average_placed_lost())}};
}

nlohmann::ordered_json stats_json(const Stats& stats) {
    nlohmann::ordered_json presets = nlohmann::ordered_json::object();
    for (const auto& [name, tally] : stats.groups) presets[name] = tally_json(tally);
    return {{"overall", tally_json(stats.overall)}, {"presets", presets}};
}

}  // namespace addiction
