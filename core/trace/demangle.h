// Kernel names as people read them. CUPTI reports the mangled symbol of C++ kernels
// ("_ZN2at6native29vectorized_elementwise_kernel…"); library kernels written in C
// ("ampere_sgemm_128x64_nn") are not mangled and come back unchanged.
#pragma once

#include <string>

namespace inferscope::trace {

std::string demangle(const char* symbol);

}  // namespace inferscope::trace
