// The two-track scheduler for a moves-only search, deterministic by positions.
//
// The moves-only search runs on two tracks, each with half the memory:
//  - the complete search, the only one whose failure is a proof;
//  - a series of searches that allow at most k moves of a placed 2 out of the
//    first column on a line, k = 2, 4, 6, each run to exhaustion before the
//    next. Depth-first lines are full of such moves, and the spaces with few of
//    them are far smaller, so a line that needs one or two is found there long
//    before the complete search gets to it. (Measured on gaps deals: going up
//    by one from k = 0 got stuck at k = 1 on deals that k = 2 wins in 30 M
//    positions; k = 0 is small, and k = 2 tries its moves first anyway.)
// They advance in rounds, each track by a number of positions (kFirstSlice,
// doubling up to kSlice; fewer near a position budget), side by side on two
// threads when limits.threads allows. Within a round, the track that decides
// after fewer of its positions since the round began is the answer, the
// complete search on a tie (a line is the only decision of the second track);
// a track stopped by the clock makes the answer undecided. Each track's count
// at its decision is its own, so the answer does not depend on the threads or
// on the machine's speed. As soon as one track decides, the other only goes on
// up to the same count (a line the second track finds early in a round used to
// wait for the rest of the complete search's round: up to kSlice positions,
// about 0.35 s), and not at all after a proof that there is no win, since no
// line can come before it.
#include "tracks.hpp"

#include <algorithm>
#include <atomic>
#include <memory>

#include "search.hpp"
#include "side_by_side.hpp"

namespace addiction::solver {
namespace {

constexpr std::uint64_t kFirstSlice = std::uint64_t{1} << 12;
constexpr std::uint64_t kSlice = std::uint64_t{1} << 18;
// A track looks at the other's decision between steps of this many positions.
constexpr std::uint64_t kStep = std::uint64_t{1} << 14;
constexpr std::uint64_t kNever = ~std::uint64_t{0};
constexpr int kTwosStep = 2;

// The levels k = kTwosStep, 2 kTwosStep, ... end at kMostTwos exactly, and the
// keys have one word for each count up to it (keys.hpp).
static_assert(kMostTwos % kTwosStep == 0);
static_assert(std::tuple_size_v<decltype(Zobrist::used)> > kMostTwos);

struct Track {
    std::unique_ptr<Search> search;
    int twos = -1;
    std::uint64_t earlier = 0;  // positions of this track's finished searches
    std::size_t peak = 0;
    Verdict verdict = Verdict::Undecided;
    bool done = false;  // decided, or stopped for good by a limit
    Limit limit = Limit::None;
    // This round: the positions before it, and after how many of its own
    // positions in it the track decided (kNever: not yet).
    std::uint64_t start = 0;
    std::atomic<std::uint64_t> decided_at{kNever};
    // How far the other track may go in this round: as far as this one
    // decided, or not at all once the complete search has proven there is no
    // win (no line can follow it).
    std::atomic<std::uint64_t> holds_other{kNever};

    std::uint64_t positions() const { return earlier + (search ? search->positions() : 0); }
    std::uint64_t in_round() const { return positions() - start; }
    // The complete search decides either way; the second track only by a line.
    bool decides() const { return done && (twos < 0 ? verdict != Verdict::Undecided : verdict == Verdict::Won); }
};

class TwoTracks {
public:
    TwoTracks(const Game& game, const SolveLimits& limits, Clock::time_point started)
        : game_(game), limits_(limits), half_(limits), started_(started), progress_(limits, started) {
        half_.memory_bytes = limits.memory_bytes / 2;
        complete_.search = make(-1);
        levels_.twos = kTwosStep;
        levels_.search = make(levels_.twos);
    }

    SolveResult run() {
        SolveResult result;
        const std::uint64_t budget = limits_.max_positions;
        while (true) {
            const std::uint64_t total = complete_.positions() + levels_.positions();
            if (budget != 0 && total >= budget) return finish(result, Verdict::Undecided, Limit::Positions);
            const std::uint64_t active = (complete_.done ? 0u : 1u) + (levels_.done ? 0u : 1u);
            // Short rounds first, so an easy deal is not held up by a long one.
            std::uint64_t slice = std::min(kSlice, kFirstSlice << std::min(rounds_++, 32));
            if (budget != 0) slice = std::max<std::uint64_t>(1, std::min(slice, (budget - total) / active));
            round(slice);
            if (const Track* first = decided()) {
                result.line = first->search->line();
                return finish(result, first->verdict, Limit::None);
            }
            if (limits_.stop && limits_.stop->load(std::memory_order_relaxed))
                return finish(result, Verdict::Undecided, Limit::Stopped);
            progress_.report(complete_.positions() + levels_.positions(),
                             complete_.search->bytes() + levels_.search->bytes(), complete_.positions(),
                             levels_.positions());
            if (complete_.done && complete_.limit == Limit::Time) return finish(result, Verdict::Undecided, Limit::Time);
            if (levels_.done && levels_.limit == Limit::Time) return finish(result, Verdict::Undecided, Limit::Time);
            if (complete_.done && levels_.done) return finish(result, Verdict::Undecided, complete_.limit);
        }
    }

private:
    std::unique_ptr<Search> make(int twos) const {
        Pass pass;
        pass.shuffles = false;
        pass.twos = twos;
        return std::make_unique<Search>(game_, half_, pass, started_);
    }

