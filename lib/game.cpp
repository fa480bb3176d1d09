#include "game.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

#include <fmt/format.h>

#include "plural.hpp"

namespace addiction {

std::string to_string(const Action& action) {
    if (action.is_shuffle()) return "shuffle";
    return fmt::format("move {} {}", to_string(action.move.card), to_string(action.move.to));
}

std::string to_record(const Action& action) {
    if (action.is_shuffle()) return fmt::format("shuffle {}", action.shuffle);
    return to_string(action);
}

Action parse_action(std::string_view text, int width) {
    std::istringstream in{std::string(text)};
    std::vector<std::string> words;
    for (std::string word; in >> word;) words.push_back(word);
    if (words.size() == 1 && words[0] == "shuffle") return Action::make_shuffle();
    if (words.size() == 2 && words[0] == "shuffle") {
        int number = 0;
        const auto& w = words[1];
        auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), number);
        if (ec == std::errc{} && end == w.data() + w.size() && number >= 1 && number <= kMaxShuffles)
            return Action::make_shuffle(number);
    }
    if (words.size() == 3 && words[0] == "move")
        return Action::make_move(parse_card(words[1]), parse_slot(words[2], width));
    throw Error(fmt::format("'{}' is not an action (expected 'move CARD SLOT' or 'shuffle')", text));
}

std::string_view to_string(Status status) {
    switch (status) {
        case Status::Playing: return "playing";
        case Status::Stuck: return "stuck";
        case Status::Won: return "won";
        case Status::Lost: return "lost";
    }
    return "?";
}

void PlayLog::stamp(std::int64_t now, const std::vector<Action>& before, const std::vector<Action>& after) {
    // A clock set back (corrected, or another machine's that ran ahead, or a
    // SOURCE_DATE_EPOCH from the past) does not run the game's times backwards:
    // no time passed. The play time stays last - started, never negative.
    now = std::max(now, last);
    if (started == 0) started = now;
    last = now;
    // What the action kept of the history keeps its times (an undo keeps fewer);
    // what it added (a move, a redo, a solved line) was played now.
    std::size_t kept = 0;
    while (kept < before.size() && kept < after.size() && before[kept] == after[kept]) ++kept;
    times.resize(std::min(kept, times.size()));
    for (std::int64_t& time : times)
        if (time == 0) time = now;  // not known: the first time known is now's
    times.resize(after.size(), now);
}

std::int64_t PlayLog::seconds() const {
    if (times.empty()) return 0;
    return times.back() > times.front() ? times.back() - times.front() : 0;
}

std::optional<Card> wanted_card(const Board& board, const Rules& rules, Slot gap) {
    if (gap.col == 0 || !board.at(gap).is_gap()) return std::nullopt;
    Card left = board.at(Slot{gap.row, gap.col - 1});
    if (left.is_gap() || left.rank() >= rules.ranks) return std::nullopt;
    const bool one = rules.fill == Fill::SameSuitNext ||
                     (rules.fill == Fill::SameSuitHigher && left.rank() + 1 == rules.ranks);
    if (!one) return std::nullopt;
    return Card(left.suit(), left.rank() + 1);
}

Game::Game(Rules rules, Deal deal)
    : rules_(std::move(rules)), deal_(std::move(deal)), board_(deal_.start) {}

