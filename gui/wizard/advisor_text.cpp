#include "gui/wizard/advisor_text.h"

#include <QCoreApplication>
#include <QLocale>

#include "core/advisor/generation_table.h"

namespace inferscope::gui {
namespace {

class AdvisorText {
  Q_DECLARE_TR_FUNCTIONS(AdvisorText)

 public:
  static bool japanese() { return QLocale().language() == QLocale::Japanese; }

  static QString guideQuote(const std::string& id) {
    try {
      const auto& r = advisor::GenerationTable::builtin().rule(id);
      return q(japanese() && !r.text_ja.empty() ? r.text_ja : r.text);
    } catch (const std::exception&) {
      return {};
    }
  }
  static QString guideSection(const std::string& id) {
    try {
      const auto& r = advisor::GenerationTable::builtin().rule(id);
      return q(japanese() && !r.section_ja.empty() ? r.section_ja : r.section);
    } catch (const std::exception&) {
      return {};
    }
  }

  static QString q(const std::string& s) { return QString::fromStdString(s); }

  static QString state(const std::string& s) {
    if (s == "final") return tr("final");
    if (s == "provisional") return tr("provisional");
    return q(s);
  }

  static QString rule(const advisor::Reason& r) {
    const auto& n = r.note;
    const auto v = [&](const char* name) { return q(n.value(name)); };
    const std::string& c = n.code;
    if (c == "grad.inference-mode")
      return tr("%1: torch.inference_mode() around every inference call — no autograd graph, no "
                "view tracking or version counters, faster than no_grad")
          .arg(v("device"));
    if (c == "precision.cpu" || c == "precision.cpu-bf16-neighbour") {
      QString text =
          tr("CPU: no Tensor Cores, and TF32 and FP16 casts are GPU settings → FP32 (strict IEEE)");
      if (c == "precision.cpu-bf16-neighbour")
        text += tr("; amp-bf16 fits the tolerance %1 a priori and is measured first among the "
                   "neighbours (it pays off only on CPUs with AVX-512 BF16 or AMX)")
                    .arg(v("tolerance"));
      return text;
    }
    if (c == "tf32.cpu") return tr("CPU: TF32 is a CUDA Tensor Core mode → off");
    if (c == "precision.no-tensor-cores")
      return tr("%1: no Tensor Cores → FP32 (strict IEEE)").arg(v("device"));
    if (c == "tf32.no-tf32-cores")
      return tr("%1: no TF32 Tensor Cores (needs compute capability ≥ 8.0) → off").arg(v("device"));
    if (c == "precision.bf16-cast")
      return tr("%1: BF16 Tensor Cores → BF16 cast (FP32's exponent range, so no FP16 overflow "
                "risk) of the whole model and its inputs; %2's unit roundoff %3 is within the "
                "tolerance %4")
          .arg(v("device"), v("format"), v("roundoff"), v("tolerance"));
    if (c == "precision.fp16-cast")
      return tr("%1: no BF16/TF32 Tensor Cores → FP16 cast of the whole model and its inputs; "
                "%2's unit roundoff %3 is within the tolerance %4")
          .arg(v("device"), v("format"), v("roundoff"), v("tolerance"));
    if (c == "tf32.mixed-precision")
      return tr("%1: mixed precision (%2) in use → TF32's gain is limited because the main ops "
                "run in %2; FP32 math stays strict IEEE")
          .arg(v("device"), v("format"));
    if (c == "precision.tf32")
      return tr("%1: tolerance %2 is below BF16's unit roundoff %3 (7 mantissa bits) → no mixed "
                "precision, TF32 instead (10 mantissa bits, FP32's range)")
          .arg(v("device"), v("tolerance"), v("roundoff"));
    if (c == "tf32.on")
      return tr("%1: no mixed precision → TF32 on for matmuls (precision \"high\") and cuDNN "
                "convolutions")
          .arg(v("device"));
    if (c == "precision.strict-fp32")
      return tr("%1: tolerance %2 is below the unit roundoff of %3 (%4) and TF32 (%5) → strict "
                "FP32 (IEEE)")
          .arg(v("device"), v("tolerance"), v("format"), v("roundoff"), v("tf32_roundoff"));
    if (c == "precision.strict-fp32-no-tf32")
      return tr("%1: tolerance %2 is below the unit roundoff of %3 (%4) and the GPU has no TF32 "
                "→ strict FP32 (IEEE)")
          .arg(v("device"), v("tolerance"), v("format"), v("roundoff"));
    if (c == "tf32.off-tolerance")
      return tr("%1: TF32 off — the tolerance is tighter than its 10 mantissa bits")
          .arg(v("device"));
    if (c == "tf32-api.fp32-precision")
      return tr("target PyTorch %1 → FP32 math set through "
                "torch.backends.cuda.matmul.fp32_precision and "
                "torch.backends.cudnn.conv.fp32_precision only, never with the legacy flags")
          .arg(v("torch"));
    if (c == "tf32-api.legacy")
      return tr("target PyTorch %1 → FP32 math set through torch.set_float32_matmul_precision "
                "and torch.backends.cudnn.allow_tf32 (fp32_precision arrives in 2.9)")
          .arg(v("torch"));
    if (c == "memory-format.cnn-tensor-cores")
      return tr(
          "channels_last is not one of the guide's rules → contiguous; for this CNN it is "
          "measured as a neighbour (Tensor Core convolutions often prefer NHWC)");
    if (c == "memory-format.cnn-onednn")
      return tr(
          "channels_last is not one of the guide's rules → contiguous; for this CNN it is "
          "measured as a neighbour (oneDNN convolutions often prefer NHWC)");
    if (c == "memory-format.transformer")
      return tr("transformer: channels_last only changes 4-D image tensors → contiguous");
    if (c == "compile.cpu")
      return tr(
          "CPU: CUDA graphs need CUDA and InferScope runs AOTInductor packages on CUDA only "
          "→ none; TorchScript freeze is measured as a neighbour");
    if (c == "compile.varying")
      return tr(
          "input sizes vary → no compile: CUDA graphs replay one static shape and "
          "AOTInductor packages are built for one input shape");
    if (c == "compile.not-in-table")
      return tr("%1: the guide's table lists no torch.compile for this generation → none; its "
                "footnote allows compile for static models, so graph/aoti variants are measured "
                "as neighbours")
          .arg(v("device"));
    if (c == "compile.aoti")
      return tr("%1: the guide's table adds torch.compile; throughput goal with static shapes → "
                "AOTInductor package (torch.compile ahead of time: fused kernels pay off at large "
                "batches; target PyTorch %2 loads it from C++)")
          .arg(v("device"), v("torch"));
    if (c == "compile.cuda-graph-latency")
      return tr("%1: the guide's table adds torch.compile; latency goal with static shapes → CUDA "
                "graph replay (torch.compile mode=\"reduce-overhead\" in Python), which removes "
                "the per-kernel launch overhead that dominates small-batch latency")
          .arg(v("device"));
    if (c == "compile.cuda-graph-no-aoti")
      return tr("%1: the guide's table adds torch.compile; target PyTorch %2 has no AOTInductor "
                "package loader (2.6+) → CUDA graph replay (torch.compile "
                "mode=\"reduce-overhead\" in Python), which removes the per-kernel launch "
                "overhead that dominates small-batch latency")
          .arg(v("device"), v("torch"));
    if (c == "order.before-graph")
      return tr("%1 applied before CUDA graph capture: compiling first and casting afterwards "
                "would invalidate the compiled result")
          .arg(v("format"));
    if (c == "order.before-aoti")
      return tr("%1 applied before AOTInductor compilation: compiling first and casting "
                "afterwards would invalidate the compiled result")
          .arg(v("format"));
    if (c == "cudnn.cpu") return tr("CPU: cuDNN settings do not apply → PyTorch's defaults");
    if (c == "cudnn.enabled")
      return tr("cuDNN on (PyTorch's default): its convolution kernels are what benchmark tunes");
    if (c == "cudnn.deterministic-required")
      return tr(
          "reproducibility required → cudnn.deterministic + "
          "torch.use_deterministic_algorithms(True)");
    if (c == "cudnn.benchmark-reproducible")
      return tr(
          "reproducibility required → benchmark off: autotuning may pick a different "
          "algorithm on each run");
    if (c == "cudnn.deterministic-off")
      return tr(
          "reproducibility not required → deterministic off (deterministic kernels can be "
          "slower)");
    if (c == "cudnn.benchmark-varying")
      return tr(
          "input sizes vary → benchmark off: it would search algorithms again for every new "
          "size and run slower");
    if (c == "cudnn.benchmark-cnn")
      return tr(
          "fixed input sizes + CNN → benchmark on: the fastest convolution algorithm is "
          "found on the first run and reused (warm up before measuring)");
    if (c == "cudnn.benchmark-transformer")
      return tr(
          "transformer: few or no cuDNN convolutions, so benchmark has nothing to tune → "
          "off (measured as a neighbour)");
    if (c == "evidence.race-answer")
      return tr("the race's answer: %1 (%2)").arg(v("key"), state(n.value("state")));
    if (c.rfind("evidence.", 0) == 0) {
      const QString verdict = validation(n, c.substr(9));
      if (verdict.isEmpty()) return q(r.rule);
      return n.value("table_measured") == "no"
                 ? tr("%1 (the table's choice was not measured there)").arg(verdict)
                 : verdict;
    }
    if (c == "validation.race")
      return n.value("confirmed") == "yes"
                 ? tr("the tuner's race on this device confirmed %1 (%2)")
                       .arg(v("winner"), state(n.value("state")))
                 : tr("the tuner's race on this device answered %1 (%2) instead of %3")
                       .arg(v("winner"), state(n.value("state")), v("recommended"));
    return q(r.rule);
  }

