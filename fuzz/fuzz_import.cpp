// Fuzzes the import formats: a plain-text layout, Solvitaire's JSON deal, and the
// detection that picks between them and archive files. What parses must be a
// layout that survives being written out and read back.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "deal.hpp"
#include "importer.hpp"

namespace {

std::string layout_text(const addiction::Board& board) {
    std::string text;
    for (int row = 0; row < addiction::kRows; ++row) text += board.row_text(row) + "\n";
    return text;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace addiction;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        Board board = parse_layout(text);
        if (parse_layout(layout_text(board)) != board) __builtin_trap();
    } catch (const Error&) {
    }
    try {
        Board board = parse_solvitaire(text);
        if (parse_solvitaire(solvitaire_json(board)) != board) __builtin_trap();
    } catch (const Error&) {
    }
    try {
        Rules rules;
        ArchiveDeal deal = import_deal(text, "fuzz", rules);
        start_game(deal);
    } catch (const Error&) {
    }
    return 0;
}
