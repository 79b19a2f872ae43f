#include "core/runner/python_model_run.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/python_helpers.h"
#include "core/common/time_format.h"
#include "core/common/units.h"
#include "core/common/version.h"
#include "core/engine/engine.h"
#include "core/model/model_zoo.h"

namespace inferscope::runner {
namespace fs = std::filesystem;
namespace {

// Building a large model in Python (GPT-2 with transformers: 10 s on the H200) and its reference
// forward: generous, since nothing else can run before it, unless the caller's budget ends first.
constexpr double kPrepareTimeoutMs = 600000;

}  // namespace

PythonModelRun::PythonModelRun(ProfileRequest& request, const CancelToken& cancel, double budget_ms)
    : model_(request.model), cancel_(cancel) {
  if (!request.run.input_cycle.empty()) {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("--cycle-input: {} is tuned on its example inputs' shapes only (dynamic shapes "
                    "are not tuned for models rebuilt in Python); leave --cycle-input out",
                    model_.displayName()));
  }
  device_ =
      request.device == DeviceKind::Cuda ? fmt::format("cuda:{}", request.device_index) : "cpu";
  const auto dir =
      fs::path(cacheDirectory()) / "pymodels" / fmt::format("{}-{}", ::getpid(), ::time(nullptr));
  worker_ = std::make_unique<PythonWorker>(
      resolvePythonInterpreter(), pythonHelperPath("inferscope_pymodel.py"), device_,
      // Kept after the run (the prepared folder is not): a
      // failed config's message names its log.
      (fs::path(cacheDirectory()) / "pymodels" / "logs").string());
  std::vector<std::string> overrides;
  for (const auto& spec : request.inputs) overrides.push_back(spec.toString());
  const double timeout_ms =
      budget_ms > 0 ? std::min(budget_ms, kPrepareTimeoutMs) : kPrepareTimeoutMs;
  const auto started = std::chrono::steady_clock::now();
  try {
    prepared_ = worker_->prepare(model_, overrides, dir.string(), timeout_ms, &cancel_);
  } catch (const Error& e) {
    const bool budget_ended = budget_ms > 0 && e.kind() == ErrorKind::ModelLoad &&
                              units::toMs(std::chrono::steady_clock::now() - started) >= timeout_ms;
    if (!budget_ended) throw;
    throw Error(ErrorKind::ModelLoad,
                fmt::format("{}; the budget ({:.0f} s) ended while Python built the model: raise "
                            "--budget-s for a model that takes longer to build",
                            e.what(), units::msToS(timeout_ms)));
  }
  request.inputs = prepared_.inputs;
  request.model.prepared_dir = prepared_.dir;
  if (!prepared_.inputs.empty()) request.batch = prepared_.inputs.front().batch();
  model_ = request.model;
}

// The prepared folder outlives the run: AOTInductor compiles left to finish in the background
// read its example inputs. Each run removes the folders of runs more than a day old.
PythonModelRun::~PythonModelRun() {
  std::error_code ignored;
  const auto root = fs::path(prepared_.dir).parent_path();
  for (fs::directory_iterator it(root, ignored), end; !ignored && it != end;
       it.increment(ignored)) {
    const auto age = fs::file_time_type::clock::now() - fs::last_write_time(it->path(), ignored);
    if (!ignored && it->is_directory() && it->path().filename() != "logs" &&
        age > std::chrono::hours(24))
      removeFolderOfFiles(it->path().string());  // a prepared folder holds files only
  }
}

AccuracyStats PythonModelRun::compareWithReference(const std::string& output_path) const {
  const auto reference = (fs::path(prepared_.dir) / "reference.pt").string();
  const auto remove = [&] {
    std::error_code ignored;
    fs::remove(output_path, ignored);  // a config's outputs are needed once
  };
  try {
    auto stats = engine::compareOutputArchives(output_path, reference);
    remove();
    return stats;
  } catch (...) {
    remove();
    throw;
  }
}

tuner::Measurer& PythonModelRun::measurer(tuner::Measurer& engine, std::int64_t batch) {
  measurer_ = std::make_unique<PythonModelMeasurer>(
      engine, *worker_, model_, prepared_,
      [this](const std::string& output) { return compareWithReference(output); }, batch, &cancel_);
  return *measurer_;
}

ConfigResult PythonModelRun::countWork(const OptimizationConfig& config,
                                       double deadline_ms_from_now) {
  PythonInstruments count;
  count.count_work = true;
  worker_->setInstruments(count);
  std::vector<PythonConfigRun> runs;
  try {
    runs = worker_->measureInSession(model_, prepared_, {config}, 1, 2, deadline_ms_from_now,
                                     &cancel_);
  } catch (...) {
    worker_->setInstruments({});
    throw;
  }
  worker_->setInstruments({});
  PythonConfigRun run = runs.at(0);
  std::error_code ignored;
  for (const auto& file : {run.output_path, run.ops_path}) {
    if (!file.empty()) fs::remove(file, ignored);  // counted already; its outputs are not judged
  }
  if (run.result.status == ConfigStatus::Ok && !run.result.roofline) {
    run.result.status = ConfigStatus::Error;
    run.result.message = run.work_error.empty()
                             ? std::string("the Python worker recorded no operators")
                             : run.work_error;
  }
  return run.result;
}

SessionResult PythonModelRun::header(const ProfileRequest& request) const {
  SessionResult s;
  s.generator = fmt::format("inferscope {}", kInferScopeVersion);
  s.created_utc = utcTimestamp();
  s.device = engine::deviceInfo(request.device, request.device_index);
  s.request = request;
  s.parameter_count = prepared_.parameter_count;
  s.output_shapes = prepared_.output_shapes;
  return s;
}

}  // namespace inferscope::runner