  // advisor::ValidationOutcome::note, as the evidence row reads it.
  static QString validation(const advisor::Note& n, const std::string& verdict) {
    const auto v = [&](const char* name) { return q(n.value(name)); };
    if (verdict == "confirmed")
      return tr("%1 confirmed: the fastest safe config (%2 ms median)")
          .arg(v("recommended"), v("recommended_ms"));
    if (verdict == "kept-within-noise")
      return tr("%1 kept: %2 was only %3× its speed (%4 % less time, %5 vs %6 ms median), within "
                "the measurement noise")
          .arg(v("recommended"), v("faster"), v("speedup"), v("percent"), v("faster_ms"),
               v("recommended_ms"));
    if (verdict == "switched-faster")
      return tr("switched to %1: %2× the speed of %3 (%4 % less time, %5 vs %6 ms median)")
          .arg(v("chosen"), v("speedup"), v("recommended"), v("percent"), v("chosen_ms"),
               v("recommended_ms"));
    if (verdict == "switched-rejected")
      return tr("switched to %1, the fastest safe config (%2 ms median): the recommended %3 was "
                "rejected")
          .arg(v("chosen"), v("chosen_ms"), v("recommended"));
    if (verdict == "switched-unmeasured")
      return tr("switched to %1, the fastest safe config (%2 ms median): the recommended %3 was "
                "not measured")
          .arg(v("chosen"), v("chosen_ms"), v("recommended"));
    if (verdict == "fell-back-to-fp32")
      return tr("no measured config ran cleanly and safely; falling back to %1, the strict-IEEE "
                "reference")
          .arg(v("chosen"));
    return {};
  }

