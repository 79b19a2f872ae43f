// What the engine asks for when a config runs an AOTInductor package that has to be compiled first
// (a zoo model, or a model Python rebuilds): a PackageCompiler turns a CompileSpec into a package
// on disk. The LibTorch layer (core/torch/aoti_model.cpp) builds the specs and asks; the run layer
// implements the interface with its compile queue (core/runner/compile_queue.h: helper processes,
// a cache, background compiles) and hands one to engine::run for the run that needs it. So the
// engine starts no process and holds no process-wide queue, and the values below (a compile's
// state, as the tuner's events and session files carry it) need no process manager to be read.
#pragma once

#include <string>
#include <vector>

namespace inferscope {

struct CompileSpec {
  std::string key;                // what the user reads: "resnet50 bf16+cl"
  std::string package_path;       // the cache entry: the helper writes it, then <package>.sha256
  std::vector<std::string> args;  // the helper's arguments after the interpreter
  std::string log_path;           // the helper's stdout and stderr
};

struct CompileStatus {
  std::string key, package_path, log_path;
  enum class State { Queued, Running, Done, Cached, Failed } state = State::Queued;
  double elapsed_ms = 0;  // compile time so far (or in total, once done)
  int attempts = 0;
  std::string message;  // a failure's reason, with the log's path
};

const char* toString(CompileStatus::State state);

class PackageCompiler {
 public:
  virtual ~PackageCompiler() = default;

  // Starts compiling `spec`'s package in the background unless it is there already, and returns
  // at once.
  virtual void submit(const CompileSpec& spec) = 0;
  // The package's path, compiled now if nobody submitted it; waits for a submitted compile.
  // Throws Error(Runtime) with the compile's own reason when no package can be made. `waited_ms`
  // receives the time spent waiting and compiling (0 when the package was there).
  virtual std::string obtain(const CompileSpec& spec, double* waited_ms = nullptr) = 0;
  // Submitted compiles start in this order (packages not listed keep theirs after these).
  virtual void prioritise(const std::vector<std::string>& package_paths) = 0;
  // False while the package is waiting for or in its compile.
  virtual bool ready(const std::string& package_path) const = 0;
};

}  // namespace inferscope
