// A tuning run end to end, for `inferscope-cli tune`, `recommend --validate` and the GUI's
// Validate page (gui/lib/tune_job.h, on a thread of its own): the search space for this model and
// device (the guide's recommendation first), the race over the real engine (EngineMeasurer; a
// model only Python can compile through PythonModelRun), and the session a run leaves (every
// measured config, the finalists with their forks: tuned_session.h).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/common/cancel_token.h"
#include "core/engine/plan_shard.h"
#include "core/model/model_ref.h"
#include "core/runner/engine_measurer.h"
#include "core/runner/tune_reporter.h"
#include "core/tuner/race.h"

namespace inferscope::runner {

struct TuningRun {
  tuner::TuneResult result;
  SessionResult session;  // opens in the GUI as any session does
};

struct TuneSettings {
  bool max_autotune = false;       // torch.compile max-autotune as a candidate (minutes each)
  EngineMeasurerOptions measurer;  // the workers' launcher, a finalist's process timeout
  // This tune's background AOTInductor compiles: a queue the caller made for this one tune (its
  // reporter shows the queue's jobs) and keeps until runTuning returns; nullptr: the tune makes
  // its own. One queue per tune: the tune's end leaves it starting nothing new (detachRunning).
  CompileQueue* compiles = nullptr;
  // The run memory (core/tuner/run_memory.h): read before the race unless `fresh`, and written
  // after it either way (the next run remembers this one), in `memory_dir` (empty: the cache's
  // memory folder). Off unless asked for: `tune` asks (not for a shard's race, which holds part of
  // the space); `recommend --validate` races a few neighbours, and the GUI has no log line for it
  // yet.
  bool remember = false;
  bool fresh = false;
  std::string memory_dir;
  // A session to continue (`tune --resume`): its race seeds this one in place of the memory. The
  // model, inputs and device must be the session's (Error(InvalidInput) otherwise).
  const SessionResult* resume = nullptr;
  std::string resume_path;
  // One line per note the user should see in the run's log: which memory or session the race
  // started from, and a memory file ignored, with why. Unset: not said.
  std::function<void(const std::string&)> log;
  // Where the compiles left running after the tune are recorded for `tune --status` (empty:
  // backgroundCompilesDirectory()).
  std::string compiles_state_dir;
};

// The race's budget from --budget-s (0: not given) for a model from `source`. Not given, it is
// 60 s, plus 110 s when a candidate's AOTInductor package has to be compiled first (one ResNet-50
// b32 package took 85–96 s alone on the H200, docs/PERFORMANCE.md, and the race waits for compiles
// until 65 % of its budget), 150 s for a model rebuilt in Python; given, it is what the user said.
void setTuneBudget(tuner::RaceOptions& race, double budget_s, ModelSource source);

// `request` names the model, inputs and device; `seeds` order the race (the advisor's
// recommendation and its neighbours). `race.spent_before_ms` is what the caller spent of the
// budget before this call (inferscope-cli: its process's age); the time this call takes before
// the race (a Python model's preparation, the device query) is added to it. With `shard`, only
// that slice of the space races (SearchSpace::restrictToShard) and the session holds the FP32
// reference first, as `merge` expects of a shard. Throws Error for what fails the whole run
// (model, inputs, device), and for a session to continue that has no race or is of another model,
// inputs or device.
TuningRun runTuning(const ProfileRequest& request, const std::vector<OptimizationConfig>& seeds,
                    const tuner::RaceOptions& race, const TuneSettings& settings,
                    TuneReporter& reporter, const CancelToken& cancel,
                    const std::optional<ShardSpec>& shard = std::nullopt);

}  // namespace inferscope::runner
