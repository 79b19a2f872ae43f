#include "core/runner/python_model_measurer.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "core/common/error.h"
#include "core/engine/result_analysis.h"
#include "core/runner/pinned_model.h"

namespace inferscope::runner {
namespace {

// Splits `configs` into the engine's and the worker's, remembering each one's place.
struct Split {
  std::vector<OptimizationConfig> engine, worker;
  std::vector<std::pair<bool, std::size_t>> place;  // (in engine, index in its list)
};

Split split(const std::vector<OptimizationConfig>& configs) {
  Split s;
  for (const auto& c : configs) {
    if (runsInEngine(c)) {
      s.place.emplace_back(true, s.engine.size());
      s.engine.push_back(c);
    } else {
      s.place.emplace_back(false, s.worker.size());
      s.worker.push_back(c);
    }
  }
  return s;
}

}  // namespace

// Without it a session of a 66 M-parameter model read "param MiB 0.0" on every row (the engine
// knows a zoo model's parameters only).
void fillParameterBytes(ConfigResult& r, std::int64_t parameter_count) {
  if (r.memory.parameter_bytes > 0 || parameter_count <= 0) return;
  r.memory.parameter_bytes = parameter_count * (r.config.isLowPrecisionCast() ? 2 : 4);
}

std::optional<std::string> pythonModelRefusal(const OptimizationConfig& config) {
  if (config.compile == CompileMode::CudaGraph)
    return fmt::format(
        "{}: CUDA graph capture of the eager forward is the engine's, for zoo models and "
        "TorchScript files; a model rebuilt in Python replays CUDA graphs through torch.compile: "
        "use tc-ro (or aoti-graph)",
        config.key());
  if (config.compile == CompileMode::TorchScript)
    return fmt::format(
        "{}: TorchScript freeze applies to TorchScript files; a model rebuilt in Python is "
        "compiled by torch.compile (tc, tc-ro, tc-max) or AOTInductor (aoti)",
        config.key());
  return std::nullopt;
}

bool runsInEngine(const OptimizationConfig& config) {
  return runsAotInductorPackage(config.compile);
}

PythonModelMeasurer::PythonModelMeasurer(tuner::Measurer& engine, PythonWorker& worker,
                                         ModelRef model, PreparedPythonModel prepared,
                                         CompareOutputs compare, std::int64_t batch,
                                         const CancelToken* cancel)
    : engine_(engine),
      worker_(worker),
      model_(std::move(model)),
      prepared_(std::move(prepared)),
      compare_(std::move(compare)),
      batch_(batch),
      cancel_(cancel),
      worker_overhead_ms_(prepared_.process_ms) {}

std::vector<ConfigResult> PythonModelMeasurer::runInWorker(
    const std::vector<OptimizationConfig>& configs, int warmup, int iterations, double deadline_ms,
    bool fresh_process) {
  if (configs.empty()) return {};
  checkPinnedModels({model_.path});  // a model file changed during the run stops the run
  const double left_ms = deadline_ms > 0 ? std::max(1.0, deadline_ms - nowMs()) : 0;
  const auto started = std::chrono::steady_clock::now();  // the worker's own wall time
  auto runs = fresh_process ? worker_.measure(model_, prepared_, configs, warmup, iterations,
                                              left_ms, cancel_)
                            : worker_.measureInSession(model_, prepared_, configs, warmup,
                                                       iterations, left_ms, cancel_);
  double configs_ms = 0;
  std::vector<ConfigResult> results;
  for (auto& run : runs) {
    auto& r = run.result;
    configs_ms += r.setup_ms;
    for (double ms : r.host_ms) configs_ms += ms;
    if (r.status == ConfigStatus::Ok && !r.latency_ms.empty()) {
      try {
        analyseLatencies(r, batch_, cancel_);
      } catch (const Error& e) {
        r.status = ConfigStatus::Error;
        r.message = e.what();
      }
    }
    if (r.status == ConfigStatus::Ok && !run.output_path.empty()) {
      try {
        r.accuracy = compare_(run.output_path);
      } catch (const Error& e) {
        // Outputs that do not match the reference's count or shapes: the config computes
        // something else, so it cannot be the answer.
        r.status = ConfigStatus::Error;
        r.message =
            fmt::format("its outputs cannot be compared with the FP32 reference: {}", e.what());
      }
    }
    results.push_back(std::move(r));
  }
  // A fresh worker pays the interpreter, PyTorch's import and the model's rebuild before its first
  // config: the finals' fork price holds it.
  if (fresh_process) {
    const double wall_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    worker_overhead_ms_ = std::max(worker_overhead_ms_, wall_ms - configs_ms);
  } else {
    worker_overhead_ms_ = std::max(worker_overhead_ms_, worker_.lastLoadMs());
  }
  return results;
}

std::vector<ConfigResult> PythonModelMeasurer::measure(
    const std::vector<OptimizationConfig>& configs, int warmup, int iterations,
    double deadline_ms) {
  const auto parts = split(configs);
  // The engine's configs first: their packages were compiling in the background meanwhile.
  auto engine_results = parts.engine.empty()
                            ? std::vector<ConfigResult>{}
                            : engine_.measure(parts.engine, warmup, iterations, deadline_ms);
  auto worker_results = runInWorker(parts.worker, warmup, iterations, deadline_ms, false);
  std::vector<ConfigResult> out;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const auto [in_engine, k] = parts.place[i];
    const auto& list = in_engine ? engine_results : worker_results;
    if (k >= list.size()) break;  // the engine returns a prefix when its deadline came
    out.push_back(list[k]);
    out.back().index = static_cast<int>(i);
    fillParameterBytes(out.back(), prepared_.parameter_count);
  }
  return out;
}

