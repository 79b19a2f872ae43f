// The AOTInductor compiles a tune left running after it exited (CompileQueue::detachRunning), so
// that the user can see and stop them: one small state file per compile in the cache folder
// (<cache>/compiles/<pid>.json), written when the run leaves it, read by
// `inferscope-cli tune --status` and `tune --stop-compiles`. A state file whose helper is gone
// (finished, failed, killed, or its pid now another program's) is pruned when the folder is read.
// Plain C++ (no LibTorch).
#pragma once

#include <string>
#include <vector>

#include "core/engine/package_compiler.h"

namespace inferscope::runner {

struct BackgroundCompile {
  std::string model;  // the model the tune raced ("resnet50", a file's name)
  std::string key;    // the compile's key (the package's precision and layout)
  std::string package_path, log_path;
  long pid = 0;  // the helper, which leads its own process group
  double started_unix_s = 0;
  // What a compile of this model typically took in the run that left it (the median of its
  // finished compiles; 0: none had finished, nothing to go by).
  double typical_ms = 0;

  double elapsedMs(double now_unix_s) const;
  // Time left until the package is likely ready (0 once past the typical time; < 0: unknown).
  double etaMs(double now_unix_s) const;
};

// <cacheDirectory()>/compiles.
std::string backgroundCompilesDirectory();

// The median of the finished compiles' durations in `jobs` (0: none finished).
double typicalCompileMs(const std::vector<CompileStatus>& jobs);

// "ready in about 40 s (typical compile of this model: 120 s, 80 s in)" or, with nothing to go
// by, "80 s in; no compile of this run finished to say how long one takes".
std::string etaText(double elapsed_ms, double typical_ms);

// Records each compile in `left` (detached, still running) under `dir`, with `typical_ms` (what a
// compile of this model took in the run: typicalCompileMs of its queue's jobs) for its ETA. A
// compile whose helper's pid cannot be read from its package's lock is not recorded (nothing
// could stop it by pid). Returns the files written; a failure to write is returned in `error`
// and writes nothing more.
std::vector<std::string> recordBackgroundCompiles(const std::string& dir, const std::string& model,
                                                  const std::vector<CompileStatus>& left,
                                                  double typical_ms, double now_unix_s,
                                                  std::string* error = nullptr);

// The compiles still running under `dir`, oldest first; state files of helpers that are gone are
// removed.
std::vector<BackgroundCompile> listBackgroundCompiles(const std::string& dir);

struct StoppedCompile {
  BackgroundCompile compile;
  bool stopped = false;
  std::string message;  // why not, when not stopped
};

// Stops every compile still running under `dir` (SIGTERM to its helper's process group: Inductor's
// compile workers too) and removes its state file; its package is compiled again by the next run
// that needs it.
std::vector<StoppedCompile> stopBackgroundCompiles(const std::string& dir);

}  // namespace inferscope::runner
