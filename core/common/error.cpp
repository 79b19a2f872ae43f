#include "core/common/error.h"

namespace inferscope {

const char* toString(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::InvalidInput:
      return "invalid-input";
    case ErrorKind::ModelLoad:
      return "model-load";
    case ErrorKind::Unsupported:
      return "unsupported";
    case ErrorKind::OutOfMemory:
      return "oom";
    case ErrorKind::Cancelled:
      return "cancelled";
    case ErrorKind::Runtime:
      return "error";
  }
  return "error";
}

}  // namespace inferscope
