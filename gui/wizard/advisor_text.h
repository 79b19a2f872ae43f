// The wizard's advice in the UI's language: core/advisor gives each reason and warning as a code
// with its values (advisor::Note) and names each rule's source (Reason::source_id); this renders
// them through tr() (gui/i18n), and the guide's and the generation table's quotes from their
// Japanese renderings in resources/gpu_generations.json. A code this build does not know (a newer
// core) falls back to core's English sentence.
#pragma once

#include <QString>

#include "core/advisor/recommendation.h"

namespace inferscope::gui {

// The rule column of the reason table.
QString adviceRuleText(const advisor::Reason& reason);
// Where the rule comes from (the rule cell's tool tip).
QString adviceSourceText(const advisor::Reason& reason);
// The recommendation's warning `index`: its note where the recommendation has one per warning.
QString adviceWarningText(const advisor::Recommendation& rec, std::size_t index);

}  // namespace inferscope::gui
