// A tune of a model that only Python can compile (an ExportedProgram .pt2 or --model-py): the
// Python worker prepares it once (example inputs, FP32 reference), the engine measures its
// AOTInductor packages and the worker its eager and torch.compile configs, through one Measurer
// (core/runner/python_model_measurer.h). The prepared folder stays for compiles left running;
// folders older than a day are removed by later runs.
#pragma once

#include <memory>

#include "core/common/cancel_token.h"
#include "core/engine/session_result.h"
#include "core/runner/python_model_measurer.h"

namespace inferscope::runner {

class PythonModelRun {
 public:
  // Prepares `request`'s model in the Python worker and fills request.inputs (the example inputs'
  // shapes and dtypes) and request.model.prepared_dir. Throws Error(ModelLoad) with the worker's
  // message when the model cannot be built or run. `cancel` stops the preparation and every
  // measurement; it outlives this run. `budget_ms` (0: none) bounds the preparation too: a model
  // whose build never returns ends the command within its budget, not ten minutes later.
  PythonModelRun(ProfileRequest& request, const CancelToken& cancel, double budget_ms = 0);
  ~PythonModelRun();
  PythonModelRun(const PythonModelRun&) = delete;
  PythonModelRun& operator=(const PythonModelRun&) = delete;

  // The measurer the race uses: `engine` for AOTInductor configs, the worker for the rest.
  tuner::Measurer& measurer(tuner::Measurer& engine, std::int64_t batch);
  const PreparedPythonModel& prepared() const { return prepared_; }
  // The worker that prepared the model (its serving process has it built), for runs that are not a
  // race: profile and sweep (python_profile.h).
  PythonWorker& worker() { return *worker_; }
  // A config's output archive against the prepared FP32 reference, by the engine's accuracy code;
  // the archive is removed (a config's outputs are needed once). Throws Error when the outputs'
  // count or shapes differ from the reference's.
  AccuracyStats compareWithReference(const std::string& output_path) const;
  // The roofline's counting run of `config` (an eager one: no torch.compile) in the worker's
  // long-lived process, which has the model loaded (no fresh process to start within what the
  // race keeps of its budget): one warm-up, two iterations, then one observed forward under the
  // engine's operator
  // recorder, which the worker builds as its instruments module against its own PyTorch on first
  // use (resources/python/inferscope_instruments.py). The result carries roofline->work; where no
  // work was counted its status is Error and its message says why (what the module's build lacks).
  ConfigResult countWork(const OptimizationConfig& config, double deadline_ms_from_now);
  // The header of the session a tune leaves, when no engine session ran (no package measured).
  SessionResult header(const ProfileRequest& request) const;

 private:
  ModelRef model_;
  std::string device_;
  const CancelToken& cancel_;
  std::unique_ptr<PythonWorker> worker_;
  PreparedPythonModel prepared_;
  std::unique_ptr<PythonModelMeasurer> measurer_;
};

}  // namespace inferscope::runner
