// The hints' plan cache on disk: $XDG_CACHE_HOME/addiction/plans/ (~/.cache
// when XDG_CACHE_HOME is unset, empty or relative). It only saves time: a hint
// is the same with it, without it, or with it damaged.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "hint.hpp"

namespace addiction::cli {

class PlanDiskCache : public PlanCache {
public:
    // `limit_bytes`: past this, the oldest entries are removed.
    PlanDiskCache(std::filesystem::path folder, std::uintmax_t limit_bytes);

    // The folder above, or none when ADDICTION_CACHE is "off" or there is no
    // home to put it in.
    static std::optional<std::filesystem::path> default_folder();

    std::optional<std::string> find(const std::string& key) override;
    void store(const std::string& key, const std::string& value) override;

private:
    std::filesystem::path entry(const std::string& key) const;
    void trim();

    std::filesystem::path folder_;
    std::uintmax_t limit_bytes_;
    std::string binary_;  // which build wrote an entry: another build may plan differently
};

}  // namespace addiction::cli
