// Files on disk: reading one whole, replacing one atomically, appending a line,
// and a lock so that read-modify-write invocations take turns. Plain POSIX;
// nothing game-specific.
#pragma once

#include <filesystem>
#include <string>

namespace addiction::cli {

// A file's exact bytes; throws Error "cannot read PATH: why".
std::string read_file(const std::filesystem::path& path);
// The same, with "-" for standard input.
std::string read_input_file(const std::string& path);

// Writes `text` to a temporary file beside `path`, fsyncs it, renames it over
// `path` and fsyncs the folder: a crash leaves the old file or the new, never a
// torn one. The new file gets 0666 less the umask. Throws Error; on failure the
// old file is untouched and the temporary file removed.
void write_atomically(const std::filesystem::path& path, const std::string& text);

// Appends `line` and a newline in one write, then fsyncs. A last line left
// unfinished (an append that was killed) is ended first, so it stays one damaged
// line instead of spoiling this one. Creates the file, not its folder; the
// caller holds a FileLock on `path`. Throws Error.
void append_line(const std::filesystem::path& path, const std::string& line);

// Creates the folder `path` goes in, with its parents; throws Error.
void create_parent_folder(const std::filesystem::path& path);

// Holds an exclusive advisory lock (flock) on "<path>.lock" for its lifetime, so
// read-modify-write invocations on one file take turns. Readers need no lock:
// saves replace the file by rename, so a reader sees the old or the new file.
// Once it holds the lock it removes temporary files left by saves that were
// killed: every save happens under the lock, so no live one can own them.
class FileLock {
public:
    explicit FileLock(const std::filesystem::path& path);
    ~FileLock();
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

private:
    int fd_ = -1;
};

}  // namespace addiction::cli
