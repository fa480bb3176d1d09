#include "files.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string_view>
#include <vector>

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

// Every file read whole is read this far at most: a game file is a few KB, and
// the biggest this program writes (a record of a life's games, a batch's
// lines to resume) stay far below. Without a bound, `-f /dev/zero` or a pipe
// that never ends took memory until the system killed the process.
constexpr std::size_t kMostBytes = std::size_t{256} << 20;

std::string read_bounded(std::istream& in, const std::string& name) {
    std::string text;
    char chunk[1 << 16];
    while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
        text.append(chunk, static_cast<std::size_t>(in.gcount()));
        if (text.size() > kMostBytes)
            throw Error(fmt::format("cannot read {}: it is larger than {} MB, which no file of addiction is", name,
                                    kMostBytes >> 20));
    }
    return text;
}

// What is at a path that is not a regular file, for a message.
std::string_view kind_of(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
    if (S_ISFIFO(mode)) return "a pipe";
    if (S_ISSOCK(mode)) return "a socket";
    return "something else";
}

// Whether a device's number is /dev/null's (its mode is the caller's to test).
bool null_device(const struct stat& st) {
    struct stat null {};
    return ::stat("/dev/null", &null) == 0 && st.st_rdev == null.st_rdev;
}

}  // namespace

std::string other_than_file(const fs::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return "";
    return std::string(kind_of(st.st_mode));
}

fs::path resolve_links(const fs::path& path) {
    fs::path real = path;
    // A chain of links ends at the file; 40 hops is the kernel's own limit (ELOOP).
    for (int hops = 0; hops < 40; ++hops) {
        std::error_code ec;
        if (!fs::is_symlink(real, ec)) return real;
        fs::path target = fs::read_symlink(real, ec);
        if (ec) throw Error(fmt::format("cannot follow the link {}: {}", real.string(), ec.message()));
        real = target.is_absolute() ? target : folder_of(real) / target;
    }
    throw Error(fmt::format("cannot follow the link {}: too many levels of links", path.string()));
}

bool is_read_only(const fs::path& path) {
    struct stat st {};
    // The mode bits, not access(): root may write anything, but a file the user
    // made read-only says "do not change me" to root as well.
    // A file without read bits either is refused when read, with its own message.
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && (st.st_mode & 0222) == 0 &&
           (st.st_mode & 0444) != 0;
}

std::string read_file(const fs::path& path) {
    // One stat for what the path is (a file it cannot tell of is left to the
    // open below, which says why).
    struct stat st {};
    const bool known = ::stat(path.c_str(), &st) == 0;
    if (known && S_ISDIR(st.st_mode)) throw Error(fmt::format("cannot read {}: it is a folder", path.string()));
    // A device is no file to read whole: /dev/zero never ends. (A pipe may be:
    // `--from <(command)`; and /dev/null reads as empty, as ADDICTION_RECORD
    // pointed there does.)
    if (known && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) && !null_device(st))
        throw Error(fmt::format("cannot read {}: it is a device, not a file", path.string()));
    std::ifstream in(path, std::ios::binary);
    if (!in) throw system_error("read", path);
    std::string text = read_bounded(in, path.string());
    if (in.bad()) throw system_error("read", path);
    return text;
}

std::string read_folder_file(const fs::path& path) {
    if (const std::string other = other_than_file(path); !other.empty())
        throw Error(fmt::format("cannot read {}: it is {}, not a file", path.string(), other));
    return read_file(path);
}

std::string read_kept_file(const fs::path& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)))
        throw Error(fmt::format("cannot read {}: it is {}, not a file", path.string(), kind_of(st.st_mode)));
    return read_file(path);
}

std::string read_input_file(const std::string& path) {
    if (path == "-") return read_bounded(std::cin, "standard input");
    return read_file(path);
}

std::vector<fs::path> toml_files_in(const fs::path& folder, std::error_code& unreadable) {
    std::vector<fs::path> files;
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".toml") files.push_back(it->path());
    }
    unreadable = ec == std::errc::no_such_file_or_directory ? std::error_code() : ec;
    std::sort(files.begin(), files.end());
    return files;
}

bool file_exists(const fs::path& path) {
    std::error_code ec;
    const bool there = fs::exists(path, ec);
    if (ec) throw Error(fmt::format("cannot read {}: {}", path.string(), ec.message()));
    return there;
}

void refuse_other_than_file(const fs::path& path) {
    // A rename over /dev/null (ADDICTION_FILE or -o pointed there, run as root)
    // put a regular file in the device's place. stat() follows the links itself,
    // /proc/self/fd's too.
    if (const std::string other = other_than_file(path); !other.empty())
        throw Error(fmt::format("cannot replace {}: it is {}, not a file", path.string(), other));
}

