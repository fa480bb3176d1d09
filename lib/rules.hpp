// The rule set of one game: which rule set it started from and every setting,
// so a game file is complete without knowing what the rule sets were.
//
// The games of the family differ in a few dimensions, each one field here:
// the layout (ranks, and what happens to the aces at the deal), what may fill
// a gap, and the shuffles. What counts as placed (kept at a shuffle) and as won
// is the same in every game: a same-suit run up from the base rank at the left
// of a row (2 when the aces are removed, the ace when they stay).
#pragma once

#include "card.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace addiction {

// What happens to the aces at the deal.
enum class Aces {
    Removed,     // taken out, leaving the four gaps; rows run from 2 (Addiction, Montana, Spaces)
    RowStarts,   // dealt with the rest into columns 2 on, then moved to the first column, their
                 // slots becoming the gaps (Blue Moon); rows run from the ace, one slot wider
    DealtFirst,  // dealt first to the first column, the second column left empty (Red Moon)
};

// What may fill a gap right of a card (the first column takes any card of the base rank).
enum class Fill {
    SameSuitNext,    // the next rank of that card's suit (Montana)
    AnySuitNext,     // the next rank, any suit (Jungle)
    SameSuitHigher,  // any higher rank of that card's suit (Spaces and Aces)
};

// How a shuffle lays the loose cards out again.
enum class Redeal {
    Random,       // loose cards and the aces dealt into every free slot; the aces become the gaps (Addiction)
    AfterRun,     // loose cards dealt row by row, one gap right after each row's placed run (Montana)
    RandomSlots,  // loose cards dealt into the free slots but four, chosen at random, left as the gaps (Spaces)
};

inline constexpr int kMaxShuffles = 99;

struct Rules {
    std::string preset = "addiction";  // a rule set's name, or "custom" once a setting differs
    int ranks = 13;                    // cards per suit (A..ranks)
    Aces aces = Aces::Removed;
    Fill fill = Fill::SameSuitNext;
    bool fill_from_right = false;  // a card may also fill the gap left of its successor
    // With fill_from_right, whether that holds in the first column too (true, as
    // --fill-from-right always did) or the first column takes the base rank only
    // (false, Moonlight and Galary as PySolFC plays them).
    bool right_fills_first_column = true;
    int shuffles = 3;
    Redeal redeal = Redeal::Random;

    // Slots per row: the cards from the base rank up, and one slot for the gap at the end.
    int width() const { return aces == Aces::Removed ? ranks : ranks + 1; }
    // The rank a row starts from.
    int base_rank() const { return aces == Aces::Removed ? 2 : 1; }
    // The cards a win places: every slot but the gap at each row's end (48, or
    // 52 when the aces stay on the board).
    int cards() const { return kRows * (width() - 1); }
    friend bool operator==(const Rules&, const Rules&) = default;
};

// The shipped rule sets, in the order help lists them: the four presets of old
// (addiction, montana, gaps, mini), then the rest of the family.
const std::vector<std::string_view>& preset_names();
// Throws Error for an unknown name.
Rules preset(std::string_view name);
// Whether `rules.preset` is a shipped set and these are its settings (a redeal
// without shuffles does not count).
bool is_shipped_as_named(const Rules& rules);
// "custom" unless the settings are exactly those of `rules.preset`.
std::string preset_name_for(const Rules& rules);
// The shipped set whose settings these are, whatever `rules.preset` says, or
// "custom": `--ranks 7 --shuffles 1 --redeal after-run` is mini.
std::string shipped_name_of(Rules rules);
// Without shuffles the redeal is never made, so it is set to the one the shipped
// sets without shuffles have (random; after-run where the aces stay): rules that
// play alike are then equal, not two groups in stats or a custom game that is
// Gaps. Done to the rules a game is played with (RuleOptions::over, a game file,
// the record), not to a rule-set or deal file as read: a --shuffles given over
// one must find the redeal it says.
Rules settled(Rules rules);

std::string_view to_string(Aces aces);      // "removed", "row-starts", "dealt-first"
std::string_view to_string(Fill fill);      // "same-suit-next", "any-suit-next", "same-suit-higher"
std::string_view to_string(Redeal redeal);  // "random", "after-run", "random-slots"
Aces parse_aces(std::string_view text);      // each throws Error naming the choices
Fill parse_fill(std::string_view text);
Redeal parse_redeal(std::string_view text);

// Whether the aces stay on the board under the random redeal, which deals the
// aces in to make the gaps: a combination no game can be played with.
bool random_redeal_with_aces(const Rules& rules);
// Throws Error for settings no game can be played with, e.g. aces that stay
// with a redeal that takes the aces out again.
void check_rules(const Rules& rules);

}  // namespace addiction
