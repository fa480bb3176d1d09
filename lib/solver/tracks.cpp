// The two-track scheduler for a moves-only search, deterministic by positions.
//
// The moves-only search runs on two tracks, each with half the memory:
//  - one half of the complete search (search.cpp, "Halves": the positions with
//    the rows not fixed, and the arrangements of the 2s of even parity once they
//    are fixed), handing on each step that fixes the rows in an arrangement of
//    odd parity (Search::hand_off_to) instead of leaving it out;
//  - a search that allows at most 2 moves of a placed 2 out of the first column
//    on a line, then the other half of the complete search: the steps the first
//    track handed on, each searched from the position it was handed with
//    (Search::enter), in the order handed, with one table. Depth-first lines
//    are full of moves of placed 2s, and the space with few of them is far
//    smaller, so a line that needs one or two is found there long before a
//    complete search gets to it. (Measured on gaps deals 1-100 at 60 s: of the
//    48 deals this track won first, 47 in that first search. It used to go on
//    to 4 and then 6 moves, searches nearly the size of the complete one that
//    only deal 997 of 1-1000's hard wins was seen to need.)
// The positions with the rows not fixed are searched once, by the first track:
// the second half is what the steps handed on lead to (search.cpp, "Halves":
// every position of the odd half with the rows fixed is reached through such a
// step, and from one the first track expanded). When each half searched them
// itself, gaps deal 21 took 57.0 s and 135.7 million positions; handed on,
// 48.2 s and 126.8 million; deal 97 takes 0.84 of the time, and deal 5018,
// whose positions lie mostly before the rows are fixed, 0.63.
// Where the halves do not apply (fill_from_right, or the rows fixed at the
// start: halves_apply()), the first track runs the whole complete search and the
// second ends with its first search.
// A line from either track is a decision; "no win" is one when both halves are
// searched to the end (or the whole complete search), and counts the positions
// of both tracks. The answer is the decision made after fewer of its own
// track's positions (the first track's on a tie). The first track's search
// depends on nothing but its own count, and the second's on its count and on
// the steps handed on before it, which come in the same order on any machine;
// so the answer does not depend on the threads or on the machine's speed: the
// tracks run freely, side by side on two threads when limits.threads allows
// (in turn, a step each, otherwise), and once one decides, the other goes on
// only up to the same count, to see whether it finds a line first. The second
// track waits while nothing handed on is left to search, and ends once the
// first has ended and all it handed on is searched: then it has searched what
// the first track handed on up to its end, whatever the timing. (A line of the
// second track's then found from a step the first track would have handed on
// after its own line is not found, on any machine.) (The tracks used to
// advance in rounds of equal counts, waiting for each other at the end of each:
// the faster thread idled, and gaps deal 46 kept 1.81 of 2 processors busy;
// then 1.95, in 0.934 of the time.) A position budget is shared: each track
// may store half of it, and all that the other leaves once the other has
// ended. When the first track waits at its half for the second to end, and
// the second has searched all that was handed on, the second ends there (it
// could go on only with what the first track hands on next): so a budget
// reported with a line the first track found may find that line with fewer of
// the second track's positions. A track stopped by the clock or a stop
// request ends the search.
#include "tracks.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "search.hpp"
#include "side_by_side.hpp"

namespace addiction::solver {
namespace {

// How long a waiting track sleeps at most before it looks again: a stop request
// (Ctrl-C) sets a flag and wakes no one, and the first track reports progress
// while the second runs alone.
constexpr auto kLookAgain = std::chrono::milliseconds(10);

// A track runs this many positions between looks at the other's state.
constexpr std::uint64_t kStep = std::uint64_t{1} << 14;
constexpr std::uint64_t kNever = ~std::uint64_t{0};
// Moves of placed 2s the second track's first search allows; the keys have a
// word for each count up to kMostTwos (keys.hpp).
constexpr int kTwosFirst = 2;
static_assert(kTwosFirst <= kMostTwos);

// The steps handed on, first in first out. A step is kept as the cells that
// differ from the position before the one handed on last (none, for the next
// arrangement from the same position; a few, for a position near it), then the
// step: about 8 bytes instead of 64 (gaps deal 97 hands on 3.7 million). The
// first track writes them to a block of its own and hands the block over at
// the end of each of its steps (flush()), so the threads meet once a block, not
// once a step handed on. Past `capacity` bytes the relay is full, and the first
// track waits until it is not.
class Relay {
public:
    explicit Relay(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1u << 16)) { writing_.reserve(kBlock); }