PendingWrite::PendingWrite(const fs::path& given, const std::string& text) {
    refuse_other_than_file(given);  // only a regular file is replaced
    // Through a link (or a chain of them): the real file is replaced in its own
    // folder and the links stay links.
    path_ = resolve_links(given);
    folder_ = folder_of(path_);
    std::string temp = (folder_ / (temporary_prefix(path_) + "XXXXXX")).string();
    int fd = ::mkstemp(temp.data());
    if (fd < 0) throw system_error("write a temporary file in", folder_);
    // Closes (unless already closed) and removes the temporary file; the error names `what` failed.
    auto fail = [&](std::string_view what, const fs::path& subject, bool close) {
        Error error = system_error(what, subject);
        if (close) ::close(fd);
        ::unlink(temp.c_str());
        return error;
    };
    // The file being replaced keeps its permission bits, and its owner and group
    // where the process may give them (best effort, as cp -p). A new file is as
    // readable as any other, not mkstemp's 0600.
    struct stat old {};
    if (::stat(path_.c_str(), &old) == 0 && S_ISREG(old.st_mode)) {
        // Owner first: fchown may clear set-user-ID bits, which fchmod then restores.
        // Another owner or a group we are not in: the file becomes ours, as with any editor.
        if (::fchown(fd, old.st_uid, old.st_gid) != 0 && ::fchown(fd, static_cast<uid_t>(-1), old.st_gid) != 0)
            errno = 0;
        if (::fchmod(fd, old.st_mode & 07777) != 0) throw fail("set permissions on", temp, true);
    } else {
        mode_t mask = ::umask(0);
        ::umask(mask);
        if (::fchmod(fd, 0666 & ~mask) != 0) throw fail("set permissions on", temp, true);
    }
    if (!write_all(fd, text)) throw fail("write", temp, true);
    if (::fsync(fd) != 0) throw fail("sync", temp, true);
    if (::close(fd) != 0) throw fail("close", temp, false);
    temp_ = std::move(temp);
}

PendingWrite::~PendingWrite() {
    if (!temp_.empty()) ::unlink(temp_.c_str());
}

