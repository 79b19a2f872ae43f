// The wizard's decisions, one function per group of settings, in the order the guide applies them
// (precision, then compile) followed by cuDNN. Every decision adds the Reason the user will read,
// so a setting without a reason is a bug the tests catch.
#include "core/advisor/advisor.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>

#include "core/advisor/neighbour_configs.h"
#include "core/common/error.h"

namespace inferscope::advisor {
namespace {

std::string sci(double v) {
  return fmt::format("{:.1e}", v);
}

const char* precisionName(Precision p) {
  switch (p) {
    case Precision::Fp16Cast:
      return "FP16";
    case Precision::Bf16Cast:
      return "BF16";
    case Precision::Tf32:
      return "TF32";
    default:
      return "FP32";
  }
}

// Where a reason's rule comes from: the English quote and its id (Reason::source_id).
struct Source {
  std::string text;
  std::string id;
};

using Values = std::map<std::string, std::string>;

// Builds one Recommendation. Members hold what earlier decisions found (the generation, the label).
class Decision {
 public:
  Decision(const AdvisorRequest& req, const GenerationTable& table) : req_(req), table_(table) {
    rec_.request = req;
  }

  Recommendation run() {
    identifyDevice();
    rec_.config.grad = GradMode::InferenceMode;
    add("grad_mode", "grad.inference-mode", {{"device", label()}},
        fmt::format(
            "{}: torch.inference_mode() around every inference call — no autograd graph, no view "
            "tracking or version counters, faster than no_grad",
            label()),
        gen_ ? fromTable("grad_mode") : guide("inference-mode"));
    choosePrecision();
    chooseMemoryFormat();
    chooseCompile();
    chooseCudnn();
    rec_.neighbours = neighbourConfigs(rec_.config, req_);
    rec_.warn(
        fmt::format("validate on the device before adopting (guide, {}): “{}”",
                    table_.rule("verify-on-device").section, table_.rule("verify-on-device").text),
        {"verify-on-device", {{"rule", "verify-on-device"}}});
    return rec_;
  }

 private:
  bool cuda() const { return req_.caps.isCuda(); }
  const std::string& label() const { return rec_.device_label; }

  void add(const char* setting, const char* code, Values values, std::string rule, Source source) {
    rec_.reasons.push_back({setting, std::move(rule), std::move(source.text),
                            Note{code, std::move(values)}, std::move(source.id)});
  }
  Source guide(const char* rule_id) const {
    const auto& r = table_.rule(rule_id);
    return {fmt::format("guide {} — “{}”", r.section, r.text), std::string("guide:") + rule_id};
  }
  Source fromTable(const char* key) const {
    return {fmt::format("generation table ({}) — “{}”", gen_->name, gen_->setting(key).rule),
            fmt::format("table:{}:{}", gen_->id, key)};
  }

  // The values of the strict-FP32 precision rule: TF32's roundoff only where the GPU has TF32.
  Values strictValues(double tol, const char* format, double roundoff, bool tf32_ok) const {
    Values v{{"device", label()},
             {"tolerance", sci(tol)},
             {"format", format},
             {"roundoff", sci(roundoff)}};
    if (tf32_ok) v["tf32_roundoff"] = sci(kTf32UnitRoundoff);
    return v;
  }

