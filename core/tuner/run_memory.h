// What every tune keeps of its race for the next tune of the same model, inputs, device and
// software: each candidate's in-process level, its fresh processes, its set-up and compile costs,
// its accuracy and its fate, and the last answer confirmed in fresh processes. One versioned JSON
// file per key under the cache folder ($XDG_CACHE_HOME/inferscope/memory/), which the user may
// read, delete, or ignore for one run (`tune --fresh`). The file is data: one that is corrupt,
// foreign or of another key is ignored with a warning, never trusted and never fatal.
// core/tuner/race_prior.h turns it into what the race starts from.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/tune_record.h"

namespace inferscope::tuner {

inline constexpr int kRunMemoryFormat = 1;

// What makes two runs comparable: a run of another key never reads this one's memory.
struct MemoryKey {
  std::string model;     // the model's content: "sha256:<file>", a zoo model's name and weights
  std::string inputs;    // the resolved input specs, "32x3x224x224:float32"
  std::string device;    // name, compute capability, driver: "NVIDIA H200 cc9.0 driver 580.95.05"
  std::string versions;  // InferScope, LibTorch, CUDA, cuDNN, the helper scripts' hashes

  bool operator==(const MemoryKey& o) const;
  bool operator!=(const MemoryKey& o) const { return !(*this == o); }
  // The file name under the memory folder: a hash of the whole key, "<model name>-<16 hex>.json".
  std::string fileName(const std::string& model_name) const;
};

// The last answer confirmed in fresh processes, kept until a later run confirms another.
struct ConfirmedAnswer {
  std::string key;
  double median_ms = 0, low_ms = 0, high_ms = 0;
  int processes = 0;
  double at_unix_s = 0;
  bool operator==(const ConfirmedAnswer& o) const;
};

struct RunMemory {
  MemoryKey key;
  double written_unix_s = 0;
  TuneRecord race;  // the latest race, candidates merged with the earlier ones (mergeRun)
  // When each candidate's figures were measured (unix seconds), by key: a candidate the latest run
  // did not measure again keeps its earlier figures and their date.
  std::map<std::string, double> measured_at_unix_s;
  std::optional<ConfirmedAnswer> confirmed;

  bool operator==(const RunMemory& o) const;
};

// The latest run's race folded into what was remembered (`earlier`, of the same key, or none):
// the candidates it measured take its figures dated `now_unix_s`; those it did not measure (not
// reached, or settled from the memory: "remembered: …") keep the earlier figures and dates; its
// winner, when confirmed in two or more fresh processes, becomes the confirmed answer.
RunMemory mergeRun(const std::optional<RunMemory>& earlier, const MemoryKey& key,
                   const TuneRecord& race, double now_unix_s);

std::string runMemoryToJson(const RunMemory& memory);
// Throws Error(InvalidInput) naming `origin` for what is not a run memory of this format.
RunMemory runMemoryFromJson(std::string_view text, const std::string& origin);

// $XDG_CACHE_HOME/inferscope/memory (cacheDirectory()'s memory folder).
std::string runMemoryDirectory();

// The memory at `path` for `key`: nullopt with `warning` set when the file is there but unreadable,
// corrupt, of another format or of another key (it is then left alone: the next save replaces it);
// nullopt with no warning when there is no file.
std::optional<RunMemory> loadRunMemory(const std::string& path, const MemoryKey& key,
                                       std::string& warning);
// Written atomically (the folder made first). Throws Error naming the path when it cannot be.
void saveRunMemory(const RunMemory& memory, const std::string& path);

}  // namespace inferscope::tuner
