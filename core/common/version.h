// InferScope's own version, and the session-file schema it writes.
#pragma once

namespace inferscope {

inline constexpr const char* kInferScopeVersion = "0.1.0";

}  // namespace inferscope
