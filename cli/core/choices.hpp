// The words of the options that choose one of a few values, each list written
// once: CLI11 maps them straight to the enums, and `complete` prints them.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "rules.hpp"

namespace addiction::cli {

template <class Enum>
using Choices = std::vector<std::pair<std::string, Enum>>;

// --color: when standard output gets colour.
enum class Color { Auto, Always, Never };
inline const Choices<Color> kColors = {{"auto", Color::Auto}, {"always", Color::Always}, {"never", Color::Never}};

// export --format.
enum class ExportFormat { Text, Json, Deal, Svg, Solvitaire };
inline const Choices<ExportFormat> kExportFormats = {{"text", ExportFormat::Text},
                                                     {"json", ExportFormat::Json},
                                                     {"deal", ExportFormat::Deal},
                                                     {"svg", ExportFormat::Svg},
                                                     {"solvitaire", ExportFormat::Solvitaire}};

// new --redeal: the engine's names for its Redeal values.
inline const Choices<Redeal> kRedeals = {{std::string(to_string(Redeal::Random)), Redeal::Random},
                                         {std::string(to_string(Redeal::AfterRun)), Redeal::AfterRun},
                                         {std::string(to_string(Redeal::RandomSlots)), Redeal::RandomSlots}};

}  // namespace addiction::cli
