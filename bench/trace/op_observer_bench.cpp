// bench_op_observer: what the operator observer costs per operator on the CPU, before and after the
// overhead work of issue #5, side by side in one run (docs/PERFORMANCE.md, "Tracing overhead").
//   bench_op_observer [--rounds N] [--blocks N] [--json FILE]
//   bench_op_observer --cuda [--batch N] [--rounds N] [--json FILE]
//
// --cuda: the zoo ResNet-50 in BF16 on the GPU at a small batch, launch-bound like the engine's
// eager BF16 configs, where the engine's traced iterations cost far more per operator (+36 %,
// ~1.5 µs per operator on the H200 host) than this CPU bench shows. Each forward is timed from
// the first launch to a device synchronize; the variants add LibTorch's own RecordFunction
// callbacks (thread-local and global, doing nothing) so that LibTorch's share and ours separate.
//
// A small CNN (ResNet-style basic blocks at 8×8, so that every operator is cheap and the forward
// is dominated by per-operator overhead, like a launch-bound GPU model) runs under InferenceMode
// on one thread. Each variant runs trace windows of 23 iterations (3 + 20, the engine's default)
// with a KernelTracer over the fake activity source — no CUPTI here, so what is measured is
// LibTorch's RecordFunction dispatch, the boxing of inputs, and the observer's own work. Variants
// run interleaved, round by round, so that drift hits all alike; the table gives the median
// forward time and the overhead per operator against the forward without an observer.
#include <ATen/record_function.h>
#include <c10/core/InferenceMode.h>
#include <fmt/format.h>
#include <torch/cuda.h>
#include <torch/torch.h>
#include <torch/version.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "bench/trace/legacy_observer.h"
#include "core/torch/model_instance.h"
#include "core/torch/op_recorder.h"
#include "core/trace/correlation_resolver.h"
#include "core/trace/fake_activity_source.h"
#include "core/trace/kernel_tracer.h"

namespace {

using inferscope::torchlayer::OpRecorder;
namespace trace = inferscope::trace;
namespace legacy = inferscope::bench::legacy;
using Clock = std::chrono::steady_clock;

constexpr int kWindow = 23;  // iterations per trace window: the engine's 3 warm-up + 20 steady

struct BasicBlockImpl : torch::nn::Module {
  torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
  torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
  explicit BasicBlockImpl(int channels) {
    const auto conv = torch::nn::Conv2dOptions(channels, channels, 3).padding(1).bias(false);
    conv1 = register_module("conv1", torch::nn::Conv2d(conv));
    conv2 = register_module("conv2", torch::nn::Conv2d(conv));
    bn1 = register_module("bn1", torch::nn::BatchNorm2d(channels));
    bn2 = register_module("bn2", torch::nn::BatchNorm2d(channels));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    auto y = torch::relu(bn1->forward(conv1->forward(x)));
    y = bn2->forward(conv2->forward(y));
    return torch::relu(y + x);
  }
};
TORCH_MODULE(BasicBlock);

struct SmallNetImpl : torch::nn::Module {
  torch::nn::Conv2d stem{nullptr};
  torch::nn::Sequential blocks;
  torch::nn::Linear head{nullptr};
  SmallNetImpl(int channels, int block_count) {
    stem = register_module("stem",
                           torch::nn::Conv2d(torch::nn::Conv2dOptions(3, channels, 3).padding(1)));
    for (int i = 0; i < block_count; ++i) blocks->push_back(BasicBlock(channels));
    register_module("blocks", blocks);
    head = register_module("head", torch::nn::Linear(channels, 10));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    auto y = blocks->forward(torch::relu(stem->forward(x)));
    y = torch::adaptive_avg_pool2d(y, {1, 1}).flatten(1);
    return torch::softmax(head->forward(y), 1);
  }
};
TORCH_MODULE(SmallNet);

// Counts operators and does nothing else (also the "RecordFunction only" variants).
class NullListener : public trace::OpListener {
 public:
  explicit NullListener(bool inputs) : inputs_(inputs) {}
  bool wantsOps() const override { return true; }
  bool wantsInputs() const override { return inputs_; }
  void onOpStart(std::uint64_t, const char*, const trace::OpInputs*) override { ++ops; }
  void onOpEnd(std::uint64_t) override {}
  long ops = 0;