  void identifyDevice() {
    const auto& caps = req_.caps;
    if (!cuda()) {
      rec_.generation_id = "cpu";
      rec_.device_label = "CPU";
      return;
    }
    const std::string cc = fmt::format("{}.{}", caps.cc_major, caps.cc_minor);
    gen_ = table_.lookup(caps.cc_major, caps.cc_minor);
    if (gen_) {
      rec_.device_label = fmt::format("{} ({})", gen_->name, cc);
    } else if ((gen_ = table_.newestBelow(caps.cc_major, caps.cc_minor)) != nullptr) {
      rec_.device_label =
          fmt::format("{} ({})", gpuGenerationName(caps.cc_major, caps.cc_minor), cc);
      rec_.warn(
          fmt::format("compute capability {} is not in the generation table; applying the rules of "
                      "{}, the newest "
                      "generation before it (update resources/gpu_generations.json)",
                      cc, gen_->name),
          {"generation-not-in-table", {{"cc", cc}, {"generation", gen_->name}}});
    } else {
      rec_.device_label =
          fmt::format("{} ({})", gpuGenerationName(caps.cc_major, caps.cc_minor), cc);
      rec_.warn(
          fmt::format("{} has no Tensor Cores; the guide's GPU techniques start at Volta (7.0)",
                      rec_.device_label),
          {"no-tensor-cores", {{"device", rec_.device_label}}});
    }
    rec_.generation_id = gen_ ? gen_->id : std::string();
  }

