#include "core/roofline/roofline_types.h"

namespace inferscope::roofline {

const char* toString(Bound bound) {
  switch (bound) {
    case Bound::Compute:
      return "compute";
    case Bound::Memory:
      return "memory";
    case Bound::LaunchHost:
      return "launch-host";
    case Bound::Mixed:
      return "mixed";
    case Bound::Unknown:
      break;
  }
  return "unknown";
}

Bound parseBound(std::string_view text) {
  for (Bound b : {Bound::Compute, Bound::Memory, Bound::LaunchHost, Bound::Mixed}) {
    if (text == toString(b)) return b;
  }
  return Bound::Unknown;
}

const PrecisionPeak* DeviceCeilings::peak(std::string_view precision) const {
  for (const auto& p : matmul) {
    if (p.precision == precision) return &p;
  }
  return nullptr;
}

}  // namespace inferscope::roofline
