// Fuzzes the notation typed on the command line and stored in histories: cards,
// slots and actions. The first byte picks the board width, the rest is the text.
// What parses must print back to text that parses to the same value.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "card.hpp"
#include "game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace addiction;
    if (size == 0) return 0;
    const int width = kMinRanks + data[0] % (kMaxWidth - kMinRanks + 1);
    std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    try {
        Card card = parse_card(text);
        if (card.is_gap() || card.rank() < 1 || card.rank() > kMaxRanks) __builtin_trap();
        if (parse_card(to_string(card)) != card) __builtin_trap();
    } catch (const Error&) {
    }
    try {
        Slot slot = parse_slot(text, width);
        if (slot.row < 0 || slot.row >= kRows || slot.col < 0 || slot.col >= width) __builtin_trap();
        if (parse_slot(to_string(slot), width) != slot) __builtin_trap();
    } catch (const Error&) {
    }
    try {
        Action action = parse_action(text, width);
        if (parse_action(to_record(action), width) != action) __builtin_trap();
        if (!action.is_shuffle() && parse_action(to_string(action), width) != action) __builtin_trap();
    } catch (const Error&) {
    }
    return 0;
}
