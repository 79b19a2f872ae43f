// The Python export: a file following the guide's load_model()/inference() that applies exactly one
// config with the API of the target PyTorch version, plus a `__main__` demo that runs one inference
// and prints a JSON line of the torch.backends state it left (read back by the GPU tests).
#pragma once

#include <string>

#include "core/advisor/config_document.h"

namespace inferscope::advisor {

std::string exportPython(const ConfigDocument& document);

}  // namespace inferscope::advisor
