// Error: every failure the engine and the command line report to a user, and the
// one way to add context to it.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

namespace addiction {

// Every failure the engine reports to a user: a refused action, bad notation, a
// broken game file. The message is one line, ready to print after "addiction: ".
// The engine throws it and only the command line's top level catches it, so a
// refusal can never be half-applied: nothing is changed before the check passes.
struct Error : std::runtime_error {
    using std::runtime_error::runtime_error;
    // "context: cause", e.g. "rules.redeal: unknown redeal 'x'".
    Error(std::string_view context, const Error& cause)
        : std::runtime_error(std::string(context) + ": " + cause.what()) {}
};

// A syntax error in a file, whose message already starts "FILE:LINE:COLUMN:"; so
// in_file() does not name the file a second time.
struct SyntaxError : Error {
    using Error::Error;
};

// Runs `fn`; an Error it throws comes back as Error(context, error).
template <class Fn>
decltype(auto) with_context(std::string_view context, Fn&& fn) {
    try {
        return std::forward<Fn>(fn)();
    } catch (const Error& e) {
        throw Error(context, e);
    }
}

// Runs `fn`, which reads the file named `file`; an Error it throws comes back as
// "FILE: message", unless it is a SyntaxError, which names the file and place.
template <class Fn>
decltype(auto) in_file(std::string_view file, Fn&& fn) {
    try {
        return std::forward<Fn>(fn)();
    } catch (const SyntaxError&) {
        throw;
    } catch (const Error& e) {
        throw Error(file, e);
    }
}

}  // namespace addiction