  void choosePrecision() {
    auto& c = rec_.config;
    const double tol = req_.tolerance;
    if (!cuda()) {
      c.precision = Precision::Fp32;
      std::string rule =
          "CPU: no Tensor Cores, and TF32 and FP16 casts are GPU settings → FP32 (strict IEEE)";
      const bool bf16_fits = tol >= kBf16UnitRoundoff;
      if (bf16_fits) {
        rule += fmt::format(
            "; amp-bf16 fits the tolerance {} a priori and is measured first among the neighbours "
            "(it pays off only on CPUs with AVX-512 BF16 or AMX)",
            sci(tol));
      }
      add("precision", bf16_fits ? "precision.cpu-bf16-neighbour" : "precision.cpu",
          bf16_fits ? Values{{"tolerance", sci(tol)}} : Values{}, rule, guide("tensor-cores"));
      add("tf32", "tf32.cpu", {}, "CPU: TF32 is a CUDA Tensor Core mode → off",
          guide("tf32-without-mixed-precision"));
      return;
    }
    if (!gen_) {
      c.precision = Precision::Fp32;
      add("precision", "precision.no-tensor-cores", {{"device", label()}},
          fmt::format("{}: no Tensor Cores → FP32 (strict IEEE)", label()), guide("tensor-cores"));
      add("tf32", "tf32.no-tf32-cores", {{"device", label()}},
          fmt::format("{}: no TF32 Tensor Cores (needs compute capability ≥ 8.0) → off", label()),
          guide("tf32-api"));
      return;
    }
    const bool bf16 = gen_->setting("precision").value == "bf16";
    const bool tf32_ok = gen_->setting("fp32_math").value == "tf32";
    const double cast_roundoff = bf16 ? kBf16UnitRoundoff : kFp16UnitRoundoff;
    if (tol >= cast_roundoff) {
      c.precision = bf16 ? Precision::Bf16Cast : Precision::Fp16Cast;
      const std::string why =
          bf16 ? "BF16 Tensor Cores → BF16 cast (FP32's exponent range, so no FP16 overflow risk)"
               : "no BF16/TF32 Tensor Cores → FP16 cast";
      add("precision", bf16 ? "precision.bf16-cast" : "precision.fp16-cast",
          {{"device", label()},
           {"format", precisionName(c.precision)},
           {"roundoff", sci(cast_roundoff)},
           {"tolerance", sci(tol)}},
          fmt::format("{}: {} of the whole model and its inputs; {}'s unit roundoff {} is within "
                      "the tolerance {}",
                      label(), why, precisionName(c.precision), sci(cast_roundoff), sci(tol)),
          fromTable("precision"));
      if (tf32_ok) {
        add("tf32", "tf32.mixed-precision",
            {{"device", label()}, {"format", precisionName(c.precision)}},
            fmt::format(
                "{}: mixed precision ({}) in use → TF32's gain is limited because the main ops run "
                "in {}; FP32 math stays strict IEEE",
                label(), precisionName(c.precision), precisionName(c.precision)),
            guide("tf32-without-mixed-precision"));
      } else {
        add("tf32", "tf32.no-tf32-cores", {{"device", label()}},
            fmt::format("{}: no TF32 Tensor Cores (needs compute capability ≥ 8.0) → off", label()),
            fromTable("fp32_math"));
        rec_.warn(fmt::format("FP16 overflow risk: {}", table_.rule("fp16-overflow").text),
                  {"fp16-overflow", {{"rule", "fp16-overflow"}}});
      }
    } else if (tf32_ok && tol >= kTf32UnitRoundoff) {
      c.precision = Precision::Tf32;
      c.tf32_matmul = MatmulPrecision::High;
      c.tf32_conv = true;
      add("precision", "precision.tf32",
          {{"device", label()}, {"tolerance", sci(tol)}, {"roundoff", sci(kBf16UnitRoundoff)}},
          fmt::format("{}: tolerance {} is below BF16's unit roundoff {} (7 mantissa bits) → no "
                      "mixed precision, "
                      "TF32 instead (10 mantissa bits, FP32's range)",
                      label(), sci(tol), sci(kBf16UnitRoundoff)),
          fromTable("fp32_math"));
      add("tf32", "tf32.on", {{"device", label()}},
          fmt::format("{}: no mixed precision → TF32 on for matmuls (precision \"high\") and cuDNN "
                      "convolutions",
                      label()),
          guide("tf32-without-mixed-precision"));
    } else {
      c.precision = Precision::Fp32;
      const std::string tf32_part = tf32_ok ? fmt::format(" and TF32 ({})", sci(kTf32UnitRoundoff))
                                            : std::string(" and the GPU has no TF32");
      add("precision", tf32_ok ? "precision.strict-fp32" : "precision.strict-fp32-no-tf32",
          strictValues(tol, bf16 ? "BF16" : "FP16", cast_roundoff, tf32_ok),
          fmt::format(
              "{}: tolerance {} is below the unit roundoff of {} ({}){} → strict FP32 (IEEE)",
              label(), sci(tol), bf16 ? "BF16" : "FP16", sci(cast_roundoff), tf32_part),
          fromTable("precision"));
      add("tf32", tf32_ok ? "tf32.off-tolerance" : "tf32.no-tf32-cores", {{"device", label()}},
          fmt::format("{}: TF32 off — {}", label(),
                      tf32_ok ? "the tolerance is tighter than its 10 mantissa bits"
                              : "no TF32 Tensor Cores (needs compute capability ≥ 8.0)"),
          guide("tf32-without-mixed-precision"));
    }
    add("tf32_api",
        req_.target_torch.hasFp32PrecisionApi() ? "tf32-api.fp32-precision" : "tf32-api.legacy",
        {{"torch", req_.target_torch.str()}},
        req_.target_torch.hasFp32PrecisionApi()
            ? fmt::format(
                  "target PyTorch {} → FP32 math set through "
                  "torch.backends.cuda.matmul.fp32_precision and "
                  "torch.backends.cudnn.conv.fp32_precision only, never with the legacy flags",
                  req_.target_torch.str())
            : fmt::format("target PyTorch {} → FP32 math set through "
                          "torch.set_float32_matmul_precision and "
                          "torch.backends.cudnn.allow_tf32 (fp32_precision arrives in 2.9)",
                          req_.target_torch.str()),
        guide("tf32-api"));
    if (!req_.target_torch.hasFp32PrecisionApi()) {
      rec_.warn(
          fmt::format("the export for PyTorch {} uses the legacy TF32 flags; re-export when moving "
                      "to 2.9 or later — new and "
                      "old settings must not be mixed",
                      req_.target_torch.str()),
          {"legacy-tf32-flags", {{"torch", req_.target_torch.str()}}});
    }
  }

