// AOTInductor compile mode. A user .pt2 package loads directly. A zoo model is compiled ahead of
// time by resources/python/inferscope_aoti.py (TorchScript cannot be re-exported, so the model is
// rebuilt in Python — torchvision / transformers — with the zoo's own weights, which the engine
// writes first). Packages are cached by a key of model, weights seed, inputs, precision and mode.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>

#include "core/common/error.h"
#include "core/model/model_zoo.h"
#include "core/torch/prepared_model.h"
#include "core/torch/settings_guard.h"
#include "core/torch/torch_compat.h"

#if defined(INFERSCOPE_WITH_CUDA) && INFERSCOPE_TORCH_AT_LEAST(2, 6)
#define INFERSCOPE_WITH_AOTI 1
#include <torch/csrc/inductor/aoti_package/model_package_loader.h>
#endif

namespace inferscope::torchlayer {
namespace fs = std::filesystem;

void saveZooWeights(ModelInstance& instance, const std::string& path) {
  // A TorchScript archive holding every parameter and buffer, dots spelled "__" (attribute names
  // cannot contain dots); Python reads it with torch.jit.load.
  torch::jit::Module archive("InferScopeWeights");
  for (const auto& [name, tensor] : instance.namedTensors()) {
    std::string attr = name;
    for (std::size_t p = attr.find('.'); p != std::string::npos; p = attr.find('.', p)) attr.replace(p, 1, "__");
    archive.register_buffer(attr, tensor.detach().to(torch::kCPU).contiguous());
  }
  archive.save(path);
}

#ifdef INFERSCOPE_WITH_AOTI

namespace {

std::string precisionArg(const OptimizationConfig& c) {
  switch (c.precision) {
    case Precision::Fp32: return "fp32";
    case Precision::Tf32: return "tf32";
    case Precision::Fp16Cast: return "fp16";
    case Precision::Bf16Cast: return "bf16";
    default: break;
  }
  throw Error(ErrorKind::Unsupported,
              "AOTInductor packages are compiled for one dtype: use fp32, tf32, fp16 or bf16 casts "
              "with aoti (autocast is not exported)");
}

std::string runCommand(const std::string& command, int& exit_code) {
  std::string output;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) {
    exit_code = -1;
    return "cannot start python3";
  }
  std::array<char, 4096> buf{};
  while (std::fgets(buf.data(), buf.size(), pipe)) output += buf.data();
  exit_code = ::pclose(pipe);
  return output;
}

std::string lastLines(const std::string& text, int count) {
  auto pos = text.size();
  for (int i = 0; i <= count && pos != std::string::npos && pos > 0; ++i) pos = text.rfind('\n', pos - 1);
  return pos == std::string::npos ? text : text.substr(pos + 1);
}

// The helper scripts: $INFERSCOPE_PYTHON_HELPERS, else the installed copy, else the source tree.
std::string pythonHelperPath(const std::string& name) {
  if (const char* dir = std::getenv("INFERSCOPE_PYTHON_HELPERS")) return (fs::path(dir) / name).string();
  for (const fs::path& dir : {fs::path(INFERSCOPE_INSTALL_PYTHON_DIR), fs::path(INFERSCOPE_SOURCE_PYTHON_DIR)}) {
    if (fs::exists(dir / name)) return (dir / name).string();
  }
  return (fs::path(INFERSCOPE_SOURCE_PYTHON_DIR) / name).string();
}

// $XDG_CACHE_HOME/inferscope, ~/.cache/inferscope, or a temp folder.
fs::path cacheDirectory() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return fs::path(x) / "inferscope";
  if (const char* h = std::getenv("HOME"); h && *h) return fs::path(h) / ".cache" / "inferscope";
  return fs::temp_directory_path() / "inferscope";
}