std::vector<ConfigResult> PythonModelMeasurer::measureForks(
    const std::vector<OptimizationConfig>& configs, int warmup, int iterations, int forks,
    double deadline_ms) {
  const auto parts = split(configs);
  auto engine_results = parts.engine.empty() ? std::vector<ConfigResult>{}
                                             : engine_.measureForks(parts.engine, warmup,
                                                                    iterations, forks, deadline_ms);
  // The worker's configs: one fresh process per round, all of them in each; a round starts only
  // when the one before says it would end before the deadline.
  std::vector<std::vector<ConfigResult>> rounds;
  double longest_round_ms = 0;
  for (int f = 0; f < forks && !parts.worker.empty(); ++f) {
    if (cancelled()) break;
    const double now = nowMs();
    if (deadline_ms > 0 && f > 0 && now + longest_round_ms > deadline_ms) break;
    rounds.push_back(runInWorker(parts.worker, warmup, iterations, deadline_ms, true));
    longest_round_ms = std::max(longest_round_ms, nowMs() - now);
  }
  std::vector<ConfigResult> worker_results;
  for (std::size_t c = 0; c < parts.worker.size() && !rounds.empty(); ++c) {
    ConfigResult r = rounds.front()[c];
    for (std::size_t k = 1; k < rounds.size(); ++k) r.forks.push_back(asForkRun(rounds[k][c]));
    summariseForks(r, cancel_);
    worker_results.push_back(std::move(r));
  }
  std::vector<ConfigResult> out;
  for (std::size_t i = 0; i < configs.size(); ++i) {
    const auto [in_engine, k] = parts.place[i];
    const auto& list = in_engine ? engine_results : worker_results;
    if (k >= list.size()) break;
    out.push_back(list[k]);
    out.back().index = static_cast<int>(i);
    fillParameterBytes(out.back(), prepared_.parameter_count);
  }
  return out;
}

void PythonModelMeasurer::prepareInBackground(const std::vector<OptimizationConfig>& configs) {
  engine_.prepareInBackground(split(configs).engine);
}

void PythonModelMeasurer::prioritiseBackground(const std::vector<OptimizationConfig>& order) {
  engine_.prioritiseBackground(split(order).engine);
}

bool PythonModelMeasurer::needsPreparation(const OptimizationConfig& config) const {
  return runsInEngine(config) && engine_.needsPreparation(config);
}

bool PythonModelMeasurer::ready(const OptimizationConfig& config) const {
  return !runsInEngine(config) || engine_.ready(config);
}

double PythonModelMeasurer::forkOverheadMs(const OptimizationConfig& config) const {
  return runsInEngine(config) ? engine_.forkOverheadMs(config) : worker_overhead_ms_;
}

}  // namespace inferscope::runner