  static QString session(const advisor::Note& n) {
    return tr("the open session (%1, %2 configs, %3)")
        .arg(q(n.value("device")), q(n.value("configs")), q(n.value("created")));
  }

  static QString source(const advisor::Reason& r) {
    const std::string& id = r.source_id;
    if (id.rfind("guide:", 0) == 0) {
      const std::string rule_id = id.substr(6);
      const QString quote = guideQuote(rule_id);
      return quote.isEmpty() ? q(r.source)
                             : tr("guide %1 — “%2”").arg(guideSection(rule_id), quote);
    }
    if (id.rfind("table:", 0) == 0) {
      const auto cut = id.find(':', 6);
      if (cut == std::string::npos) return q(r.source);
      try {
        const auto& gen = advisor::GenerationTable::builtin().byId(id.substr(6, cut - 6));
        const auto& s = gen.setting(id.substr(cut + 1));
        return tr("generation table (%1) — “%2”")
            .arg(q(gen.name), q(japanese() && !s.rule_ja.empty() ? s.rule_ja : s.rule));
      } catch (const std::exception&) {
        return q(r.source);
      }
    }
    if (id == "inferscope") return tr("InferScope (outside the guide)");
    if (id == "session") {
      if (r.note.value("configs").empty())
        return tr("measured: %1 on %2").arg(q(r.note.value("created")), q(r.note.value("device")));
      return tr("measured: %1").arg(session(r.note));
    }
    if (id == "device") return tr("measured on this device by the tuner");
    return q(r.source);
  }

