// The palette itself. Shades are picked to stay apart on white and on a dark palette, and to
// keep enough contrast for 1.5 px latency lines.
#include "gui/lib/config_palette.h"

#include <array>
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
    case PrecisionFamily::Tf32: return kTf32;
    case PrecisionFamily::Bf16: return kBf16;
    case PrecisionFamily::Fp16: return kFp16;
    case PrecisionFamily::Fp32: break;
  }
  return kFp32;
}

}  // namespace

PrecisionFamily precisionFamily(const OptimizationConfig& config) {
  switch (config.precision) {
    case Precision::Tf32: return PrecisionFamily::Tf32;
    case Precision::Bf16Cast:
    case Precision::AutocastBf16: return PrecisionFamily::Bf16;
    case Precision::Fp16Cast:
    case Precision::AutocastFp16: return PrecisionFamily::Fp16;
    case Precision::Fp32: break;
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

}  // namespace inferscope::gui
