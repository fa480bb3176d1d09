// Fuzzes the game-file loader, the parser of the one file users edit by hand.
// Any text must either load or be refused with Error; anything else (a crash, a
// sanitizer report, another exception) is a bug. A file that loads must save and
// load back to the same game, so the checks in load_game and the writer agree.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "gamefile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace addiction;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        Game game = load_game(text, "fuzz.toml");
        std::string saved = save_game(game);
        Game again = load_game(saved, "saved.toml");
        if (save_game(again) != saved) __builtin_trap();
        if (again.board() != game.board() || again.history() != game.history()) __builtin_trap();
    } catch (const Error&) {
        // Refused with a message: the expected outcome for most inputs.
    }
    return 0;
}
