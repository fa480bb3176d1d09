// The two-track scheduler for a moves-only search, deterministic by positions.
//
// The moves-only search runs on two tracks, each with half the memory:
//  - one half of the complete search (search.cpp, "Halves": the positions with
//    the rows not fixed, and the arrangements of the 2s of even parity once they
//    are fixed);
//  - a search that allows at most 2 moves of a placed 2 out of the first column
//    on a line, then the other half of the complete search. Depth-first lines
//    are full of such moves, and the space with few of them is far smaller, so
//    a line that needs one or two is found there long before a complete search
//    gets to it. (Measured on gaps deals 1-100 at 60 s: of the 48 deals this
//    track won first, 47 in that first search. It used to go on to 4 and then 6
//    moves, searches nearly the size of the complete one that only deal 997 of
//    1-1000's hard wins was seen to need; the halves pay more: gaps deal 21,
//    undecided at 60 s before, is proven lost in 57 s.)
// Where the halves do not apply (fill_from_right, or the rows fixed at the
// start: halves_apply()), the first track runs the whole complete search and the
// second ends with its first search.
// A line from either track is a decision; "no win" is one when both halves are
// searched to the end (or the whole complete search), and counts the positions
// of both tracks. The answer is the decision made after fewer of its own
// track's positions (the first track's on a tie). Each track's search depends
// only on its own count, so that answer does not depend on the threads or on
// the machine's speed: the tracks run freely, side by side on two threads when
// limits.threads allows (in turn, a step each, otherwise), and once one
// decides, the other goes on only up to the same count, to see whether it
// finds a line first. (They used to advance in rounds of equal counts, waiting
// for each other at the end of each: the faster thread idled, and gaps deal 46
// kept 1.81 of 2 processors busy; now 1.95, in 0.934 of the time.) A position
// budget is shared: each track may store half of it, and all that the other
// leaves once the other has ended. A track stopped by the clock or a stop
// request ends the search.
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
// Moves of placed 2s the second track's first search allows; the keys have a
// word for each count up to kMostTwos (keys.hpp).
constexpr int kTwosFirst = 2;
static_assert(kTwosFirst <= kMostTwos);

struct Track {
    std::unique_ptr<Search> search;  // this track's thread alone touches it
    int twos = -1;  // the search limits moves of placed 2s to this many; -1: none
    int half = -1;  // of the complete search (search.cpp, "Halves"); -1: all of it
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
    // A line decides; "no win" only from the whole complete search (a half
    // proves nothing without the other).
    bool decides() const { return verdict == Verdict::Won || (verdict == Verdict::NoWin && twos < 0 && half < 0); }
    bool exhausted() const { return verdict == Verdict::NoWin; }
};

class TwoTracks {
public:
    TwoTracks(const Game& game, const SolveLimits& limits, Clock::time_point started)
        : game_(game), limits_(limits), track_limits_(limits), started_(started), progress_(limits, started) {
        track_limits_.memory_bytes = limits.memory_bytes / 2;
        // Where the halves do not apply, the first track runs the whole complete
        // search and the second ends with its first search.
        if (halves_apply(game.rules(), game.board())) {
            first_.half = 0;
            second_.half = 1;
        }
        first_.search = make(-1, first_.half);
        second_.twos = kTwosFirst;
        second_.search = make(second_.twos, -1);
    }

    SolveResult run() {
        if (limits_.threads > 1) {
            side_by_side(
                [&] {
                    drive(first_, second_);
                    // Reports go on while the second track runs alone.
                    while (!second_.ended.load()) {
                        report();
                        std::this_thread::sleep_for(std::chrono::milliseconds(10));
                    }
                },
                [&] {
                    // The other thread waits for this one to end, even if it throws.
                    struct Ends {
                        Track& track;
                        ~Ends() { track.ended.store(true); }
                    } ends{second_};
                    drive(second_, first_);
                },
                [&](bool threw) {
                    if (threw) failed_ = true;
                });
        } else {
            while (true) {
                const Stepped a = step(first_, second_);
                const Stepped b = step(second_, first_);
                if (a == Stepped::Ended && b == Stepped::Ended) break;
                report();
            }
        }
        return finish();
    }

private:
    enum class Stepped { Ran, Waits, Ended };

