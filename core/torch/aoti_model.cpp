// AOTInductor compile mode. A user .pt2 package loads directly. A zoo model is compiled ahead of
// time by resources/python/inferscope_aoti.py (TorchScript cannot be re-exported, so the model is
// rebuilt in Python — torchvision / transformers — with the zoo's own weights, which the engine
// writes first). Packages are compiled by background helper processes and cached by a key of the
// weights' content hash, inputs, precision, layout, mode, LibTorch version and GPU; each is checked
// against its recorded SHA-256 before reuse. The engine only builds the compile specs: the
// PackageCompiler its caller passes (core/engine/package_compiler.h; the run layer's compile queue,
// core/runner/compile_queue.h) runs the helpers.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>

#include "core/common/error.h"
#include "core/common/python_helpers.h"
#include "core/common/sha256.h"
#include "core/engine/engine.h"
#include "core/engine/package_compiler.h"
#include "core/model/model_zoo.h"
#include "core/torch/prepared_model.h"
#include "core/torch/settings_guard.h"
#include "core/torch/torch_compat.h"

#if defined(INFERSCOPE_WITH_CUDA) && INFERSCOPE_TORCH_AT_LEAST(2, 6)
#define INFERSCOPE_WITH_AOTI 1
#include <ATen/cuda/CUDAContext.h>
#include <torch/csrc/inductor/aoti_package/model_package_loader.h>
#include <unistd.h>

#include <cctype>
#include <map>
#include <mutex>
#endif

