// The dead-end proof (dead_end.hpp): loc sets swept to a fixed point, then a
// won board matched against them.
//
// An over-approximation of every future: for each card a set loc(Y) of slots
// it may ever occupy; a slot "may be a gap" when it is one now or its card may
// move (the only way a slot becomes a gap for the first time). They are the
// least sets closed under these rules:
// loc(Y) holds Y's slot now; a 2 (a card of the base rank b: 2 with the aces
// out, the ace when they stay) may move to any other first-column slot that
// may be a gap; any other card Y to any slot l + 1 (same row) that may be a gap,
// for l in loc(Y - 1); a card that has such a target may move, and loc(Y) holds
// its targets. Claim: in every play from here, each card stays within loc and
// only cards marked as movable move. Take the first move that breaks this, Y to
// slot z: z is a gap then, so it was a gap now or its card has moved (and was
// marked); for a card above a 2, Y - 1 stands left of z, at a slot of loc(Y - 1)
// since no earlier move broke the claim. Then z is a target of Y by the rules,
// so the move breaks nothing: a contradiction. A won board holds the card of
// rank r in column r - b (from 0), each suit in one row, one suit to a row. So
// when some card has no such slot in loc, or the rows where each suit could
// finish cannot be given one to a suit, no win is reachable.
//
// Base rank 1 (the aces stay, rows one slot wider): the argument uses of the
// rules only that a card of the base rank moves to first-column gaps alone and
// every other card only right of its predecessor of the same suit, and of a won
// board only where each card stands in it; both hold with b = 1 word for word
// (the ace is the first-column card, the 2 follows it like any other card), so
// the proof carries over.
//
// SameSuitHigher (Spaces and Aces): a card may also move right of any lower card
// of its suit. Let the rule say so: any card Y above the base rank to any slot
// l + 1 that may be a gap, for l in loc(X) of any X of Y's suit and lower rank.
// In the argument, the card left of z is then some such X, at a slot of loc(X)
// since no earlier move broke the claim, so z is again a target of Y; the rest
// holds word for word (a won board is the same). It does not cover other moves:
// with fill_from_right a card can also move left of its successor, with
// AnySuitNext right of a card of another suit; for those the search does not ask
// (dead_ends_apply).
//
// First column staying (the passes that limit moves of placed 2s, once a line
// has used them all): over the plays in which no card of the base rank standing
// in the first column now moves again, drop the rule that lets such a card move:
// its loc is its slot. The argument holds word for word over those plays (the
// first move that breaks the claim is not one of theirs), and the sets are
// smaller, so more positions are dead ends for such a search.
#include "dead_end.hpp"

