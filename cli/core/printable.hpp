// Text from the user or from a file, made safe to print on a terminal.
#pragma once

#include <string>
#include <string_view>

namespace addiction::cli {

// Messages quote what the user gave, and a game file, a deal or rule-set file
// shared by someone else, or an argument may hold any byte: control characters
// (C0, DEL, and C1 whether as UTF-8 or as a stray byte), the line separators and
// the bidirectional overrides and isolates are escaped (\x1b, \u202e) so a
// message stays one line and cannot drive the terminal, and a long quoted part
// is cut in the middle to a readable length (a path keeps its file name).
std::string printable(std::string_view message);

}  // namespace addiction::cli
