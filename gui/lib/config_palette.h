// One colour per config, the same in every view (UI.md): precision families get related hues —
// FP32/TF32 blues, BF16 greens, FP16 oranges — so a glance connects a latency line, a table
// swatch and (later) a memory bar. Within a family, configs take successive shades in plan order.
#pragma once

#include <QColor>

#include <vector>

#include "core/config/optimization_config.h"

namespace inferscope::gui {

enum class PrecisionFamily { Fp32, Tf32, Bf16, Fp16 };

PrecisionFamily precisionFamily(const OptimizationConfig& config);

class ConfigPalette {
 public:
  static constexpr int kShadesPerFamily = 6;

  // The `shade`-th colour of the config's family (wraps after kShadesPerFamily).
  static QColor color(const OptimizationConfig& config, int shade = 0);
  // Colours for a whole plan: each config gets the next unused shade of its family, so two
  // BF16 variants in one session are two distinct greens.
  static std::vector<QColor> forPlan(const std::vector<OptimizationConfig>& plan);
  // Each config's position within its family in plan order (0 for the first BF16 config, 1 for
  // the second …): forPlan's shade, and what the charts vary marker shapes by, so configs of
  // one family stay apart even where two shades look alike.
  static std::vector<int> familyRanks(const std::vector<OptimizationConfig>& plan);
};

}  // namespace inferscope::gui
