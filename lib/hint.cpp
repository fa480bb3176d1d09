#include "hint.hpp"

#include <algorithm>
#include <chrono>
#include <sstream>

#include <fmt/format.h>

#include "deal.hpp"
#include "plural.hpp"
#include "solver.hpp"

namespace addiction {
namespace {

// `lost`: no win is left (proven). Placing cards still counts (the record keeps
// the cards placed in a lost game), but past that the moves go towards the end,
// not away from it: keeping every gap open and choices many, a hint loop on a
// lost Spaces and Aces deal wandered 5,000 moves through new positions without
// ending.
int score(const Board& board, const Rules& rules, const Move& move, const Board& after, bool lost) {
    const Slot from = *board.find(move.card);
    const int towards_end = lost ? -1 : 1;
    int value = 100 * (after.placed_count() - board.placed_count());
    // The gap the move opens: one right of a top card or of a gap can never be filled.
    if (after.is_dead_gap(from, rules)) value -= 30 * towards_end;
    // Leaving the first column: good for a card that does not start a run there, bad for one that does.
    if (from.col == 0) value += move.card.rank() == rules.base_rank() ? -5 : 10;
    // More choices afterwards is better, a little (fewer, once lost).
    value += towards_end * static_cast<int>(after.legal_moves(rules).size());
    return value;
}

// Bump when what a fresh search returns changes, so that cached plans of an
// older version are not taken for this one's.
constexpr int kPlanFormat = 5;  // 2: a fair plan goes the shortest way to its shuffle; 3: two searches a phase; 4: it places what it can before the shuffle; 5: the shortest way to a win with moves only, and after a proof moves towards the end

// Peek's budget: the solver's complete search, about a second on a slow machine.
constexpr std::uint64_t kPeekPositions = 300'000;
constexpr std::size_t kHintMemory = std::size_t{64} << 20;

// A fresh search's outcome, as the walk keeps it and the cache stores it.
struct Plan {
    HintKind kind = HintKind::Guess;
    bool to_shuffle = false;
    bool avoided = false;
    std::vector<Action> actions;
};

std::string_view kind_word(const Plan& plan) {
    switch (plan.kind) {
        case HintKind::Line: return "line";
        case HintKind::NoWin: return plan.avoided ? "no-win-avoided" : "no-win";
        case HintKind::Guess: break;
    }
    return plan.to_shuffle ? "to-shuffle" : "guess";
}

// "KIND ACTION,ACTION,...", actions as the game file records them.
std::string encode(const Plan& plan) {
    std::vector<std::string> actions;
    for (const Action& action : plan.actions) actions.push_back(to_record(action));
    return fmt::format("{} {}", kind_word(plan), fmt::join(actions, ","));
}

// The plan, if `text` is one that plays legally from `board` (a line to a
// win); none otherwise, so that a damaged cache entry is searched again, never
// followed.
std::optional<Plan> decode(const std::string& text, Board board, const Game& game, int spent) {
    const Rules& rules = game.rules();
    const auto space = text.find(' ');
    if (space == std::string::npos) return std::nullopt;
    const std::string word = text.substr(0, space);
    Plan plan;
    if (word == "line") {
        plan.kind = HintKind::Line;
    } else if (word == "no-win" || word == "no-win-avoided") {
        plan.kind = HintKind::NoWin;
        plan.avoided = word == "no-win-avoided";
    } else if (word == "guess" || word == "to-shuffle") {
        plan.to_shuffle = word == "to-shuffle";
    } else {
        return std::nullopt;
    }
    std::istringstream in(text.substr(space + 1));
    try {
        for (std::string item; std::getline(in, item, ',');) {
            const Action action = parse_action(item, rules.width());
            if (action.is_shuffle()) {
                if (action.shuffle != ++spent || spent > rules.shuffles) return std::nullopt;
                board = shuffled(board, rules, game.deal().seed, action.shuffle);
            } else {
                if (!board.fits(action.move.card, action.move.to, rules)) return std::nullopt;
                board.play(action.move);
            }
            plan.actions.push_back(action);
        }
    } catch (const Error&) {
        return std::nullopt;
    }
    if (plan.kind == HintKind::Line && !board.won()) return std::nullopt;
    if (plan.to_shuffle && (plan.actions.empty() || !plan.actions.back().is_shuffle())) return std::nullopt;
    return plan;
}

std::string board_text(const Board& board) {
    std::vector<std::string> rows;
    for (int row = 0; row < kRows; ++row) rows.push_back(board.row_text(row));
    return fmt::format("{}", fmt::join(rows, "/"));
}

// The game's positions along its history, and for each the shuffles spent
// there and where the stretch since the last shuffle began.
struct History {
    std::vector<Board> boards;  // boards[j]: after the first j actions
    std::vector<int> spent;
    std::vector<std::size_t> since_shuffle;

