// A status line on a terminal for a long command (solve): what it is doing,
// redrawn in place, and gone before the command's own output.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>

#include "streams.hpp"

namespace addiction::cli {

// A status line on stderr, redrawn in place with \r, when stderr is a terminal;
// nothing at all otherwise. Plain text and spaces only, so it also works on a
// dumb terminal. Safe to call from several threads.
class StatusLine {
public:
    StatusLine();
    ~StatusLine() { clear(); }
    StatusLine(const StatusLine&) = delete;
    StatusLine& operator=(const StatusLine&) = delete;

    bool on() const { return on_; }

    // Shows the text built by make() unless the line was drawn less than a
    // quarter of a second ago (always with force).
    template <class Make>
    void show(Make make, bool force = false) {
        if (!on_) return;
        std::lock_guard lock(mutex_);
        const auto now = std::chrono::steady_clock::now();
        if (!force && drawn_ && now - last_ < std::chrono::milliseconds(250)) return;
        last_ = now;
        drawn_ = true;
        draw(make());
    }

    // Erases the line, so that the next output starts on a clean row. Two
    // columns more: the terminal echoes a Ctrl-C as ^C after the line.
    void clear();

private:
    void draw(std::string text);  // with mutex_ held
    static std::size_t width();   // the terminal's columns

    bool on_;
    std::mutex mutex_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point last_;
    std::size_t width_ = 0;
};

// 1234 -> "1234", 123456 -> "123k", 4567890 -> "4.57M": short enough for a status line.
std::string short_count(double n);

// 42 -> "42 s", 754 -> "12 min 34 s", 7384 -> "2 h 3 min".
std::string duration(double seconds);

}  // namespace addiction::cli
