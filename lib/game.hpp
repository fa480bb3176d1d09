// A game: the rules, the deal, and the actions played since, with undo and redo.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "board.hpp"
#include "deal.hpp"
#include "rules.hpp"

namespace addiction {

struct Action {
    enum class Kind { Move, Shuffle };
    Kind kind = Kind::Move;
    Move move{};      // for a move
    int shuffle = 0;  // for a shuffle: which shuffle of the game it was, from 1

    static Action make_move(Card card, Slot to) { return {Kind::Move, Move{card, to}, 0}; }
    static Action make_shuffle(int number = 0) { return {Kind::Shuffle, Move{}, number}; }
    bool is_shuffle() const { return kind == Kind::Shuffle; }
    friend bool operator==(const Action&, const Action&) = default;
};

// As the command line takes it: "move 6D c7" or "shuffle".
std::string to_string(const Action& action);
// As the game file records it: shuffles carry their number, "shuffle 2", because
// undo does not refund a shuffle and a redone one must bring back the same cards.
std::string to_record(const Action& action);
// Reads either form. A shuffle without a number gets 0. Throws Error.
Action parse_action(std::string_view text, int width);

enum class Status { Playing, Stuck, Won, Lost };

// The latest time a game file holds, in seconds since 1970: far beyond any clock
// (the year 36812).
constexpr std::int64_t kLatestTime = std::int64_t{1} << 40;
// The latest time the record and SOURCE_DATE_EPOCH take: 9999-12-31T23:59:59Z,
// the last a date of four digits writes (the record's dates are read so).
constexpr std::int64_t kLatestDate = 253402300799;
std::string_view to_string(Status status);

// When and how the game was played, beside the actions themselves: the clock and
// what the player's record needs to know. Not part of a position, so Game::at()
// and equal histories ignore it.
struct PlayLog {
    std::int64_t started = 0;  // seconds since the epoch of the first action; 0 before it
    // Drawn at the first action, to tell this game from others alike in all else
    // in the record (the same deal played the same way, started in the same
    // second): 0 for none (the clock pinned by SOURCE_DATE_EPOCH, a file from before).
    std::uint64_t id = 0;
    std::int64_t last = 0;     // of the latest action (undo and redo are actions too)
    // When each action of the history was played, one time an action: an undo
    // takes the times of the actions it takes back, a redo stamps the redone ones
    // anew. 0 where not known (a game from before there were times) until the
    // next action, which stamps them with its own time.
    std::vector<std::int64_t> times;
    bool helped = false;    // solve --apply played into it
    bool recorded = false;  // its end is in the record (or was left out with --no-record)

    // The history went from `before` to `after` in one action taken at `now`:
    // the actions kept keep their times, the new ones get `now`, or the latest
    // time the game has when `now` is earlier (a clock set back).
    void stamp(std::int64_t now, const std::vector<Action>& before, const std::vector<Action>& after);
    // The play time: from the time of the history's first action to its last's.
    std::int64_t seconds() const;
    friend bool operator==(const PlayLog&, const PlayLog&) = default;
};

// The one card that `gap` waits for from its left: the successor of the card on its
// left (fill SameSuitNext; for SameSuitHigher only when one rank is left above it).
// Nullopt in the first column (any card of the base rank fits there), when nothing
// follows the left card, and when the fill rule lets several cards follow it.
std::optional<Card> wanted_card(const Board& board, const Rules& rules, Slot gap);

class Game {
public:
    Game(Rules rules, Deal deal);

    // A saved game, checked: every action must be legal in turn and the shuffle
    // numbers consistent. Throws Error naming the first action that fails.
    static Game restore(Rules rules, Deal deal, const std::vector<Action>& history,
                        const std::vector<Action>& redo, int shuffles_spent);

    const Rules& rules() const { return rules_; }
    const Deal& deal() const { return deal_; }
    const Board& board() const { return board_; }
    const std::vector<Action>& history() const { return history_; }
    // Undone actions, the next one to redo last.
    const std::vector<Action>& redo_list() const { return redo_; }
    int shuffles_spent() const { return spent_; }
    int shuffles_left() const { return rules_.shuffles - spent_; }
    int moves_made() const;
    const PlayLog& log() const { return log_; }
    PlayLog& log() { return log_; }

    Status status() const;
    // Played at all: an action in the history, or a shuffle undone, which stays
    // spent. What the record counts as a game (abandoned, if it goes unfinished).
    bool played() const;
    // Unfinished and played: what replacing or removing it would lose (new and
    // games --remove want --force for it); one just dealt, won or lost loses nothing.
    bool in_progress() const;
    // Every legal action: the moves in board order, then "shuffle" if one is left.
    std::vector<Action> legal_actions() const;
    // Where `card` may go now.
    std::vector<Slot> destinations(Card card) const;

    // Each throws Error, and changes nothing, when the action is refused.
    void move(Card card, std::optional<Slot> to = std::nullopt);
    // Fills `gap` with the one card that fits it; refused with the reason when none
    // fits, and with the candidates when several do.
    void fill(Slot gap);
    void shuffle();
    void play(const Action& action);  // a move with its slot, or a shuffle
    void undo(int count = 1);
    void redo(int count = 1);

    // The slots of the cards the last action moved (none before the first).
    std::vector<Slot> last_action_slots() const;

    // The board after the first `actions` actions of the history.
    Board board_at(int actions) const;
    // The game as it stood after the first `actions` actions, with no redo list.
    // Throws Error when `actions` is not from 0 to the history's length.
    Game at(int actions) const;

private:
    void check_playable() const;
    void apply(const Action& action);  // no checks

    Rules rules_;
    Deal deal_;
    Board board_;
    std::vector<Action> history_;
    std::vector<Action> redo_;
    int spent_ = 0;
    PlayLog log_;
};

}  // namespace addiction
