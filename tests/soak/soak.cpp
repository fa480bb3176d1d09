// The soak: random games played through the real command line, each invocation
// checked against the engine playing the same action in-process. After every step
// the saved file must load (load_game replays and checks the whole history) and be
// byte for byte what the engine would save, the exit status must be 0 when the
// engine accepts the action and 1 when it refuses it, and a refusal must be one
// line on stderr. Legal and illegal moves, moves without a slot, undo and redo of
// several actions, shuffles, and reads are all mixed in.
//
//   soak BINARY [--games N] [--steps N] [--seed S]
//
// CI runs a short soak (tests/CMakeLists.txt); README "Hardening" has the long one.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "files.hpp"
#include "gamefile.hpp"
#include "random.hpp"

extern char** environ;

namespace {

// `undo N` / `redo N` as the command line takes them: at most what there is, and
// 1 when there is nothing (which the engine refuses).
int clamped(int count, std::size_t available) {
    return available == 0 ? 1 : static_cast<int>(std::min<std::size_t>(available, static_cast<std::size_t>(count)));
}

using namespace addiction;
using addiction::cli::read_file;
namespace fs = std::filesystem;

struct Outcome {
    int status = -1;  // the exit status, or 128 + signal
    std::string err;
};

class Soak {
public:
    Soak(std::string binary, fs::path work, std::uint64_t seed)
        : binary_(std::move(binary)), work_(std::move(work)), game_file_(work_ / "game.toml"), rng_(seed) {}

    // Plays `games` games of up to `steps` steps; false at the first mismatch.
    bool run(int games, int steps) {
        for (game_number_ = 1; game_number_ <= games; ++game_number_) {
            if (!start_game()) return false;
            for (step_ = 1; step_ <= steps; ++step_) {
                if (model_->status() == Status::Won || model_->status() == Status::Lost) {
                    ++finished_;
                    break;
                }
                if (!step()) return false;
            }
        }
        return true;
    }

    void report(double seconds) const {
        fmt::print("soak: {} games, {} invocations ({} applied, {} refused, {} reads), {} games finished, "
                   "{:.1f} s, {:.0f} invocations/s\n",
                   game_number_ - 1, invocations_, applied_, refused_, reads_, finished_, seconds,
                   static_cast<double>(invocations_) / seconds);
    }

private:
    Outcome invoke(const std::vector<std::string>& words) {
        ++invocations_;
        // No --color: stdout is /dev/null, so nothing is coloured, and hint refuses the option.
        std::vector<std::string> args{binary_, "--file", game_file_.string()};
        args.insert(args.end(), words.begin(), words.end());
        std::vector<char*> argv;
        for (auto& arg : args) argv.push_back(arg.data());
        argv.push_back(nullptr);
        const std::string err_path = (work_ / "stderr").string();
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        pid_t pid = 0;
        Outcome outcome;
        if (posix_spawn(&pid, binary_.c_str(), &actions, nullptr, argv.data(), environ) == 0) {
            int wstatus = 0;
            while (waitpid(pid, &wstatus, 0) < 0) {
            }
            outcome.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
        }
        posix_spawn_file_actions_destroy(&actions);
        outcome.err = read_file(err_path);
        return outcome;
    }

    bool fail(const std::string& what, const std::vector<std::string>& words) {
        std::string command;
        for (const auto& w : words) command += " " + w;
        fmt::print(stderr, "soak: game {} step {} (addiction{}): {}\n", game_number_, step_, command, what);
        fmt::print(stderr, "soak: the game file is kept in {}\n", work_.string());
        return false;
    }

    // The file must load and be exactly what the model saves.
    bool check_file(const std::vector<std::string>& words) {
        std::string text;
        try {
            text = read_file(game_file_);
            Game loaded = load_game(text, game_file_.string());
            if (loaded.history() != model_->history() || loaded.redo_list() != model_->redo_list())
                return fail("the file's history is not the engine's", words);
        } catch (const Error& e) {
            return fail(fmt::format("the saved file does not load: {}", e.what()), words);
        }
        // The clock and the record's marks are the command line's (record_store.cpp):
        // everything else must be what the engine saves.
        Game expected = *model_;
        try {
            expected.log() = load_game(text, game_file_.string()).log();
        } catch (const Error&) {
        }
        if (text != save_game(expected)) return fail("the file differs from what the engine saves", words);
        return true;
    }

    bool start_game() {
        std::vector<std::string> words{"new", std::to_string(rng_.next()), "--force"};
        // Every shipped rule set, the family's games included.
        const auto& presets = preset_names();
        const std::string_view name = presets[rng_.below(static_cast<std::uint32_t>(presets.size()))];
        words.push_back("--rules");
        words.push_back(std::string(name));
        if (rng_.below(4) == 0) words.push_back("--fill-from-right");
        if (rng_.below(4) == 0) {
            // The random redeal deals the aces in, so it needs them out of the game.
            const bool aces_out = preset(name).aces == Aces::Removed;
            static constexpr const char* kRedeals[] = {"after-run", "random-slots", "random"};
            words.insert(words.end(), {"--redeal", kRedeals[rng_.below(aces_out ? 3 : 2)]});
        }
        if (rng_.below(4) == 0) words.insert(words.end(), {"--ranks", std::to_string(kMinRanks + rng_.below(10))});
        if (rng_.below(4) == 0) words.insert(words.end(), {"--shuffles", std::to_string(rng_.below(4))});
        step_ = 0;
        Outcome outcome = invoke(words);
        if (outcome.status != 0) return fail("new failed: " + outcome.err, words);
        try {
            model_ = load_game(read_file(game_file_), game_file_.string());
        } catch (const Error& e) {
            return fail(fmt::format("a new game does not load: {}", e.what()), words);
        }
        return true;
    }

