// The palette itself. Shades are picked to stay apart on white and on a dark palette, and to
// keep enough contrast for 1.5 px latency lines.
#include "gui/lib/config_palette.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

namespace inferscope::gui {
namespace {

using Shades = std::array<QRgb, ConfigPalette::kShadesPerFamily>;

// Ordered so that neighbours differ most: strong, light, dark, pale, mid, deep.
constexpr Shades kFp32 = {0x1f5fbf, 0x5b9bec, 0x0b3a75, 0x8fb8f0, 0x3b7dd8, 0x2a3f9e};
constexpr Shades kTf32 = {0x1597a8, 0x5cc3d1, 0x0b5e69, 0x97d9e2, 0x2fb0b5, 0x1d6f8f};
constexpr Shades kBf16 = {0x2e9a3e, 0x79c267, 0x176127, 0xa6d98f, 0x4cae2c, 0x3d7a52};
constexpr Shades kFp16 = {0xe3760b, 0xf5a742, 0xa04b00, 0xf9c77f, 0xd35400, 0xc08a3e};

const Shades& shadesOf(PrecisionFamily family) {
  switch (family) {
    case PrecisionFamily::Tf32:
      return kTf32;
    case PrecisionFamily::Bf16:
      return kBf16;
    case PrecisionFamily::Fp16:
      return kFp16;
    case PrecisionFamily::Fp32:
      break;
  }
  return kFp32;
}

}  // namespace

PrecisionFamily precisionFamily(const OptimizationConfig& config) {
  switch (config.precision) {
    case Precision::Tf32:
      return PrecisionFamily::Tf32;
    case Precision::Bf16Cast:
    case Precision::AutocastBf16:
      return PrecisionFamily::Bf16;
    case Precision::Fp16Cast:
    case Precision::AutocastFp16:
      return PrecisionFamily::Fp16;
    case Precision::Fp32:
      break;
  }
  return PrecisionFamily::Fp32;
}

QColor ConfigPalette::color(const OptimizationConfig& config, int shade) {
  const auto& shades = shadesOf(precisionFamily(config));
  const int i = ((shade % kShadesPerFamily) + kShadesPerFamily) % kShadesPerFamily;
  return QColor::fromRgb(shades[static_cast<std::size_t>(i)]);
}

std::vector<QColor> ConfigPalette::forPlan(const std::vector<OptimizationConfig>& plan) {
  const auto ranks = familyRanks(plan);
  std::vector<QColor> colors;
  colors.reserve(plan.size());
  for (std::size_t i = 0; i < plan.size(); ++i) colors.push_back(color(plan[i], ranks[i]));
  return colors;
}

std::vector<int> ConfigPalette::familyRanks(const std::vector<OptimizationConfig>& plan) {
  std::map<PrecisionFamily, int> used;
  std::vector<int> ranks;
  ranks.reserve(plan.size());
  for (const auto& config : plan) ranks.push_back(used[precisionFamily(config)]++);
  return ranks;
}

double ConfigPalette::relativeLuminance(const QColor& color) {
  const auto linear = [](double c) {
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  };
  const QColor rgb = color.toRgb();
  return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) + 0.0722 * linear(rgb.blueF());
}

double ConfigPalette::contrastRatio(const QColor& a, const QColor& b) {
  const double la = relativeLuminance(a), lb = relativeLuminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor ConfigPalette::readableOn(const QColor& color, const QColor& background) {
  const double bg = relativeLuminance(background);
  // Which way a colour stands out more: white against it, or black?
  const bool dark_background = (1.05 / (bg + 0.05)) > ((bg + 0.05) / 0.05);
  const double contrast = contrastRatio(color, background);
  double target = 0;
  if (dark_background) {
    if (contrast >= kComfortContrast && relativeLuminance(color) >= bg) return color;
    // [1, comfort) → [min, comfort), in order; a colour darker than the background counts as 1.
    const double c = relativeLuminance(color) >= bg ? contrast : 1.0;
    target = kMinContrastDark +
             (c - 1.0) / (kComfortContrast - 1.0) * (kComfortContrast - kMinContrastDark);
  } else {
    if (contrast >= kMinContrastLight && relativeLuminance(color) <= bg) return color;
    target = kMinContrastLight;
  }
  // Walk HSL lightness towards white (dark background) or black (light one) until the contrast
  // reaches the target; hue and saturation stay. Bisection: luminance grows with lightness.
  const QColor hsl = color.toHsl();
  const double h = hsl.hslHueF(), s = hsl.hslSaturationF();
  const auto at = [&](double l) {
    return QColor::fromHslF(static_cast<float>(h), static_cast<float>(s), static_cast<float>(l))
        .toRgb();
  };
  double lo = hsl.lightnessF(), hi = dark_background ? 1.0 : 0.0;
  for (int i = 0; i < 30; ++i) {
    const double mid = (lo + hi) / 2;
    const QColor candidate = at(mid);
    const bool enough =
        contrastRatio(candidate, background) >= target &&
        (dark_background ? relativeLuminance(candidate) >= bg : relativeLuminance(candidate) <= bg);
    (enough ? hi : lo) = mid;
  }
  return at(hi);
}

QColor ConfigPalette::onPalette(const QColor& color, const QPalette& palette) {
  return readableOn(color, palette.color(QPalette::Base));
}

}  // namespace inferscope::gui
