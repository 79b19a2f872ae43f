#include "core/roofline/roofline_place.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "core/tuner/host_bound.h"

namespace inferscope::roofline {
namespace {

// Bytes per element of what a whole-model cast moves; 0 for autocast (mixed: FP32 weights, half
// products), which no single factor rescales.
int elementBytes(Precision p) {
  switch (p) {
    case Precision::Fp32:
    case Precision::Tf32:
      return 4;
    case Precision::Fp16Cast:
    case Precision::Bf16Cast:
      return 2;
    case Precision::AutocastFp16:
    case Precision::AutocastBf16:
      return 0;
  }
  return 0;
}

bool observed(const ConfigResult& c) {
  return c.status == ConfigStatus::Ok && c.roofline && c.roofline->work_source == "observed" &&
         c.roofline->work.operator_calls > 0;
}

// The eager config whose count stands for `r`: same precision and memory format first (exact
// bytes), then any with a whole-model element size (bytes rescaled), FP32 first.
const ConfigResult* eagerTwin(const ConfigResult& r, const std::vector<ConfigResult>& others) {
  const ConfigResult* best = nullptr;
  int best_rank = 99;
  for (const auto& o : others) {
    if (&o == &r || !observed(o)) continue;
    int rank = 99;
    if (o.config.precision == r.config.precision &&
        o.config.memory_format == r.config.memory_format) {
      rank = o.config.compile == CompileMode::None ? 0 : 1;
    } else if (o.config.precision == r.config.precision) {
      rank = 2;
    } else if (elementBytes(o.config.precision) > 0 && elementBytes(r.config.precision) > 0) {
      rank = o.config.precision == Precision::Fp32 ? 3 : 4;
    } else {
      rank = 5;
    }
    if (rank < best_rank) {
      best_rank = rank;
      best = &o;
    }
  }
  return best;
}

// Time shares from the CUPTI window's kernel time per outermost operator, when there is one:
// on the GPU an operator's host time is its launch, not its work.
void useKernelTimes(WorkCount& w, const trace::TraceSummary& summary) {
  if (!summary.traced() || summary.ops.empty()) return;
  double total = 0;
  std::map<std::string, double> by_op;
  for (const auto& o : summary.ops) {
    total += o.kernel_us;
    by_op[o.op_name] += o.kernel_us;
  }
  if (total <= 0) return;
  const auto share = [&](const std::string& op) {
    const auto it = by_op.find(op);
    return it == by_op.end() ? 0.0 : it->second / total;
  };
  for (auto& o : w.ops) o.time_share = share(o.op);
  w.uncounted_time_share = 0;
  for (auto& u : w.uncounted) {
    u.time_share = share(u.op);
    w.uncounted_time_share += u.time_share;
  }
  std::sort(w.uncounted.begin(), w.uncounted.end(),
            [](const UncountedOp& a, const UncountedOp& b) { return a.time_share > b.time_share; });
  w.time_basis = "gpu-kernels";
}

double tflopsOf(double flops, double seconds) {
  return seconds > 0 ? flops / seconds / 1e12 : 0;
}
double gbpsOf(double bytes, double seconds) {
  return seconds > 0 ? bytes / seconds / 1e9 : 0;
}

}  // namespace

std::string ceilingPrecision(const OptimizationConfig& config) {
  switch (config.precision) {
    case Precision::Fp32:
      return "fp32";
    case Precision::Tf32:
      return "tf32";
    case Precision::Fp16Cast:
    case Precision::AutocastFp16:
      return "fp16";
    case Precision::Bf16Cast:
    case Precision::AutocastBf16:
      return "bf16";
  }
  return "fp32";
}

bool operatorsObservable(const OptimizationConfig& config) {
  return config.compile == CompileMode::None || config.compile == CompileMode::TorchScript;
}

BoundVerdict classifyBound(double intensity, double ceiling_tflops, double ceiling_gbps,
                           double busy, double pct_compute, double pct_memory) {
  BoundVerdict v;
  if (busy >= 0 && busy < kLaunchBoundBusyShare) {
    v.bound = Bound::LaunchHost;
    v.reason = fmt::format(
        "the GPU runs kernels {:.0f} % of the iteration and waits for the host the rest: launches "
        "and dispatch decide the time, not the roofs (a CUDA graph or a larger batch helps)",
        100 * busy);
    return v;
  }
  if (ceiling_tflops <= 0 || ceiling_gbps <= 0 || intensity <= 0) {
    v.reason = ceiling_tflops <= 0 || ceiling_gbps <= 0 ? "no measured ceilings for this precision"
                                                        : "no work counted";
    return v;
  }
  const double ridge = ceiling_tflops * 1e12 / (ceiling_gbps * 1e9);  // FLOPs per byte
  if (intensity >= ridge * kRidgeBand) {
    v.bound = Bound::Compute;
    v.reason = fmt::format(
        "{:.3g} FLOP/B is past the ridge ({:.3g} FLOP/B): the matmul ceiling bounds it; at {:.0f} "
        "% of it",
        intensity, ridge, pct_compute);
  } else if (intensity <= ridge / kRidgeBand) {
    v.bound = Bound::Memory;
    v.reason = fmt::format(
        "{:.3g} FLOP/B is below the ridge ({:.3g} FLOP/B): memory bandwidth bounds it; at {:.0f} % "
        "of it",
        intensity, ridge, pct_memory);
  } else {
    v.bound = Bound::Mixed;
    v.reason = fmt::format(
        "{:.3g} FLOP/B is near the ridge ({:.3g} FLOP/B): both roofs are close ({:.0f} % of "
        "compute, {:.0f} % of bandwidth)",
        intensity, ridge, pct_compute, pct_memory);
  }
  if (busy >= 0 && busy < 0.8)
    v.reason +=
        fmt::format("; the GPU idles {:.0f} % of the iteration between kernels", 100 * (1 - busy));
  return v;
}

std::vector<KernelWork> mainKernels(const trace::TraceWindow& window, std::size_t limit) {
  std::set<int> steady, warmup;
  for (const auto& it : window.iterations) (it.warmup ? warmup : steady).insert(it.iteration);
  const std::set<int>& basis = steady.empty() ? warmup : steady;
  if (basis.empty()) return {};
  std::map<std::string, std::map<std::string, double>> ns;  // op → kernel → ns
  for (const auto& k : window.kernels) {
    if (k.top_op_name.empty() || basis.count(k.iteration) == 0) continue;
    ns[k.top_op_name][k.name] += static_cast<double>(k.durationNs());
  }
  std::vector<KernelWork> out;
  for (const auto& [op, kernels] : ns) {
    const auto longest =
        std::max_element(kernels.begin(), kernels.end(),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    double total_ns = 0;
    for (const auto& [name, kernel_ns] : kernels) total_ns += kernel_ns;
    KernelWork w;
    w.kernel = longest->first;
    w.op = op;
    w.kernels_in_op = static_cast<int>(kernels.size());
    w.kernel_us_per_iteration = total_ns / 1e3 / static_cast<double>(basis.size());
    out.push_back(std::move(w));
  }
  std::sort(out.begin(), out.end(), [](const KernelWork& a, const KernelWork& b) {
    return a.kernel_us_per_iteration > b.kernel_us_per_iteration;
  });
  if (out.size() > limit) out.resize(limit);
  return out;
}

void placeConfig(ConfigResult& r, const std::vector<ConfigResult>& others,
                 const DeviceCeilings* ceilings) {
  if (r.status != ConfigStatus::Ok || r.stats.median_ms <= 0) return;
  std::vector<KernelWork> kernels = r.roofline ? r.roofline->kernels : std::vector<KernelWork>{};
  ConfigRoofline p;
  if (r.roofline && r.roofline->work_source == "observed" && r.roofline->work.operator_calls > 0) {
    p.work = r.roofline->work;
  } else {
    const ConfigResult* twin = eagerTwin(r, others);
    if (twin == nullptr) {
      if (!r.roofline) return;
      p.work = r.roofline->work;  // an observed count of nothing: placed with its reason below
    } else {
      p.work = twin->roofline->work;
      p.work_source = "eager";
      p.work_from = twin->config.key();
      const int from = elementBytes(twin->config.precision), to = elementBytes(r.config.precision);
      if (from > 0 && to > 0 && from != to) {
        const double f = static_cast<double>(to) / from;
        p.work.bytes *= f;
        for (auto& o : p.work.ops) o.bytes *= f;
        p.bytes_scaled = true;
      }
    }
  }
  if (r.trace_summary) useKernelTimes(p.work, *r.trace_summary);
  p.precision = ceilingPrecision(r.config);
  p.median_ms = r.stats.median_ms;
  const double seconds = p.median_ms / 1e3;
  p.achieved_tflops = tflopsOf(p.work.flops, seconds);
  p.achieved_gbps = gbpsOf(p.work.bytes, seconds);
  p.intensity = p.work.bytes > 0 ? p.work.flops / p.work.bytes : 0;
  if (ceilings != nullptr) {
    if (const auto* peak = ceilings->peak(p.precision)) p.ceiling_tflops = peak->measured_tflops;
    p.ceiling_gbps = ceilings->copy_gbps;
  }
  p.pct_of_compute_ceiling = p.ceiling_tflops > 0 ? 100 * p.achieved_tflops / p.ceiling_tflops : 0;
  p.pct_of_memory_ceiling = p.ceiling_gbps > 0 ? 100 * p.achieved_gbps / p.ceiling_gbps : 0;
  // How busy the GPU is: measured by the trace when there is one, else by the CUDA-graph twin.
  if (r.trace_summary && r.trace_summary->traced() && r.trace_summary->wall_us_per_iteration > 0) {
    p.gpu_busy_share = std::clamp(r.trace_summary->gpu_busy_pct / 100, 0.0, 1.0);
    p.busy_basis = "trace";
  } else if (r.config.compile == CompileMode::None) {
    std::vector<ConfigResult> pool(others.begin(), others.end());
    if (std::none_of(pool.begin(), pool.end(),
                     [&](const ConfigResult& o) { return o.config.key() == r.config.key(); })) {
      pool.push_back(r);
    }
    const auto diagnosis = tuner::diagnoseHostBound(pool, r.config);
    if (diagnosis.measured && diagnosis.eager_key == r.config.key()) {
      p.gpu_busy_share = std::clamp(1 - diagnosis.launch_wait_share, 0.0, 1.0);
      p.busy_basis = "graph-pair";
    }
  }
  const auto verdict =
      classifyBound(p.intensity, p.ceiling_tflops, p.ceiling_gbps, p.gpu_busy_share,
                    p.pct_of_compute_ceiling, p.pct_of_memory_ceiling);
  p.bound = verdict.bound;
  p.reason = verdict.reason;
  if (p.work.uncounted_time_share >= 0.1 && !p.work.uncounted.empty()) {
    p.reason +=
        fmt::format("; {:.0f} % of the operator time is in operators not counted (first: {})",
                    100 * p.work.uncounted_time_share, p.work.uncounted.front().op);
  }
  // Each operator's work goes over the time of all its kernels (mainKernels).
  for (auto& k : kernels) {
    const auto op = std::find_if(p.work.ops.begin(), p.work.ops.end(),
                                 [&](const OpWork& o) { return o.op == k.op; });
    if (op == p.work.ops.end()) continue;
    k.flops = op->flops;
    k.bytes = op->bytes;
    const double s = k.kernel_us_per_iteration / 1e6;
    k.achieved_tflops = tflopsOf(k.flops, s);
    k.achieved_gbps = gbpsOf(k.bytes, s);
    k.intensity = k.bytes > 0 ? k.flops / k.bytes : 0;
    k.pct_of_compute_ceiling =
        p.ceiling_tflops > 0 ? 100 * k.achieved_tflops / p.ceiling_tflops : 0;
    p.kernels.push_back(k);
  }
  r.roofline = std::move(p);
}

namespace {

std::string upper(std::string text) {
  for (auto& ch : text) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return text;
}

// A rate as the clause prints it: whole numbers from 100 up, three digits below.
std::string figure(double value) {
  return value >= 100 ? fmt::format("{:.0f}", value) : fmt::format("{:.3g}", value);
}

// A share of a ceiling as the clause prints it: whole percent, one digit below 1 % (a tiny model's
// 0.08 % is not 0 %).
std::string percent(double value) {
  return value >= 1 ? fmt::format("{:.0f}", value) : fmt::format("{:.1g}", value);
}

// What the clause adds to its bound: idle time between kernels, work no rule counts, and where
// the count came from when it is not the winner's own.
std::string clauseNotes(const ConfigRoofline& p) {
  std::string notes;
  if (p.bound != Bound::LaunchHost && p.gpu_busy_share >= 0 && p.gpu_busy_share < 0.8)
    notes += fmt::format("; the GPU idles {:.0f} % of the iteration between kernels",
                         100 * (1 - p.gpu_busy_share));
  if (p.work.uncounted_time_share >= 0.1 && !p.work.uncounted.empty())
    notes += fmt::format("; {:.0f} % of the operator time is in operators not counted (first: {})",
                         100 * p.work.uncounted_time_share, p.work.uncounted.front().op);
  if (p.work_source == "eager")
    notes += fmt::format("; work counted on its eager twin {}{}", p.work_from,
                         p.bytes_scaled ? ", bytes rescaled" : "");
  return notes;
}

}  // namespace

std::string verdictClause(const ConfigRoofline& p) {
  const std::string precision = upper(p.precision);
  switch (p.bound) {
    case Bound::LaunchHost:
      return "Roofline: launch/host-bound: " + p.reason + clauseNotes(p);
    case Bound::Compute:
      return fmt::format(
                 "Roofline: at {} % of the measured {} matmul ceiling ({} of {} TFLOP/s): "
                 "compute-bound",
                 percent(p.pct_of_compute_ceiling), precision, figure(p.achieved_tflops),
                 figure(p.ceiling_tflops)) +
             clauseNotes(p);
    case Bound::Memory:
      return fmt::format(
                 "Roofline: at {} % of the measured copy bandwidth ({} of {} GB/s): "
                 "memory-bound",
                 percent(p.pct_of_memory_ceiling), figure(p.achieved_gbps),
                 figure(p.ceiling_gbps)) +
             clauseNotes(p);
    case Bound::Mixed:
      return fmt::format(
                 "Roofline: near the ridge, at {} % of the measured {} matmul ceiling and {} % "
                 "of the copy bandwidth: both roofs bound it",
                 percent(p.pct_of_compute_ceiling), precision, percent(p.pct_of_memory_ceiling)) +
             clauseNotes(p);
    case Bound::Unknown:
      break;
  }
  // The same order as classifyBound: ceilings first, then work.
  if (p.ceiling_tflops <= 0)
    return fmt::format("Roofline not computed: no measured {} matmul ceiling for this device",
                       precision);
  if (p.ceiling_gbps <= 0)
    return "Roofline not computed: no measured copy bandwidth for this device";
  if (!p.work.uncounted.empty())
    return fmt::format(
        "Roofline not computed: no work counted (its operators are not counted, "
        "first: {})",
        p.work.uncounted.front().op);
  return "Roofline not computed: no work counted";
}

std::string unplacedClause(Unplaced why, const std::string& detail) {
  std::string text;
  switch (why) {
    case Unplaced::PythonModel:
      text =
          "Roofline not computed: the model runs in the Python worker, whose operators the "
          "engine cannot observe";
      break;
    case Unplaced::NoTime:
      text = "Roofline not computed: nothing was left of the budget to count the winner's work";
      break;
    case Unplaced::PassFailed:
      text = "Roofline not computed: counting the winner's work failed";
      break;
    case Unplaced::NoWork:
      text = "Roofline not computed: no work counted";
      break;
  }
  if (!detail.empty()) text += " (" + detail + ")";
  return text;
}

void placeSession(SessionResult& session) {
  if (!session.request.run.roofline) return;
  const DeviceCeilings* ceilings = session.ceilings ? &*session.ceilings : nullptr;
  // Observed ones first: compiled configs take their work from them.
  for (int pass = 0; pass < 2; ++pass) {
    for (auto& c : session.configs) {
      if ((pass == 0) == operatorsObservable(c.config)) placeConfig(c, session.configs, ceilings);
    }
  }
}

}  // namespace inferscope::roofline