namespace inferscope::torchlayer {
namespace fs = std::filesystem;

void saveZooWeights(ModelInstance& instance, const std::string& path) {
  // A TorchScript archive holding every parameter and buffer, dots spelled "__" (attribute names
  // cannot contain dots); Python reads it with torch.jit.load.
  torch::jit::Module archive("InferScopeWeights");
  for (const auto& [name, tensor] : instance.namedTensors()) {
    std::string attr = name;
    for (std::size_t p = attr.find('.'); p != std::string::npos; p = attr.find('.', p))
      attr.replace(p, 1, "__");
    archive.register_buffer(attr, tensor.detach().to(torch::kCPU).contiguous());
  }
  archive.save(path);
}

#ifdef INFERSCOPE_WITH_AOTI

namespace {

std::string precisionArg(const OptimizationConfig& c) {
  switch (c.precision) {
    case Precision::Fp32:
      return "fp32";
    case Precision::Tf32:
      return "tf32";
    case Precision::Fp16Cast:
      return "fp16";
    case Precision::Bf16Cast:
      return "bf16";
    default:
      break;
  }
  throw Error(ErrorKind::Unsupported,
              "AOTInductor packages are compiled for one dtype: use fp32, tf32, fp16 or bf16 casts "
              "with aoti (autocast is not exported)");
}

// The GPU a package is compiled for: its name and compute capability ("NVIDIA-H200-sm90").
std::string gpuIdentity(int device_index) {
  const auto* p = at::cuda::getDeviceProperties(device_index);
  std::string name = p->name;
  for (auto& ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '-';
  }
  return fmt::format("{}-sm{}{}", name, p->major, p->minor);
}

// The zoo weights the helper loads, written once per architecture and seed (atomically: isolation
// workers may read them at the same time), and the SHA-256 of their bytes — the model's content
// hash in the package key.
std::pair<fs::path, std::string> zooWeights(const ModelRef& ref, const std::string& arch) {
  static std::mutex mutex;
  static std::map<std::string, std::string> hashes;
  std::lock_guard lock(mutex);
  const fs::path dir = fs::path(cacheDirectory()) / "aoti";
  const fs::path weights = dir / fmt::format("{}-s{}.weights.pt", arch, ref.seed);
  if (const auto it = hashes.find(weights.string()); it != hashes.end() && fs::exists(weights)) {
    return {weights, it->second};
  }
  fs::create_directories(dir);
  if (!fs::exists(weights)) {
    auto instance = loadModel(ref, torch::Device(torch::kCPU));
    const auto partial = fs::path(weights.string() + fmt::format(".{}.partial", ::getpid()));
    saveZooWeights(*instance, partial.string());
    fs::rename(partial, weights);
  }
  return {weights, hashes[weights.string()] = sha256OfFile(weights.string())};
}

// The first 8 hex digits of the helper script's SHA-256: a package is what the helper built, so a
// changed helper (a different model path, export option) must not reuse the packages of the old
// one.
std::string helperHash(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::string> hashes;
  std::lock_guard lock(mutex);
  if (const auto it = hashes.find(path); it != hashes.end()) return it->second;
  std::string hash = "nohelper";  // the compile then fails with the helper's own "not found" error
  if (fs::exists(path)) hash = sha256OfFile(path).substr(0, 8);
  return hashes[path] = hash;
}

// The compile of `config`'s package for a zoo model: cache key of model content, inputs, precision,
// layout, mode, helper script, LibTorch version and GPU; the helper's arguments as a vector (no
// shell).
CompileSpec zooCompileSpec(const ModelRef& ref, const OptimizationConfig& config,
                           const std::vector<std::vector<std::int64_t>>& shapes, int device_index) {
  const auto& e = ref.encoder;
  std::vector<std::string> shape_text;
  for (const auto& s : shapes) shape_text.push_back(fmt::format("{}", fmt::join(s, "x")));
  const std::string arch = ref.name == "bert-encoder"
                               ? fmt::format("{}L{}H{}A{}I{}V{}P{}", ref.name, e.layers, e.hidden,
                                             e.heads, e.intermediate, e.vocab, e.max_positions)
                               : ref.name;
  const auto [weights, weights_hash] = zooWeights(ref, arch);
  const bool cl = config.memory_format == MemoryFormat::ChannelsLast;
  // aoti and aoti-graph share one package: the graph is captured from it at load time.
  const bool max = config.compile == CompileMode::AotInductorMax;
  const std::string helper = pythonHelperPath("inferscope_aoti.py");
  const std::string key =
      fmt::format("{}-w{}-{}-{}{}{}-h{}-torch{}-{}", arch, weights_hash.substr(0, 16),
                  fmt::join(shape_text, "_"), precisionArg(config), cl ? "-cl" : "",
                  max ? "-max" : "", helperHash(helper), TORCH_VERSION, gpuIdentity(device_index));
  const fs::path dir = fs::path(cacheDirectory()) / "aoti";
  CompileSpec spec;
  // Named as the package's own mode, whichever of aoti / aoti-graph asked first.
  spec.key = fmt::format("{} {}", ref.name, packageConfig(config).key());
  spec.package_path = (dir / (key + ".pt2")).string();
  spec.log_path = (dir / "logs" / (key + ".log")).string();
  spec.args = {helper,
               "--arch",
               ref.name,
               "--weights",
               weights.string(),
               "--inputs",
               fmt::format("{}", fmt::join(shape_text, ",")),
               "--precision",
               precisionArg(config),
               "--encoder",
               fmt::format("{},{},{},{},{},{}", e.layers, e.hidden, e.heads, e.intermediate,
                           e.vocab, e.max_positions),
               "--device",
               fmt::format("cuda:{}", device_index),
               "--out",
               spec.package_path};
  if (cl) spec.args.push_back("--channels-last");
  if (max) spec.args.push_back("--max-autotune");
  return spec;
}

// The SHA-256 of a model file, once per run (an ExportedProgram holds its weights; a .py file does
// not, and its packages are keyed by the weights' hash the worker reported as well).
std::string fileHash(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::string> hashes;
  std::lock_guard lock(mutex);
  if (const auto it = hashes.find(path); it != hashes.end()) return it->second;
  return hashes[path] = sha256OfFile(path);
}

// The weights' hash that the Python worker's prepare step wrote into meta.json ("" when absent).
std::string preparedWeightsHash(const std::string& prepared_dir) {
  std::ifstream meta(fs::path(prepared_dir) / "meta.json");
  std::string text((std::istreambuf_iterator<char>(meta)), std::istreambuf_iterator<char>());
  const std::string key = "\"weights_sha256\": \"";
  const auto at = text.find(key);
  if (at == std::string::npos) return {};
  const auto end = text.find('"', at + key.size());
  return end == std::string::npos ? std::string()
                                  : text.substr(at + key.size(), end - at - key.size());
}

// The compile of `config`'s package for a model the Python helper rebuilds (an ExportedProgram or
// a --model-py entry point): cast, then (re-)exported and compiled by inferscope_aoti.py on the
// prepared example inputs. Cache key: the model's content (the file, and for an entry point the
// weights it loaded), the inputs' shapes and dtypes, precision, layout, mode, both helper scripts,
// LibTorch version and GPU.
CompileSpec pythonModelCompileSpec(const ModelRef& ref, const OptimizationConfig& config,
                                   const std::vector<InputSpec>& inputs, int device_index) {
  std::vector<std::string> input_text;
  for (const auto& spec : inputs) {
    auto text = spec.toString();
    for (auto& ch : text) {
      if (ch == ':') ch = '-';
    }
    input_text.push_back(text);
  }
  std::string content = fileHash(ref.path).substr(0, 16);
  if (ref.source == ModelSource::PythonEntry) {
    const auto weights = preparedWeightsHash(ref.prepared_dir);
    content +=
        fmt::format("-{}-w{}", ref.entry, weights.empty() ? "unknown" : weights.substr(0, 16));
  }
  const bool cl = config.memory_format == MemoryFormat::ChannelsLast;
  const bool max = config.compile == CompileMode::AotInductorMax;
  const std::string helper = pythonHelperPath("inferscope_aoti.py");
  const std::string worker = pythonHelperPath("inferscope_pymodel.py");
  std::string name = ref.name;
  for (auto& ch : name) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
  }
  const std::string key =
      fmt::format("{}-m{}-{}-{}{}{}-h{}{}-torch{}-{}", name, content, fmt::join(input_text, "_"),
                  precisionArg(config), cl ? "-cl" : "", max ? "-max" : "", helperHash(helper),
                  helperHash(worker), TORCH_VERSION, gpuIdentity(device_index));
  const fs::path dir = fs::path(cacheDirectory()) / "aoti";
  CompileSpec spec;
  spec.key = fmt::format("{} {}", ref.name, packageConfig(config).key());
  spec.package_path = (dir / (key + ".pt2")).string();
  spec.log_path = (dir / "logs" / (key + ".log")).string();
  spec.args = {helper};
  if (ref.source == ModelSource::ExportedProgram) {
    spec.args.insert(spec.args.end(), {"--exported-program", ref.path});
  } else {
    spec.args.insert(spec.args.end(), {"--model-py", fmt::format("{}:{}", ref.path, ref.entry)});
  }
  spec.args.insert(spec.args.end(),
                   {"--example-inputs", (fs::path(ref.prepared_dir) / "inputs.pt").string(),
                    "--precision", precisionArg(config), "--device",
                    fmt::format("cuda:{}", device_index), "--out", spec.package_path});
  if (cl) spec.args.push_back("--channels-last");
  if (max) spec.args.push_back("--max-autotune");
  return spec;
}

std::vector<std::vector<std::int64_t>> shapesOf(const std::vector<torch::Tensor>& tensors) {
  std::vector<std::vector<std::int64_t>> shapes;
  for (const auto& t : tensors) shapes.emplace_back(t.sizes().begin(), t.sizes().end());
  return shapes;
}

}  // namespace