  static QString warning(const advisor::Note& n, const std::string& english) {
    const auto v = [&](const char* name) { return q(n.value(name)); };
    const std::string& c = n.code;
    if (c == "verify-on-device")
      return tr("validate on the device before adopting (guide, %1): “%2”")
          .arg(guideSection(n.value("rule")), guideQuote(n.value("rule")));
    if (c == "generation-not-in-table")
      return tr("compute capability %1 is not in the generation table; applying the rules of %2, "
                "the newest generation before it (update resources/gpu_generations.json)")
          .arg(v("cc"), v("generation"));
    if (c == "no-tensor-cores")
      return tr("%1 has no Tensor Cores; the guide's GPU techniques start at Volta (7.0)")
          .arg(v("device"));
    if (c == "fp16-overflow") return tr("FP16 overflow risk: %1").arg(guideQuote(n.value("rule")));
    if (c == "legacy-tf32-flags")
      return tr("the export for PyTorch %1 uses the legacy TF32 flags; re-export when moving to "
                "2.9 or later — new and old settings must not be mixed")
          .arg(v("torch"));
    if (c == "cpu-reproducibility")
      return tr(
          "reproducibility on the CPU: InferScope's 'det' setting is CUDA-only; keep "
          "torch.set_num_threads fixed so FP32 reductions run in the same order every time");
    if (c == "deterministic-slower")
      return tr(
          "deterministic mode can be slower, and ops without a deterministic implementation "
          "raise an error; the exports set CUBLAS_WORKSPACE_CONFIG=:4096:8, which cuBLAS "
          "needs for deterministic matmuls");
    if (c == "race-answer-instead")
      return tr("%1 holds a race: its answer %2 instead of the table's %3")
          .arg(session(n), v("answer"), v("table"));
    if (c == "session-overrules")
      return tr("%1 overrules the table: %2 instead of %3")
          .arg(session(n), v("chosen"), v("table"));
    if (c == "validation-replaced")
      return tr("validation replaced %1 with %2").arg(v("from"), v("to"));
    return q(english);
  }
};

}  // namespace

QString adviceRuleText(const advisor::Reason& reason) {
  return AdvisorText::rule(reason);
}

QString adviceSourceText(const advisor::Reason& reason) {
  return AdvisorText::source(reason);
}

QString adviceWarningText(const advisor::Recommendation& rec, std::size_t index) {
  if (index >= rec.warnings.size()) return {};
  // Notes pair with warnings only where every warning has one (a front end may add a warning
  // without).
  if (rec.warning_notes.size() != rec.warnings.size())
    return QString::fromStdString(rec.warnings[index]);
  return AdvisorText::warning(rec.warning_notes[index], rec.warnings[index]);
}

}  // namespace inferscope::gui