  void chooseMemoryFormat() {
    rec_.config.memory_format = MemoryFormat::Contiguous;
    add("memory_format",
        req_.family == ModelFamily::Cnn
            ? (cuda() ? "memory-format.cnn-tensor-cores" : "memory-format.cnn-onednn")
            : "memory-format.transformer",
        {},
        req_.family == ModelFamily::Cnn
            ? fmt::format("channels_last is not one of the guide's rules → contiguous; for this "
                          "CNN it is measured "
                          "as a neighbour ({} convolutions often prefer NHWC)",
                          cuda() ? "Tensor Core" : "oneDNN")
            : std::string("transformer: channels_last only changes 4-D image tensors → contiguous"),
        {"InferScope (outside the guide)", "inferscope"});
  }

  void chooseCompile() {
    auto& c = rec_.config;
    c.compile = CompileMode::None;
    if (!cuda()) {
      add("compile", "compile.cpu", {},
          "CPU: CUDA graphs need CUDA and InferScope runs AOTInductor packages on CUDA only → "
          "none; TorchScript "
          "freeze is measured as a neighbour",
          guide("compile-static-models"));
      return;
    }
    if (req_.sizes == InputSizes::Varying) {
      add("compile", "compile.varying", {},
          "input sizes vary → no compile: CUDA graphs replay one static shape and AOTInductor "
          "packages are built "
          "for one input shape",
          guide("compile-static-models"));
      return;
    }
    if (!gen_ || gen_->setting("compile").value != "recommended") {
      add("compile", "compile.not-in-table", {{"device", label()}},
          fmt::format(
              "{}: the guide's table lists no torch.compile for this generation → none; its "
              "footnote "
              "allows compile for static models, so graph/aoti variants are measured as neighbours",
              label()),
          gen_ ? fromTable("compile") : guide("compile-static-models"));
      return;
    }
    const bool aoti = req_.target_torch.hasAotInductor();
    if (req_.goal == Goal::Throughput && aoti) {
      c.compile = CompileMode::AotInductor;
      add("compile", "compile.aoti", {{"device", label()}, {"torch", req_.target_torch.str()}},
          fmt::format("{}: the guide's table adds torch.compile; throughput goal with static "
                      "shapes → AOTInductor "
                      "package (torch.compile ahead of time: fused kernels pay off at large "
                      "batches; target "
                      "PyTorch {} loads it from C++)",
                      label(), req_.target_torch.str()),
          fromTable("compile"));
    } else {
      c.compile = CompileMode::CudaGraph;
      const std::string goal_part =
          req_.goal == Goal::Latency
              ? std::string("latency goal with static shapes → CUDA graph replay")
              : fmt::format(
                    "target PyTorch {} has no AOTInductor package loader (2.6+) → CUDA graph "
                    "replay",
                    req_.target_torch.str());
      add("compile",
          req_.goal == Goal::Latency ? "compile.cuda-graph-latency" : "compile.cuda-graph-no-aoti",
          req_.goal == Goal::Latency
              ? Values{{"device", label()}}
              : Values{{"device", label()}, {"torch", req_.target_torch.str()}},
          fmt::format("{}: the guide's table adds torch.compile; {} (torch.compile "
                      "mode=\"reduce-overhead\" in "
                      "Python), which removes the per-kernel launch overhead that dominates "
                      "small-batch latency",
                      label(), goal_part),
          fromTable("compile"));
    }
    add("order", c.compile == CompileMode::CudaGraph ? "order.before-graph" : "order.before-aoti",
        {{"format", precisionName(c.precision)}},
        fmt::format(
            "{} applied before {}: compiling first and casting afterwards would invalidate the "
            "compiled "
            "result",
            precisionName(c.precision),
            c.compile == CompileMode::CudaGraph ? "CUDA graph capture" : "AOTInductor compilation"),
        guide("precision-before-compile"));
  }