Game Game::restore(Rules rules, Deal deal, const std::vector<Action>& history,
                   const std::vector<Action>& redo, int shuffles_spent) {
    Game game(std::move(rules), std::move(deal));
    if (shuffles_spent < 0 || shuffles_spent > game.rules_.shuffles)
        throw Error(fmt::format("shuffles_spent is {} but the rules allow 0 to {}", shuffles_spent,
                                game.rules_.shuffles));
    game.spent_ = shuffles_spent;
    int last_shuffle = 0;
    auto check = [&](Game& g, const Action& action, std::string_view where, std::size_t n) {
        auto fail = [&](const std::string& why) {
            return Error(fmt::format("{} {} ({}) {}", where, n, to_record(action), why));
        };
        if (g.board_.won()) throw fail("comes after the game was won");
        if (action.is_shuffle()) {
            if (action.shuffle <= last_shuffle || action.shuffle > shuffles_spent)
                throw fail(fmt::format("is out of order: shuffles must count up from 1 to shuffles_spent ({})",
                                       shuffles_spent));
            last_shuffle = action.shuffle;
        } else if (!g.board_.fits(action.move.card, action.move.to, g.rules_)) {
            throw fail("is not legal: " + why_illegal(g.board_, g.rules_, action.move.card, action.move.to));
        }
        g.apply(action);
    };
    for (std::size_t i = 0; i < history.size(); ++i) check(game, history[i], "action", i + 1);
    // Redo entries must replay from here too; check them on a copy, latest undone first.
    Game ahead = game;
    for (std::size_t i = redo.size(); i-- > 0;) check(ahead, redo[i], "redo action", redo.size() - i);
    game.redo_ = redo;
    return game;
}

int Game::moves_made() const {
    return static_cast<int>(std::count_if(history_.begin(), history_.end(),
                                          [](const Action& a) { return !a.is_shuffle(); }));
}

Status Game::status() const {
    if (board_.won()) return Status::Won;
    if (!board_.legal_moves(rules_).empty()) return Status::Playing;
    return shuffles_left() > 0 ? Status::Stuck : Status::Lost;
}

bool Game::played() const {
    return !history_.empty() || std::any_of(redo_.begin(), redo_.end(), [](const Action& a) { return a.is_shuffle(); });
}

bool Game::in_progress() const {
    const Status now = status();
    return (now == Status::Playing || now == Status::Stuck) && played();
}

std::vector<Action> Game::legal_actions() const {
    std::vector<Action> out;
    if (board_.won()) return out;
    for (const Move& move : board_.legal_moves(rules_)) out.push_back(Action::make_move(move.card, move.to));
    if (shuffles_left() > 0) out.push_back(Action::make_shuffle());
    return out;
}

std::vector<Slot> Game::destinations(Card card) const {
    std::vector<Slot> out;
    for (const Move& move : board_.legal_moves(rules_))
        if (move.card == card) out.push_back(move.to);
    return out;
}

void Game::check_playable() const {
    if (board_.won()) throw Error("the game is won");
}

void Game::move(Card card, std::optional<Slot> to) {
    check_playable();
    if (to) {
        if (!board_.fits(card, *to, rules_)) throw Error(why_illegal(board_, rules_, card, to));
    } else {
        auto slots = destinations(card);
        if (slots.empty()) throw Error(why_illegal(board_, rules_, card, std::nullopt));
        if (slots.size() > 1) {
            std::vector<std::string> names;
            for (Slot slot : slots) names.push_back(to_string(slot));
            throw Error(fmt::format("{} can go to {}: name the slot, e.g. 'move {} {}'", to_string(card),
                                    fmt::join(names, " or "), to_string(card), names.front()));
        }
        to = slots.front();
    }
    apply(Action::make_move(card, *to));
    redo_.clear();
}

void Game::fill(Slot gap) {
    check_playable();
    const std::string name = to_string(gap);
    if (!board_.at(gap).is_gap())
        throw Error(fmt::format("{} is not a gap (it holds {})", name, to_string(board_.at(gap))));  // as move says it
    std::vector<Card> cards;
    for (const Move& m : board_.legal_moves(rules_))
        if (m.to == gap) cards.push_back(m.card);
    if (cards.empty()) {
        if (board_.is_dead_gap(gap, rules_)) {
            const Card left = board_.at(Slot{gap.row, gap.col - 1});
            std::string why = left.is_gap() ? std::string("it is right of a gap")
                                            : fmt::format("nothing follows {}", to_string(left));
            // Where a gap also takes a card from its right (Moonlight, Galary),
            // that side is blocked too, or the gap would not be dead.
            if (rules_.fill_from_right && gap.col + 1 < board_.width()) {
                const Card right = board_.at(Slot{gap.row, gap.col + 1});
                why += right.is_gap() ? std::string(left.is_gap() ? " and left of one" : ", and it is left of a gap")
                                      : fmt::format(", and nothing comes before {}", to_string(right));
            }
            throw Error(fmt::format("{} is a dead gap: {}", name, why));
        }
        throw Error(fmt::format("no card fits {}", name));
    }
    if (cards.size() > 1) {
        std::vector<std::string> names;
        for (Card card : cards) names.push_back(to_string(card));
        throw Error(fmt::format("{} fit {}: name the card, e.g. 'move {} {}'", fmt::join(names, " or "), name,
                                names.front(), name));
    }
    apply(Action::make_move(cards.front(), gap));
    redo_.clear();
}