 private:
  bool inputs_;
};

// LibTorch's floor: a RecordFunction callback that does nothing, installed without OpRecorder.
std::unique_ptr<at::ObserverContext> rawStart(const at::RecordFunction&) {
  return nullptr;
}
void rawEnd(const at::RecordFunction&, at::ObserverContext*) {}

class RawCallback {
 public:
  explicit RawCallback(bool global) {
    auto cb = at::RecordFunctionCallback(&rawStart, &rawEnd).scopes({at::RecordScope::FUNCTION});
    handle_ = global ? at::addGlobalCallback(cb) : at::addThreadLocalCallback(cb);
  }
  ~RawCallback() { at::removeCallback(handle_); }
  RawCallback(const RawCallback&) = delete;
  RawCallback& operator=(const RawCallback&) = delete;

 private:
  at::CallbackHandle handle_;
};

struct Variant {
  std::string name;
  std::string what;
  // Runs one trace window of kWindow forwards and appends each forward's time (µs).
  std::function<void(std::vector<double>&)> window;
  std::vector<double> samples;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const auto n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double timeUs(const std::function<void()>& f) {
  const auto t0 = Clock::now();
  f();
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

std::string machine() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line, model = "unknown CPU";
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      model = line.substr(line.find(':') + 2);
      break;
    }
  }
  return fmt::format("{}, {} hardware threads", model, std::thread::hardware_concurrency());
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 40, block_count = 8, batch = 8;
  bool cuda = false;
  std::string json_path;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--rounds" && i + 1 < argc) {
      rounds = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--blocks" && i + 1 < argc) {
      block_count = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--cuda") {
      cuda = true;
    } else if (a == "--batch" && i + 1 < argc) {
      batch = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--json" && i + 1 < argc) {
      json_path = argv[++i];
    } else {
      std::fprintf(stderr,
                   "usage: %s [--rounds N] [--blocks N] [--json FILE] [--cuda [--batch N]]\n",
                   argv[0]);
      return 2;
    }
  }
  if (cuda && !torch::cuda::is_available()) {
    std::fprintf(stderr, "--cuda: no CUDA device (or a CPU-only LibTorch)\n");
    return 4;
  }
  torch::set_num_threads(1);
  torch::manual_seed(0);
  c10::InferenceMode inference;
  std::function<void()> forward;
  std::string model_text;
  SmallNet net(8, block_count);
  std::shared_ptr<inferscope::torchlayer::ZooModule> resnet;
  torch::Tensor x;
  if (cuda) {
    resnet = inferscope::torchlayer::makeResNet(50);
    resnet->eval();
    resnet->to(torch::Device(torch::kCUDA), torch::kBFloat16);
    x = torch::randn({batch, 3, 224, 224}).to(torch::Device(torch::kCUDA), torch::kBFloat16);
    // Launch to synchronize: for a launch-bound model the host's time per operator.
    forward = [&] {
      resnet->forwardInputs({x});
      torch::cuda::synchronize();
    };
    model_text = fmt::format("zoo ResNet-50, BF16, batch {}, CUDA", batch);
  } else {
    net->eval();
    x = torch::randn({1, 3, 8, 8});
    forward = [&] { net->forward(x); };
    model_text = fmt::format("{} basic blocks at 8×8, CPU", block_count);
  }
  for (int i = 0; i < 50; ++i) forward();  // warm caches, allocator, oneDNN/cuDNN plans

  long ops_per_forward = 0;
  {
    NullListener counter(false);
    OpRecorder recorder(counter);
    forward();
    ops_per_forward = counter.ops;
  }

  // A new-style window: the engine's loop (beginIteration → recorder → forward → endIteration).
  const auto new_window = [&](trace::TraceWindowPolicy policy) {
    return [&, policy](std::vector<double>& out) {
      trace::TraceWindowPolicy p = policy;  // every iteration a steady one, all traced
      p.warmup_iterations_traced = 0;
      p.steady_iterations_traced = kWindow;
      p.full_detail_every_iteration = true;  // the observer's cost in every iteration
      trace::KernelTracer tracer(std::make_unique<trace::FakeActivitySource>(), p);
      for (int i = 0; i < kWindow; ++i) {
        tracer.beginIteration(i, false);
        std::optional<OpRecorder> recorder;
        if (tracer.wantsOps()) recorder.emplace(tracer);  // as the engine: none when light
        out.push_back(timeUs(forward));
        recorder.reset();
        tracer.endIteration(i);
      }
      tracer.finish();
    };
  };
  trace::TraceWindowPolicy every, first, convs;
  every.input_shapes = trace::InputShapes::EveryIteration;
  convs.capture_convolutions = true;

  std::vector<Variant> variants;
  variants.push_back({"no observer",
                      "the forward alone",
                      [&](std::vector<double>& out) {
                        for (int i = 0; i < kWindow; ++i) out.push_back(timeUs(forward));
                      },
                      {}});
  variants.push_back({"before (788590f)",
                      "inputs boxed, shapes formatted, 2 strings + a locked push per operator",
                      [&](std::vector<double>& out) {
                        legacy::LegacyKernelTracer tracer(
                            std::make_unique<trace::FakeActivitySource>());
                        for (int i = 0; i < kWindow; ++i) {
                          tracer.beginIteration(i);
                          std::optional<legacy::LegacyOpRecorder> recorder;
                          recorder.emplace(tracer);
                          out.push_back(timeUs(forward));
                          recorder.reset();
                          tracer.endIteration(i);
                        }
                        tracer.finish();
                      },
                      {}});
  variants.push_back(
      {"after, default", "shapes in the stretch's first iteration only", new_window(first), {}});
  variants.push_back({"after, shapes every iteration",
                      "InputShapes::EveryIteration (input cycles)",
                      new_window(every),
                      {}});
  variants.push_back(
      {"after, + convolutions", "capture_convolutions (cuDNN ledger)", new_window(convs), {}});
  variants.push_back({"RecordFunction, no inputs",
                      "LibTorch's callback alone, listener does nothing",
                      [&](std::vector<double>& out) {
                        NullListener l(false);
                        for (int i = 0; i < kWindow; ++i) {
                          OpRecorder recorder(l);
                          out.push_back(timeUs(forward));
                        }
                      },
                      {}});
  variants.push_back({"RecordFunction, inputs",
                      "… with the inputs boxed",
                      [&](std::vector<double>& out) {
                        NullListener l(true);
                        for (int i = 0; i < kWindow; ++i) {
                          OpRecorder recorder(l);
                          out.push_back(timeUs(forward));
                        }
                      },
                      {}});
  variants.push_back({"LibTorch thread-local callback",
                      "a callback that does nothing, without OpRecorder",
                      [&](std::vector<double>& out) {
                        for (int i = 0; i < kWindow; ++i) {
                          RawCallback callback(false);
                          out.push_back(timeUs(forward));
                        }
                      },
                      {}});
  variants.push_back({"LibTorch global callback",
                      "the same, installed for all threads",
                      [&](std::vector<double>& out) {
                        for (int i = 0; i < kWindow; ++i) {
                          RawCallback callback(true);
                          out.push_back(timeUs(forward));
                        }
                      },
                      {}});

  // --cuda: the same windows over CUPTI, parts switched on one at a time — which share of the
  // traced iteration's cost is CUPTI's records, which the external-correlation pushes, which the
  // observer. CUPTI attaches at each window's first iteration (outside its timing) and detaches at
  // its end, as in the engine.
  trace::AttributionAgreement agreement;
  const auto cupti_window = [&](trace::TraceWindowPolicy policy, bool observer, bool check) {
    return [&, policy, observer, check](std::vector<double>& out) {
      trace::TraceWindowPolicy p = policy;
      p.warmup_iterations_traced = 0;
      p.steady_iterations_traced = kWindow;
      trace::KernelTracer tracer(trace::makeCuptiActivitySource(), p);
      for (int i = 0; i < kWindow; ++i) {
        if (!tracer.beginIteration(i, false)) {
          std::fprintf(stderr, "CUPTI did not start: %s\n",
                       tracer.finish().untraced_reason.c_str());
          std::exit(4);
        }
        std::optional<OpRecorder> recorder;
        if (observer && tracer.wantsOps()) recorder.emplace(tracer);
        out.push_back(timeUs(forward));
        recorder.reset();
        tracer.endIteration(i);
      }
      const trace::TraceWindow window = tracer.finish();
      if (check) {
        const auto a = trace::compareAttributionMethods(window);
        agreement.compared += a.compared;
        agreement.agreed += a.agreed;
      }
    };
  };
  if (cuda) {
    // Each part on top of the one before, in windows of kWindow steady iterations.
    trace::TraceWindowPolicy kernels_only, full, cupti_clock, light;
    kernels_only.kinds = trace::ActivityKinds{};
    kernels_only.kinds.memcpy = kernels_only.kinds.memset = kernels_only.kinds.runtime_api =
        kernels_only.kinds.driver_api = kernels_only.kinds.external_correlation =
            kernels_only.kinds.synchronization = false;
    full.full_detail_every_iteration = true;
    cupti_clock = full;
    cupti_clock.host_clock = false;
    variants.push_back({"CUPTI kernels only",
                        "CONCURRENT_KERNEL records, no API records, no observer",
                        cupti_window(kernels_only, false, false),
                        {}});
    variants.push_back({"CUPTI, all kinds",
                        "kernels, memcpy/memset, runtime, driver, sync records; no observer",
                        cupti_window(full, false, false),
                        {}});
    variants.push_back({"CUPTI + observer, every iteration in full",
                        "API records and operators in every iteration (before)",
                        cupti_window(full, true, true),
                        {}});
    variants.push_back({"… with the CUPTI clock",
                        "operators timed with cuptiGetTimestamp",
                        cupti_window(cupti_clock, true, false),
                        {}});
    variants.push_back({"CUPTI + observer, default",
                        "first iteration in full, later ones light (GPU records only, replayed)",
                        cupti_window(light, true, false),
                        {}});
  }

  for (int r = 0; r < rounds; ++r) {
    for (auto& v : variants) v.window(v.samples);
  }

  const double base = median(variants[0].samples);
  fmt::print("bench_op_observer — {}\n", machine());
  fmt::print(
      "LibTorch {}, 1 thread, {} operators per forward ({}), "
      "{} rounds × {} iterations per variant\n\n",
      TORCH_VERSION, ops_per_forward, model_text, rounds, kWindow);
  fmt::print("| variant | median forward | overhead | per operator | what |\n");
  fmt::print("|---|---|---|---|---|\n");
  std::string json = "{\n  \"machine\": \"" + machine() + "\",\n  \"model\": \"" + model_text +
                     "\",\n  \"ops_per_forward\": " + std::to_string(ops_per_forward) +
                     ",\n  \"variants\": [\n";
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const auto& v = variants[i];
    const double m = median(v.samples);
    const double per_op_ns = 1000.0 * (m - base) / static_cast<double>(ops_per_forward);
    fmt::print("| {} | {:.1f} µs | {:+.1f} % | {:.0f} ns | {} |\n", v.name, m,
               100.0 * (m / base - 1.0), per_op_ns, v.what);
    json += fmt::format(
        "    {{\"name\": \"{}\", \"median_us\": {:.3f}, \"overhead_pct\": {:.2f}, "
        "\"per_op_ns\": {:.1f}, \"samples\": {}}}{}\n",
        v.name, m, 100.0 * (m / base - 1.0), per_op_ns, v.samples.size(),
        i + 1 < variants.size() ? "," : "");
  }
  json += "  ]";
  if (agreement.compared > 0) {
    fmt::print(
        "\nkernel → operator, by pushed id vs by host span: {} of {} kernels agree ({:.3f} %)\n",
        agreement.agreed, agreement.compared,
        100.0 * static_cast<double>(agreement.agreed) / static_cast<double>(agreement.compared));
    json += fmt::format(",\n  \"attribution\": {{\"compared\": {}, \"agreed\": {}}}",
                        agreement.compared, agreement.agreed);
  }
  json += "\n}\n";
  if (!json_path.empty()) std::ofstream(json_path) << json;
  return 0;
}
