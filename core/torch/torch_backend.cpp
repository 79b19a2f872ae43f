#include "core/torch/torch_backend.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <filesystem>
#include <new>
#include <string_view>

#include "core/common/error.h"
#include "core/common/units.h"
#include "core/engine/fault_injection.h"
#include "core/model/model_zoo.h"
#include "core/torch/accuracy.h"
#include "core/torch/iteration_loop.h"
#include "core/torch/prepared_model.h"
#include "core/torch/settings_guard.h"

namespace inferscope::torchlayer {
namespace {

using Clock = std::chrono::steady_clock;

// Our spelling of a dtype ("float32"), as input specs use it.
std::string dtypeName(at::ScalarType type) {
  switch (type) {
    case at::kFloat:
      return "float32";
    case at::kHalf:
      return "float16";
    case at::kBFloat16:
      return "bfloat16";
    case at::kLong:
      return "int64";
    case at::kInt:
      return "int32";
    default:
      return c10::toString(type);
  }
}

std::vector<torch::Tensor> cpuCopies(const std::vector<torch::Tensor>& outputs) {
  std::vector<torch::Tensor> copies;
  for (const auto& t : outputs) copies.push_back(t.detach().to(torch::kCPU).clone());
  return copies;
}

// The host ran out of memory: std::bad_alloc, or LibTorch's CPU allocator refusing ("can't allocate
// memory", "not enough memory"). Neither is the input's fault, whatever its size: it is reported as
// out of memory, never as an input the model cannot run on.
bool hostOutOfMemory(const std::exception& e) {
  if (dynamic_cast<const std::bad_alloc*>(&e) != nullptr) return true;
  const std::string_view text = e.what();
  return text.find("DefaultCPUAllocator: can't allocate memory") != std::string_view::npos ||
         text.find("DefaultCPUAllocator: not enough memory") != std::string_view::npos;
}

}  // namespace

// c10::Error's first line without the C++ backtrace; for TorchScript interpreter errors (a
// traceback ending in "RuntimeError: …") the last non-empty line. With `verbose` (--verbose) the
// whole text, backtrace and all, for a bug report.
std::string torchErrorSummary(const std::exception& e, bool verbose) {
  if (verbose) return e.what();
  std::string text = e.what();
  if (const auto* c10_error = dynamic_cast<const c10::Error*>(&e))
    text = c10_error->what_without_backtrace();
  if (text.find("Traceback of TorchScript") != std::string::npos) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    const auto nl = text.rfind('\n');
    return nl == std::string::npos ? text : text.substr(nl + 1);
  }
  const auto nl = text.find('\n');
  return nl == std::string::npos ? text : text.substr(0, nl);
}

TorchBackend::TorchBackend(const ProfileRequest& request, const torch::Device& device,
                           EventSink& sink, const CancelToken& cancel, MeasurementProbes probes,
                           PackageCompiler* compiler)
    : session_{request, device, sessionInputs(request), {},
               sink,    cancel, std::move(probes),      compiler},
      model_(request.model) {
  for (const auto& set : request.run.input_cycle)
    session_.cycle_cpu_inputs.push_back(makeInputs(set, request.model.seed));
}

void TorchBackend::measureBaseline() {
  releaseCachedMemory(session_.device);  // the reference's blocks are not the configs' baseline
  memory_before_ = measureFreeMemory(session_.device);
}

void TorchBackend::skipBaseline(const std::string& reason) {
  memory_before_ = FreeMemory{};
  memory_before_.source = reason;
}

