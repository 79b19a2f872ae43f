// A config's settings in words, in the UI's language: OptimizationConfig::describe() is the
// English the CLI prints; the window writes the same parts through tr() (gui/i18n).
#pragma once

#include <QString>

#include "core/config/optimization_config.h"
#include "core/device/device_info.h"

namespace inferscope::gui {

// "whole model cast to BF16 · channels_last · AOTInductor package …", parts joined by " · ".
QString configDescription(const OptimizationConfig& config);

// Why `config` cannot run on `caps` (unsupportedCode), in the UI's language; empty when it can.
QString unsupportedText(const OptimizationConfig& config, const DeviceCaps& caps,
                        bool libtorch_has_aoti);

}  // namespace inferscope::gui