    explicit History(const Game& game) {
        const auto& actions = game.history();
        const std::size_t n = actions.size();
        boards.reserve(n + 1);
        boards.push_back(game.deal().start);
        since_shuffle.push_back(0);
        for (std::size_t j = 0; j < n; ++j) {
            Board board = boards.back();
            if (actions[j].is_shuffle())
                board = shuffled(board, game.rules(), game.deal().seed, actions[j].shuffle);
            else
                board.play(actions[j].move);
            boards.push_back(board);
            since_shuffle.push_back(actions[j].is_shuffle() ? j + 1 : since_shuffle.back());
        }
        // Counted back from now: an undone shuffle stays spent, so the positions
        // after the last recorded shuffle are at the game's count, not the record's.
        spent.assign(n + 1, game.shuffles_spent());
        for (std::size_t j = n; j-- > 0;) spent[j] = spent[j + 1] - (actions[j].is_shuffle() ? 1 : 0);
    }
};

class Walk {
public:
    // `solving`, for fair_line: the caller's limits (time, stop, progress) for
    // every search, whose figures the walk adds up.
    Walk(const Game& game, HintMode mode, PlanCache* cache, const HintBudget& budget,
         const SolveLimits* solving = nullptr)
        : game_(game), mode_(mode), cache_(cache), budget_(budget), solving_(solving), history_(game) {}

    // The plan a hint loop follows at the game's position, and how far along it the game is.
    std::pair<Plan, std::size_t> current() {
        const auto& actions = game_.history();
        const std::size_t n = actions.size();
        // A fair plan never crosses a shuffle, so one made before the last
        // shuffle cannot be going on now.
        const std::size_t anchor = mode_ == HintMode::Fair ? history_.since_shuffle[n] : 0;
        Plan plan;
        std::size_t next = 0;
        bool planned = false;
        // Where a search proved that no win is left (`plan` is that search's
        // while it holds), as long as the proof holds.
        std::optional<std::size_t> proof;
        for (std::size_t j = anchor;; ++j) {
            if (proof && !still_lost(*proof, j)) proof.reset();
            if (proof) {
                // One move of the heuristic a position, which only the last needs;
                // once the proof no longer holds, a fresh search.
                planned = false;
                if (j < n) continue;
                plan = lost_plan(plan.avoided);
                next = 0;
                break;
            }
            if (!planned || next == plan.actions.size()) {
                plan = fresh(j);
                next = 0;
                planned = true;
                if (plan.kind == HintKind::NoWin) proof = j;
            }
            if (j == n) break;
            if (next < plan.actions.size() && plan.actions[next] == actions[j])
                ++next;
            else
                planned = false;
        }
        return {plan, next};
    }

    Hint run() {
        const auto [plan, next] = current();
        Hint hint;
        hint.kind = plan.kind;
        hint.to_shuffle = plan.to_shuffle;
        hint.avoided = plan.avoided;
        hint.searches = searches_;
        if (next < plan.actions.size()) hint.action = plan.actions[next];
        hint.actions_left = static_cast<int>(plan.actions.size() - next);
        return hint;
    }

    // For fair_line: the searches' figures, and what cut one short (a limit
    // other than its position budget), if anything did.
    const SolveResult& solved() const { return solved_; }
    Limit cut() const { return cut_; }

private:
    // A proof that no win is left at position `at` (none without going back to
    // one of its past positions, when it avoided them) holds at each later
    // position j as long as the game has not gone back to one of those past
    // positions since: a win from j that avoids j's past, after the actions that
    // led from `at` to j, would be a win from `at` that avoids its past. So once
    // a search proves it, the hints that follow need no search (in a lost game
    // with no shuffle left, each hint would search again from every position
    // since the proof: a hint after 1,145 moves ran 1,146 searches).
    bool still_lost(std::size_t at, std::size_t j) const {
        if (history_.spent[j] != history_.spent[at]) return true;  // a shuffle since: no past position comes back
        const auto first = history_.boards.begin() + static_cast<long>(history_.since_shuffle[at]);
        const auto last = history_.boards.begin() + static_cast<long>(at);
        return std::find(first, last, history_.boards[j]) == last;
    }

