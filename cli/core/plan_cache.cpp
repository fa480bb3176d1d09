#include "plan_cache.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string_view>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "deal.hpp"
#include "error.hpp"
#include "files.hpp"
#include "paths.hpp"

namespace addiction::cli {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view kMagic = "addiction plan cache 1";
// A cache entry is a few kilobytes; anything much larger is not one of ours.
constexpr std::uintmax_t kLargestEntry = std::uintmax_t{1} << 20;

// The running binary's size and modification time: a rebuilt solver may plan
// differently, and its plans must not be taken for this one's.
std::string binary_identity() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return {};
    const auto size = fs::file_size(self, ec);
    if (ec) return {};
    const auto time = fs::last_write_time(self, ec);
    if (ec) return {};
    return fmt::format("{} {} {}", self.string(), size, time.time_since_epoch().count());
}

}  // namespace

PlanDiskCache::PlanDiskCache(fs::path folder, std::uintmax_t limit_bytes)
    : folder_(std::move(folder)), limit_bytes_(limit_bytes), binary_(binary_identity()) {}

std::optional<fs::path> PlanDiskCache::default_folder() {
    // Anything but on or off is refused, not taken for on: "OFF", "0" or "no" kept
    // a cache the user meant to turn off.
    if (const char* set = std::getenv("ADDICTION_CACHE"); set && *set) {
        const std::string_view value = set;
        if (value == "off") return std::nullopt;
        if (value != "on") throw Error(fmt::format("ADDICTION_CACHE must be 'on' or 'off', not '{}'", value));
    }
    const fs::path cache = xdg_dir("XDG_CACHE_HOME", ".cache");
    if (cache.empty()) return std::nullopt;
    return cache / "addiction" / "plans";
}

fs::path PlanDiskCache::entry(const std::string& key) const {
    return folder_ / fmt::format("{:016x}.plan", fnv1a64(binary_ + '\n' + key));
}

std::optional<std::string> PlanDiskCache::find(const std::string& key) {
    if (binary_.empty()) return std::nullopt;
    const fs::path path = entry(key);
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec || size > kLargestEntry) return std::nullopt;
    std::string text;
    try {
        text = read_file(path);
    } catch (const Error&) {
        return std::nullopt;
    }
    std::istringstream in(text);
    std::string magic, binary, stored_key, value, rest;
    // The whole key is stored and compared, not only its hash in the name.
    if (!std::getline(in, magic) || magic != kMagic || !std::getline(in, binary) || binary != binary_ ||
        !std::getline(in, stored_key) || stored_key != key || !std::getline(in, value) || std::getline(in, rest))
        return std::nullopt;
    return value;
}

void PlanDiskCache::store(const std::string& key, const std::string& value) {
    if (binary_.empty()) return;
    // Best effort throughout: a cache that cannot be written is no cache.
    std::error_code ec;
    fs::create_directories(folder_, ec);
    if (ec) return;
    // A reader sees a whole entry or none.
    try {
        write_atomically(entry(key), fmt::format("{}\n{}\n{}\n{}\n", kMagic, binary_, key, value));
    } catch (const Error&) {
        return;
    }
    trim();
}

// Past the limit, removes the oldest entries (and temporary files left by
// killed runs) until a quarter of the room is free again.
void PlanDiskCache::trim() {
    struct File {
        fs::path path;
        fs::file_time_type time;
        std::uintmax_t size;
    };
    std::vector<File> files;
    std::uintmax_t total = 0;
    std::error_code ec;
    for (fs::directory_iterator it(folder_, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code e;
        if (!it->is_regular_file(e)) continue;
        File file{it->path(), it->last_write_time(e), it->file_size(e)};
        if (e) continue;
        total += file.size;
        files.push_back(std::move(file));
    }
    if (total <= limit_bytes_) return;
    std::sort(files.begin(), files.end(), [](const File& a, const File& b) { return a.time < b.time; });
    for (const File& file : files) {
        if (total <= limit_bytes_ / 4 * 3) break;
        std::error_code e;
        if (fs::remove(file.path, e)) total -= file.size;
    }
}

}  // namespace addiction::cli
