#include "core/runner/exit_code.h"

namespace inferscope::runner {

int exitCodeFor(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::InvalidInput:
      return kExitInvalidInput;
    case ErrorKind::ModelLoad:
      return kExitModelLoad;
    case ErrorKind::Unsupported:
      return kExitUnsupported;
    case ErrorKind::Cancelled:
      return kExitCancelled;
    case ErrorKind::OutOfMemory:
    case ErrorKind::Runtime:
      return kExitRuntime;
  }
  return kExitFailure;
}

std::optional<ErrorKind> errorKindOfExitCode(int code) {
  switch (code) {
    case kExitInvalidInput:
      return ErrorKind::InvalidInput;
    case kExitModelLoad:
      return ErrorKind::ModelLoad;
    case kExitUnsupported:
      return ErrorKind::Unsupported;
    case kExitRuntime:
      return ErrorKind::Runtime;
    default:
      return std::nullopt;
  }
}

}  // namespace inferscope::runner