    // The plan at the game's position under an earlier proof: what a search
    // that proved it here would give (the heuristic's move, avoiding the past),
    // saying no more than the proof does (`avoided`: it excluded its past).
    Plan lost_plan(bool avoided) const {
        Plan plan{HintKind::NoWin, false, avoided, {}};
        if (auto action = heuristic_hint(game_, past(game_.history().size()), true)) plan.actions.push_back(*action);
        return plan;
    }

    // The game's positions before position j since the last shuffle: what a plan
    // from j never goes back to.
    std::vector<Board> past(std::size_t j) const {
        const auto boards = history_.boards.begin();
        return {boards + static_cast<long>(history_.since_shuffle[j]), boards + static_cast<long>(j)};
    }

    // The cache key: everything the search's answer depends on. The positions
    // since the last shuffle are given as its board and the moves since, which
    // also name the position searched from.
    std::string key(std::size_t j) const {
        const Rules& rules = game_.rules();
        const std::size_t from = history_.since_shuffle[j];
        std::vector<std::string> moves;
        for (std::size_t i = from; i < j; ++i) moves.push_back(to_record(game_.history()[i]));
        // A fair search never looks at a shuffle's outcome, so the deal's seed is not part of its key.
        const std::string mode = mode_ == HintMode::Fair
                                     ? fmt::format("fair {} {}", budget_.fair_phase, budget_.fair_last)
                                     : fmt::format("peek {} seed {}", budget_.peek, game_.deal().seed);
        // The settings the presets of old share are left out, so their keys are as they were.
        const Rules plain;
        const std::string family =
            rules.aces == plain.aces && rules.fill == plain.fill &&
                    rules.right_fills_first_column == plain.right_fills_first_column
                ? std::string()
                : fmt::format(" aces {} fill {} right-fills-first-column {}", to_string(rules.aces),
                              to_string(rules.fill), rules.right_fills_first_column);
        return fmt::format("plan {} {} memory {} ranks {} shuffles {} redeal {} fill-from-right {}{} spent {} board {} moves {}",
                           kPlanFormat, mode, budget_.memory_bytes, rules.ranks, rules.shuffles,
                           to_string(rules.redeal), rules.fill_from_right, family, history_.spent[j],
                           board_text(history_.boards[from]), fmt::join(moves, ","));
    }

    Plan fresh(std::size_t j) {
        const std::string k = cache_ ? key(j) : std::string();
        if (cache_) {
            if (auto text = cache_->find(k))
                if (auto plan = decode(*text, history_.boards[j], game_, history_.spent[j])) return *plan;
        }
        Plan plan = search(j);
        if (cache_) cache_->store(k, encode(plan));
        return plan;
    }

    Plan search(std::size_t j) {
        ++searches_;
        const auto& actions = game_.history();
        const int spent = history_.spent[j];
        const Game at = Game::restore(game_.rules(), game_.deal(),
                                      std::vector<Action>(actions.begin(), actions.begin() + static_cast<long>(j)),
                                      {}, spent);
        SolveLimits limits = solving_ ? *solving_ : SolveLimits{};
        limits.avoid.clear();
        limits.memory_bytes = budget_.memory_bytes;
        if (solving_ && solving_->seconds > 0)
            limits.seconds = std::max(solving_->seconds - solved_.seconds, 1e-9);
        // The caller sees the whole walk's figures, not each search's from 0
        // (solve --fair's status line went back to 0 s and 8 positions a phase).
        if (solving_) limits.progress = progress_after(solving_->progress, solved_.positions, solved_.seconds);
        const std::vector<Board> before = past(j);
        for (const Board& board : before) limits.avoid.emplace_back(board, spent);
        Plan plan;
        SolveResult result;
        if (mode_ == HintMode::Fair) {
            limits.max_positions = at.shuffles_left() > 0 ? budget_.fair_phase : budget_.fair_last;
            result = fair_phase(at, limits);
            tally(result);
            if (result.verdict != Verdict::Won && at.shuffles_left() > 0) {
                plan.to_shuffle = true;
                plan.actions = result.line;
                return plan;
            }
        } else {
            limits.max_positions = budget_.peek;
            result = solve(at, limits);
            tally(result);
        }
        if (result.verdict == Verdict::Won) {
            plan.kind = HintKind::Line;
            plan.actions = result.line;
            return plan;
        }
        if (result.verdict == Verdict::NoWin) {
            plan.kind = HintKind::NoWin;
            plan.avoided = !before.empty();
        }
        if (auto action = heuristic_hint(at, before, result.verdict == Verdict::NoWin)) plan.actions.push_back(*action);
        return plan;
    }

