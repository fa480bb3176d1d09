// Fuzzes deal codes and deal numbers as `new DEAL` and the game file's deal.id take
// them. A code that decodes must be a valid layout and encode back to its checked
// form: the checked code is the canonical name of a deal, so two checked codes must
// never name one layout, and a code without its check character names the same deal
// and the same game (seed) as its checked form.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "deal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace addiction;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    // The rules of the code's shape: its own when it is a code (ranks, and the aces
    // on the board for an N..W code), the addiction rules otherwise.
    Rules rules;
    if (deal_code_ranks(text) != 0) rules = deal_code_rules(text);
    try {
        Board board = decode_deal_code(text);
        check_layout(board, rules);
        if (deal_code(board) != checked_deal_id(text)) __builtin_trap();
        if (deal_code_rules(text).ranks != rules.ranks) __builtin_trap();
    } catch (const Error&) {
    }
    try {
        Deal deal = parse_deal(text, rules);
        check_layout(deal.start, rules);
        // Deal numbers drop leading zeros, so compare with the deal read back from its id.
        Deal again = parse_deal(deal.id, rules);
        if (again.id != deal.id || again.start != deal.start || again.seed != deal.seed) __builtin_trap();
        if (!is_deal_number(text) && deal.id != text) __builtin_trap();
        Deal checked = parse_deal(checked_deal_id(deal.id), rules);
        if (checked.start != deal.start || checked.seed != deal.seed) __builtin_trap();
    } catch (const Error&) {
    }
    return 0;
}