    // The first track's side: the position `from` is expanding, the step, and
    // the steps of the line there that differ from the last one's.
    void push(const Search& from, const Search::Cells& before, const Step& step) {
        const std::size_t kept = from.kept();
        write_count(pushed_depth_ - kept);
        write_count(from.depth() - kept);
        for (std::size_t level = kept; level < from.depth(); ++level) write(from.step(level));
        pushed_depth_ = from.depth();
        const std::size_t count_at = writing_.size();
        writing_.push_back(0);
        std::uint8_t changed = 0;
        // Eight cells at a time: most positions handed on are the one before.
        static_assert(kMaxSlots % 8 == 0);
        for (std::size_t word = 0; word < kMaxSlots; word += 8) {
            std::uint64_t now = 0;
            std::uint64_t then = 0;
            std::memcpy(&now, before.data() + word, 8);
            std::memcpy(&then, pushed_.data() + word, 8);
            if (now == then) continue;
            for (std::size_t slot = word; slot < word + 8; ++slot) {
                if (before[slot] == pushed_[slot]) continue;
                writing_.push_back(static_cast<std::uint8_t>(slot));
                writing_.push_back(before[slot]);
                ++changed;
            }
        }
        writing_[count_at] = changed;
        write(step);
        pushed_ = before;
    }
    void flush() {
        if (writing_.empty()) return;
        const std::lock_guard<std::mutex> lock(mutex_);
        waiting_bytes_ += writing_.size();
        peak_ = std::max(peak_, waiting_bytes_);
        waiting_.push_back(std::move(writing_));
        // A block the second track has read, if there is one: no new memory to
        // map and clear.
        if (spare_.empty()) {
            writing_ = {};
            writing_.reserve(kBlock);
        } else {
            writing_ = std::move(spare_.back());
            spare_.pop_back();
        }
    }
    bool full() const {
        const std::lock_guard<std::mutex> lock(mutex_);
        return waiting_bytes_ >= capacity_;
    }

    // The second track's side: the next step handed on, and the position before
    // it, or false when none is handed over yet.
    bool pop(Search::Cells& before, Step& step) {
        if (read_ == reading_.size()) {
            const std::lock_guard<std::mutex> lock(mutex_);
            if (waiting_.empty()) return false;
            waiting_bytes_ -= reading_.size();
            reading_.clear();
            if (spare_.size() < 4) spare_.push_back(std::move(reading_));
            reading_ = std::move(waiting_.front());
            waiting_.pop_front();
            read_ = 0;
        }
        const std::uint8_t* at = reading_.data() + read_;
        const std::size_t dropped = read_count(at);
        const std::size_t added = read_count(at);
        line_.resize(line_.size() - dropped);
        for (std::size_t i = 0; i < added; ++i) line_.push_back(read_step(at));
        const std::uint8_t changed = *at++;
        for (std::uint8_t i = 0; i < changed; ++i, at += 2) popped_[at[0]] = at[1];
        step = read_step(at);
        read_ = static_cast<std::size_t>(at - reading_.data());
        before = popped_;
        return true;
    }
    // The steps of the first track's line to the position before the step popped last.
    const std::vector<Step>& line() const { return line_; }

    std::size_t bytes() const {
        const std::lock_guard<std::mutex> lock(mutex_);
        return waiting_bytes_;
    }
    std::size_t peak_bytes() const {
        const std::lock_guard<std::mutex> lock(mutex_);
        return peak_;
    }

private:
    static constexpr std::size_t kBlock = std::size_t{1} << 18;

    void write(const Step& step) {
        writing_.insert(writing_.end(), {step.card, step.from, step.to, step.aux, step.before, step.after});
    }
    // Seven bits a byte, the high bit set on all but the last: one byte for
    // the common counts, and a line of any length.
    void write_count(std::size_t count) {
        for (; count >= 0x80; count >>= 7) writing_.push_back(static_cast<std::uint8_t>(count | 0x80));
        writing_.push_back(static_cast<std::uint8_t>(count));
    }
    static Step read_step(const std::uint8_t*& at) {
        const Step step{at[0], at[1], at[2], at[3], at[4], at[5]};
        at += 6;
        return step;
    }
    static std::size_t read_count(const std::uint8_t*& at) {
        std::size_t count = 0;
        for (int shift = 0;; shift += 7) {
            const std::uint8_t byte = *at++;
            count |= static_cast<std::size_t>(byte & 0x7F) << shift;
            if ((byte & 0x80) == 0) return count;
        }
    }

