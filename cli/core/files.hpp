// Files on disk: reading one whole, replacing one atomically, appending a line,
// and a lock so that read-modify-write invocations take turns. Plain POSIX;
// nothing game-specific.
#pragma once

#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

namespace addiction::cli {

// A file's exact bytes; throws Error "cannot read PATH: why".
std::string read_file(const std::filesystem::path& path);
// The same, with "-" for standard input.
std::string read_input_file(const std::string& path);
// The same for a file found in a folder (a rule set, a deal): anything but a
// regular file is refused, /dev/null and a pipe too ("cannot read PATH: it is a
// pipe, not a file"), where read_file reads a pipe given as --from <(command).
std::string read_folder_file(const std::filesystem::path& path);
// The same for a file the program appends to (the record, the help notes): a
// pipe or a socket is refused (reading one waits for ever), /dev/null reads as
// empty (a record switched off), other devices are refused as read_file does.
std::string read_kept_file(const std::filesystem::path& path);

// The entries named *.toml in `folder`, sorted: the user's deals and rule sets,
// the named games. Not only regular files: a folder, a device, a pipe or a link
// to nothing is there too, for its reader (read_folder_file) to say what it is;
// left out, it vanished from the listing without a word. None when the folder is not there; when it is there but
// cannot be read, `unreadable` says why, for the caller to say (it must not pass
// for an empty folder).
std::vector<std::filesystem::path> toml_files_in(const std::filesystem::path& folder, std::error_code& unreadable);

// Whether anything is at `path`; throws Error "cannot read PATH: why" when that
// cannot be told (a folder on the way that may not be searched), so that a file
// out of reach is never taken for one not there.
bool file_exists(const std::filesystem::path& path);

// "a folder", "a pipe", "a device" or "a socket" for what is at `path` (links
// followed) when it is there and is not a regular file; else "".
std::string other_than_file(const std::filesystem::path& path);

// Throws Error "cannot replace PATH: it is a pipe, not a file" when `path` is
// there and is not a regular file (links followed): what write_atomically refuses.
void refuse_other_than_file(const std::filesystem::path& path);

// `path` with its symbolic links followed (a chain too), up to the first part
// that is not a link: the file a save must replace. It need not exist.
std::filesystem::path resolve_links(const std::filesystem::path& path);

// True when `path` is a regular file with read bits but no write bit: the
// user's "keep it", honoured even by root (mode bits, not access()).
bool is_read_only(const std::filesystem::path& path);

// Writes `text` to a temporary file beside the file `path` (links followed),
// fsyncs it, renames it over that file and fsyncs the folder: a crash leaves the
// old file or the new, never a torn one, and the links stay links. The file keeps
// its permission bits (and owner and group where allowed); a new one gets 0666
// less the umask. Throws Error; on failure the old file is untouched and the
// temporary file removed.
// A path that is there but is not a regular file (a device such as /dev/null, a
// pipe, a folder) is refused: "cannot replace PATH: it is a device, not a file".
void write_atomically(const std::filesystem::path& path, const std::string& text);

// write_atomically in two steps, for what must happen only if the write can
// (the record of the replaced game's end): the constructor writes the temporary
// file (where room and permission fail), commit() renames it over the file. One
// never committed leaves no temporary file. Throws Error.
class PendingWrite {
public:
    PendingWrite(const std::filesystem::path& path, const std::string& text);
    ~PendingWrite();
    PendingWrite(const PendingWrite&) = delete;
    PendingWrite& operator=(const PendingWrite&) = delete;
    void commit();

private:
    std::filesystem::path path_;
    std::filesystem::path folder_;
    std::string temp_;
};

// Throws Error "cannot remove PATH: why" when the file's folder would refuse
// its removal (no write permission, a read-only file system): asked before the
// removal is recorded. The link's own folder for `the_link` (a link to
// nothing goes itself), else the folder of the file it leads to.
void require_removable(const std::filesystem::path& path, bool the_link = false);

// An output named by the user (-o FILE): a regular file, or none yet, is
// replaced atomically as above, unless read-only (refused); a device or a pipe
// (a FIFO, /dev/tty) is written into as it is, as a shell's > would, and a name
// of one of this process's descriptors (/dev/stdout, /dev/fd/N) through the
// descriptor itself. Throws Error.
void write_output(const std::filesystem::path& path, const std::string& text);
// Whether write_output writes into `path` as it is (a device, a pipe, a
// descriptor's name) rather than replacing a file there.
bool written_into(const std::filesystem::path& path);

// Holds an exclusive flock on a file that is only ever appended to (the record),
// on the file itself, created if missing; when the file is moved aside while
// waiting, the new file at `path` is locked instead. Not the game's FileLock: that
// one locks a folder, which may hold the record too.
class RecordLock {
public:
    explicit RecordLock(const std::filesystem::path& path);
    ~RecordLock();
    RecordLock(const RecordLock&) = delete;
    RecordLock& operator=(const RecordLock&) = delete;

    // Appends `line` and a newline in one write, then fsyncs. A last line left
    // unfinished (an append that was killed) is ended first, so it stays one
    // damaged line instead of spoiling this one. Throws Error.
    void append(const std::string& line);
    // Replaces the whole file with `text` (write_atomically), or removes it when
    // `text` is empty: for a file of notes that are dropped once used. Waiters
    // then lock the new file. Temporary files of a replace that was killed go
    // first: every replace happens under this lock. Throws Error.
    void replace(const std::string& text);

private:
    std::filesystem::path path_;
    int fd_ = -1;
};

// RecordLock(path).append(line): creates the file, not its folder.
void append_line(const std::filesystem::path& path, const std::string& line);

// Why no file can be made at `path`, from its folders: "F is not a folder" or
// "F is a link to nothing" for the nearest of them that is there; "" when they
// are folders (or none is there yet).
std::string folder_problem(const std::filesystem::path& path);

// Creates the folder `path` goes in, with its parents; throws Error.
void create_parent_folder(const std::filesystem::path& path);

// Holds an exclusive advisory lock (flock) on the folder of the file `path`
// (links followed) for its lifetime, so read-modify-write invocations on one file
// take turns. The folder is never replaced, so the lock needs no file of its own. Readers need no lock:
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
