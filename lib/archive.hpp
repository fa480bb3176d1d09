// Archive deal files: a named deal with its rules and, where known, the solver's
// verdict and a line of play. Text in, values out; finding the files on disk is
// the command line's business.
//
//   format = 1, or 2 when the rules use a family setting (aces, fill, ...)
//   name = "two-step"            # the file's name without .toml
//   description = "..."
//   deal = "<number or code>"
//   tags = ["easy", ...]         # free words: easy, hard, two-between-leftmost ...
//   verdict = "win"              # unknown | win | no-win | no-win-without-shuffles
//   line = ["move 2H a1", ...]   # a winning line for "win", else any legal play
//   [rules]                      # preset; ranks, shuffles, redeal, fill_from_right (and in
//                                # format 2 aces, fill, right_fills_first_column) default to
//                                # the preset's ("custom" and a user's set start from addiction)
//
// addiction(5) has the details.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "game.hpp"

namespace addiction {

enum class ArchiveVerdict {
    Unknown,
    Win,                  // `line` wins the deal under its rules
    NoWin,                // proven: no line wins, shuffles included
    NoWinWithoutShuffles  // proven: no line of moves alone wins
};

std::string_view to_string(ArchiveVerdict verdict);
ArchiveVerdict parse_verdict(std::string_view text);  // throws Error

struct ArchiveDeal {
    std::string name;
    std::string description;
    Rules rules;
    std::string deal;  // deal number or deal code
    std::vector<std::string> tags;
    ArchiveVerdict verdict = ArchiveVerdict::Unknown;
    std::vector<Action> line;

    friend bool operator==(const ArchiveDeal&, const ArchiveDeal&) = default;
};

// A name usable as a file name and on a command line: letters, digits, '-', '_',
// '.', not starting with '-' or '.', at most 64 characters.
bool is_archive_name(std::string_view name);

// Throws Error naming the problem (syntax errors with `source`, line and column).
// Checks types and the deal, not the line: check_archive does that.
ArchiveDeal parse_archive(std::string_view text, std::string_view source);
std::string write_archive(const ArchiveDeal& deal);

// The game the archive deal starts, with nothing played.
Game start_game(const ArchiveDeal& deal);
// Plays `line` through the engine and checks it against the verdict: every
// action legal, and for Win the game won at the end. Returns the game after the
// line; throws Error naming the first action that fails.
Game check_archive(const ArchiveDeal& deal);

// The archive entry for a game: its deal and rules, and with `with_history` its
// actions as the line (verdict Win when they win the game).
ArchiveDeal archive_of(const Game& game, std::string name, bool with_history);

}  // namespace addiction