  void chooseCudnn() {
    auto& cudnn = rec_.config.cudnn;
    cudnn = CudnnSettings{};
    if (!cuda()) {
      const char* rule = "CPU: cuDNN settings do not apply → PyTorch's defaults";
      add("cudnn.enabled", "cudnn.cpu", {}, rule, guide("cudnn-benchmark-fixed"));
      add("cudnn.benchmark", "cudnn.cpu", {}, rule, guide("cudnn-benchmark-fixed"));
      add("cudnn.deterministic", "cudnn.cpu", {}, rule, guide("cudnn-deterministic"));
      if (req_.reproducible) {
        rec_.warn(
            "reproducibility on the CPU: InferScope's 'det' setting is CUDA-only; keep "
            "torch.set_num_threads fixed so FP32 reductions run in the same order every time",
            {"cpu-reproducibility", {}});
      }
      return;
    }
    add("cudnn.enabled", "cudnn.enabled", {},
        "cuDNN on (PyTorch's default): its convolution kernels are what benchmark tunes",
        guide("cudnn-benchmark-fixed"));
    if (req_.reproducible) {
      cudnn.deterministic = true;
      add("cudnn.deterministic", "cudnn.deterministic-required", {},
          "reproducibility required → cudnn.deterministic + "
          "torch.use_deterministic_algorithms(True)",
          guide("cudnn-deterministic"));
      add("cudnn.benchmark", "cudnn.benchmark-reproducible", {},
          "reproducibility required → benchmark off: autotuning may pick a different algorithm "
          "on each run",
          guide("cudnn-deterministic"));
      rec_.warn(
          "deterministic mode can be slower, and ops without a deterministic implementation "
          "raise an error; the exports set CUBLAS_WORKSPACE_CONFIG=:4096:8, which cuBLAS needs "
          "for deterministic matmuls",
          {"deterministic-slower", {}});
      return;
    }
    add("cudnn.deterministic", "cudnn.deterministic-off", {},
        "reproducibility not required → deterministic off (deterministic kernels can be slower)",
        guide("cudnn-deterministic"));
    if (req_.sizes == InputSizes::Varying) {
      add("cudnn.benchmark", "cudnn.benchmark-varying", {},
          "input sizes vary → benchmark off: it would search algorithms again for every new "
          "size and run slower",
          guide("cudnn-benchmark-varying"));
    } else if (req_.family == ModelFamily::Cnn) {
      cudnn.benchmark = true;
      add("cudnn.benchmark", "cudnn.benchmark-cnn", {},
          "fixed input sizes + CNN → benchmark on: the fastest convolution algorithm is found "
          "on the first run and reused (warm up before measuring)",
          guide("cudnn-benchmark-fixed"));
    } else {
      add("cudnn.benchmark", "cudnn.benchmark-transformer", {},
          "transformer: few or no cuDNN convolutions, so benchmark has nothing to tune → off "
          "(measured as a neighbour)",
          guide("cudnn-benchmark-fixed"));
    }
  }

  const AdvisorRequest& req_;
  const GenerationTable& table_;
  const GpuGeneration* gen_ = nullptr;
  Recommendation rec_;
};

}  // namespace

Recommendation Advisor::recommend(const AdvisorRequest& request) const {
  if (!std::isfinite(request.tolerance) || request.tolerance <= 0) {
    throw Error(
        ErrorKind::InvalidInput,
        fmt::format("accuracy tolerance must be a positive relative L2 error such as 1e-2, got {}",
                    request.tolerance));
  }
  return Decision(request, *table_).run();
}

DeviceCaps Advisor::simulatedCaps(std::string_view name) const {
  if (name == "cpu" || name == "CPU") return DeviceCaps{};
  if (const auto* gen = table_->find(name)) return gen->representativeCaps();
  throw Error(ErrorKind::InvalidInput, fmt::format("cannot simulate '{}' (valid: {}, cpu)", name,
                                                   fmt::join(table_->ids(), ", ")));
}

}  // namespace inferscope::advisor