namespace addiction::solver {
namespace {

// Whether no won board fits, given the rows where each suit could finish (as
// first-column bits): some suit has none, or the suits cannot each be given one
// of their own (Hall's condition: every set of suits needs as many rows between
// them).
bool no_rows_fit(const Layout& layout, const std::array<Slots, 4>& finish) {
    std::array<unsigned, 4> rows{};
    for (std::size_t suit = 0; suit < 4; ++suit) {
        if (finish[suit] == 0) return true;
        for (int row = 0; row < kRows; ++row)
            rows[suit] |= static_cast<unsigned>(finish[suit] >> (row * layout.width) & 1) << row;
    }
    static constexpr std::array<int, 16> kBits{0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    for (unsigned set = 1; set < 16; ++set) {
        unsigned covered = 0;
        for (std::size_t suit = 0; suit < 4; ++suit)
            if (set >> suit & 1) covered |= rows[suit];
        if (kBits[covered] < kBits[set]) return true;
    }
    return false;
}

// The sweep towards the least loc sets, the four suits side by side. A card's
// loc is its slot now and the slots that may be gaps right of its
// predecessor's loc (a base card: the first column's), so every loc follows
// from the set of slots that may be gaps, and a sweep computes them all from
// it, rank by rank, a word per suit. A card with a target may move, so its slot
// may be a gap: the set grows as the sweep goes, and sweeps repeat until it
// stops growing, where the locs are the least closed sets. loc only grows, and
// more room only helps a win, so a win that fits part-way fits at the end too.
// (A fifth fewer instructions than sweeping suit by suit with a count of the
// cards that cannot reach their final column, as the rows where each suit could
// finish come out of the same loop, and 22 to 30% less time. Visiting only the
// cards a change touches was slower: a sweep does all of a card's slots at once.)
class Closure {
public:
    Closure(const Layout& layout, int ranks, const Cards& where, Slots gaps, bool first_column_stays = false)
        : layout_(layout), cards_(ranks - layout.base_rank + 1), may_gap_(gaps) {
        // Where each base card may go: a first-column slot that may be a gap, or
        // none when it stands in the first column for good.
        for (std::size_t suit = 0; suit < 4; ++suit) {
            const std::uint8_t at = where[suit << 4 | static_cast<std::size_t>(layout.base_rank)];
            base_targets_[suit] = first_column_stays && (layout.first_column >> at & 1) ? 0 : layout.first_column;
        }
        for (int k = 0; k < cards_; ++k)
            for (std::size_t suit = 0; suit < 4; ++suit)
                here_[static_cast<std::size_t>(k)][suit] = Slots{1} << where[suit << 4 | static_cast<std::size_t>(layout.base_rank + k)];
    }

    // One sweep; false when no new slot may be a gap, so loc is closed. With
    // `out`, each card's loc goes there.
    bool sweep(Locations* out = nullptr) {
        if (out) return layout_.any_higher ? sweep<true, true>(out) : sweep<false, true>(out);
        return layout_.any_higher ? sweep<true, false>(out) : sweep<false, false>(out);
    }

    // Whether no won board fits the locs of the last sweep.
    bool no_win_fits() const { return no_rows_fit(layout_, finish_); }

private:
    using Suits = std::array<Slots, 4>;  // a word per suit

    template <bool kAnyHigher, bool kRecord>
    bool sweep(Locations* out) {
        const Slots before = may_gap_;
        const Slots stay = ~layout_.last_column;
        Suits below = base_targets_;  // where each suit's next card could go, gaps aside
        Suits right_of_lower{};  // right of the cards below it (SameSuitHigher)
        Suits finish;
        finish.fill(layout_.first_column);
        Slots may_gap = may_gap_;
        for (int k = 0; k < cards_; ++k) {
            const Suits& here = here_[static_cast<std::size_t>(k)];
            Slots freed = 0;
            for (std::size_t suit = 0; suit < 4; ++suit) {
                const Slots loc = here[suit] | (below[suit] & may_gap);
                // A card with a target may move, leaving its slot a gap.
                freed |= (loc != here[suit]) ? here[suit] : 0;
                // The rows where the suit could finish, as first-column bits: the
                // card of rank b + k must reach column k.
                finish[suit] &= loc >> k;
                const Slots right_of_this = (loc & stay) << 1;
                if constexpr (kAnyHigher) {
                    right_of_lower[suit] |= right_of_this;
                    below[suit] = right_of_lower[suit];
                } else {
                    below[suit] = right_of_this;
                }
                if constexpr (kRecord) (*out)[suit << 4 | static_cast<std::size_t>(layout_.base_rank + k)] = loc;
            }
            may_gap |= freed;
        }
        may_gap_ = may_gap;
        finish_ = finish;
        return may_gap_ != before;
    }

    const Layout& layout_;
    const int cards_;  // a suit's cards: ranks b to the top
    Slots may_gap_;
    std::array<Suits, kMaxRanks> here_;  // (only the first cards_ are set)
    Suits base_targets_{};
    Suits finish_{};
};

}  // namespace

bool dead_ends_apply(const Rules& rules) {
    return (rules.fill == Fill::SameSuitNext || rules.fill == Fill::SameSuitHigher) && !rules.fill_from_right;
}

Layout::Layout(int w, int base, bool higher) : width(w), base_rank(base), any_higher(higher) {
    for (int row = 0; row < kRows; ++row) {
        first_column |= Slots{1} << (row * width);
        last_column |= Slots{1} << (row * width + width - 1);
        for (int c = 0; c < width; ++c)
            column[static_cast<std::size_t>(c)] |= Slots{1} << static_cast<std::size_t>(row * width + c);
    }
}

bool dead_end(const Layout& layout, int ranks, const Cards& where, Slots gaps, bool first_column_stays) {
    Closure closure(layout, ranks, where, gaps, first_column_stays);
    // A win looks possible as soon as every card can reach its final column and
    // the suits can share the rows; loc only grows, so that holds from then on.
    while (true) {
        const bool grew = closure.sweep();
        if (!closure.no_win_fits()) return false;
        if (!grew) return true;
    }
}

Locations locations(const Layout& layout, int ranks, const Cards& where, Slots gaps) {
    Closure closure(layout, ranks, where, gaps);
    while (closure.sweep()) {
    }
    Locations loc{};
    closure.sweep(&loc);  // at the fixed point: the least sets
    return loc;
}

// Locked frontiers. With a card of the base rank in every first-column slot,
// no first-column slot can become a gap (its card could only move to one), so
// the base cards never move, nor does any card of a row's run up from them (it
// fits only right of its predecessor, where it stands): the runs are there for
// good (search.cpp, safe moves, says the same). A row's frontier is the slot
// right after its run. Say row y's frontier holds N, the next card of row x's
// run. N fits only right of its predecessor, x's last card, which stays where
// it is: N can leave y's frontier only into x's frontier, and only once that is
// a gap. When following "y's frontier holds x's next card" from row to row
// comes back to a row it has seen, every frontier on that cycle waits for the
// next one to be a gap first, and none is: none ever becomes one (its card is
// the only thing that could leave it), those rows never grow, and no win is
// reachable. The loc sets find the same (none of those frontiers may ever be a
// gap), but only at their fixed point, after every sweep; this looks at the
// four runs. It pays where the rows are fixed in one step, a 2 filling the last
// first-column gap in one of up to 24 arrangements: of gaps deal 97's proof, 3.5
// million of its 10 million positions are such arrangements found dead, 43% of
// them with locked frontiers (a 3 of another suit right of the 2, in a cycle).
bool frontiers_locked(const Layout& layout, int ranks, const Cards& where) {
    if (layout.any_higher) return false;
    std::array<int, 4> frontier{};  // per suit, the frontier slot of its row (-1: none)
    std::array<int, 4> needed{};    // per suit, where its row's next card stands (-1: none)
    for (std::size_t suit = 0; suit < 4; ++suit) {
        auto card = static_cast<std::uint8_t>(suit << 4 | static_cast<std::size_t>(layout.base_rank));
        int at = where[card];
        if ((layout.first_column >> at & 1) == 0) return false;  // the rows are not fixed
        while ((card & 15) < ranks && (layout.last_column >> at & 1) == 0 && where[card + 1u] == at + 1) {
            ++card;
            ++at;
        }
        frontier[suit] = (layout.last_column >> at & 1) ? -1 : at + 1;
        needed[suit] = (card & 15) < ranks ? where[card + 1u] : -1;
    }
    // waits[y] = x: y's frontier holds x's next card. Four steps that never
    // leave the graph have gone round a cycle.
    std::array<int, 4> waits{-1, -1, -1, -1};
    for (std::size_t y = 0; y < 4; ++y)
        for (std::size_t x = 0; x < 4; ++x)
            if (frontier[y] >= 0 && needed[x] == frontier[y]) waits[y] = static_cast<int>(x);
    for (int start = 0; start < 4; ++start) {
        int row = start;
        for (int step = 0; step < 4 && row >= 0; ++step) row = waits[static_cast<std::size_t>(row)];
        if (row >= 0) return true;
    }
    return false;
}

bool no_win_fits(const Layout& layout, int ranks, const Locations& loc) {
    std::array<Slots, 4> finish{};
    for (int suit = 0; suit < 4; ++suit) {
        // The rows where the suit could finish, as first-column bits: the card of
        // rank r must reach column r - b, so shift its loc left by that much and
        // keep the first column.
        Slots possible = layout.first_column;
        for (int r = layout.base_rank; r <= ranks && possible != 0; ++r)
            possible &= loc[static_cast<std::size_t>(suit << 4 | r)] >> (r - layout.base_rank);
        finish[static_cast<std::size_t>(suit)] = possible;
    }
    return no_rows_fit(layout, finish);
}

}  // namespace addiction::solver
