#include "rules.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "card.hpp"

namespace addiction {

const std::vector<std::string_view>& preset_names() {
    static const std::vector<std::string_view> names{"addiction", "montana", "gaps", "mini"};
    return names;
}

Rules preset(std::string_view name) {
    Rules rules;
    rules.preset = std::string(name);
    if (name == "addiction") return rules;
    if (name == "montana") {
        rules.shuffles = 2;
        rules.redeal = Redeal::AfterRun;
        return rules;
    }
    if (name == "gaps") {
        rules.shuffles = 0;
        return rules;
    }
    if (name == "mini") {
        rules.ranks = 7;
        rules.shuffles = 1;
        rules.redeal = Redeal::AfterRun;
        return rules;
    }
    throw Error(fmt::format("unknown rules '{}' (choose {})", name,
                            fmt::join(preset_names(), ", ")));
}

std::string preset_name_for(const Rules& rules) {
    const auto& names = preset_names();
    if (std::find(names.begin(), names.end(), rules.preset) != names.end()) {
        Rules base = preset(rules.preset);
        if (base == rules) return rules.preset;
    }
    return "custom";
}

std::string_view to_string(Redeal redeal) {
    return redeal == Redeal::Random ? "random" : "after-run";
}

Redeal parse_redeal(std::string_view text) {
    if (text == "random") return Redeal::Random;
    if (text == "after-run") return Redeal::AfterRun;
    throw Error(fmt::format("unknown redeal '{}' (choose random or after-run)", text));
}

}  // namespace addiction
