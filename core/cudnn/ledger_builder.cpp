// observeMode / mergeModes / deriveComparisons / formatLedger (see the header for the why).
#include "core/cudnn/ledger_builder.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "core/analysis/summary_stats.h"
#include "core/common/units.h"

namespace inferscope::cudnn {
namespace {

constexpr double kNoiseFraction = 0.02;  // benchmark gains within ±2 % count as no difference

double median(std::vector<double> v) {
  return analysis::summarize(std::move(v)).median;
}

ConvShape shapeOf(const trace::ConvolutionRecord& r) {
  ConvShape s;
  s.input = r.input_sizes;
  s.weight = r.weight_sizes;
  s.stride = r.stride;
  s.padding = r.padding;
  s.dilation = r.dilation;
  s.groups = r.groups;
  s.dtype = r.dtype;
  s.channels_last = r.channels_last;
  s.transposed = r.transposed;
  return s;
}

// The kernels launched beneath one convolution call, found by walking each kernel's operator up
// to the convolution (the innermost operator is aten::cudnn_convolution or a copy beneath it).
struct CallKernels {
  std::vector<const trace::KernelRecord*> kernels;
  double gpu_time_us() const {
    double sum = 0;
    for (const auto* k : kernels) sum += units::nsToUs(k->durationNs());
    return sum;
  }
};

// The observer records aten::convolution and aten::_convolution (which traced TorchScript calls
// directly), so one convolution can appear twice, nested. The outermost record stands for the call;
// a kernel belongs to the outermost convolution above it.
struct ConvolutionCalls {
  std::unordered_set<std::uint64_t> nested;  // records inside another convolution record
  std::unordered_map<std::uint64_t, CallKernels> kernels;
};

ConvolutionCalls resolveConvolutions(const trace::TraceWindow& window) {
  std::unordered_set<std::uint64_t> conv_ids;
  for (const auto& c : window.convolutions) conv_ids.insert(c.external_id);
  std::unordered_map<std::uint64_t, std::uint64_t> parent;
  for (const auto& op : window.ops) parent[op.external_id] = op.parent_external_id;
  auto parentOf = [&](std::uint64_t id) -> std::uint64_t {
    const auto it = parent.find(id);
    return it == parent.end() ? 0 : it->second;
  };
  // The outermost convolution record at or above `id` (0 = none).
  auto outermost = [&](std::uint64_t id) {
    std::uint64_t found = 0;
    for (int depth = 0; id != 0 && depth < 64; ++depth, id = parentOf(id)) {
      if (conv_ids.count(id) != 0) found = id;
    }
    return found;
  };
  ConvolutionCalls out;
  for (const auto& c : window.convolutions) {
    if (outermost(parentOf(c.external_id)) != 0) out.nested.insert(c.external_id);
  }
  for (const auto& k : window.kernels) {
    if (const auto id = outermost(k.external_id); id != 0) out.kernels[id].kernels.push_back(&k);
  }
  for (auto& [id, call] : out.kernels) {
    std::sort(call.kernels.begin(), call.kernels.end(),
              [](const auto* a, const auto* b) { return a->start_ns < b->start_ns; });
  }
  return out;
}

// The main kernel of a call: the longest one that is the convolution itself. An FFT or Winograd
// algorithm runs several kernels (transforms around a batched GEMM): any transform kernel names the
// algorithm, however long the GEMM in the middle takes.
const trace::KernelRecord* mainKernel(const CallKernels& call) {
  const trace::KernelRecord* best = nullptr;
  for (const auto* k : call.kernels) {
    const auto family = classifyKernel(k->name).family;
    if (family == KernelFamily::Fft || family == KernelFamily::Winograd) return k;
  }
  for (const auto* k : call.kernels) {
    if (!isMainFamily(classifyKernel(k->name).family)) continue;
    if (best == nullptr || k->durationNs() > best->durationNs()) best = k;
  }
  return best;
}

std::string shortKernelName(const std::string& name) {
  // Template arguments make cuDNN/CUTLASS names kilobytes long; the ledger keeps the head, which
  // holds the family and tile shape (the full name is in the Chrome trace).
  constexpr std::size_t kMax = 160;
  if (name.size() <= kMax) return name;
  return name.substr(0, kMax) + "…";
}

std::set<int> steadyIterations(const trace::TraceWindow& window) {
  std::set<int> steady;
  for (const auto& it : window.iterations) {
    if (!it.warmup) steady.insert(it.iteration);
  }
  if (steady.empty()) {  // only warm-up traced: everything after the first traced iteration
    for (const auto& it : window.iterations) {
      if (it.iteration > 0) steady.insert(it.iteration);
    }
  }
  return steady;
}

}  // namespace

CudnnLedger observeMode(const trace::TraceWindow& window, const ModeRunInfo& info) {
  CudnnLedger ledger;
  ledger.available = true;
  ModeTotals& totals = ledger.modes[info.mode];
  totals.ok = true;
  totals.config_key = info.config_key;
  totals.first_iteration_ms = info.latency_ms.empty() ? 0 : info.latency_ms.front();
  totals.steady_median_ms = info.steady_median_ms;
  totals.retune_first_ms = info.retune_first_ms;

  const auto steady = steadyIterations(window);
  const ConvolutionCalls calls = resolveConvolutions(window);
  const auto& by_call = calls.kernels;
  const int reference_iteration = steady.empty() ? -1 : *steady.rbegin();

  // Records in host-time order; layers in first-execution order.
  std::vector<const trace::ConvolutionRecord*> records;
  for (const auto& r : window.convolutions) {
    if (calls.nested.count(r.external_id) == 0) records.push_back(&r);
  }
  std::sort(records.begin(), records.end(),
            [](const auto* a, const auto* b) { return a->start_ns < b->start_ns; });

  struct Accumulator {
    std::size_t layer = 0;
    std::vector<double> gpu_us, host_us;
    const trace::ConvolutionRecord* first = nullptr;
    int calls_in_reference = 0;
  };
  std::map<std::string, Accumulator> by_shape;
  int conv_index = 0;
  for (const auto* r : records) {
    const ConvShape shape = shapeOf(*r);
    const std::string key = shape.key();
    auto [it, inserted] = by_shape.try_emplace(key);
    Accumulator& acc = it->second;
    if (inserted) {
      acc.layer = ledger.layers.size();
      acc.first = r;
      LedgerLayer layer;
      layer.shape = shape;
      ledger.layers.push_back(std::move(layer));
    }
    if (r->iteration == reference_iteration) {
      ++acc.calls_in_reference;
      ledger.layers[acc.layer].layer_names.push_back(fmt::format("conv #{}", ++conv_index));
    }
    if (steady.count(r->iteration) != 0) {
      const auto call = by_call.find(r->external_id);
      acc.gpu_us.push_back(call == by_call.end() ? 0.0 : call->second.gpu_time_us());
      acc.host_us.push_back(units::nsToUs(r->end_ns - r->start_ns));
    }
  }

  for (auto& [key, acc] : by_shape) {
    LedgerLayer& layer = ledger.layers[acc.layer];
    layer.calls_per_iteration = acc.calls_in_reference;
    ModeObservation& obs = layer.ran[info.mode];
    if (acc.gpu_us.empty()) {
      obs.error = "no steady traced call of this shape";
      continue;
    }
    obs.observed = true;
    obs.gpu_time_us = median(acc.gpu_us);
    obs.steady_host_us = median(acc.host_us);
    // The representative call: the steady call whose GPU time is closest to the median.
    const CallKernels* representative = nullptr;
    double best_gap = 1e300;
    for (const auto* r : records) {
      if (steady.count(r->iteration) == 0 || shapeOf(*r).key() != key) continue;
      const auto call = by_call.find(r->external_id);
      if (call == by_call.end()) continue;
      const double gap = std::abs(call->second.gpu_time_us() - obs.gpu_time_us);
      if (gap < best_gap) {
        best_gap = gap;
        representative = &call->second;
      }
    }
    if (representative != nullptr) {
      for (const auto* k : representative->kernels) {
        const auto cls = classifyKernel(k->name);
        obs.kernels.push_back({shortKernelName(k->name), cls.family, cls.tensor_core,
                               units::nsToUs(k->durationNs())});
        if (cls.family == KernelFamily::LayoutTranspose) ++obs.layout_transposes;
      }
      if (const auto* main = mainKernel(*representative)) {
        const auto cls = classifyKernel(main->name);
        obs.family = cls.family;
        obs.tensor_core = cls.tensor_core;
      }
    }
    // The first call ever (iteration 0) against a steady call: autotune / plan-building cost.
    if (acc.first != nullptr && acc.first->iteration == 0 && steady.count(0) == 0) {
      const double first_us = units::nsToUs(acc.first->end_ns - acc.first->start_ns);
      obs.autotune_ms = units::usToMs(std::max(0.0, first_us - obs.steady_host_us));
    }
    totals.conv_gpu_time_us += obs.gpu_time_us * layer.calls_per_iteration;
  }
  return ledger;
}

CudnnLedger failedMode(SelectionMode mode, const std::string& config_key,
                       const std::string& error) {
  CudnnLedger ledger;
  ModeTotals& totals = ledger.modes[mode];
  totals.ok = false;
  totals.config_key = config_key;
  totals.error = error;
  return ledger;
}

CudnnLedger mergeModes(const CudnnLedger& base, const std::vector<CudnnLedger>& modes,
                       const AlgorithmFinder& finder) {
  CudnnLedger out = base;
  out.layers.clear();
  out.modes.clear();
  std::map<std::string, std::size_t> index;
  for (const auto& part : modes) {
    for (const auto& [mode, totals] : part.modes) out.modes[mode] = totals;
    for (const auto& layer : part.layers) {
      const std::string key = layer.shape.key();
      auto it = index.find(key);
      if (it == index.end()) {
        it = index.emplace(key, out.layers.size()).first;
        LedgerLayer copy = layer;
        copy.ran.clear();
        out.layers.push_back(std::move(copy));
      }
      LedgerLayer& merged = out.layers[it->second];
      if (merged.calls_per_iteration == 0) merged.calls_per_iteration = layer.calls_per_iteration;
      if (merged.layer_names.empty()) merged.layer_names = layer.layer_names;
      for (const auto& [mode, obs] : layer.ran) merged.ran[mode] = obs;
    }
  }
  for (auto& layer : out.layers) {
    if (layer.shape.transposed) {
      layer.query_error =
          "transposed convolutions are listed, not queried (cuDNN runs them as backward-data)";
      continue;
    }
    if (!finder) continue;
    AlgorithmQuery query = finder(layer.shape);
    layer.candidates = std::move(query.candidates);
    layer.query_error = std::move(query.error);
  }
  deriveComparisons(out);
  return out;
}

void deriveComparisons(CudnnLedger& ledger) {
  LedgerSummary s;
  s.unique_shapes = static_cast<int>(ledger.layers.size());
  for (auto& layer : ledger.layers) {
    s.conv_calls_per_iteration += layer.calls_per_iteration;
    // Candidates: Find's measured ones by time, then the heuristic-only ones by rank.
    std::stable_sort(layer.candidates.begin(), layer.candidates.end(),
                     [](const auto& a, const auto& b) {
                       const bool ta = a.time_ms.has_value() && a.status == "ok",
                                  tb = b.time_ms.has_value() && b.status == "ok";
                       if (ta != tb) return ta;
                       if (ta) return *a.time_ms < *b.time_ms;
                       return a.heuristic_rank >= 0 &&
                              (b.heuristic_rank < 0 || a.heuristic_rank < b.heuristic_rank);
                     });
    layer.heuristic_algo.clear();
    layer.fastest_algo.clear();
    for (const auto& c : layer.candidates) {
      if (c.heuristic_rank == 0) layer.heuristic_algo = c.algo;
      if (layer.fastest_algo.empty() && c.status == "ok" && c.time_ms) layer.fastest_algo = c.algo;
    }
    layer.benchmark_differs = false;
    layer.benchmark_gain_us = 0;
    layer.nondeterministic_choice = false;
    layer.deterministic_differs = false;
    const auto heur = layer.ran.find(SelectionMode::Heuristic);
    const auto bench = layer.ran.find(SelectionMode::Benchmark);
    const auto det = layer.ran.find(SelectionMode::Deterministic);
    auto mainName = [](const ModeObservation& o) -> std::string {
      const RanKernel* best = nullptr;
      for (const auto& k : o.kernels) {
        if (isMainFamily(k.family) && (best == nullptr || k.time_us > best->time_us)) best = &k;
      }
      return best == nullptr ? std::string() : best->name;
    };
    if (heur != layer.ran.end() && heur->second.observed) {
      if (heur->second.tensor_core) ++s.tensor_core_shapes;
      s.layout_transposes_per_iteration +=
          heur->second.layout_transposes * layer.calls_per_iteration;
    }
    if (heur != layer.ran.end() && bench != layer.ran.end() && heur->second.observed &&
        bench->second.observed) {
      layer.benchmark_differs = mainName(heur->second) != mainName(bench->second);
      layer.benchmark_gain_us = heur->second.gpu_time_us - bench->second.gpu_time_us;
      if (layer.benchmark_differs) {
        ++s.benchmark_differs;
        const double noise = kNoiseFraction * heur->second.gpu_time_us;
        if (layer.benchmark_gain_us > noise) ++s.benchmark_faster;
        if (layer.benchmark_gain_us < -noise) ++s.benchmark_slower;
      }
      s.benchmark_gain_us += layer.benchmark_gain_us * layer.calls_per_iteration;
    }
    if (bench != layer.ran.end() && bench->second.observed) {
      if (bench->second.autotune_ms) s.autotune_ms_total += *bench->second.autotune_ms;
      // cuDNN reports determinism per legacy algorithm: the benchmark's family is flagged when
      // every candidate of that family that ran says non-deterministic.
      int same_family = 0, nondeterministic = 0;
      for (const auto& c : layer.candidates) {
        if (c.family != bench->second.family || c.status != "ok") continue;
        ++same_family;
        if (!c.deterministic) ++nondeterministic;
      }
      layer.nondeterministic_choice = same_family > 0 && nondeterministic == same_family;
      if (layer.nondeterministic_choice) ++s.nondeterministic_choices;
    }
    if (heur != layer.ran.end() && det != layer.ran.end() && heur->second.observed &&
        det->second.observed) {
      layer.deterministic_differs = mainName(det->second) != mainName(heur->second);
      if (layer.deterministic_differs) ++s.deterministic_differs;
    }
  }
  ledger.summary = s;
}

std::string formatLedger(const CudnnLedger& ledger) {
  if (!ledger.available) return fmt::format("cuDNN ledger unavailable: {}\n", ledger.reason);
  std::string out;
  out += fmt::format(
      "cuDNN {} · {} · {} · config {}{}\n",
      ledger.cudnn_version > 0 ? std::to_string(ledger.cudnn_version) : std::string("n/a"),
      ledger.device, ledger.model, ledger.config, ledger.tf32 ? " (TF32 allowed)" : "");
  for (SelectionMode m : kSelectionModes) {
    const auto it = ledger.modes.find(m);
    if (it == ledger.modes.end()) continue;
    const auto& t = it->second;
    if (!t.ok) {
      out += fmt::format("  {:<13} {:<22} failed: {}\n", toString(m), t.config_key, t.error);
      continue;
    }
    out += fmt::format(
        "  {:<13} {:<22} iteration 0 {:9.1f} ms · steady {:7.3f} ms · convolutions {:8.1f} "
        "µs/iter\n",
        toString(m), t.config_key, t.first_iteration_ms, t.steady_median_ms, t.conv_gpu_time_us);
    for (const auto& [input, ms] : t.retune_first_ms) {
      out +=
          fmt::format("  {:<13} re-tune at input {}: first iteration {:.1f} ms\n", "", input, ms);
    }
  }
  out += "\n";
  out += fmt::format("{:>3}  {:<52} {:>5}  {:<24} {:<24} {:>9} {:>9} {:>9}  {:>9}  {}\n", "#",
                     "shape", "calls", "heuristic ran", "benchmark ran", "heur µs", "bench µs",
                     "det µs", "tune ms", "notes");
  auto famText = [](const LedgerLayer& l, SelectionMode m) -> std::string {
    const auto it = l.ran.find(m);
    if (it == l.ran.end() || !it->second.observed) return "-";
    return fmt::format("{}{}", toString(it->second.family), it->second.tensor_core ? " [TC]" : "");
  };
  auto timeText = [](const LedgerLayer& l, SelectionMode m) -> std::string {
    const auto it = l.ran.find(m);
    if (it == l.ran.end() || !it->second.observed) return "-";
    return fmt::format("{:.1f}", it->second.gpu_time_us);
  };
  int n = 0;
  for (const auto& l : ledger.layers) {
    std::vector<std::string> notes;
    if (l.benchmark_differs)
      notes.push_back(fmt::format("benchmark differs ({:+.1f} µs)", l.benchmark_gain_us));
    if (l.nondeterministic_choice) notes.push_back("non-deterministic choice");
    if (l.deterministic_differs) notes.push_back("deterministic changes the kernel");
    const auto h = l.ran.find(SelectionMode::Heuristic);
    if (h != l.ran.end() && h->second.layout_transposes > 0) {
      notes.push_back(fmt::format("{} transposes", h->second.layout_transposes));
    }
    if (!l.heuristic_algo.empty()) {
      notes.push_back(fmt::format("legacy: heuristic {}, fastest {}", l.heuristic_algo,
                                  l.fastest_algo.empty() ? "-" : l.fastest_algo));
    }
    if (!l.query_error.empty()) notes.push_back(l.query_error);
    const auto b = l.ran.find(SelectionMode::Benchmark);
    const std::string tune = b != l.ran.end() && b->second.autotune_ms
                                 ? fmt::format("{:.1f}", *b->second.autotune_ms)
                                 : "-";
    std::string shape = l.shape.key();
    if (shape.size() > 52) shape = shape.substr(0, 51) + "…";
    out += fmt::format("{:>3}  {:<52} {:>5}  {:<24} {:<24} {:>9} {:>9} {:>9}  {:>9}  {}\n", ++n,
                       shape, l.calls_per_iteration, famText(l, SelectionMode::Heuristic),
                       famText(l, SelectionMode::Benchmark), timeText(l, SelectionMode::Heuristic),
                       timeText(l, SelectionMode::Benchmark),
                       timeText(l, SelectionMode::Deterministic), tune,
                       fmt::format("{}", fmt::join(notes, "; ")));
  }
  const auto& s = ledger.summary;
  out += fmt::format(
      "\n{} unique shapes, {} convolutions per iteration · benchmark ran another kernel for {} "
      "shapes "
      "({} faster, {} slower by > 2 %) · gain {:+.1f} µs per iteration · autotune {:.1f} ms in "
      "iteration 0 · "
      "Tensor-Core kernels (heuristic) for {} shapes · {} layout transposes per iteration · "
      "deterministic changed the kernel for {} shapes · {} non-deterministic choices\n",
      s.unique_shapes, s.conv_calls_per_iteration, s.benchmark_differs, s.benchmark_faster,
      s.benchmark_slower, s.benchmark_gain_us, s.autotune_ms_total, s.tensor_core_shapes,
      s.layout_transposes_per_iteration, s.deterministic_differs, s.nondeterministic_choices);
  for (const auto& note : ledger.notes) out += fmt::format("note: {}\n", note);
  return out;
}

}  // namespace inferscope::cudnn