void PendingWrite::commit() {
    if (::rename(temp_.c_str(), path_.c_str()) != 0) {
        Error error = system_error("replace", path_);
        ::unlink(temp_.c_str());
        temp_.clear();
        throw error;
    }
    temp_.clear();
    // The rename is durable only once the folder is synced.
    int dir = ::open(folder_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

void write_atomically(const fs::path& path, const std::string& text) { PendingWrite(path, text).commit(); }

void require_removable(const fs::path& path, bool the_link) {
    // The kernel's own judgement, by the effective IDs: a folder without write
    // permission, or on a read-only file system, refuses. Root passes the first.
    const fs::path folder = folder_of(the_link ? path : resolve_links(path));
    if (::faccessat(AT_FDCWD, folder.c_str(), W_OK | X_OK, AT_EACCESS) != 0) throw system_error("remove", path);
}

namespace {

// The descriptor `path` names, or a link on the way to it does (/dev/stdout is a
// link to /proc/self/fd/1): -1 for none. Such a path opened again is the file
// the descriptor is open on, from its start and without its O_APPEND, and a
// rename over it replaced that file: `export -o /dev/stdout >> log` lost log.
int descriptor_named(fs::path path) {
    for (int hops = 0; hops < 40; ++hops) {
        const std::string text = path.lexically_normal().string();
        if (text == "/dev/stdout") return 1;
        if (text == "/dev/stderr") return 2;
        for (std::string_view folder : {"/dev/fd/", "/proc/self/fd/"}) {
            if (text.size() <= folder.size() || text.compare(0, folder.size(), folder) != 0) continue;
            int fd = -1;
            const char* first = text.data() + folder.size();
            const char* last = text.data() + text.size();
            if (auto [end, ec] = std::from_chars(first, last, fd); ec == std::errc{} && end == last) return fd;
        }
        std::error_code ec;
        if (!fs::is_symlink(path, ec)) return -1;
        const fs::path target = fs::read_symlink(path, ec);
        if (ec) return -1;
        path = target.is_absolute() ? target : folder_of(path) / target;
    }
    return -1;
}

}  // namespace

bool written_into(const fs::path& path) {
    if (descriptor_named(path) >= 0) return true;
    struct stat there {};
    return ::stat(path.c_str(), &there) == 0 && !S_ISREG(there.st_mode) && !S_ISDIR(there.st_mode);
}

void write_output(const fs::path& path, const std::string& text) {
    if (const int fd = descriptor_named(path); fd >= 0) {
        if (!write_all(fd, text)) throw system_error("write to", path);
        return;
    }
    struct stat there {};
    if (::stat(path.c_str(), &there) != 0 || S_ISREG(there.st_mode) || S_ISDIR(there.st_mode)) {
        // The user's "keep it", as for a game file: root could replace it.
        if (is_read_only(path)) throw Error(fmt::format("cannot replace {}: it is read-only", path.string()));
        write_atomically(path, text);  // a folder: its refusal
        return;
    }
    // A device, a pipe, /dev/stdout: written into, as a shell's > does.
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) throw system_error("open", path);
    if (!write_all(fd, text)) {
        Error error = system_error("write to", path);
        ::close(fd);
        throw error;
    }
    ::close(fd);
}

RecordLock::RecordLock(const fs::path& path) : path_(path) {
    // A file that is only ever appended to is never replaced, so it can carry its
    // own lock (a lock on its folder could be one the caller already holds, for a
    // game file in the same folder). If the file was moved aside while we waited
    // (stats --reset), lock the new one instead.
    for (;;) {
        fd_ = ::open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
        if (fd_ < 0) throw system_error("open", path);
        while (::flock(fd_, LOCK_EX) != 0) {
            if (errno != EINTR) {
                Error error = system_error("lock", path);
                ::close(fd_);
                throw error;
            }
        }
        struct stat held {};
        struct stat now {};
        if (::fstat(fd_, &held) == 0 && ::stat(path.c_str(), &now) == 0 && held.st_dev == now.st_dev &&
            held.st_ino == now.st_ino)
            return;
        ::close(fd_);
    }
}

RecordLock::~RecordLock() { ::close(fd_); }

void RecordLock::append(const std::string& line) {
    std::string text = line + "\n";
    struct stat st {};
    if (::fstat(fd_, &st) != 0) throw system_error("append to", path_);
    // /dev/null takes the line and keeps nothing (a record switched off, as
    // addiction(5) says); it cannot be synced. Any other device, a pipe or a
    // socket keeps no record and would take the line where nobody reads it.
    if (!S_ISREG(st.st_mode)) {
        if (S_ISCHR(st.st_mode) && null_device(st)) return;
        throw Error(fmt::format("cannot append to {}: it is {}, not a file", path_.string(), kind_of(st.st_mode)));
    }
    char last = '\n';
    if (st.st_size > 0 && ::pread(fd_, &last, 1, st.st_size - 1) == 1 && last != '\n') text.insert(text.begin(), '\n');
    if (!write_all(fd_, text) || ::fsync(fd_) != 0) throw system_error("append to", path_);
}

void RecordLock::replace(const std::string& text) {
    remove_stale_temporaries(path_);
    if (!text.empty()) {
        write_atomically(path_, text);
        return;
    }
    if (::unlink(path_.c_str()) != 0 && errno != ENOENT) throw system_error("remove", path_);
}

void append_line(const fs::path& path, const std::string& line) { RecordLock(path).append(line); }

std::string folder_problem(const fs::path& path) {
    std::error_code ec;
    for (fs::path up = path.parent_path(); !up.empty(); up = up.parent_path()) {
        const fs::file_status status = fs::symlink_status(up, ec);
        if (fs::is_symlink(status) && !fs::exists(up, ec)) return fmt::format("{} is a link to nothing", up.string());
        if (fs::exists(status)) return fs::is_directory(up, ec) ? "" : fmt::format("{} is not a folder", up.string());
        if (up == up.parent_path()) break;
    }
    return "";
}

void create_parent_folder(const fs::path& path) {
    if (!path.has_parent_path()) return;
    if (std::string problem = folder_problem(path); !problem.empty())
        throw Error(fmt::format("cannot make a file at {}: {}", path.string(), problem));
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) throw Error(fmt::format("cannot create {}: {}", path.parent_path().string(), ec.message()));
}

FileLock::FileLock(const fs::path& given) {
    // The lock is on the real file's folder, which the rename leaves in place: no
    // lock file to leave behind, and a killed holder's lock goes with its process.
    const fs::path path = resolve_links(given);
    const fs::path folder = folder_of(path);
    fd_ = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd_ < 0) throw system_error("open the folder", folder);
    while (::flock(fd_, LOCK_EX) != 0) {
        if (errno != EINTR) {
            Error error = system_error("lock the folder", folder);
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
