// Precompiled header of the LibTorch translation units (core/torch/ only). LibTorch's headers cost
// ~30 s per translation unit on a 2-core machine; compiled once here, they cost that once.
#pragma once

#include <torch/script.h>
#include <torch/torch.h>
