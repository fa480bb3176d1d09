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
// The answer is the decision made after fewer of its own track's positions (the
// complete search on a tie; a line is the only decision of the second track).
// Each track's search depends only on its own count, so that answer does not
// depend on the threads or on the machine's speed: the tracks run freely, side
// by side on two threads when limits.threads allows (in turn, a step each,
// otherwise), and once one decides, the other goes on only up to the same
// count, to see whether it decides first. (They used to advance in rounds of
// equal counts, waiting for each other at the end of each: the faster thread
// idled, and gaps deal 46 kept 1.81 of 2 processors busy; now 1.95, in 0.934 of
// the time.) A position budget is shared: each track may store half of it, and
// all that the other leaves once the other has ended. A track stopped by the
// clock or a stop request ends the search.
#include "tracks.hpp"

#include <algorithm>
#include <atomic>
#include <memory>
#include <thread>

#include "search.hpp"
#include "side_by_side.hpp"

namespace addiction::solver {
namespace {

// A track runs this many positions between looks at the other's state.
constexpr std::uint64_t kStep = std::uint64_t{1} << 14;
constexpr std::uint64_t kNever = ~std::uint64_t{0};
constexpr int kTwosStep = 2;

// The levels k = kTwosStep, 2 kTwosStep, ... end at kMostTwos exactly, and the
// keys have one word for each count up to it (keys.hpp).
static_assert(kMostTwos % kTwosStep == 0);
static_assert(std::tuple_size_v<decltype(Zobrist::used)> > kMostTwos);

struct Track {
    std::unique_ptr<Search> search;  // this track's thread alone touches it
    int twos = -1;
    std::uint64_t earlier = 0;  // positions of this track's finished searches
    std::size_t peak = 0;
    Verdict verdict = Verdict::Undecided;
    Limit limit = Limit::None;
    // What the other track reads: positions so far, the count at a decision
    // (kNever: none), and whether the track has ended (decided, at a limit, or
    // held by the other's decision).
    std::atomic<std::uint64_t> count{0};
    std::atomic<std::size_t> bytes{0};
    std::atomic<std::uint64_t> decided_at{kNever};
    std::atomic<bool> ended{false};

    std::uint64_t positions() const { return earlier + (search ? search->positions() : 0); }
    // The complete search decides either way; the second track only by a line.
    bool decides() const { return twos < 0 ? verdict != Verdict::Undecided : verdict == Verdict::Won; }
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
        if (limits_.threads > 1) {
            side_by_side(
                [&] {
                    drive(complete_, levels_);
                    // Reports go on while the second track runs alone.
                    while (!levels_.ended.load()) {
                        report();
                        std::this_thread::sleep_for(std::chrono::milliseconds(10));
                    }
                },
                [&] {
                    // The other thread waits for this one to end, even if it throws.
                    struct Ends {
                        Track& track;
                        ~Ends() { track.ended.store(true); }
                    } ends{levels_};
                    drive(levels_, complete_);
                },
                [&](bool threw) {
                    if (threw) failed_ = true;
                });
        } else {
            while (true) {
                const Stepped a = step(complete_, levels_);
                const Stepped b = step(levels_, complete_);
                if (a == Stepped::Ended && b == Stepped::Ended) break;
                report();
            }
        }
        return finish();
    }

private:
    enum class Stepped { Ran, Waits, Ended };

    std::unique_ptr<Search> make(int twos) const {
        Pass pass;
        pass.shuffles = false;
        pass.twos = twos;
        return std::make_unique<Search>(game_, half_, pass, started_);
    }

    // Runs `track` on its own thread until it ends.
    void drive(Track& track, const Track& other) {
        while (true) {
            const Stepped stepped = step(track, other);
            if (stepped == Stepped::Ended) return;
            if (stepped == Stepped::Waits) std::this_thread::sleep_for(std::chrono::microseconds(200));
            if (&track == &complete_) report();
        }
    }

    // The positions a budget lets `track` store while the other runs: half of
    // it, the odd one to the complete search.
    std::uint64_t share(const Track& track) const {
        const std::uint64_t budget = limits_.max_positions;
        return &track == &complete_ ? budget - budget / 2 : budget / 2;
    }

