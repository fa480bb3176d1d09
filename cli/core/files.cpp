#include "files.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string_view>

#include <fmt/format.h>

#include "error.hpp"

namespace addiction::cli {
namespace fs = std::filesystem;

namespace {

Error system_error(std::string_view what, const fs::path& path) {
    return Error(fmt::format("cannot {} {}: {}", what, path.string(), std::strerror(errno)));
}

fs::path folder_of(const fs::path& path) {
    return path.parent_path().empty() ? fs::path(".") : path.parent_path();
}

std::string temporary_prefix(const fs::path& path) { return "." + path.filename().string() + ".tmp."; }

// Every save takes the lock before it makes its temporary file and renames or
// removes it before letting go, so a temporary file seen while holding the lock
// belongs to a save that was killed (SIGKILL, power cut). Removing it is best
// effort: a leftover wastes space but never blocks or confuses a save.
void remove_stale_temporaries(const fs::path& path) {
    const std::string prefix = temporary_prefix(path);
    const std::size_t length = prefix.size() + 6;  // mkstemp's XXXXXX
    std::error_code ec;
    for (fs::directory_iterator it(folder_of(path), ec), end; !ec && it != end; it.increment(ec)) {
        std::string name = it->path().filename().string();
        std::error_code ignored;
        if (name.size() == length && name.starts_with(prefix) && it->is_regular_file(ignored))
            fs::remove(it->path(), ignored);
    }
}

// Writes all of `text` to `fd`, retrying short writes; false with errno set on failure.
bool write_all(int fd, std::string_view text) {
    while (!text.empty()) {
        ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

}  // namespace

std::string read_file(const fs::path& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) throw Error(fmt::format("cannot read {}: it is a folder", path.string()));
    std::ifstream in(path, std::ios::binary);
    if (!in) throw system_error("read", path);
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw system_error("read", path);
    return text.str();
}

std::string read_input_file(const std::string& path) {
    if (path == "-") return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return read_file(path);
}

void write_atomically(const fs::path& path, const std::string& text) {
    fs::path folder = folder_of(path);
    std::string temp = (folder / (temporary_prefix(path) + "XXXXXX")).string();
    int fd = ::mkstemp(temp.data());
    if (fd < 0) throw system_error("write a temporary file in", folder);
    // Closes (unless already closed) and removes the temporary file; the error names `what` failed.
    auto fail = [&](std::string_view what, const fs::path& subject, bool close) {
        Error error = system_error(what, subject);
        if (close) ::close(fd);
        ::unlink(temp.c_str());
        return error;
    };
    // mkstemp makes the file private; a game file is as readable as any other.
    mode_t mask = ::umask(0);
    ::umask(mask);
    if (::fchmod(fd, 0666 & ~mask) != 0) throw fail("set permissions on", temp, true);
    if (!write_all(fd, text)) throw fail("write", temp, true);
    if (::fsync(fd) != 0) throw fail("sync", temp, true);
    if (::close(fd) != 0) throw fail("close", temp, false);
    if (::rename(temp.c_str(), path.c_str()) != 0) throw fail("replace", path, false);
    // The rename is durable only once the folder is synced.
    int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

void append_line(const fs::path& path, const std::string& line) {
    const int fd = ::open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) throw system_error("open", path);
    std::string text = line + "\n";
    struct stat st {};
    char last = '\n';
    if (::fstat(fd, &st) == 0 && st.st_size > 0 && ::pread(fd, &last, 1, st.st_size - 1) == 1 && last != '\n')
        text.insert(text.begin(), '\n');
    if (!write_all(fd, text) || ::fsync(fd) != 0) {
        Error error = system_error("append to", path);
        ::close(fd);
        throw error;
    }
    if (::close(fd) != 0) throw system_error("close", path);
}

void create_parent_folder(const fs::path& path) {
    if (!path.has_parent_path()) return;
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) throw Error(fmt::format("cannot create {}: {}", path.parent_path().string(), ec.message()));
}

FileLock::FileLock(const fs::path& path) {
    fs::path lock = path;
    lock += ".lock";
    fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw system_error("create the lock file", lock);
    while (::flock(fd_, LOCK_EX) != 0) {
        if (errno != EINTR) {
            Error error = system_error("lock", lock);
            ::close(fd_);
            throw error;
        }
    }
    remove_stale_temporaries(path);
}

FileLock::~FileLock() {
    if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

}  // namespace addiction::cli
