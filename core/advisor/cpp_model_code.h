// The model part of the C++ export: how the model is loaded, cast, laid out and compiled
// (TorchScript freeze, CUDA graph capture, or an AOTInductor package), and the autocast scope
// around its forward. Split from cpp_exporter.cpp, which assembles the whole file. Internal to
// core/advisor.
#pragma once

#include <string>

#include "core/advisor/config_document.h"

namespace inferscope::advisor {

// `struct Model`, loadModel(), forward() and modelDtype() for the config's compile mode; the code
// expects applyBackendSettings(), kDevice and kModelDtype to be defined before it.
std::string cppModelCode(const ConfigDocument& document);
// `class AutocastScope` for autocast configs (uses kAutocastDtype); "" otherwise.
std::string cppAutocastScope(const ConfigDocument& document);

}  // namespace inferscope::advisor
