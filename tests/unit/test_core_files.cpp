#include <doctest/doctest.h>

#include <sys/stat.h>

#include <chrono>
#include <mutex>
#include <string>
#include <thread>

#include "core_helpers.hpp"
#include "error.hpp"
#include "files.hpp"

using namespace addiction;
using namespace addiction::cli;
using addiction::test::TempDir;
namespace fs = std::filesystem;

namespace {

// Sets the umask for one test.
class Umask {
public:
    explicit Umask(mode_t mask) : old_(::umask(mask)) {}
    ~Umask() { ::umask(old_); }
    Umask(const Umask&) = delete;
    Umask& operator=(const Umask&) = delete;

private:
    mode_t old_;
};

mode_t mode_of(const fs::path& path) {
    struct stat info {};
    REQUIRE(::stat(path.c_str(), &info) == 0);
    return info.st_mode & 0777;
}

}  // namespace

TEST_CASE("read_file gives the exact bytes, and names the file when it cannot") {
    TempDir dir;
    write_atomically(dir / "a.toml", std::string("one\r\ntwo\0three", 14));
    CHECK(read_file(dir / "a.toml") == std::string("one\r\ntwo\0three", 14));
    const std::string missing = "cannot read " + (dir / "missing").string();
    CHECK_THROWS_WITH_AS(read_file(dir / "missing"), doctest::Contains(missing.c_str()), Error);
    CHECK_THROWS_WITH_AS(read_file(dir.path()), doctest::Contains("it is a folder"), Error);
}

TEST_CASE("read_file refuses a device, and reads /dev/null as empty") {
    // /dev/zero never ends: read whole, it took memory until the system killed
    // the process. (The bound on a pipe that never ends: test_bad_files.)
    CHECK_THROWS_WITH_AS(read_file("/dev/zero"), doctest::Contains("cannot read /dev/zero: it is a device"), Error);
    CHECK(read_file("/dev/null").empty());
}

TEST_CASE("write_atomically replaces the file and leaves nothing else") {
    TempDir dir;
    write_atomically(dir / "game.toml", "first\n");
    write_atomically(dir / "game.toml", "second\n");
    CHECK(read_file(dir / "game.toml") == "second\n");
    CHECK(dir.names() == std::vector<std::string>{"game.toml"});
}

TEST_CASE("a PendingWrite replaces the file only when committed, and leaves no temporary file either way") {
    TempDir dir;
    write_atomically(dir / "game.toml", "first\n");
    {
        PendingWrite pending(dir / "game.toml", "second\n");
        CHECK(dir.names().size() == 2);  // the temporary file, written
        CHECK(read_file(dir / "game.toml") == "first\n");
    }
    CHECK(read_file(dir / "game.toml") == "first\n");
    CHECK(dir.names() == std::vector<std::string>{"game.toml"});
    PendingWrite pending(dir / "game.toml", "third\n");
    pending.commit();
    CHECK(read_file(dir / "game.toml") == "third\n");
    CHECK(dir.names() == std::vector<std::string>{"game.toml"});
}

TEST_CASE("write_atomically replaces only a regular file: a pipe or a folder stays") {
    TempDir dir;
    REQUIRE(::mkfifo((dir / "pipe").c_str(), 0600) == 0);
    const std::string refused = "cannot replace " + (dir / "pipe").string() + ": it is a pipe, not a file";
    CHECK_THROWS_WITH_AS(write_atomically(dir / "pipe", "text\n"), doctest::Contains(refused.c_str()), Error);
    fs::create_directory(dir / "folder");
    CHECK_THROWS_WITH_AS(write_atomically(dir / "folder", "text\n"), doctest::Contains("it is a folder, not a file"),
                         Error);
    CHECK(fs::is_fifo(dir / "pipe"));
    CHECK(fs::is_directory(dir / "folder"));
    CHECK(dir.names() == std::vector<std::string>{"folder", "pipe"});  // no temporary file left
}

TEST_CASE("write_atomically gives the file 0666 less the umask, not mkstemp's 0600") {
    TempDir dir;
    {
        Umask mask(022);
        write_atomically(dir / "a", "x");
    }
    CHECK(mode_of(dir / "a") == 0644);
    {
        Umask mask(002);
        write_atomically(dir / "b", "x");
    }
    CHECK(mode_of(dir / "b") == 0664);
}