    mutable std::mutex mutex_;
    std::deque<std::vector<std::uint8_t>> waiting_;
    std::size_t waiting_bytes_ = 0;  // in waiting_, and in the block being read
    const std::size_t capacity_;
    std::size_t peak_ = 0;
    std::vector<std::uint8_t> writing_;  // the first track's block
    Search::Cells pushed_{};             // the position before the step pushed last
    std::size_t pushed_depth_ = 0;       // the steps of the line to it
    std::vector<std::uint8_t> reading_;  // the second track's block
    std::vector<std::vector<std::uint8_t>> spare_;  // blocks read, for the first track to fill again
    std::size_t read_ = 0;
    Search::Cells popped_{};  // the position before the step popped last
    std::vector<Step> line_;  // the steps of the line to it
};

// A track that waits for the other (for its count, for a step handed on, for
// room in the relay, or for its end) sleeps until the other says that something
// has changed. It notes the count of changes before it looks at the other's
// state, so a change made after that look wakes it at once. (It used to sleep
// 200 us, or 10 ms while the second track ran alone, and look again: a search
// of a few milliseconds then took 10 more, and a batch of small deals spent
// most of its time asleep.)
class Wakeup {
public:
    std::uint64_t changes() const { return changes_.load(); }

    void changed() {
        {
            // Under the lock, so that a waiter between its look and its sleep
            // cannot miss it.
            const std::lock_guard lock(mutex_);
            changes_.fetch_add(1);
        }
        wake_.notify_all();
    }

    // Returns once there have been more changes than `seen`, or after `most`.
    void wait(std::uint64_t seen, std::chrono::milliseconds most) {
        std::unique_lock lock(mutex_);
        wake_.wait_for(lock, most, [&] { return changes_.load() != seen; });
    }

private:
    std::mutex mutex_;
    std::condition_variable wake_;
    std::atomic<std::uint64_t> changes_{0};
};

struct Track {
    std::unique_ptr<Search> search;  // this track's thread alone touches it
    int twos = -1;  // the search limits moves of placed 2s to this many; -1: none
    int half = -1;  // of the complete search (search.cpp, "Halves"); -1: all of it
    // The second track's half: the steps the first track hands on, each searched
    // from the position before it (Search::enter), in the order handed.
    bool relayed = false;
    bool in_step = false;     // a step handed on is being searched
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
    // The first track is at its share of a position budget and waits for the
    // second to end: it hands on nothing more until then.
    std::atomic<bool> at_share{false};

    std::uint64_t positions() const { return earlier + (search ? search->positions() : 0); }
    // A line decides; "no win" only from the whole complete search (a half
    // proves nothing without the other).
    bool decides() const { return verdict == Verdict::Won || (verdict == Verdict::NoWin && twos < 0 && half < 0); }
    bool exhausted() const { return verdict == Verdict::NoWin; }
};

class TwoTracks {
public:
    TwoTracks(const Game& game, const SolveLimits& limits, Clock::time_point started)
        : game_(game),
          limits_(limits),
          track_limits_(limits),
          started_(started),
          relay_(limits.memory_bytes / 8),
          progress_(limits, started) {
        // Each table has half of the memory, and the relay an eighth more. (Not
        // out of a table's half: a table doubles only while the old and the new
        // array fit its limit together, and a half of 1536 MB less the relay's
        // room would stop it at 256 MB.)
        track_limits_.memory_bytes = limits.memory_bytes / 2;
        // Where the halves do not apply, the first track runs the whole complete
        // search and the second ends with its first search.
        if (halves_apply(game.rules(), game.board())) {
            first_.half = 0;
            second_.half = 1;
        }
        first_.search = make(-1, first_.half);
        if (first_.half >= 0) {
            first_.search->hand_off_to([this](const Search& from, const Search::Cells& before, const Step& step) {
                // Once the second track has ended, no one takes it.
                if (!second_.ended.load()) relay_.push(from, before, step);
            });
        }
        second_.twos = kTwosFirst;
        second_.search = make(second_.twos, -1);
    }

