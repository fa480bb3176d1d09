// The two-track scheduler for a moves-only search, deterministic by rounds
// counted in positions.
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
// threads when limits.threads allows. After each round, in this order: a
// complete search that ended decides; a line found by the second track
// decides; a track stopped by the clock makes the answer undecided. That is
// what running the rounds one after the other gives, so the answer does not
// depend on the threads or on the machine's speed.
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

    std::uint64_t positions() const { return earlier + (search ? search->positions() : 0); }
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
            // In the order of a round run one track after the other.
            if (decided()) {
                result.line = complete_.search->line();
                return finish(result, complete_.verdict, Limit::None);
            }
            if (limits_.stop && limits_.stop->load(std::memory_order_relaxed))
                return finish(result, Verdict::Undecided, Limit::Stopped);
            progress_.report(complete_.positions() + levels_.positions(),
                             complete_.search->bytes() + levels_.search->bytes(), complete_.positions(),
                             levels_.positions());
            if (complete_.done && complete_.limit == Limit::Time) return finish(result, Verdict::Undecided, Limit::Time);
            if (levels_.done && levels_.verdict == Verdict::Won) {
                result.line = levels_.search->line();
                return finish(result, Verdict::Won, Limit::None);
            }
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

    // Runs each unfinished track for `slice` more positions. When the complete
    // search decides, the second track's part of the round does not count (the
    // complete search comes first in a round), so it is stopped, or not run.
    void round(std::uint64_t slice) {
        levels_at_start_ = levels_.positions();
        const bool both = !complete_.done && !levels_.done;
        if (both && limits_.threads > 1) {
            std::atomic<bool> stop{false};
            side_by_side([&] { advance(complete_, slice, nullptr); }, [&] { advance(levels_, slice, &stop); },
                         [&](bool threw) {
                             if (threw || decided()) stop = true;
                         });
            return;
        }
        if (!complete_.done) advance(complete_, slice, nullptr);
        if (!levels_.done && !decided()) advance(levels_, slice, nullptr);
    }

    bool decided() const { return complete_.done && complete_.verdict != Verdict::Undecided; }

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

    SolveResult& finish(SolveResult& result, Verdict verdict, Limit limit) {
        result.verdict = verdict;
        result.limit = verdict == Verdict::Undecided ? (limit == Limit::None ? Limit::Positions : limit) : Limit::None;
        result.positions = complete_.positions() + (decided() ? levels_at_start_ : levels_.positions());
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
    std::uint64_t levels_at_start_ = 0;  // the second track's positions before this round
    int rounds_ = 0;
    Progress progress_;
};

}  // namespace

SolveResult solve_on_two_tracks(const Game& game, const SolveLimits& limits, Clock::time_point started) {
    return TwoTracks(game, limits, started).run();
}

}  // namespace addiction::solver
