#include "status_line.hpp"

#include <algorithm>

#include <sys/ioctl.h>
#include <unistd.h>

#include <fmt/format.h>

namespace addiction::cli {

StatusLine::StatusLine() : on_(isatty(STDERR_FILENO) == 1) {}

void StatusLine::draw(std::string text) {
    // A line longer than the terminal would wrap, and \r only goes back to its last row.
    if (const std::size_t columns = width(); columns > 1 && text.size() >= columns) text.resize(columns - 1);
    const std::size_t shown = text.size();
    if (shown < width_) text.append(width_ - shown, ' ');
    tell("\r{}", text);
    if (shown < width_) tell("\r{}", text.substr(0, shown));
    width_ = shown;
    std::fflush(stderr);
}

void StatusLine::clear() {
    if (!on_) return;
    std::lock_guard lock(mutex_);
    const std::size_t erased = std::max(width_, std::min(width_ + 2, width() - 1));  // never past the row's end
    if (width_ > 0) tell("\r{}\r", std::string(erased, ' '));
    width_ = 0;
    std::fflush(stderr);
}

std::size_t StatusLine::width() {
    winsize size{};
    if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    return 80;
}

std::string short_count(double n) {
    if (n < 10000) return fmt::format("{:.0f}", n);
    if (n < 1e6) return fmt::format("{:.0f}k", n / 1e3);
    if (n < 1e9) return fmt::format("{:.2f}M", n / 1e6);
    return fmt::format("{:.2f}G", n / 1e9);
}

std::string duration(double seconds) {
    const auto s = static_cast<long>(seconds + 0.5);
    if (s < 60) return fmt::format("{} s", s);
    if (s < 3600) return fmt::format("{} min {} s", s / 60, s % 60);
    return fmt::format("{} h {} min", s / 3600, s % 3600 / 60);
}

}  // namespace addiction::cli
