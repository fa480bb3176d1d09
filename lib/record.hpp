// The player's record: one entry per finished game, one JSON object a line
// (JSON Lines), appended as games end. Text in, text out; where the record lives,
// locking and appending are the command line's business. addiction(5) documents
// the format.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"

namespace addiction {

// The version every entry carries as "record"; entries of other versions are
// reported as damaged, never guessed at.
inline constexpr int kRecordVersion = 1;

enum class Result { Won, Lost, Abandoned };
std::string_view to_string(Result result);

struct RecordEntry {
    std::string game;       // the game's identity, so an entry appended twice counts once
    std::int64_t ended = 0;  // seconds since the epoch
    Rules rules;
    std::string deal;  // number or code
    Result result = Result::Abandoned;
    int actions = 0;
    int moves = 0;
    int shuffles = 0;  // shuffles used
    int placed = 0;    // placed cards at the end
    int cards = 0;     // cards to place: 4 x (ranks - 1) with the aces out, 4 x ranks with them in
    std::int64_t seconds = 0;  // play time, first to last action
    bool helped = false;
    std::vector<std::string> history;  // the actions as the game file records them
    std::string file;                  // the game file
};

// The identity of the game in `file`: a hash of the file's path, the deal, the
// rules, the time of the first action and the actions. A game whose end is
// appended again (the command was killed between the append and saving the game,
// and the same end is played again) keeps it, so it counts once. Under
// SOURCE_DATE_EPOCH two games alike in all of these are one game.
std::string game_identity(std::string_view file, const Game& game);

RecordEntry record_entry(const Game& game, Result result, std::string_view file, std::int64_t now);

// One line of JSON, without the newline.
std::string to_json_line(const RecordEntry& entry);
// Throws Error saying what is wrong with the line.
RecordEntry parse_record_line(std::string_view line);

// A play time as a clock shows it: "0:07", "5:12", "1:02:03".
std::string clock_text(std::int64_t seconds);

// "2026-11-23T03:04:51Z"
std::string utc_time(std::int64_t seconds);
// "2026-11-23" or "2026-11-23T03:04:51Z" (or without the Z) to seconds; throws Error.
std::int64_t parse_utc_time(std::string_view text);

// Help asked for in a game not yet ended (a hint, solve): hint and solve leave
// the game file as it is, so it is noted beside the record instead, one JSON
// object a line (addiction(5), THE HELP NOTES). A note names the game file, the
// deal, the rules and play.started at the time (0 before the first action).
inline constexpr int kHelpNoteVersion = 1;

struct HelpNote {
    std::string file;
    std::string deal;
    std::string rules;  // every setting, as text
    std::int64_t started = 0;
};

HelpNote help_note(std::string_view file, const Game& game);
std::string to_json_line(const HelpNote& note);
// Nullopt for a line that is not a note of this version (a torn append): skipped.
std::optional<HelpNote> parse_help_note(std::string_view line);
// True when `note` is about the file `file`: the same path, compared as the note
// stores it (a path that is not UTF-8 has its odd bytes replaced).
bool about_file(const HelpNote& note, std::string_view file);
// True when `note` was written for `game` in `file`: the same file, deal and rules,
// and the same start, or asked before the first action.
bool helps(const HelpNote& note, std::string_view file, const Game& game);

struct RecordRead {
    std::vector<RecordEntry> entries;   // in the record's order, each game once
    std::vector<std::string> damaged;   // "line 7: why", for every line skipped
    int repeated = 0;                   // entries of a game already counted
};

// Tolerant: a damaged line is skipped and reported; the rest is read.
RecordRead read_record(std::string_view text);

}  // namespace addiction