void loadAotInductor(PreparedModel& m, const ModelRef& ref, const OptimizationConfig& config,
                     const std::vector<torch::Tensor>& cpu_inputs, const torch::Device& device,
                     PackageCompiler* compiler) {
  if (!device.is_cuda())
    throw Error(ErrorKind::Unsupported, "AOTInductor packages run on CUDA here");
  // Compiling is the run layer's: an engine::run without its compile queue cannot make a package.
  const auto compiled = [&](const CompileSpec& spec) {
    if (compiler == nullptr)
      throw Error(ErrorKind::Unsupported,
                  fmt::format("{} needs its AOTInductor package compiled, and this run has no "
                              "compile queue (run it through runner::runInProcess or the tuner)",
                              spec.key));
    return compiler->obtain(spec, &m.compile_ms);
  };
  std::string package;
  if (ref.source == ModelSource::AotInductor) {
    package = ref.path;
    if (!fs::exists(package))
      throw Error(ErrorKind::ModelLoad, fmt::format("package '{}' does not exist", package));
  } else if (ref.source == ModelSource::Zoo) {
    // Compiled in the background (startAotInductorCompiles) or now; a failure is retried once and
    // then reported as failed with the helper's exception, never as unsupported.
    package = compiled(zooCompileSpec(ref, config, shapesOf(cpu_inputs), device.index()));
  } else if (builtInPython(ref.source)) {
    // The user's model, cast and compiled by the Python helper from the prepared inputs: in the
    // background (startAotInductorCompiles) or now, cached like the zoo's packages.
    std::vector<InputSpec> specs;
    for (const auto& t : cpu_inputs) specs.push_back(inputSpecOf(t));
    package = compiled(pythonModelCompileSpec(ref, config, specs, device.index()));
  } else {
    throw Error(ErrorKind::Unsupported,
                "a TorchScript file cannot be re-exported for AOTInductor: export the model with "
                "torch.export in Python and pass the .pt2 package (or the ExportedProgram through "
                "resources/python/inferscope_aoti.py --exported-program)");
  }
  std::shared_ptr<torch::inductor::AOTIModelPackageLoader> loader;
  // The default runner records and waits on CUDA events around each run (to hand its model
  // instance to the next caller), which stream capture forbids; the single-threaded runner does
  // neither, so a CUDA graph can capture it.
  const bool run_single_threaded = replaysCudaGraph(config.compile);
  try {
    loader = std::make_shared<torch::inductor::AOTIModelPackageLoader>(
        package, "model", run_single_threaded, 1, device.index());
  } catch (const c10::Error& e) {
    throw Error(ErrorKind::ModelLoad, fmt::format("'{}' is not a loadable AOTInductor package: {}",
                                                  package, e.what_without_backtrace()));
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

std::optional<CompileSpec> compileSpecFor(const ProfileRequest& request,
                                          const OptimizationConfig& config) {
  if (!runsAotInductorPackage(config.compile) || request.device != DeviceKind::Cuda)
    return std::nullopt;
  if (builtInPython(request.model.source)) {
    try {
      return pythonModelCompileSpec(request.model, config, request.inputs, request.device_index);
    } catch (const std::exception&) {
      return std::nullopt;  // loadAotInductor says why when the config runs
    }
  }
  if (request.model.source != ModelSource::Zoo) return std::nullopt;
  const auto inputs =
      request.inputs.empty() ? defaultInputs(request.model, request.batch) : request.inputs;
  std::vector<std::vector<std::int64_t>> shapes;
  for (const auto& i : inputs) shapes.push_back(i.shape);
  try {
    return zooCompileSpec(request.model, config, shapes, request.device_index);
  } catch (const Error&) {
    return std::nullopt;  // autocast with aoti: loadAotInductor says why when the config runs
  }
}

#else

void loadAotInductor(PreparedModel&, const ModelRef&, const OptimizationConfig&,
                     const std::vector<torch::Tensor>&, const torch::Device&, PackageCompiler*) {
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

namespace inferscope::engine {

void startAotInductorCompiles(const ProfileRequest& request,
                              const std::vector<OptimizationConfig>& configs,
                              PackageCompiler& compiler) {
#ifdef INFERSCOPE_WITH_AOTI
  for (const auto& c : configs) {
    if (auto spec = torchlayer::compileSpecFor(request, c)) compiler.submit(*spec);
  }
#else
  // This build runs no AOTInductor package: nothing to compile.
  (void)request, (void)configs, (void)compiler;
#endif
}

void prioritiseAotInductorCompiles(const ProfileRequest& request,
                                   const std::vector<OptimizationConfig>& configs,
                                   PackageCompiler& compiler) {
#ifdef INFERSCOPE_WITH_AOTI
  std::vector<std::string> paths;
  for (const auto& c : configs) {
    if (auto spec = torchlayer::compileSpecFor(request, c)) paths.push_back(spec->package_path);
  }
  compiler.prioritise(paths);
#else
  (void)request, (void)configs, (void)compiler;
#endif
}

bool aotInductorNeedsCompile(const ProfileRequest& request, const OptimizationConfig& config) {
#ifdef INFERSCOPE_WITH_AOTI
  const auto spec = torchlayer::compileSpecFor(request, config);
  // Existence only: hashing every package here would cost seconds; the queue verifies the
  // bytes before it serves one.
  namespace fs = std::filesystem;
  return spec && !(fs::exists(spec->package_path) && fs::exists(spec->package_path + ".sha256"));
#else
  (void)request, (void)config;
  return false;
#endif
}

bool aotInductorReady(const ProfileRequest& request, const OptimizationConfig& config,
                      const PackageCompiler& compiler) {
#ifdef INFERSCOPE_WITH_AOTI
  const auto spec = torchlayer::compileSpecFor(request, config);
  return !spec || compiler.ready(spec->package_path);
#else
  (void)request, (void)config, (void)compiler;
  return true;
#endif
}

}  // namespace inferscope::engine
