// The C++ export: a standalone main.cpp against LibTorch 2.x that loads a TorchScript model (or,
// for the AOTInductor setting, a .pt2 package), applies exactly one config through
// at::globalContext() with the API of the target version, runs one inference under
// c10::InferenceMode and prints the same JSON state line as the Python export.
#pragma once

#include <string>

#include "core/advisor/config_document.h"

namespace inferscope::advisor {

std::string exportCpp(const ConfigDocument& document);

}  // namespace inferscope::advisor