    // Runs each unfinished track for `slice` more positions, or, once the
    // other has decided in this round, up to the count it decided at. With
    // one thread the tracks take steps in turn, to the same counts.
    void round(std::uint64_t slice) {
        for (Track* track : {&complete_, &levels_}) {
            track->start = track->positions();
            track->decided_at = kNever;
            track->holds_other = kNever;
        }
        if (!complete_.done && !levels_.done && limits_.threads > 1) {
            std::atomic<bool> failed{false};
            side_by_side([&] { while (step(complete_, levels_, slice, nullptr)) {} },
                         [&] { while (step(levels_, complete_, slice, &failed)) {} },
                         [&](bool threw) {
                             if (threw) failed = true;
                         });
            return;
        }
        bool complete_on = true;
        bool levels_on = true;
        while (complete_on || levels_on) {
            if (complete_on) complete_on = step(complete_, levels_, slice, nullptr);
            if (levels_on) levels_on = step(levels_, complete_, slice, nullptr);
        }
    }

    // One step of `track` in the round; false once it has no more to do in it.
    bool step(Track& track, const Track& other, std::uint64_t slice, const std::atomic<bool>* stop) {
        if (track.done) return false;
        const std::uint64_t end = std::min(slice, other.holds_other.load());
        const std::uint64_t at = track.in_round();
        if (at >= end) return false;
        if ((stop && stop->load()) || (limits_.stop && limits_.stop->load(std::memory_order_relaxed))) return false;
        advance(track, std::min(kStep, end - at), stop);
        if (track.decides()) {
            track.decided_at = track.in_round();
            track.holds_other = track.verdict == Verdict::NoWin ? 0 : track.decided_at.load();
            return false;
        }
        return !track.done;
    }

    // The track that decided first in the round, the complete search on a tie.
    const Track* decided() const {
        const std::uint64_t c = complete_.decided_at.load();
        const std::uint64_t l = levels_.decided_at.load();
        if (c == kNever && l == kNever) return nullptr;
        return c <= l ? &complete_ : &levels_;
    }

    const Track& other(const Track& track) const { return &track == &complete_ ? levels_ : complete_; }

    void advance(Track& track, std::uint64_t slice, const std::atomic<bool>* stop) {
        const std::uint64_t target = track.positions() + slice;
        while (true) {
            track.search->stop_when(stop);
            const Verdict verdict = track.search->run(target - track.earlier);
            track.peak = std::max(track.peak, track.search->peak_bytes());
            if (verdict == Verdict::Undecided &&
                (track.search->limit() == Limit::Positions || track.search->limit() == Limit::Stopped))
                return;
            if (verdict == Verdict::NoWin && track.twos >= 0 && track.twos < kMostTwos) {
                // This level is exhausted: on to the next.
                track.earlier += track.search->positions();
                track.search.reset();  // its table goes before the next one comes
                track.twos += kTwosStep;
                track.search = make(track.twos);
                if (track.positions() >= target) return;
                continue;
            }
            track.verdict = verdict;
            track.limit = verdict == Verdict::Undecided ? track.search->limit() : Limit::None;
            track.done = true;
            return;
        }
    }

    // The positions counted: each track's up to where the other held it (a
    // track may have run a step past that on its own thread).
    SolveResult& finish(SolveResult& result, Verdict verdict, Limit limit) {
        result.verdict = verdict;
        result.limit = verdict == Verdict::Undecided ? (limit == Limit::None ? Limit::Positions : limit) : Limit::None;
        result.positions = 0;
        for (const Track* track : {&complete_, &levels_})
            result.positions += track->start + std::min(track->in_round(), other(*track).holds_other.load());
        result.peak_bytes = complete_.peak + levels_.peak;
        result.seconds = since(started_);
        return result;
    }

    const Game& game_;
    const SolveLimits& limits_;
    SolveLimits half_;
    const Clock::time_point started_;
    Track complete_;
    Track levels_;
    int rounds_ = 0;
    Progress progress_;
};

}  // namespace

SolveResult solve_on_two_tracks(const Game& game, const SolveLimits& limits, Clock::time_point started) {
    return TwoTracks(game, limits, started).run();
}

}  // namespace addiction::solver
