// Ctrl-C (SIGINT) and SIGTERM as a request to stop, for a long command (solve):
// it stops its searches, says what it found so far and exits as interrupted,
// instead of dying with its results unsaid.
#pragma once

#include <atomic>
#include <csignal>

namespace addiction::cli {

// Set by SIGINT or SIGTERM while a StopOnSignal lives; a search polls it
// (SolveLimits::stop) and stops within a fraction of a second.
extern std::atomic<bool> interrupted;

// Catches SIGINT and SIGTERM while it lives and restores what was there before.
// A signal the process was started with ignored (nohup, a background job of a
// script) stays ignored.
class StopOnSignal {
public:
    StopOnSignal() : int_(SIGINT), term_(SIGTERM) {}

private:
    class Catch {
    public:
        explicit Catch(int signal);
        ~Catch();
        Catch(const Catch&) = delete;
        Catch& operator=(const Catch&) = delete;

    private:
        int signal_;
        struct sigaction old_ {};
        bool caught_ = false;
    };
    Catch int_;
    Catch term_;
};

}  // namespace addiction::cli
