#include "hint.hpp"

namespace addiction {
namespace {

int score(const Board& board, const Rules& rules, const Move& move) {
    Board after = board;
    const Slot from = *board.find(move.card);
    after.play(move);
    int value = 100 * (after.placed_count() - board.placed_count());
    // The gap the move opens: one right of a top card or of a gap can never be filled.
    if (after.is_dead_gap(from, rules)) value -= 30;
    if (from.col == 0) value += move.card.rank() == 2 ? -5 : 10;
    // More choices afterwards is better, a little.
    value += static_cast<int>(after.legal_moves(rules).size());
    return value;
}

}  // namespace

std::optional<Action> heuristic_hint(const Game& game) {
    const Board& board = game.board();
    std::optional<Action> best;
    int best_score = 0;
    for (const Move& move : board.legal_moves(game.rules())) {
        int value = score(board, game.rules(), move);
        if (!best || value > best_score) {
            best = Action::make_move(move.card, move.to);
            best_score = value;
        }
    }
    if (!best && game.status() == Status::Stuck) best = Action::make_shuffle();
    return best;
}

}  // namespace addiction
