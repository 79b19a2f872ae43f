// Why a config cannot run on a device, as a code, for a UI that writes the reason in its own
// language (the GUI: gui/lib/config_text.h); unsupportedReason (optimization_config.h) is the same
// decision in the CLI's English. Defined in optimization_config.cpp, beside it.
#pragma once

#include <optional>
#include <string>

#include "core/config/optimization_config.h"

namespace inferscope {

// "bf16-needs-ampere", "tf32-needs-ampere", "cudnn-needs-build", "tf32-on-cpu", "fp16-on-cpu",
// "cudnn-on-cpu", "graph-on-cpu", "tc-ro-on-cpu", "aoti-needs-2.6", "graph-with-autograd";
// nullopt when it can run.
std::optional<std::string> unsupportedCode(const OptimizationConfig& config, const DeviceCaps& caps,
                                           bool libtorch_has_aoti);

}  // namespace inferscope