std::string buildZooPackage(const ModelRef& ref, const OptimizationConfig& config,
                            const std::vector<torch::Tensor>& cpu_inputs, const torch::Device& device) {
  const auto& e = ref.encoder;
  std::vector<std::string> shapes;
  for (const auto& t : cpu_inputs) shapes.push_back(fmt::format("{}", fmt::join(t.sizes(), "x")));
  const std::string arch_opts = ref.name == "bert-encoder"
      ? fmt::format("L{}H{}A{}I{}V{}P{}", e.layers, e.hidden, e.heads, e.intermediate, e.vocab, e.max_positions)
      : std::string();
  const std::string key = fmt::format("{}{}-s{}-{}-{}{}{}-torch{}", ref.name, arch_opts, ref.seed,
                                      fmt::join(shapes, "_"), precisionArg(config),
                                      config.memory_format == MemoryFormat::ChannelsLast ? "-cl" : "",
                                      config.compile == CompileMode::AotInductorMax ? "-max" : "", TORCH_VERSION);
  const fs::path dir = cacheDirectory() / "aoti";
  const fs::path package = dir / (key + ".pt2");
  if (fs::exists(package)) return package.string();
  fs::create_directories(dir);

  const fs::path weights = dir / fmt::format("{}-s{}.weights.pt", ref.name + arch_opts, ref.seed);
  if (!fs::exists(weights)) {
    auto instance = loadModel(ref, torch::Device(torch::kCPU));
    saveZooWeights(*instance, weights.string());
  }
  const std::string command = fmt::format(
      "python3 '{}' --arch {} --weights '{}' --inputs {} --precision {} {} {} --encoder {},{},{},{},{},{} "
      "--device cuda:{} --out '{}'",
      pythonHelperPath("inferscope_aoti.py"), ref.name, weights.string(), fmt::join(shapes, ","),
      precisionArg(config), config.memory_format == MemoryFormat::ChannelsLast ? "--channels-last" : "",
      config.compile == CompileMode::AotInductorMax ? "--max-autotune" : "", e.layers, e.hidden, e.heads,
      e.intermediate, e.vocab, e.max_positions, static_cast<int>(device.index()), package.string());
  int code = 0;
  const auto output = runCommand(command, code);
  if (code != 0 || !fs::exists(package)) {
    throw Error(ErrorKind::Unsupported,
                fmt::format("compiling the AOTInductor package needs python3 with torch ≥ 2.6 and "
                            "{}; the helper said: {}", ref.name == "bert-encoder" ? "transformers" : "torchvision",
                            lastLines(output, 3)));
  }
  return package.string();
}

}  // namespace

void loadAotInductor(PreparedModel& m, const ModelRef& ref, const OptimizationConfig& config,
                     const std::vector<torch::Tensor>& cpu_inputs, const torch::Device& device) {
  if (!device.is_cuda()) throw Error(ErrorKind::Unsupported, "AOTInductor packages run on CUDA here");
  std::string package;
  if (ref.source == ModelSource::AotInductor) {
    package = ref.path;
    if (!fs::exists(package)) throw Error(ErrorKind::ModelLoad, fmt::format("package '{}' does not exist", package));
  } else if (ref.source == ModelSource::Zoo) {
    package = buildZooPackage(ref, config, cpu_inputs, device);
  } else {
    throw Error(ErrorKind::Unsupported,
                "a TorchScript file cannot be re-exported for AOTInductor: export the model with "
                "torch.export in Python and pass the .pt2 package (or the ExportedProgram through "
                "resources/python/inferscope_aoti.py --exported-program)");
  }
  std::shared_ptr<torch::inductor::AOTIModelPackageLoader> loader;
  try {
    loader = std::make_shared<torch::inductor::AOTIModelPackageLoader>(package, "model", false, 1,
                                                                       device.index());
  } catch (const c10::Error& e) {
    throw Error(ErrorKind::ModelLoad, fmt::format("'{}' is not a loadable AOTInductor package: {}", package,
                                                  e.what_without_backtrace()));
  }
  const bool cast = config.isLowPrecisionCast();
  const auto dtype = config.precision == Precision::Bf16Cast ? torch::kBFloat16 : torch::kHalf;
  for (const auto& t : cpu_inputs) {
    auto x = t.to(device);
    if (cast && x.is_floating_point()) x = x.to(dtype);
    if (config.memory_format == MemoryFormat::ChannelsLast && x.dim() == 4) {
      x = x.contiguous(at::MemoryFormat::ChannelsLast);
    }
    m.inputs.push_back(x);
  }
  if (cast) m.model_dtype = dtype;
  m.keep_alive = loader;
  m.forward = [loader](const std::vector<torch::Tensor>& in) { return loader->run(in); };
  if (ref.source == ModelSource::Zoo) {
    auto instance = loadModel(ref, torch::Device(torch::kCPU));
    m.parameter_count = instance->parameterCount();
    m.parameter_bytes = m.parameter_count * (cast ? 2 : 4);
  }
}

#else

void loadAotInductor(PreparedModel&, const ModelRef&, const OptimizationConfig&,
                     const std::vector<torch::Tensor>&, const torch::Device&) {
  throw Error(ErrorKind::Unsupported,
              fmt::format("AOTInductor packages need a CUDA LibTorch ≥ 2.6 (this build: {}{})",
                          TORCH_VERSION,
#ifdef INFERSCOPE_WITH_CUDA
                          ", CUDA"
#else
                          ", CPU only"
#endif
                          ));
}

#endif

}  // namespace inferscope::torchlayer
