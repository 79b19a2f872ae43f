// JSON of the roofline's values (roofline_types.h): the one mapping of each type, as nlohmann's
// to_json/from_json (the session writer embeds them; defined and called only inside
// inferscope_core_base, see docs/ARCHITECTURE.md on JSON_DIAGNOSTICS) and as text for the
// file boundaries (the ceiling cache, tests). Reading is lenient about missing optional fields and
// strict about the type of what is there; errors name the path.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "core/roofline/roofline_types.h"

namespace inferscope::roofline {

void to_json(nlohmann::json& j, const ConfigRoofline& value);
void from_json(const nlohmann::json& j, ConfigRoofline& value);
void to_json(nlohmann::json& j, const DeviceCeilings& value);
void from_json(const nlohmann::json& j, DeviceCeilings& value);

// indent < 0: one line. Readers throw Error(InvalidInput) naming `origin` and the path.
std::string configRooflineToJson(const ConfigRoofline& value, int indent = -1);
ConfigRoofline configRooflineFromJson(std::string_view text,
                                      const std::string& origin = "roofline");
std::string ceilingsToJson(const DeviceCeilings& value, int indent = -1);
DeviceCeilings ceilingsFromJson(std::string_view text, const std::string& origin = "ceilings");

}  // namespace inferscope::roofline