    Card random_card() {
        return Card(kSuits[rng_.below(4)], 1 + static_cast<int>(rng_.below(kMaxRanks)));
    }
    std::string random_slot_text() {
        // Mostly real slots, sometimes off the board.
        auto row = static_cast<char>('a' + rng_.below(rng_.below(8) == 0 ? 6 : 4));
        return fmt::format("{}{}", row, rng_.below(16));
    }

    bool step() {
        Game& game = *model_;
        std::vector<std::string> words;
        std::function<void(Game&)> change;  // what the engine does; none for reads
        std::vector<Action> legal = game.legal_actions();
        std::vector<Action> moves;
        for (const Action& a : legal)
            if (!a.is_shuffle()) moves.push_back(a);
        const std::uint32_t roll = rng_.below(100);
        if (roll < 40 && !moves.empty()) {
            const Action& a = moves[rng_.below(static_cast<std::uint32_t>(moves.size()))];
            words = {"move", to_string(a.move.card), to_string(a.move.to)};
        } else if (roll < 50 && !moves.empty()) {
            words = {"move", to_string(moves[rng_.below(static_cast<std::uint32_t>(moves.size()))].move.card)};
        } else if (roll < 62) {
            words = {"move", to_string(random_card()), random_slot_text()};
        } else if (roll < 64) {
            const char* junk[] = {"ZZ", "1", "10", "11H", "0S", "AH", "K", "q\u2665", "xx", "10\u2660"};
            words = {"move", junk[rng_.below(10)]};
        } else if (roll < 76) {
            words = {"undo", std::to_string(1 + rng_.below(3))};
        } else if (roll < 88) {
            words = {"redo", std::to_string(1 + rng_.below(3))};
        } else if (roll < 94) {
            words = {"shuffle"};
        } else {
            const std::vector<std::string> reads[] = {{"show"}, {"hint"}, {"show", "--json"}, {"hint", "--all"}};
            words = reads[rng_.below(4)];
        }

        if (words[0] == "move") {
            change = [&](Game& g) {
                Card card = parse_card(words[1]);
                std::optional<Slot> to;
                if (words.size() > 2) to = parse_slot(words[2], g.rules().width());
                g.move(card, to);
            };
        } else if (words[0] == "undo") {
            // A count past what there is takes back all there is (with a note); nothing is refused.
            change = [&](Game& g) { g.undo(clamped(std::stoi(words[1]), g.history().size())); };
        } else if (words[0] == "redo") {
            change = [&](Game& g) { g.redo(clamped(std::stoi(words[1]), g.redo_list().size())); };
        } else if (words[0] == "shuffle") {
            change = [](Game& g) { g.shuffle(); };
        }

        int expected = 0;
        if (change) {
            Game next = game;
            try {
                change(next);
                game = std::move(next);
            } catch (const Error&) {
                expected = 1;
            }
        }
        Outcome outcome = invoke(words);
        if (outcome.status != expected)
            return fail(fmt::format("exit {}, the engine expects {}; stderr: {}", outcome.status, expected,
                                    outcome.err),
                        words);
        if (expected == 1) {
            ++refused_;
            if (outcome.err.empty() || outcome.err.find('\n') != outcome.err.size() - 1)
                return fail("a refusal is not one line on stderr: " + outcome.err, words);
        } else if (change) {
            ++applied_;
        } else {
            ++reads_;
        }
        return check_file(words);
    }

    std::string binary_;
    fs::path work_;
    fs::path game_file_;
    Xoshiro256 rng_;
    std::optional<Game> model_;
    int game_number_ = 0;
    int step_ = 0;
    long invocations_ = 0, applied_ = 0, refused_ = 0, reads_ = 0, finished_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Random games through the addiction command line, checked against the engine", "soak"};
    std::string binary;
    int games = 20;
    int steps = 60;
    std::uint64_t seed = 1;
    app.add_option("binary", binary, "The addiction binary")->required()->check(CLI::ExistingFile);
    app.add_option("--games", games, "Games to play")->check(CLI::PositiveNumber);
    app.add_option("--steps", steps, "Most steps per game")->check(CLI::PositiveNumber);
    app.add_option("--seed", seed, "Seed of the random choices (a failure names the seed to rerun)");
    CLI11_PARSE(app, argc, argv);

    std::string pattern = (fs::temp_directory_path() / "addiction-soak.XXXXXX").string();
    if (!::mkdtemp(pattern.data())) {
        fmt::print(stderr, "soak: cannot make a temporary folder\n");
        return 1;
    }
    fs::path work = pattern;
    // The soak's games are not the player's: never in the real record, state or
    // cache (hint keeps plans in the cache), also when run by hand.
    ::setenv("ADDICTION_RECORD", (work / "record").c_str(), 1);
    for (const char* name : {"XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"})
        ::setenv(name, (work / "home" / name).c_str(), 1);
    binary = fs::absolute(binary).string();
    Soak soak(binary, work, seed);
    auto start = std::chrono::steady_clock::now();
    bool passed = soak.run(games, steps);
    std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    soak.report(seconds.count());
    if (!passed) {
        fmt::print(stderr, "soak: FAILED with --seed {}\n", seed);
        return 1;
    }
    std::error_code ec;
    fs::remove_all(work, ec);
    return 0;
}