    // One step of `track`: up to kStep positions, never past the other's
    // decision or the budget.
    Stepped step(Track& track, const Track& other) {
        if (track.ended.load()) return Stepped::Ended;
        auto end_here = [&track](Limit limit) {
            if (track.limit == Limit::None) track.limit = limit;
            track.ended.store(true);
            return Stepped::Ended;
        };
        if (failed_.load() || (limits_.stop && limits_.stop->load(std::memory_order_relaxed))) return end_here(Limit::Stopped);
        const std::uint64_t at = track.positions();
        std::uint64_t end = other.decided_at.load();
        if (const std::uint64_t budget = limits_.max_positions; budget != 0) {
            // Read `ended` before `count`: a track's last count is stored before it ends.
            const bool other_ended = other.ended.load();
            const std::uint64_t other_count = other.count.load();
            const std::uint64_t cap = other_ended ? budget - std::min(budget, other_count) : share(track);
            if (at >= cap && !other_ended && other_count < share(other) && end > at) return Stepped::Waits;
            if (cap < end) end = cap;
        }
        if (at >= end) return end_here(Limit::Positions);
        advance(track, std::min(kStep, end - at));
        track.count.store(track.positions());
        track.bytes.store(track.search->bytes());
        if (track.verdict != Verdict::Undecided || track.limit != Limit::None) {
            if (track.decides()) track.decided_at.store(track.positions());
            track.ended.store(true);
            return Stepped::Ended;
        }
        return Stepped::Ran;
    }

    void advance(Track& track, std::uint64_t slice) {
        const std::uint64_t target = track.positions() + slice;
        while (true) {
            track.search->stop_when(&failed_);
            const Verdict verdict = track.search->run(target - track.earlier);
            track.peak = std::max(track.peak, track.search->peak_bytes());
            if (verdict == Verdict::Undecided && track.search->limit() == Limit::Positions) return;
            if (verdict == Verdict::NoWin && track.twos >= 0 && track.twos < kMostTwos) {
                // This level is exhausted: on to the next.
                track.earlier += track.search->positions();
                track.search.reset();  // its table goes before the next one comes
                track.twos += kTwosStep;
                track.search = make(track.twos);
                if (track.positions() >= target) return;
                continue;
            }
            // Decided, exhausted (the last level), or at a limit of its own.
            track.verdict = verdict;
            track.limit = verdict == Verdict::Undecided ? track.search->limit() : Limit::None;
            return;
        }
    }

    void report() {
        progress_.report(complete_.count.load() + levels_.count.load(), complete_.bytes.load() + levels_.bytes.load(),
                         complete_.count.load(), levels_.count.load());
    }

    // The track that decided after fewer of its positions, the complete search
    // on a tie, or none.
    const Track* decided() const {
        const std::uint64_t c = complete_.decided_at.load();
        const std::uint64_t l = levels_.decided_at.load();
        if (c == kNever && l == kNever) return nullptr;
        return c <= l ? &complete_ : &levels_;
    }

    // The positions counted: each track's up to the decision, if there is one
    // (a track may have run past it on its own thread).
    SolveResult finish() {
        SolveResult result;
        const Track* first = decided();
        const std::uint64_t held = first ? first->decided_at.load() : kNever;
        result.positions = 0;
        for (const Track* track : {&complete_, &levels_}) result.positions += std::min(track->positions(), held);
        result.peak_bytes = complete_.peak + levels_.peak;
        result.seconds = since(started_);
        if (first) {
            result.verdict = first->verdict;
            result.limit = Limit::None;
            result.line = first->search->line();
            return result;
        }
        result.verdict = Verdict::Undecided;
        // The first limit that says why: a stop, the clock, the budget, memory.
        result.limit = Limit::Positions;
        for (Limit limit : {Limit::Stopped, Limit::Time, Limit::Positions, Limit::Memory}) {
            if (complete_.limit == limit || levels_.limit == limit) {
                result.limit = limit;
                break;
            }
        }
        return result;
    }

    const Game& game_;
    const SolveLimits& limits_;
    SolveLimits half_;
    const Clock::time_point started_;
    Track complete_;
    Track levels_;
    std::atomic<bool> failed_{false};  // a thread threw: end the other too (side_by_side throws it on)
    Progress progress_;
};

}  // namespace

SolveResult solve_on_two_tracks(const Game& game, const SolveLimits& limits, Clock::time_point started) {
    return TwoTracks(game, limits, started).run();
}

}  // namespace addiction::solver