    SolveResult run() {
        if (limits_.threads > 1) {
            side_by_side(
                [&] {
                    drive(first_, second_);
                    // Reports go on while the second track runs alone.
                    while (true) {
                        const std::uint64_t seen = wakeup_.changes();
                        if (second_.ended.load()) break;
                        report();
                        wakeup_.wait(seen, kLookAgain);
                    }
                },
                [&] {
                    // The other thread waits for this one to end, even if it throws.
                    struct Ends {
                        Track& track;
                        Wakeup& wakeup;
                        ~Ends() {
                            track.ended.store(true);
                            wakeup.changed();
                        }
                    } ends{second_, wakeup_};
                    drive(second_, first_);
                },
                [&](bool threw) {
                    // Ended normally, the first track has said so in drive(); a
                    // throw skips that, so wake the second here to see failed_.
                    if (threw) {
                        failed_ = true;
                        wakeup_.changed();
                    }
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
            const std::uint64_t seen = wakeup_.changes();
            const Stepped stepped = step(track, other);
            if (stepped == Stepped::Waits) {
                wakeup_.wait(seen, kLookAgain);
            } else {
                wakeup_.changed();  // a new count, steps handed on or taken, or the end
                if (stepped == Stepped::Ended) return;
            }
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
            if (at >= cap && !other_ended && other_count < share(other) && end > at) {
                // The second track ends when it sees this: tell it.
                if (!track.at_share.exchange(true)) wakeup_.changed();
                return Stepped::Waits;
            }
            if (cap < end) end = cap;
        }
        if (at >= end) return end_here(Limit::Positions);
        if (&track == &first_ && relay_.full() && !second_.ended.load()) return Stepped::Waits;
        const Stepped stepped = advance(track, std::min(kStep, end - at));
        // What it handed on goes over before the second track can see it end.
        if (&track == &first_) relay_.flush();
        track.count.store(track.positions());
        track.bytes.store(track.search->bytes());
        if (track.verdict != Verdict::Undecided || track.limit != Limit::None) {
            if (track.decides()) track.decided_at.store(track.positions());
            track.ended.store(true);
            return Stepped::Ended;
        }
        return stepped;
    }

    Stepped advance(Track& track, std::uint64_t slice) {
        const std::uint64_t target = track.positions() + slice;
        while (true) {
            if (track.relayed && !track.in_step) {
                // Read the first track's state before the relay: it hands on
                // its last step before it ends or waits at its share.
                const bool first_ended = first_.ended.load();
                const bool first_at_share = first_.at_share.load();
                Search::Cells before;
                Step handed;
                if (!relay_.pop(before, handed)) {
                    if (first_ended) {
                        // Every step handed on is searched: this half is, if the first
                        // track searched the positions before the rows are fixed to the end.
                        if (first_.exhausted()) {
                            track.verdict = Verdict::NoWin;
                        } else {
                            track.limit = Limit::Positions;
                        }
                        return Stepped::Ran;
                    }
                    if (first_at_share) {
                        track.limit = Limit::Positions;  // the first track waits for this one to end: end here
                        return Stepped::Ran;
                    }
                    return Stepped::Waits;
                }
                track.search->enter(before, handed);
                track.in_step = true;
            }
            track.search->stop_when(&failed_);
            const Verdict verdict = track.search->run(target - track.earlier);
            track.peak = std::max(track.peak, track.search->peak_bytes());
            if (verdict == Verdict::Undecided && track.search->limit() == Limit::Positions) return Stepped::Ran;
            if (verdict == Verdict::NoWin && track.relayed) {
                track.in_step = false;  // on to the next step handed on
                if (track.positions() >= target) return Stepped::Ran;
                continue;
            }
            if (verdict == Verdict::NoWin && track.twos >= 0 && track.half >= 0) {
                // The search with few moves of placed 2s is exhausted: on to the
                // other half, the steps the first track hands on.
                track.earlier += track.search->positions();
                track.search.reset();  // its table goes before the next one comes
                track.twos = -1;
                track.search = make(-1, track.half);
                track.relayed = true;
                if (track.positions() >= target) return Stepped::Ran;
                continue;
            }
            // A line, a half exhausted, or a limit of its own.
            track.verdict = verdict;
            track.limit = verdict == Verdict::Undecided ? track.search->limit() : Limit::None;
            return Stepped::Ran;
        }
    }

    void report() {
        progress_.report(first_.count.load() + second_.count.load(),
                         first_.bytes.load() + second_.bytes.load() + relay_.bytes(), first_.count.load(),
                         second_.count.load());
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
        result.peak_bytes = first_.peak + second_.peak + relay_.peak_bytes();
        result.seconds = since(started_);
        if (first) {
            result.verdict = first->verdict;
            result.limit = Limit::None;
            result.line = first->search->line();
            if (first == &second_ && second_.relayed) {
                // A line from a step handed on: the first track's line to the
                // position it came from, then the step and the rest.
                const std::vector<Action> before = first->search->actions(relay_.line());
                result.line.insert(result.line.begin(), before.begin(), before.end());
            }
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
    Relay relay_;
    std::atomic<bool> failed_{false};  // a thread threw: end the other too (side_by_side throws it on)
    Wakeup wakeup_;
    Progress progress_;
};

}  // namespace

SolveResult solve_on_two_tracks(const Game& game, const SolveLimits& limits, Clock::time_point started) {
    return TwoTracks(game, limits, started).run();
}

}  // namespace addiction::solver
