// Two searches at once: the solver's two tracks (tracks.cpp) and the fair
// player's two searches a phase (strategies.cpp) each run a pair this way.
#pragma once

#include <exception>
#include <thread>

namespace addiction::solver {

// Runs `first` here and `second` on a thread of its own, and returns once both
// have ended. `first_ended(threw)` is called as soon as the first has ended
// (tracks.cpp stops the second there); an exception from either is thrown on
// here after both have ended, the first's if both threw.
template <typename First, typename Second, typename FirstEnded>
void side_by_side(First&& first, Second&& second, FirstEnded&& first_ended) {
    std::exception_ptr failure;
    std::thread other([&] {
        try {
            second();
        } catch (...) {
            failure = std::current_exception();
        }
    });
    try {
        first();
    } catch (...) {
        first_ended(true);
        other.join();
        throw;
    }
    first_ended(false);
    other.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace addiction::solver