    std::unique_ptr<Search> make(int twos, int half) const {
        Pass pass;
        pass.shuffles = false;
        pass.twos = twos;
        pass.half = half;
        return std::make_unique<Search>(game_, track_limits_, pass, started_);
    }

    // Runs `track` on its own thread until it ends.
    void drive(Track& track, const Track& other) {
        while (true) {
            const Stepped stepped = step(track, other);
            if (stepped == Stepped::Ended) return;
            if (stepped == Stepped::Waits) std::this_thread::sleep_for(std::chrono::microseconds(200));
            if (&track == &first_) report();
        }
    }

    // The positions a budget lets `track` store while the other runs: half of
    // it, the odd one to the first track.
    std::uint64_t share(const Track& track) const {
        const std::uint64_t budget = limits_.max_positions;
        return &track == &first_ ? budget - budget / 2 : budget / 2;
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
            if (verdict == Verdict::NoWin && track.twos >= 0 && track.half >= 0) {
                // The search with few moves of placed 2s is exhausted: on to the other half.
                track.earlier += track.search->positions();
                track.search.reset();  // its table goes before the next one comes
                track.twos = -1;
                track.search = make(-1, track.half);
                if (track.positions() >= target) return;
                continue;
            }
            // A line, a half exhausted, or a limit of its own.
            track.verdict = verdict;
            track.limit = verdict == Verdict::Undecided ? track.search->limit() : Limit::None;
            return;
        }
    }

    void report() {
        progress_.report(first_.count.load() + second_.count.load(), first_.bytes.load() + second_.bytes.load(),
                         first_.count.load(), second_.count.load());
    }

    // The track that found a line after fewer of its positions, the first on a
    // tie, or none.
    const Track* decided() const {
        const std::uint64_t c = first_.decided_at.load();
        const std::uint64_t l = second_.decided_at.load();
        if (c == kNever && l == kNever) return nullptr;
        return c <= l ? &first_ : &second_;
    }

    // The positions counted: each track's up to the decision, if there is one
    // (a track may have run past it on its own thread).
    SolveResult finish() {
        SolveResult result;
        const Track* first = decided();
        const std::uint64_t held = first ? first->decided_at.load() : kNever;
        result.positions = 0;
        for (const Track* track : {&first_, &second_}) result.positions += std::min(track->positions(), held);
        result.peak_bytes = first_.peak + second_.peak;
        result.seconds = since(started_);
        if (first) {
            result.verdict = first->verdict;
            result.limit = Limit::None;
            result.line = first->search->line();
            return result;
        }
        if (first_.half >= 0 && first_.exhausted() && second_.exhausted()) {
            result.verdict = Verdict::NoWin;  // both halves, to the end
            result.limit = Limit::None;
            return result;
        }
        result.verdict = Verdict::Undecided;
        // The first limit that says why: a stop, the clock, the budget, memory.
        result.limit = Limit::Positions;
        for (Limit limit : {Limit::Stopped, Limit::Time, Limit::Positions, Limit::Memory}) {
            if (first_.limit == limit || second_.limit == limit) {
                result.limit = limit;
                break;
            }
        }
        return result;
    }

    const Game& game_;
    const SolveLimits& limits_;
    SolveLimits track_limits_;
    const Clock::time_point started_;
    Track first_;
    Track second_;
    std::atomic<bool> failed_{false};  // a thread threw: end the other too (side_by_side throws it on)
    Progress progress_;
};

}  // namespace

SolveResult solve_on_two_tracks(const Game& game, const SolveLimits& limits, Clock::time_point started) {
    return TwoTracks(game, limits, started).run();
}

}  // namespace addiction::solver
