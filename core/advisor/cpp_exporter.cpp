// C++ export (see cpp_exporter.h). Like the Python export it holds code only for the settings the
// config uses. The target version picks the API at generation time, and a static_assert turns a
// mismatch with the LibTorch it is built against into a compile error that says what to do.
#include "core/advisor/cpp_exporter.h"

#include <fmt/format.h>

#include "core/advisor/cpp_model_code.h"
#include "core/advisor/export_header.h"

namespace inferscope::advisor {
namespace {

const char* cppBool(bool b) {
  return b ? "true" : "false";
}

const char* scalarType(Precision p) {
  switch (p) {
    case Precision::Fp16Cast:
    case Precision::AutocastFp16:
      return "torch::kHalf";
    case Precision::Bf16Cast:
    case Precision::AutocastBf16:
      return "torch::kBFloat16";
    default:
      return "torch::kFloat";
  }
}

// The oldest LibTorch the generated code compiles against, with why.
std::pair<TorchVersion, const char*> minimumVersion(const ConfigDocument& d) {
  const auto& t = d.target_torch;
  if (t.hasEnumFp32PrecisionApi()) return {{2, 10}, "the enum setFloat32Precision API"};
  if (t.hasFp32PrecisionApi()) return {{2, 9}, "the string setFloat32Precision API"};
  if (d.config.compile == CompileMode::AotInductorGraph) {
    return {{2, 7}, "AOTIModelPackageLoader's run_single_threaded runner"};
  }
  if (runsAotInductorPackage(d.config.compile)) return {{2, 6}, "AOTIModelPackageLoader"};
  if (d.config.usesAutocast() && t.hasDeviceTypeAutocastApi())
    return {{2, 4}, "the per-device autocast API"};
  return {{2, 0}, "LibTorch 2.x"};
}

std::string fp32Settings(const ConfigDocument& d) {
  const auto& c = d.config;
  const bool tf32 = c.precision == Precision::Tf32;
  const bool matmul_tf32 = tf32 && c.tf32_matmul != MatmulPrecision::Highest;
  const bool conv_tf32 = c.convolutionsUseTf32();
  const auto& t = d.target_torch;
  if (t.hasEnumFp32PrecisionApi()) {
    return fmt::format(
        "  // FP32 math, fp32_precision API only: after it, the legacy getters throw (\"mix of the "
        "legacy and\n"
        "  // new APIs\"), so the legacy setters are never called.\n"
        "  ctx.setFloat32Precision(at::Float32Backend::CUDA, at::Float32Op::MATMUL, "
        "at::Float32Precision::{});\n"
        "  ctx.setFloat32Precision(at::Float32Backend::CUDA, at::Float32Op::CONV, "
        "at::Float32Precision::{});\n",
        matmul_tf32 ? "TF32" : "IEEE", conv_tf32 ? "TF32" : "IEEE");
  }
  if (t.hasFp32PrecisionApi()) {
    return fmt::format(
        "  // FP32 math, fp32_precision API only (LibTorch 2.9 takes strings); never mixed with "
        "the legacy setters.\n"
        "  ctx.setFloat32Precision(\"cuda\", \"matmul\", \"{}\");\n"
        "  ctx.setFloat32Precision(\"cuda\", \"conv\", \"{}\");\n",
        matmul_tf32 ? "tf32" : "ieee", conv_tf32 ? "tf32" : "ieee");
  }
  const char* level = !tf32                                      ? "highest"
                      : c.tf32_matmul == MatmulPrecision::Medium ? "medium"
                      : c.tf32_matmul == MatmulPrecision::High   ? "high"
                                                                 : "highest";
  return fmt::format(
      "  // FP32 math, legacy API (LibTorch < 2.9; never mixed with setFloat32Precision).\n"
      "  ctx.setFloat32MatmulPrecision(\"{}\");\n"
      "  ctx.setAllowTF32CuDNN({});\n",
      level, cppBool(conv_tf32));
}

std::string fp32Report(const ConfigDocument& d) {
  const auto& t = d.target_torch;
  if (t.hasEnumFp32PrecisionApi()) {
    return "  const auto name = [](at::Float32Precision p) {\n"
           "    return p == at::Float32Precision::IEEE ? \"ieee\" : p == "
           "at::Float32Precision::TF32 ? \"tf32\"\n"
           "         : p == at::Float32Precision::BF16 ? \"bf16\" : \"none\";\n"
           "  };\n"
           "  out << \", \\\"cuda_matmul_fp32_precision\\\": \\\"\"\n"
           "      << name(ctx.float32Precision(at::Float32Backend::CUDA, at::Float32Op::MATMUL)) "
           "<< '\"'\n"
           "      << \", \\\"cudnn_conv_fp32_precision\\\": \\\"\"\n"
           "      << name(ctx.float32Precision(at::Float32Backend::CUDA, at::Float32Op::CONV)) << "
           "'\"';\n";
  }
  if (t.hasFp32PrecisionApi()) {
    return "  out << \", \\\"cuda_matmul_fp32_precision\\\": \\\"\" << "
           "ctx.float32Precision(\"cuda\", \"matmul\") << '\"'\n"
           "      << \", \\\"cudnn_conv_fp32_precision\\\": \\\"\" << "
           "ctx.float32Precision(\"cuda\", \"conv\") << '\"';\n";
  }
  return "  const auto level = ctx.float32MatmulPrecision();\n"
         "  out << \", \\\"float32_matmul_precision\\\": \\\"\"\n"
         "      << (level == at::Float32MatmulPrecision::HIGHEST ? \"highest\"\n"
         "          : level == at::Float32MatmulPrecision::HIGH  ? \"high\" : \"medium\") << '\"'\n"
         "      << \", \\\"cudnn_allow_tf32\\\": \" << ctx.allowTF32CuDNN();\n";
}

std::string includes(const ConfigDocument& d) {
  const auto& c = d.config;
  std::string out = "#include <ATen/Context.h>\n";
  if (c.usesAutocast()) out += "#include <ATen/autocast_mode.h>\n";
  if (replaysCudaGraph(c.compile)) out += "#include <ATen/cuda/CUDAGraph.h>\n";
  out += "#include <c10/core/InferenceMode.h>\n";
  if (replaysCudaGraph(c.compile))
    out += "#include <c10/cuda/CUDAGuard.h>\n#include <c10/cuda/CUDAStream.h>\n";
  if (runsAotInductorPackage(c.compile))
    out += "#include <torch/csrc/inductor/aoti_package/model_package_loader.h>\n";
  out += "#include <torch/script.h>\n#include <torch/version.h>\n\n";
  out +=
      "#include <cstdint>\n#include <cstdlib>\n#include <exception>\n#include <iostream>\n#include "
      "<memory>\n"
      "#include <sstream>\n#include <stdexcept>\n#include <string>\n#include <vector>\n\n";
  return out;
}

}  // namespace

std::string exportCpp(const ConfigDocument& d) {
  const auto& c = d.config;
  const bool aoti = runsAotInductorPackage(c.compile);
  const auto [minimum, why_minimum] = minimumVersion(d);
  std::string out = exportHeader(d, "// ", "load_model.cpp: inference settings for LibTorch");
  out += fmt::format(
      "//\n"
      "// Structure of the guide's load_model()/inference(): process flags, precision cast, then "
      "compilation;\n"
      "// c10::InferenceMode at inference time. Warm up a few iterations before timing.\n"
      "// Build with CMake: find_package(Torch REQUIRED), add_executable(load_model "
      "load_model.cpp),\n"
      "//   target_link_libraries(load_model \"${{TORCH_LIBRARIES}}\"), CXX_STANDARD 17.\n"
      "// Run:   ./load_model {} [INPUT_SHAPE, default {}]\n"
      "//   {}\n",
      aoti ? "MODEL.pt2" : "MODEL.pt", d.family == ModelFamily::Cnn ? "2,3,64,64" : "2,16,64",
      aoti ? "MODEL.pt2: the AOTInductor package written by the Python export: load_model.py "
             "--aoti-package MODEL.pt2"
           : "MODEL.pt: TorchScript, e.g. torch.jit.script(model).save(\"model.pt\")");
  out += includes(d);
  out += fmt::format(
      "static_assert(TORCH_VERSION_MAJOR > {0} || (TORCH_VERSION_MAJOR == {0} && "
      "TORCH_VERSION_MINOR >= {1}),\n"
      "              \"exported for LibTorch >= {0}.{1} ({2}): re-export with \"\n"
      "              \"`inferscope-cli recommend --torch-version <your version>`\");\n\n",
      minimum.major, minimum.minor, why_minimum);
  out += "namespace {\n\n";
  out += fmt::format("const char* const kConfigKey = \"{}\";\n", c.key());
  out += fmt::format("const torch::Device kDevice(\"{}\");\n",
                     d.device == DeviceKind::Cuda ? "cuda:0" : "cpu");
  out += fmt::format(
      "constexpr c10::ScalarType kModelDtype = {};  // weights after loadModel(); inputs are cast "
      "to it\n",
      c.isLowPrecisionCast() ? scalarType(c.precision) : "torch::kFloat");
  if (c.usesAutocast())
    out += fmt::format("constexpr c10::ScalarType kAutocastDtype = {};\n", scalarType(c.precision));
  out +=
      "\n// Process-wide flags: set once, before the model runs.\n"
      "void applyBackendSettings() {\n"
      "  auto& ctx = at::globalContext();\n";
  out += fp32Settings(d);
  out += fmt::format(
      "  ctx.setUserEnabledCuDNN({});\n  ctx.setBenchmarkCuDNN({});\n  "
      "ctx.setDeterministicCuDNN({});\n"
      "  ctx.setDeterministicAlgorithms({}, /*warn_only=*/false);\n}}\n\n",
      cppBool(c.cudnn.enabled), cppBool(c.cudnn.benchmark), cppBool(c.cudnn.deterministic),
      cppBool(c.cudnn.deterministic));
  out += cppModelCode(d);
  out += cppAutocastScope(d);
  out += "torch::Tensor inference(Model& m, torch::Tensor input) {\n";
  switch (c.grad) {
    case GradMode::InferenceMode:
      out += "  c10::InferenceMode guard;\n";
      break;
    case GradMode::NoGrad:
      out += "  torch::NoGradGuard guard;\n";
      break;
    case GradMode::Autograd:
      out +=
          "  // Autograd stays on: this config shows what InferenceMode saves; do not deploy it.\n";
      break;
  }
  out += "  input = input.to(kDevice, kModelDtype);\n";
  if (c.memory_format == MemoryFormat::ChannelsLast) {
    out += "  if (input.dim() == 4) input = input.contiguous(at::MemoryFormat::ChannelsLast);\n";
  }
  if (c.usesAutocast()) out += "  AutocastScope autocast;\n";
  out += "  return forward(m, input);\n}\n\n";
  out +=
      "const char* dtypeName(c10::ScalarType t) {\n"
      "  return t == torch::kFloat ? \"float32\" : t == torch::kHalf ? \"float16\"\n"
      "       : t == torch::kBFloat16 ? \"bfloat16\" : c10::toString(t);\n"
      "}\n\n"
      "void printReport(const Model& m, const torch::Tensor& output) {\n"
      "  auto& ctx = at::globalContext();\n"
      "  std::ostringstream out;\n"
      "  out << std::boolalpha << \"{\\\"config\\\": \\\"\" << kConfigKey << \"\\\", "
      "\\\"torch\\\": \\\"\" << TORCH_VERSION\n"
      "      << \"\\\", \\\"device\\\": \\\"\" << kDevice.str() << \"\\\", \\\"model_dtype\\\": "
      "\\\"\" << dtypeName(modelDtype(m))\n"
      "      << \"\\\", \\\"output_dtype\\\": \\\"\" << dtypeName(output.scalar_type()) << \"\\\", "
      "\\\"output_shape\\\": [\";\n"
      "  for (int64_t i = 0; i < output.dim(); ++i) out << (i ? \", \" : \"\") << output.size(i);\n"
      "  out << \"], \\\"output_is_inference\\\": \" << output.is_inference()\n"
      "      << \", \\\"finite\\\": \" << torch::isfinite(output).all().item<bool>()\n"
      "      << \", \\\"cudnn_enabled\\\": \" << ctx.userEnabledCuDNN() << \", "
      "\\\"cudnn_benchmark\\\": \" << ctx.benchmarkCuDNN()\n"
      "      << \", \\\"cudnn_deterministic\\\": \" << ctx.deterministicCuDNN()\n"
      "      << \", \\\"deterministic_algorithms\\\": \" << ctx.deterministicAlgorithms();\n";
  out += fp32Report(d);
  out +=
      "  std::cout << out.str() << \"}\" << std::endl;\n"
      "}\n\n"
      "std::vector<int64_t> parseShape(const std::string& text) {\n"
      "  std::vector<int64_t> shape;\n"
      "  std::istringstream in(text);\n"
      "  for (std::string part; std::getline(in, part, ',');) shape.push_back(std::stoll(part));\n"
      "  return shape;\n"
      "}\n\n"
      "}  // namespace\n\n"
      "int main(int argc, char** argv) {\n"
      "  if (argc < 2) {\n"
      "    std::cerr << \"usage: \" << argv[0] << \" MODEL [INPUT_SHAPE]\\n\";\n"
      "    return 2;\n"
      "  }\n";
  if (c.cudnn.deterministic) {
    out +=
        "  // Deterministic cuBLAS matmuls need a fixed workspace, set before CUDA starts.\n"
        "  setenv(\"CUBLAS_WORKSPACE_CONFIG\", \":4096:8\", /*overwrite=*/0);\n";
  }
  out += fmt::format(
      "  try {{\n"
      "    Model model = loadModel(argv[1]);\n"
      "    const auto shape = parseShape(argc > 2 ? argv[2] : \"{}\");\n"
      "    const torch::Tensor output = inference(model, torch::randn(shape));\n"
      "    printReport(model, output);\n"
      "  }} catch (const c10::Error& e) {{\n"
      "    std::cerr << \"error: \" << e.what_without_backtrace() << \"\\n\";\n"
      "    return 1;\n"
      "  }} catch (const std::exception& e) {{\n"
      "    std::cerr << \"error: \" << e.what() << \"\\n\";\n"
      "    return 1;\n"
      "  }}\n"
      "  return 0;\n"
      "}}\n",
      d.family == ModelFamily::Cnn ? "2,3,64,64" : "2,16,64");
  return out;
}

}  // namespace inferscope::advisor
