#include "stop_signal.hpp"

#include <cstdint>
#include <ctime>

namespace addiction::cli {

std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler may only touch a lock-free atomic");

namespace {

// When the first stop signal came (CLOCK_MONOTONIC, ns), 0 before.
std::atomic<std::int64_t> first_signal_at{0};
static_assert(std::atomic<std::int64_t>::is_always_lock_free, "a signal handler may only touch a lock-free atomic");

// Sets the flag. A second signal ends the process as usual, for a user who does
// not want to wait, unless it comes within half a second of the first: that is
// the same request sent twice. timeout(1) signals the command and then its
// process group, so `timeout 3600 addiction solve --deals ...` was killed by its
// own second SIGTERM one time in five, its summary lost. Only async-signal-safe
// calls here.
extern "C" void on_stop_signal(int signal) {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    const std::int64_t at = std::int64_t{now.tv_sec} * 1'000'000'000 + now.tv_nsec;
    std::int64_t first = 0;
    if (first_signal_at.compare_exchange_strong(first, at)) {
        interrupted.store(true);
        return;
    }
    if (at - first < 500'000'000) return;
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

}  // namespace

StopOnSignal::Catch::Catch(int signal) : signal_(signal) {
    sigaction(signal_, nullptr, &old_);
    if (old_.sa_handler == SIG_IGN) return;
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    // SA_RESTART: a write to the terminal (the status line) that the signal
    // lands in goes on, where it failed with EINTR and fmt made that an
    // "internal error" in place of the interrupted summary.
    action.sa_flags = SA_RESTART;
    caught_ = sigaction(signal_, &action, nullptr) == 0;
}

// Once a stop signal came, the handler stays: the command is ending, and
// timeout(1)'s second SIGTERM could land after the summary was printed but
// before the exit, ending the process by the signal (exit 143, not 4: one run
// of test_solve_interrupt in ten).
StopOnSignal::Catch::~Catch() {
    if (caught_ && !interrupted.load()) sigaction(signal_, &old_, nullptr);
}

}  // namespace addiction::cli
