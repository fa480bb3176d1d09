// Fuzzes archive deal files: parse, write back, parse again, and play the stored
// line through the engine. An entry must come back from its own text unchanged.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "archive.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace addiction;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        ArchiveDeal deal = parse_archive(text, "fuzz.toml");
        std::string written = write_archive(deal);
        ArchiveDeal again = parse_archive(written, "written.toml");
        if (!(again == deal)) __builtin_trap();
        check_archive(deal);
    } catch (const Error&) {
    }
    return 0;
}