ConfigResult TorchBackend::runConfig(const OptimizationConfig& config, int index, bool keep_outputs,
                                     double time_budget_ms) {
  const auto& request = session_.request;
  const bool verbose = request.run.verbose_errors;
  ConfigResult r;
  r.index = index;
  r.config = config;
  kept_.erase(index);
  try {
    const auto setup_start = Clock::now();
    GlobalSettingsGuard settings(config);            // precision and cuDNN flags first …
    ForwardModeGuard mode(config, session_.device);  // … grad mode and autocast …
    auto probe =
        session_.probes.memory ? session_.probes.memory() : makeMemoryProbe(session_.device);
    auto model = prepareModel(model_, config, session_.cpu_inputs, session_.device,
                              session_.compiler);  // … then compile
    r.setup_ms = units::toMs(Clock::now() - setup_start);
    r.compile_ms = model.compile_ms;
    r.memory.parameter_bytes = model.parameter_bytes;
    TORCH_CHECK_WITH(OutOfMemoryError, !faultInjectedOom(config.key(), request.batch),
                     "injected by INFERSCOPE_FAULT_OOM");
    const auto outputs = iterate(session_, model, r, time_budget_ms);
    r.memory = [&] {
      auto m = probe->read();
      m.parameter_bytes = model.parameter_bytes;
      return m;
    }();
    if (!reference_.empty() && !outputs.empty() && r.status == ConfigStatus::Ok) {
      r.accuracy = compareOutputs(outputs, reference_);
    } else if (keep_outputs && r.status == ConfigStatus::Ok) {
      kept_[index] = cpuCopies(outputs);
    }
  } catch (const c10::OutOfMemoryError& e) {
    r.status = ConfigStatus::OutOfMemory;
    r.message = fmt::format("out of memory: {}", torchErrorSummary(e, verbose));
  } catch (const Error& e) {
    r.status = e.kind() == ErrorKind::Unsupported   ? ConfigStatus::Unsupported
               : e.kind() == ErrorKind::OutOfMemory ? ConfigStatus::OutOfMemory
               : e.kind() == ErrorKind::Cancelled   ? ConfigStatus::Cancelled
                                                    : ConfigStatus::Error;
    r.message = e.what();
  } catch (const std::exception& e) {  // c10::Error and TorchScript interpreter errors
    if (hostOutOfMemory(e)) {
      r.status = ConfigStatus::OutOfMemory;
      r.message = fmt::format("out of host memory: {}", torchErrorSummary(e, verbose));
    } else {
      r.status = ConfigStatus::Error;
      r.message = fmt::format("{} failed on {}: {}", request.model.displayName(),
                              toString(request.inputs), torchErrorSummary(e, verbose));
    }
  }
  // The try block's objects (model, inputs, outputs, guards) are gone by now; what the allocator
  // still caches goes back to the device, so the next config starts as a fresh process would.
  releaseCachedMemory(session_.device);
  if (r.status == ConfigStatus::OutOfMemory) {
    r.message += "; " + describeMemoryAfterOom(config.key(), memory_before_,
                                               measureFreeMemory(session_.device), session_.device);
  }
  return r;
}

void TorchBackend::compareKeptOutputs(int index, ConfigResult& result) {
  const auto kept = kept_.find(index);
  if (!reference_.empty() && kept != kept_.end() && !kept->second.empty())
    result.accuracy = compareOutputs(kept->second, reference_);
}

// Runs the FP32-IEEE config once: the outputs every config is compared with (kept when
// `keep_outputs`), and the model's parameter count. A model that cannot run at all fails the
// session here, with a message naming the model and its inputs.
ReferenceRun TorchBackend::runReference(bool keep_outputs) {
  const auto& request = session_.request;
  if (builtInPython(request.model.source)) {
    // A model rebuilt in Python ran its strict-FP32 eager forward there, on the same inputs (the
    // Python worker's prepare step): that output is the reference, as for every other config.
    const auto outputs = loadTensorArchive(
        (std::filesystem::path(request.model.prepared_dir) / "reference.pt").string());
    ReferenceRun ref;
    for (const auto& t : outputs)
      ref.output_shapes.push_back(
          fmt::format("{}:{}", fmt::join(t.sizes(), "x"), dtypeName(t.scalar_type())));
    if (keep_outputs) reference_ = outputs;
    return ref;
  }
  OptimizationConfig fp32;
  if (request.model.source == ModelSource::AotInductor) {
    // A .pt2 holds compiled code only: no eager model to run in FP32-IEEE. The package itself,
    // in FP32, is the reference, and the session says so.
    fp32.compile = CompileMode::AotInductor;
    session_.sink.onLog(
        LogLevel::Info,
        "the reference is the AOTInductor package itself (a .pt2 has no eager model): "
        "accuracy compares against its own FP32 output");
  }
  GlobalSettingsGuard settings(fp32);
  ForwardModeGuard mode(fp32, session_.device);
  try {
    auto model =
        prepareModel(model_, fp32, session_.cpu_inputs, session_.device, session_.compiler);
    const auto outputs = model.forward(model.inputs);
    ReferenceRun ref;
    for (const auto& t : outputs)
      ref.output_shapes.push_back(
          fmt::format("{}:{}", fmt::join(t.sizes(), "x"), dtypeName(t.scalar_type())));
    if (keep_outputs) reference_ = cpuCopies(outputs);
    ref.parameter_count = model.parameter_count;
    return ref;
  } catch (const c10::OutOfMemoryError&) {
    releaseCachedMemory(session_.device);
    session_.sink.onLog(
        LogLevel::Warning,
        fmt::format("the FP32 reference ran out of memory: accuracy is not measured; {}",
                    describeMemoryAfterOom("the reference", memory_before_,
                                           measureFreeMemory(session_.device), session_.device)));
    return {};
  } catch (const Error&) {
    throw;
  } catch (const std::exception& e) {  // c10::Error and TorchScript interpreter errors
    if (hostOutOfMemory(e)) {
      throw Error(ErrorKind::OutOfMemory,
                  fmt::format("the FP32 reference of {} on input {} ran out of host memory: {}",
                              request.model.displayName(), toString(request.inputs),
                              torchErrorSummary(e, request.run.verbose_errors)));
    }
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("{} cannot run on input {}: {}", request.model.displayName(),
                    toString(request.inputs), torchErrorSummary(e, request.run.verbose_errors)));
  }
}

}  // namespace inferscope::torchlayer