TEST_CASE("a failed write_atomically keeps the old file and leaves no temporary file") {
    TempDir dir;
    // The target is a folder: the rename fails after the temporary file is written.
    fs::create_directory(dir / "game.toml");
    write_atomically(dir / "keep", "old");
    CHECK_THROWS_WITH_AS(write_atomically(dir / "game.toml", "new"), doctest::Contains("cannot replace"), Error);
    CHECK(fs::is_directory(dir / "game.toml"));
    CHECK(dir.names() == std::vector<std::string>{"game.toml", "keep"});
    // No folder to write in: nothing is made anywhere.
    CHECK_THROWS_WITH_AS(write_atomically(dir / "none" / "game.toml", "new"),
                         doctest::Contains("cannot write a temporary file in"), Error);
    CHECK(read_file(dir / "keep") == "old");
    CHECK(dir.names() == std::vector<std::string>{"game.toml", "keep"});
}

TEST_CASE("two holders of the lock take turns") {
    TempDir dir;
    const fs::path game = dir / "game.toml";
    std::mutex mutex;
    std::string trace;
    auto note = [&](const char* what) {
        std::lock_guard lock(mutex);
        trace += what;
    };
    std::thread second;
    {
        FileLock first(game);
        note("1");
        second = std::thread([&] {
            FileLock lock(game);  // blocks until the first lets go
            note("3");
        });
        // Give the second holder time to run ahead if the lock let it.
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        note("2");
    }
    second.join();
    CHECK(trace == "123");
    CHECK(dir.names().empty());  // the folder is locked: no lock file left behind
}

TEST_CASE("taking the lock removes the temporary files of killed saves, and only those") {
    TempDir dir;
    write_atomically(dir / ".game.toml.tmp.AbC123", "left by a killed save");
    write_atomically(dir / ".game.toml.tmp.short", "not mkstemp's");
    write_atomically(dir / ".other.toml.tmp.AbC123", "another file's");
    { FileLock lock(dir / "game.toml"); }
    CHECK(dir.names() == std::vector<std::string>{".game.toml.tmp.short", ".other.toml.tmp.AbC123"});
}

TEST_CASE("write_atomically writes through a chain of links and leaves them links") {
    TempDir dir;
    fs::create_directory(dir / "real");
    write_atomically(dir / "real" / "game.toml", "old\n");
    fs::create_symlink("real/game.toml", dir / "one.toml");
    fs::create_symlink(dir / "one.toml", dir / "two.toml");
    CHECK(resolve_links(dir / "two.toml") == dir / "real" / "game.toml");
    write_atomically(dir / "two.toml", "new\n");
    CHECK(fs::is_symlink(dir / "one.toml"));
    CHECK(fs::is_symlink(dir / "two.toml"));
    CHECK(read_file(dir / "real" / "game.toml") == "new\n");
    CHECK(dir.names() == std::vector<std::string>{"one.toml", "real", "two.toml"});
    // A link to a file not there yet: the file appears at the link's end.
    fs::create_symlink("real/later.toml", dir / "later.toml");
    write_atomically(dir / "later.toml", "x");
    CHECK(fs::is_symlink(dir / "later.toml"));
    CHECK(read_file(dir / "real" / "later.toml") == "x");
}

TEST_CASE("write_atomically keeps the permission bits of the file it replaces") {
    Umask mask(022);
    TempDir dir;
    write_atomically(dir / "game.toml", "one");
    fs::permissions(dir / "game.toml", fs::perms(0600));
    write_atomically(dir / "game.toml", "two");
    CHECK(mode_of(dir / "game.toml") == 0600);
    fs::permissions(dir / "game.toml", fs::perms(0664));
    write_atomically(dir / "game.toml", "three");
    CHECK(mode_of(dir / "game.toml") == 0664);
}

TEST_CASE("is_read_only looks at the mode bits") {
    TempDir dir;
    write_atomically(dir / "game.toml", "x");
    CHECK_FALSE(is_read_only(dir / "game.toml"));
    fs::permissions(dir / "game.toml", fs::perms(0444));
    CHECK(is_read_only(dir / "game.toml"));
    CHECK_FALSE(is_read_only(dir / "none.toml"));
}
