// Everything a run needs to know, as a plain value: model, inputs, device, plan, iteration budget.
#pragma once

#include <vector>

#include "core/config/optimization_config.h"
#include "core/device/device_info.h"
#include "core/model/model_ref.h"

namespace inferscope {

struct RunSettings {
  int warmup_iterations = 10;    // run first, reported, never part of the statistics
  int measure_iterations = 100;  // measured iterations per config (fixed-count mode)
  // Adaptive mode (docs/MEASUREMENT.md): iterate until the steady median's CI half-width is
  // ≤ target_rel_ci with a stable steady start (at least min_iterations), or until a budget ends
  // (status "budget-limited": the stop reason says which). The session budget is spread over the
  // configs still to run.
  bool adaptive = false;
  double target_rel_ci = 0.01;
  int min_iterations = 100;
  int max_iterations = 10000;
  double config_time_budget_ms = 0;   // 0 = none
  double session_time_budget_ms = 0;  // 0 = none
  bool check_accuracy = true;         // compare each config with an FP32-IEEE reference
  // Kernel tracing (CUPTI, CUDA only): a bounded window of the first warm-up iterations and the
  // first steady ones; the iterations after it run untraced, so no slowdown lingers.
  // Isolation children run their config before the FP32 reference, so that iteration 0 and
  // set-up pay for CUDA context creation, cuDNN autotune and compilation as a fresh process does.
  bool reference_last = false;
  // Varying input sizes: iteration i uses input set i mod (1 + size of this list), set 0 being
  // ProfileRequest::inputs. Shows what cudnn.benchmark's per-shape autotuning costs when sizes vary
  // (the guide's §5 warning). Static-shape compile modes (CUDA graphs, AOTInductor) are
  // unsupported.
  std::vector<std::vector<InputSpec>> input_cycle;
  bool trace_kernels = false;
  int trace_warmup_iterations = 3;
  int trace_steady_iterations = 20;
  // Convolution arguments of every traced aten::convolution call (TraceWindow::convolutions, for
  // the cuDNN ledger). Costs more per operator inside the window: the observer needs every
  // operator's inputs.
  bool trace_convolutions = false;
  // The roofline pass (core/roofline/, docs/MEASUREMENT.md "Roofline"): one extra forward per
  // config after its timed iterations, with every operator's argument and result shapes observed,
  // for its FLOPs and bytes; and the device's ceilings, measured once and cached.
  bool roofline = false;
  // `--verbose`: a LibTorch error keeps its whole text (C++ backtrace, TorchScript traceback) in
  // the config's message; otherwise the message is the error's own sentence.
  bool verbose_errors = false;
};

struct ProfileRequest {
  ModelRef model;
  std::vector<InputSpec> inputs;  // empty: the zoo model's defaults at batch `batch`
  std::int64_t batch = 1;
  DeviceKind device = DeviceKind::Cpu;
  int device_index = 0;
  std::vector<OptimizationConfig> plan = std::vector<OptimizationConfig>(1);  // FP32 eager
  RunSettings run;
};

}  // namespace inferscope
