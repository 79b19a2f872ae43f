// The model part of the C++ export (see cpp_model_code.h). Each compile mode gets only its own
// code: a reader of the exported file sees what runs and nothing else.
#include "core/advisor/cpp_model_code.h"

#include <fmt/format.h>

namespace inferscope::advisor {

namespace {

// The forward() of both CUDA-graph modes: on the first call, warm up on a side stream, capture one
// call into a graph; every call copies its input into the captured one and replays. Only what the
// graph runs differs (the eager module or the AOTInductor package), and why it warms up first.
struct CapturedCall {
  const char* warmup_why;     // the comment's lines after "warm-up first, so"
  const char* warmup_call;    // one call, for the warm-up loop
  const char* capture_call;   // the call whose output the graph keeps
  const char* shape_message;  // thrown for an input of another shape
  bool autocast_cache;        // turn autocast's weight-cast cache off around the capture
};

std::string graphForward(const CapturedCall& call) {
  std::string out = fmt::format(
      "torch::Tensor forward(Model& m, const torch::Tensor& input) {{\n"
      "  if (!m.graph) {{\n"
      "    m.static_input = input.clone();\n"
      "    // Capture must not run on the default stream; warm-up first, so {}\n"
      "    auto side = c10::cuda::getStreamFromPool(false, kDevice.index());\n"
      "    c10::cuda::CUDAStreamGuard guard(side);\n"
      "    for (int i = 0; i < 3; ++i) {};\n"
      "    side.synchronize();\n",
      call.warmup_why, call.warmup_call);
  if (call.autocast_cache) {
    out +=
        "    // Autocast's weight-cast cache would hold tensors allocated during capture.\n"
        "    const bool cache_was = at::autocast::is_autocast_cache_enabled();\n"
        "    at::autocast::set_autocast_cache_enabled(false);\n";
  }
  out += fmt::format(
      "    m.graph = std::make_unique<at::cuda::CUDAGraph>();\n"
      "    m.graph->capture_begin(at::cuda::graph_pool_handle());\n"
      "    m.static_output = {};\n"
      "    m.graph->capture_end();\n",
      call.capture_call);
  if (call.autocast_cache) out += "    at::autocast::set_autocast_cache_enabled(cache_was);\n";
  out += fmt::format(
      "    side.synchronize();\n"
      "  }}\n"
      "  if (input.sizes() != m.static_input.sizes()) {{\n"
      "    throw std::runtime_error(\"{}\");\n"
      "  }}\n"
      "  m.static_input.copy_(input);\n"
      "  m.graph->replay();\n"
      "  return m.static_output;  // overwritten by the next call: clone it to keep it\n"
      "}}\n\n",
      call.shape_message);
  return out;
}

}  // namespace

std::string cppAutocastScope(const ConfigDocument& d) {
  if (!d.config.usesAutocast()) return "";
  const bool cuda = d.device == DeviceKind::Cuda;
  std::string get_enabled, get_dtype, set_enabled, set_dtype;
  if (d.target_torch.hasDeviceTypeAutocastApi()) {
    const char* dev = cuda ? "at::kCUDA" : "at::kCPU";
    get_enabled = fmt::format("at::autocast::is_autocast_enabled({})", dev);
    get_dtype = fmt::format("at::autocast::get_autocast_dtype({})", dev);
    set_enabled = fmt::format("at::autocast::set_autocast_enabled({}, ", dev);
    set_dtype = fmt::format("at::autocast::set_autocast_dtype({}, ", dev);
  } else {
    get_enabled = cuda ? "at::autocast::is_enabled()" : "at::autocast::is_cpu_enabled()";
    get_dtype =
        cuda ? "at::autocast::get_autocast_gpu_dtype()" : "at::autocast::get_autocast_cpu_dtype()";
    set_enabled = cuda ? "at::autocast::set_enabled(" : "at::autocast::set_cpu_enabled(";
    set_dtype =
        cuda ? "at::autocast::set_autocast_gpu_dtype(" : "at::autocast::set_autocast_cpu_dtype(";
  }
  return fmt::format(
      "// torch.autocast for this thread: weights stay FP32, ops that need FP32 for stability keep "
      "it.\n"
      "class AutocastScope {{\n"
      " public:\n"
      "  AutocastScope()\n"
      "      : was_enabled_({0}),\n"
      "        was_dtype_({1}) {{\n"
      "    {2}true);\n"
      "    {3}kAutocastDtype);\n"
      "  }}\n"
      "  ~AutocastScope() {{\n"
      "    {2}was_enabled_);\n"
      "    {3}was_dtype_);\n"
      "    at::autocast::clear_cache();  // cached weight casts belong to this scope\n"
      "  }}\n\n"
      " private:\n"
      "  bool was_enabled_;\n"
      "  at::ScalarType was_dtype_;\n"
      "}};\n\n",
      get_enabled, get_dtype, set_enabled, set_dtype);
}

std::string cppModelCode(const ConfigDocument& d) {
  const auto& c = d.config;
  if (c.compile == CompileMode::AotInductorGraph) {
    return std::string(
               "struct Model {\n"
               "  // Compiled ahead of time with the cast already applied (precision before "
               "compile). Its run is\n"
               "  // captured once in a CUDA graph on static tensors; each call copies into "
               "static_input and replays.\n"
               "  std::unique_ptr<torch::inductor::AOTIModelPackageLoader> package;\n"
               "  std::unique_ptr<at::cuda::CUDAGraph> graph;\n"
               "  torch::Tensor static_input, static_output;\n"
               "};\n\n"
               "Model loadModel(const std::string& path) {\n"
               "  applyBackendSettings();\n"
               "  Model m;\n"
               "  // The single-threaded runner records no CUDA events around a run, which stream "
               "capture forbids.\n"
               "  m.package = std::make_unique<torch::inductor::AOTIModelPackageLoader>(path, "
               "\"model\",\n"
               "                                                                      "
               "/*run_single_threaded=*/true);\n"
               "  return m;\n"
               "}\n\n") +
           graphForward(
               {"lazy initialisation (kernel\n"
                "    // loading, the allocator's first blocks) happens outside the graph.",
                "m.package->run({m.static_input})", "m.package->run({m.static_input}).at(0)",
                "the package and its CUDA graph need the input shape they were made for", false}) +
           "c10::ScalarType modelDtype(const Model&) { return kModelDtype; }\n\n";
  }
  if (runsAotInductorPackage(c.compile)) {
    return "struct Model {\n"
           "  // Compiled ahead of time with the cast already applied (precision before compile).\n"
           "  std::unique_ptr<torch::inductor::AOTIModelPackageLoader> package;\n"
           "};\n\n"
           "Model loadModel(const std::string& path) {\n"
           "  applyBackendSettings();\n"
           "  Model m;\n"
           "  m.package = std::make_unique<torch::inductor::AOTIModelPackageLoader>(path);\n"
           "  return m;\n"
           "}\n\n"
           "torch::Tensor forward(Model& m, const torch::Tensor& input) { return "
           "m.package->run({input}).at(0); }\n\n"
           "c10::ScalarType modelDtype(const Model&) { return kModelDtype; }\n\n";
  }
  std::string out = "struct Model {\n  torch::jit::Module module;\n";
  if (c.compile == CompileMode::CudaGraph) {
    out +=
        "  // CUDA graph: captured once on static tensors; each call copies into static_input and "
        "replays.\n"
        "  std::unique_ptr<at::cuda::CUDAGraph> graph;\n"
        "  torch::Tensor static_input, static_output;\n";
  }
  out +=
      "};\n\n"
      "Model loadModel(const std::string& path) {\n"
      "  applyBackendSettings();\n"
      "  Model m{torch::jit::load(path, kDevice)};\n"
      "  m.module.eval();\n";
  int step = 0;  // numbered like the guide's order: precision, memory format, compile
  if (c.isLowPrecisionCast()) {
    out += fmt::format(
        "  // {}. Precision: the whole model (weights and math) in kModelDtype, before any "
        "compilation.\n",
        ++step);
    out += "  m.module.to(kModelDtype);\n";
  }
  if (c.memory_format == MemoryFormat::ChannelsLast) {
    out += fmt::format(
        "  // {}. Memory format: NHWC convolution weights for the Tensor Core kernels.\n", ++step);
    out +=
        "  for (auto p : m.module.parameters()) {\n"
        "    if (p.dim() == 4) p.set_data(p.contiguous(at::MemoryFormat::ChannelsLast));\n"
        "  }\n";
  }
  if (c.compile == CompileMode::TorchScript) {
    out += fmt::format(
        "  // {}. TorchScript: freeze the weights, fold inference-only optimizations.\n", ++step);
    out +=
        "  m.module = torch::jit::freeze(m.module);\n"
        "  m.module = torch::jit::optimize_for_inference(m.module);\n";
  }
  if (c.compile == CompileMode::CudaGraph) {
    out += fmt::format(
        "  // {}. CUDA graph capture happens on the first inference, when the input shape is "
        "known.\n",
        ++step);
  }
  out +=
      "  return m;\n"
      "}\n\n"
      "torch::Tensor eagerForward(Model& m, const torch::Tensor& input) {\n"
      "  const auto out = m.module.forward({input});\n"
      "  return out.isTuple() ? out.toTupleRef().elements().at(0).toTensor() : out.toTensor();\n"
      "}\n\n";
  if (c.compile == CompileMode::CudaGraph) {
    out +=
        graphForward({"cuDNN benchmark and lazy\n    // initialisation happen outside the graph.",
                      "eagerForward(m, m.static_input)", "eagerForward(m, m.static_input)",
                      "CUDA graph mode needs the input shape it captured", c.usesAutocast()});
  } else {
    out +=
        "torch::Tensor forward(Model& m, const torch::Tensor& input) { return eagerForward(m, "
        "input); }\n\n";
  }
  out +=
      "c10::ScalarType modelDtype(const Model& m) {\n"
      "  for (const auto& p : m.module.parameters()) {\n"
      "    if (p.is_floating_point()) return p.scalar_type();\n"
      "  }\n"
      "  return kModelDtype;\n"
      "}\n\n";
  return out;
}

}  // namespace inferscope::advisor
