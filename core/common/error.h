// The one exception type the engine throws across its public API. Its message is written for the
// user ("model expects 3 input channels, got 1 (input spec 1x1x224x224)"), never a raw what() of an
// internal call; `kind` lets callers map it to an exit code or a result status.
#pragma once

#include <stdexcept>
#include <string>

namespace inferscope {

enum class ErrorKind {
  InvalidInput,  // bad flag, bad input spec, malformed file
  ModelLoad,     // missing or corrupt model file, unknown zoo model
  Unsupported,   // setting not available on this device or LibTorch build
  OutOfMemory,   // device out of memory
  Cancelled,     // the user asked to stop
  Runtime,       // the model threw while running
};

const char* toString(ErrorKind kind);

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

}  // namespace inferscope
