#include "gui/lib/config_text.h"

#include <QCoreApplication>
#include <QStringList>

#include "core/config/unsupported_code.h"

namespace inferscope::gui {
namespace {

class ConfigText {
  Q_DECLARE_TR_FUNCTIONS(ConfigText)

 public:
  static QString precision(const OptimizationConfig& c) {
    switch (c.precision) {
      case Precision::Fp32:
        return tr("FP32, strict IEEE (matmul highest, cuDNN conv TF32 off)");
      case Precision::Tf32:
        if (c.tf32_matmul == MatmulPrecision::Highest)
          return tr("TF32 for cuDNN convolutions only (PyTorch's default)");
        if (c.tf32_matmul == MatmulPrecision::Medium)
          return c.tf32_conv ? tr("matmul precision medium (BF16-based) + cuDNN conv TF32")
                             : tr("matmul precision medium only (conv strict)");
        return c.tf32_conv ? tr("TF32: matmul precision high + cuDNN conv TF32")
                           : tr("TF32 for matmul only (cuDNN conv strict FP32)");
      case Precision::Fp16Cast:
        return tr("whole model cast to FP16 (model.half())");
      case Precision::Bf16Cast:
        return tr("whole model cast to BF16");
      case Precision::AutocastFp16:
        return tr("autocast FP16, weights stay FP32");
      case Precision::AutocastBf16:
        return tr("autocast BF16, weights stay FP32");
    }
    return {};
  }

  static QString compile(CompileMode mode) {
    switch (mode) {
      case CompileMode::None:
        return {};
      case CompileMode::TorchScript:
        return tr("TorchScript freeze + optimize_for_inference");
      case CompileMode::AotInductor:
        return tr("AOTInductor package (torch.compile ahead of time)");
      case CompileMode::AotInductorMax:
        return tr("AOTInductor package, max-autotune");
      case CompileMode::CudaGraph:
        return tr("CUDA graph capture + replay");
      case CompileMode::AotInductorGraph:
        return tr("AOTInductor package replayed in a CUDA graph");
      case CompileMode::TorchCompile:
        return tr("torch.compile (default mode), in Python");
      case CompileMode::TorchCompileReduceOverhead:
        return tr("torch.compile reduce-overhead (CUDA graphs), in Python");
      case CompileMode::TorchCompileMax:
        return tr("torch.compile max-autotune, in Python");
    }
    return {};
  }

  static QString unsupported(const std::string& code, const DeviceCaps& caps) {
    const QString where =
        caps.isCuda()
            ? QStringLiteral("%1 %2.%3")
                  .arg(QString::fromStdString(gpuGenerationName(caps.cc_major, caps.cc_minor)))
                  .arg(caps.cc_major)
                  .arg(caps.cc_minor)
            : tr("the CPU");
    if (code == "bf16-needs-ampere")
      return tr("BF16 needs compute capability ≥ 8.0 (Ampere or newer); %1 has no BF16 Tensor "
                "Cores — use fp16 or amp-fp16")
          .arg(where);
    if (code == "tf32-needs-ampere")
      return tr("TF32 needs compute capability ≥ 8.0 (Ampere or newer); %1 has no TF32 Tensor "
                "Cores")
          .arg(where);
    if (code == "cudnn-needs-build") return tr("cuDNN settings need a LibTorch build with cuDNN");
    if (code == "tf32-on-cpu") return tr("TF32 is a CUDA Tensor Core mode; the CPU has none");
    if (code == "fp16-on-cpu")
      return tr("FP16 cast is a GPU setting: many CPU kernels have no FP16 implementation");
    if (code == "cudnn-on-cpu") return tr("cuDNN settings apply to CUDA only");
    if (code == "graph-on-cpu") return tr("CUDA graphs need a CUDA device");
    if (code == "tc-ro-on-cpu")
      return tr("torch.compile reduce-overhead replays CUDA graphs: it needs a CUDA device");
    if (code == "aoti-needs-2.6")
      return tr(
          "AOTInductor packages need LibTorch ≥ 2.6 (this build has no "
          "AOTIModelPackageLoader)");
    return tr(
        "CUDA graph capture of a forward that records autograd history is not supported "
        "here; use inference_mode");
  }

  static QString describe(const OptimizationConfig& c) {
    QStringList parts;
    if (c.grad == GradMode::NoGrad) parts << QStringLiteral("no_grad");
    if (c.grad == GradMode::Autograd) parts << tr("autograd on");
    parts << precision(c);
    if (c.memory_format == MemoryFormat::ChannelsLast) parts << QStringLiteral("channels_last");
    if (const QString compiled = compile(c.compile); !compiled.isEmpty()) parts << compiled;
    if (!c.cudnn.enabled) parts << tr("cuDNN disabled");
    if (c.cudnn.benchmark) parts << tr("cuDNN benchmark");
    if (c.cudnn.deterministic) parts << tr("cuDNN deterministic");
    return parts.join(QStringLiteral(" · "));
  }
};

}  // namespace

QString unsupportedText(const OptimizationConfig& config, const DeviceCaps& caps,
                        bool libtorch_has_aoti) {
  const auto code = unsupportedCode(config, caps, libtorch_has_aoti);
  return code ? ConfigText::unsupported(*code, caps) : QString();
}

QString configDescription(const OptimizationConfig& config) {
  return ConfigText::describe(config);
}

}  // namespace inferscope::gui
