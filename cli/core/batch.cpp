#include "batch.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string_view>

#include <fmt/format.h>

#include "error.hpp"

namespace addiction::cli {

std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& text) {
    auto number = [&](std::string_view part) {
        std::uint64_t value = 0;
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (part.empty() || ec != std::errc{} || end != part.data() + part.size())
            throw Error(fmt::format("'{}' is not a range of deal numbers (e.g. 1-1000)", text));
        return value;
    };
    const auto dash = text.find('-');
    const std::uint64_t from = number(std::string_view(text).substr(0, dash));
    const std::uint64_t to = dash == std::string::npos ? from : number(std::string_view(text).substr(dash + 1));
    if (to < from) throw Error(fmt::format("the range {} ends before it starts", text));
    return {from, to};
}

std::pair<std::uint64_t, std::uint64_t> parse_shard(const std::string& text) {
    if (text.empty()) return {1, 1};
    const auto slash = text.find('/');
    std::uint64_t k = 0;
    std::uint64_t n = 0;
    bool ok = slash != std::string::npos;
    if (ok) {
        auto [e1, c1] = std::from_chars(text.data(), text.data() + slash, k);
        auto [e2, c2] = std::from_chars(text.data() + slash + 1, text.data() + text.size(), n);
        ok = c1 == std::errc{} && c2 == std::errc{} && e1 == text.data() + slash &&
             e2 == text.data() + text.size() && n >= 1 && k >= 1 && k <= n;
    }
    if (!ok) throw Error(fmt::format("'{}' is not a shard: write K/N with 1 <= K <= N, e.g. 2/8", text));
    return {k, n};
}

DealRange shard_deals(std::uint64_t from, std::uint64_t to, std::uint64_t shard, std::uint64_t shards) {
    DealRange range;
    range.step = shards;
    if (from > to || shard - 1 > to - from) return range;  // no deal of this shard in the range
    range.first = from + (shard - 1);
    const std::uint64_t last_index = (to - range.first) / shards;
    range.count = last_index == UINT64_MAX ? UINT64_MAX : last_index + 1;
    return range;
}

double percentile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    auto rank = static_cast<std::size_t>(std::max(1.0, std::ceil(p * static_cast<double>(values.size()))));
    return values[std::min(rank, values.size()) - 1];
}

}  // namespace addiction::cli
