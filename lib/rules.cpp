#include "rules.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "card.hpp"
#include "rule_set.hpp"

namespace addiction {

const std::vector<std::string_view>& preset_names() {
    // The order of the shipped files, which CMake lists once (ADDICTION_RULE_SETS).
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> out;
        for (const ShippedRuleSet& file : shipped_rule_set_files()) out.push_back(file.name);
        return out;
    }();
    return names;
}

Rules preset(std::string_view name) { return shipped_rule_set(name).rules; }

Rules settled(Rules rules) {
    if (rules.shuffles == 0) rules.redeal = rules.aces == Aces::Removed ? Redeal::Random : Redeal::AfterRun;
    return rules;
}

std::string shipped_name_of(Rules rules) {
    rules = settled(rules);
    for (std::string_view name : preset_names()) {
        rules.preset = std::string(name);
        if (settled(preset(name)) == rules) return rules.preset;
    }
    return "custom";
}

bool is_shipped_as_named(const Rules& rules) {
    return is_shipped_rule_set(rules.preset) && settled(preset(rules.preset)) == settled(rules);
}

std::string preset_name_for(const Rules& rules) {
    // Only a shipped set can be checked here; a user's set is the command line's to know.
    return is_shipped_as_named(rules) ? rules.preset : "custom";
}

namespace {

// One enum's words, in the enum's order: to_string and parse from one list.
template <class E, std::size_t N>
struct Words {
    std::string_view what;
    std::array<std::string_view, N> words;

    std::string_view of(E value) const { return words[static_cast<std::size_t>(value)]; }
    E parse(std::string_view text) const {
        for (std::size_t i = 0; i < N; ++i)
            if (words[i] == text) return static_cast<E>(i);
        throw Error(fmt::format("unknown {} '{}' (choose {})", what, text, fmt::join(words, ", ")));
    }
};

constexpr Words<Aces, 3> kAces{"aces", {"removed", "row-starts", "dealt-first"}};
constexpr Words<Fill, 3> kFills{"fill", {"same-suit-next", "any-suit-next", "same-suit-higher"}};
constexpr Words<Redeal, 3> kRedeals{"redeal", {"random", "after-run", "random-slots"}};

}  // namespace

std::string_view to_string(Aces aces) { return kAces.of(aces); }
std::string_view to_string(Fill fill) { return kFills.of(fill); }
std::string_view to_string(Redeal redeal) { return kRedeals.of(redeal); }
Aces parse_aces(std::string_view text) { return kAces.parse(text); }
Fill parse_fill(std::string_view text) { return kFills.parse(text); }
Redeal parse_redeal(std::string_view text) { return kRedeals.parse(text); }

bool random_redeal_with_aces(const Rules& rules) {
    // Without shuffles no redeal is made: a set of row-start aces and no
    // shuffles had been refused for the random redeal it takes by default.
    return rules.aces != Aces::Removed && rules.redeal == Redeal::Random && rules.shuffles > 0;
}

void check_rules(const Rules& rules) {
    if (rules.ranks < kMinRanks || rules.ranks > kMaxRanks)
        throw Error(fmt::format("ranks must be from {} to {}", kMinRanks, kMaxRanks));
    if (rules.shuffles < 0 || rules.shuffles > kMaxShuffles)
        throw Error(fmt::format("shuffles must be from 0 to {}", kMaxShuffles));
    // The random redeal deals the aces in to mark the gaps: there are no aces to deal when they stay.
    if (random_redeal_with_aces(rules))
        throw Error(fmt::format("redeal 'random' deals the aces in to make the gaps, so it needs aces = 'removed' "
                                "(with aces = '{}' choose after-run or random-slots)",
                                to_string(rules.aces)));
}

}  // namespace addiction
