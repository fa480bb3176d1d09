// The random numbers behind deals and shuffles. Everything here is specified
// exactly (addiction(5) repeats it) so that a deal number means the same layout
// on every compiler and platform; std::shuffle and the std distributions are
// implementation-defined and must not be used for that.
#pragma once

#include <cstdint>
#include <span>
#include <utility>

namespace addiction {

// SplitMix64 (Steele, Lea, Flood 2014); here only to seed xoshiro256**.
inline std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// xoshiro256** 1.0 (Blackman, Vigna 2018), its four words of state filled by
// four successive SplitMix64 outputs from `seed`.
class Xoshiro256 {
public:
    explicit Xoshiro256(std::uint64_t seed) {
        for (auto& word : s_) word = splitmix64(seed);
    }

    std::uint64_t next() {
        const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const std::uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    // An unbiased integer in [0, range), range >= 1: Lemire's multiply-and-reject
    // method on the upper 32 bits of each output.
    std::uint32_t below(std::uint32_t range) {
        std::uint64_t m = std::uint64_t{upper32()} * range;
        auto low = static_cast<std::uint32_t>(m);
        if (low < range) {
            const std::uint32_t threshold = (0u - range) % range;
            while (low < threshold) {
                m = std::uint64_t{upper32()} * range;
                low = static_cast<std::uint32_t>(m);
            }
        }
        return static_cast<std::uint32_t>(m >> 32);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint32_t upper32() { return static_cast<std::uint32_t>(next() >> 32); }

    std::uint64_t s_[4]{};
};

// Fisher-Yates from the back: for i = n-1 down to 1, swap item i with item below(i+1).
template <class T>
void shuffle_items(std::span<T> items, Xoshiro256& rng) {
    for (std::size_t i = items.size(); i > 1; --i) {
        std::size_t j = rng.below(static_cast<std::uint32_t>(i));
        std::swap(items[i - 1], items[j]);
    }
}

// Stream k of a deal: stream 0 deals the cards, stream k >= 1 makes the k-th
// shuffle. The constant is odd, so every k gives a different seed.
inline std::uint64_t stream_seed(std::uint64_t deal_seed, std::uint64_t k) {
    return deal_seed + k * 0xD1342543DE82EF95ULL;
}

}  // namespace addiction