    void tally(const SolveResult& result) {
        solved_.positions += result.positions;
        solved_.seconds += result.seconds;
        solved_.peak_bytes = std::max(solved_.peak_bytes, result.peak_bytes);
        if (result.limit == Limit::Time || result.limit == Limit::Stopped || result.limit == Limit::Memory)
            cut_ = result.limit;
    }

    const Game& game_;
    const HintMode mode_;
    PlanCache* cache_;
    const HintBudget budget_;
    const SolveLimits* solving_;
    const History history_;
    int searches_ = 0;
    SolveResult solved_;
    Limit cut_ = Limit::None;
};

}  // namespace

std::optional<Action> heuristic_hint(const Game& game, const std::vector<Board>& avoid, bool lost) {
    const Board& board = game.board();
    if (board.won()) return std::nullopt;
    std::optional<Action> best;
    int best_score = 0;
    for (const Move& move : board.legal_moves(game.rules())) {
        Board after = board;
        after.play(move);
        if (std::find(avoid.begin(), avoid.end(), after) != avoid.end()) continue;
        const int value = score(board, game.rules(), move, after, lost);
        if (!best || value > best_score) {
            best = Action::make_move(move.card, move.to);
            best_score = value;
        }
    }
    if (!best && game.shuffles_left() > 0) best = Action::make_shuffle(game.shuffles_spent() + 1);
    return best;
}

HintBudget default_hint_budget() { return {kFairPhasePositions, kFairLastPositions, kPeekPositions, kHintMemory}; }

Hint hint(const Game& game, HintMode mode, PlanCache* cache, const HintBudget& budget) {
    switch (game.status()) {
        case Status::Won: throw Error("the game is won: nothing to hint");
        case Status::Lost: throw Error("the game is lost: no moves and no shuffles left");
        default: break;
    }
    return Walk(game, mode, cache, budget).run();
}

SolveResult fair_line(const Game& game, const SolveLimits& limits) {
    const auto started = std::chrono::steady_clock::now();
    HintBudget budget = default_hint_budget();
    if (limits.max_positions != 0) budget.fair_phase = budget.fair_last = limits.max_positions;
    budget.memory_bytes = limits.memory_bytes;
    Walk walk(game, HintMode::Fair, nullptr, budget, &limits);
    const auto [plan, next] = walk.current();
    SolveResult result = walk.solved();
    const std::vector<Action> rest(plan.actions.begin() + static_cast<long>(next), plan.actions.end());
    if (walk.cut() != Limit::None) {
        result.verdict = Verdict::Undecided;
        result.limit = walk.cut();
    } else if (plan.kind == HintKind::Line) {
        result.verdict = Verdict::Won;
        result.line = rest;
    } else if (plan.to_shuffle) {
        // The plan's way to its shuffle, then the strategy's fresh phases, as
        // the hints after a shuffle are.
        Game now = game;
        for (const Action& action : rest) now.play(action);
        SolveLimits left = limits;
        if (limits.seconds > 0) left.seconds = std::max(limits.seconds - result.seconds, 1e-9);
        left.progress = progress_after(limits.progress, result.positions, result.seconds);
        const SolveResult after = solve_fair(now, left);
        result.verdict = after.verdict;
        result.limit = after.limit;
        result.positions += after.positions;
        result.peak_bytes = std::max(result.peak_bytes, after.peak_bytes);
        result.line = rest;
        result.line.insert(result.line.end(), after.line.begin(), after.line.end());
    } else {
        // No shuffle left and no win found: the strategy lost here (the hints
        // play on towards the end, or with the best-looking moves when undecided).
        result.verdict = plan.kind == HintKind::NoWin ? Verdict::NoWin : Verdict::Undecided;
        result.limit = plan.kind == HintKind::NoWin ? Limit::None : Limit::Positions;
    }
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
}

std::string describe(const Hint& hint) {
    if (!hint.action) return "no move leads anywhere new";
    const int n = hint.actions_left;
    switch (hint.kind) {
        case HintKind::Line: return fmt::format("a winning line: {} left", plural(n, "action"));
        case HintKind::NoWin:
            return hint.avoided ? "no win is left without going back to an earlier position (proven): this move plays on towards the end"
                                : "no win exists from here (proven): this move plays on towards the end";
        case HintKind::Guess: break;
    }
    if (hint.to_shuffle)
        return n == 1 ? std::string("no win with moves alone found: shuffle now")
                      : fmt::format("no win with moves alone found: {} to the most cards placed, then shuffle",
                                    plural(n - 1, "move"));
    return "no line found within the budget: the best-looking move";
}

}  // namespace addiction