void Game::shuffle() {
    check_playable();
    if (shuffles_left() <= 0)
        throw Error(rules_.shuffles == 0 ? std::string("these rules have no shuffles")
                                         : fmt::format("no shuffle left ({} used)", spent_));
    ++spent_;
    apply(Action::make_shuffle(spent_));
    redo_.clear();
}

void Game::play(const Action& action) {
    if (action.is_shuffle())
        shuffle();
    else
        move(action.move.card, action.move.to);
}

void Game::undo(int count) {
    if (count < 1) throw Error("undo needs a count of at least 1");
    if (static_cast<std::size_t>(count) > history_.size())
        throw Error(history_.empty() ? std::string("nothing to undo")
                                     : fmt::format("only {} to undo", plural(history_.size(), "action")));
    for (int i = 0; i < count; ++i) {
        redo_.push_back(history_.back());
        history_.pop_back();
    }
    board_ = board_at(static_cast<int>(history_.size()));
}

void Game::redo(int count) {
    if (count < 1) throw Error("redo needs a count of at least 1");
    if (static_cast<std::size_t>(count) > redo_.size())
        throw Error(redo_.empty() ? std::string("nothing to redo")
                                  : fmt::format("only {} to redo", plural(redo_.size(), "action")));
    for (int i = 0; i < count; ++i) {
        apply(redo_.back());
        redo_.pop_back();
    }
}

std::vector<Slot> Game::last_action_slots() const {
    std::vector<Slot> out;
    if (history_.empty()) return out;
    const Board before = board_at(static_cast<int>(history_.size()) - 1);
    for (int i = 0; i < board_.size(); ++i)
        if (!board_.at(i).is_gap() && board_.at(i) != before.at(i)) out.push_back(board_.slot(i));
    return out;
}

Board Game::board_at(int actions) const {
    Board board = deal_.start;
    for (int i = 0; i < actions; ++i) {
        const Action& action = history_[static_cast<std::size_t>(i)];
        if (action.is_shuffle())
            board = shuffled(board, rules_, deal_.seed, action.shuffle);
        else
            board.play(action.move);
    }
    return board;
}

Game Game::at(int actions) const {
    if (actions < 0 || static_cast<std::size_t>(actions) > history_.size())
        throw Error(fmt::format("there is no position {}: the history has {}", actions,
                                plural(history_.size(), "action")));
    Game game(rules_, deal_);
    for (int i = 0; i < actions; ++i) {
        const Action& action = history_[static_cast<std::size_t>(i)];
        game.apply(action);
        if (action.is_shuffle()) game.spent_ = action.shuffle;
    }
    // The clock as it stood then: `show --at` said "play time 0:00" of every position.
    if (log_.times.size() == history_.size()) {
        game.log_.times.assign(log_.times.begin(), log_.times.begin() + actions);
        game.log_.started = actions > 0 ? log_.started : 0;
        game.log_.id = actions > 0 ? log_.id : 0;
        game.log_.last = actions > 0 ? game.log_.times.back() : 0;
    }
    game.log_.helped = log_.helped;
    return game;
}

void Game::apply(const Action& action) {
    if (action.is_shuffle())
        board_ = shuffled(board_, rules_, deal_.seed, action.shuffle);
    else
        board_.play(action.move);
    history_.push_back(action);
}

}  // namespace addiction
