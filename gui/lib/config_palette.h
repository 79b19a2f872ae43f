// One colour per config, the same in every view so that a config is recognised anywhere: precision
// families get related hues — FP32/TF32 blues, BF16 greens, FP16 oranges — so a glance connects a
// latency line, a table swatch and (later) a memory bar. Within a family, configs take successive
// shades in plan order.
#pragma once

#include <QColor>
#include <QPalette>
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

  // Drawing on a background. The shades above are the identity, made for light backgrounds; on a
  // dark one the deep shades sink into it. readableOn() leaves a colour alone where it already
  // stands out from `background` (WCAG contrast ratio ≥ kComfortContrast on a dark background,
  // ≥ kMinContrastLight on a light one) and otherwise lightens it (dark background) or darkens it
  // (light background), keeping hue and saturation. Contrasts below the comfort level are mapped
  // onto [kMinContrastDark, kComfortContrast] in order, so a family's deep and strong shades stay
  // apart instead of all landing on the same lightness. Every view draws config colours through
  // onPalette() (the background is QPalette::Base: charts, tables and lists draw on it).
  static constexpr double kMinContrastDark = 2.4;
  static constexpr double kComfortContrast = 3.2;
  static constexpr double kMinContrastLight = 1.4;
  static QColor readableOn(const QColor& color, const QColor& background);
  static QColor onPalette(const QColor& color, const QPalette& palette);
  // WCAG 2 relative luminance (0 black … 1 white) and contrast ratio (1 … 21).
  static double relativeLuminance(const QColor& color);
  static double contrastRatio(const QColor& a, const QColor& b);
};

}  // namespace inferscope::gui
