// JSON form of an exported config (schema 1). Writing spells out every setting, including the ones
// at PyTorch's defaults, so a reader never has to know the defaults; reading refuses anything it
// does not understand rather than guessing.
#include "core/advisor/config_document.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/common/json_reader.h"
#include "core/common/version.h"

namespace inferscope::advisor {
namespace {

using ordered_json = nlohmann::ordered_json;

template <typename E>
struct Names {
  E value;
  const char* name;
};

constexpr Names<GradMode> kGradNames[] = {{GradMode::InferenceMode, "inference_mode"},
                                          {GradMode::NoGrad, "no_grad"},
                                          {GradMode::Autograd, "autograd"}};
constexpr Names<Precision> kPrecisionNames[] = {{Precision::Fp32, "fp32"},
                                                {Precision::Tf32, "tf32"},
                                                {Precision::Fp16Cast, "fp16"},
                                                {Precision::Bf16Cast, "bf16"},
                                                {Precision::AutocastFp16, "amp-fp16"},
                                                {Precision::AutocastBf16, "amp-bf16"}};
constexpr Names<MatmulPrecision> kMatmulNames[] = {{MatmulPrecision::Highest, "highest"},
                                                   {MatmulPrecision::High, "high"},
                                                   {MatmulPrecision::Medium, "medium"}};
constexpr Names<MemoryFormat> kFormatNames[] = {{MemoryFormat::Contiguous, "contiguous"},
                                                {MemoryFormat::ChannelsLast, "channels_last"}};
constexpr Names<CompileMode> kCompileNames[] = {
    {CompileMode::None, "none"},
    {CompileMode::TorchScript, "torchscript"},
    {CompileMode::AotInductor, "aot_inductor"},
    {CompileMode::AotInductorMax, "aot_inductor_max"},
    {CompileMode::CudaGraph, "cuda_graph"},
    {CompileMode::AotInductorGraph, "aot_inductor_cuda_graph"},
    {CompileMode::TorchCompile, "torch_compile"},
    {CompileMode::TorchCompileReduceOverhead, "torch_compile_reduce_overhead"},
    {CompileMode::TorchCompileMax, "torch_compile_max_autotune"}};

template <typename E, std::size_t N>
const char* nameOf(const Names<E> (&table)[N], E value) {
  for (const auto& n : table) {
    if (n.value == value) return n.name;
  }
  return table[0].name;
}

template <typename E, std::size_t N>
E read(const Names<E> (&table)[N], const JsonReader& r) {
  std::vector<std::string> valid;
  for (const auto& n : table) valid.emplace_back(n.name);
  const auto s = r.oneOf(valid);
  for (const auto& n : table) {
    if (s == n.name) return n.value;
  }
  return table[0].value;
}

// Which key makes an unsupported config unsupported: undo one group at a time and see whether the
// device accepts the rest.
const char* culprit(const OptimizationConfig& c, const DeviceCaps& caps, bool aoti) {
  auto p = c;
  p.precision = Precision::Fp32;
  if (!unsupportedReason(p, caps, aoti)) return "precision";
  auto k = c;
  k.compile = CompileMode::None;
  if (!unsupportedReason(k, caps, aoti)) return "compile";
  auto d = c;
  d.cudnn = CudnnSettings{};
  if (!unsupportedReason(d, caps, aoti)) return "cudnn";
  return "config";
}

}  // namespace

ConfigDocument ConfigDocument::from(const Recommendation& rec) {
  auto doc = from(rec.config, rec.request.target_torch, rec.request.caps.kind, rec.request.family);
  doc.generation = rec.generation_id;
  doc.device_label = rec.device_label;
  doc.reasons = rec.reasons;
  doc.warnings = rec.warnings;
  doc.neighbours = rec.neighbours;
  return doc;
}

ConfigDocument ConfigDocument::from(const OptimizationConfig& config, TorchVersion target,
                                    DeviceKind device, ModelFamily family) {
  ConfigDocument doc;
  doc.config = config;
  doc.target_torch = target;
  doc.device = device;
  doc.family = family;
  doc.generation = device == DeviceKind::Cpu ? "cpu" : "";
  return doc;
}

bool ConfigDocument::operator==(const ConfigDocument& o) const {
  return config == o.config && target_torch == o.target_torch && device == o.device &&
         generation == o.generation && device_label == o.device_label && family == o.family &&
         reasons == o.reasons && warnings == o.warnings && neighbours == o.neighbours;
}

std::string configToJson(const ConfigDocument& d) {
  const auto& c = d.config;
  const bool tf32 = c.precision == Precision::Tf32;
  ordered_json j;
  j["schema"] = kConfigSchema;
  j["generator"] = fmt::format("InferScope {}", kInferScopeVersion);
  j["config"] = c.key();
  j["target_torch_version"] = d.target_torch.str();
  j["device"] = {
      {"kind", toString(d.device)}, {"generation", d.generation}, {"label", d.device_label}};
  j["model_family"] = toString(d.family);
  j["grad_mode"] = nameOf(kGradNames, c.grad);
  j["precision"] = nameOf(kPrecisionNames, c.precision);
  // Outside precision "tf32" every config runs FP32 math strict (matmul highest, conv TF32 off).
  j["tf32"] = {{"matmul", nameOf(kMatmulNames, tf32 ? c.tf32_matmul : MatmulPrecision::Highest)},
               {"conv", tf32 && c.tf32_conv}};
  j["memory_format"] = nameOf(kFormatNames, c.memory_format);
  j["compile"] = nameOf(kCompileNames, c.compile);
  j["cudnn"] = {{"enabled", c.cudnn.enabled},
                {"benchmark", c.cudnn.benchmark},
                {"deterministic", c.cudnn.deterministic}};
  j["reasons"] = ordered_json::array();
  for (const auto& r : d.reasons)
    j["reasons"].push_back({{"setting", r.setting}, {"rule", r.rule}, {"source", r.source}});
  j["warnings"] = d.warnings;
  j["neighbours"] = ordered_json::array();
  for (const auto& n : d.neighbours) j["neighbours"].push_back(n.key());
  return j.dump(2) + "\n";
}

ConfigDocument configFromJson(std::string_view text, const std::optional<DeviceCaps>& caps,
                              std::string_view origin) {
  const std::string where(origin);
  const auto j = JsonReader::parseText(text, where);
  const JsonReader root(j, where);
  root.expectObject({"schema", "generator", "config", "target_torch_version", "device",
                     "model_family", "grad_mode", "precision", "tf32", "memory_format", "compile",
                     "cudnn", "reasons", "warnings", "neighbours"});
  const auto schema = root.at("schema");
  if (schema.integer() != kConfigSchema) {
    schema.fail(fmt::format("'schema' {} is not supported (this InferScope reads schema {})",
                            schema.integer(), kConfigSchema));
  }
  ConfigDocument d;
  auto& c = d.config;
  if (root.has("generator")) root.at("generator").string();
  // A file may give just the key ("config": "bf16+bench"); when it spells settings, they must
  // agree.
  const bool spelled = root.has("grad_mode") || root.has("precision") || root.has("tf32") ||
                       root.has("memory_format") || root.has("compile") || root.has("cudnn");
  if (root.has("config") && !spelled) {
    const auto key = root.at("config");
    try {
      c = OptimizationConfig::parse(key.string());
    } catch (const Error& e) {
      key.fail(fmt::format("'config': {}", e.what()));
    }
  }
  if (root.has("target_torch_version")) {
    const auto v = root.at("target_torch_version");
    try {
      d.target_torch = TorchVersion::parse(v.string());
    } catch (const Error& e) {
      v.fail(fmt::format("'target_torch_version': {}", e.what()), e.kind());
    }
  }
  if (root.has("device")) {
    const auto dev = root.at("device");
    dev.expectObject({"kind", "generation", "label"});
    d.device = dev.at("kind").oneOf({"cpu", "cuda"}) == "cpu" ? DeviceKind::Cpu : DeviceKind::Cuda;
    if (dev.has("generation")) d.generation = dev.at("generation").string();
    if (dev.has("label")) d.device_label = dev.at("label").string();
  }
  if (root.has("model_family"))
    d.family = root.at("model_family").oneOf({"cnn", "transformer"}) == "cnn"
                   ? ModelFamily::Cnn
                   : ModelFamily::Transformer;
  if (root.has("grad_mode")) c.grad = read(kGradNames, root.at("grad_mode"));
  if (root.has("precision")) c.precision = read(kPrecisionNames, root.at("precision"));
  if (root.has("tf32")) {
    const auto t = root.at("tf32");
    t.expectObject({"matmul", "conv"});
    const auto matmul = read(kMatmulNames, t.at("matmul"));
    const bool conv = t.at("conv").boolean();
    if (c.precision == Precision::Tf32) {
      if (matmul == MatmulPrecision::Highest && !conv) {
        t.fail(
            "'tf32': precision 'tf32' with matmul 'highest' and conv false is strict FP32; write "
            "precision 'fp32'");
      }
      c.tf32_matmul = matmul;
      c.tf32_conv = conv;
    } else if (matmul != MatmulPrecision::Highest || conv) {
      t.fail(
          fmt::format("'tf32' applies only with precision 'tf32'; precision '{}' runs FP32 math "
                      "strict, so write "
                      "{{\"matmul\": \"highest\", \"conv\": false}} or drop 'tf32'",
                      nameOf(kPrecisionNames, c.precision)));
    }
  }
  if (root.has("memory_format")) c.memory_format = read(kFormatNames, root.at("memory_format"));
  if (root.has("compile")) c.compile = read(kCompileNames, root.at("compile"));
  if (root.has("cudnn")) {
    const auto k = root.at("cudnn");
    k.expectObject({"enabled", "benchmark", "deterministic"});
    if (k.has("enabled")) c.cudnn.enabled = k.at("enabled").boolean();
    if (k.has("benchmark")) c.cudnn.benchmark = k.at("benchmark").boolean();
    if (k.has("deterministic")) c.cudnn.deterministic = k.at("deterministic").boolean();
    if (c.cudnn.benchmark && c.cudnn.deterministic) {
      k.fail(
          "'cudnn': benchmark and deterministic exclude each other (deterministic needs benchmark "
          "off)");
    }
  }
  if (root.has("config") && spelled) {
    const auto key = root.at("config");
    if (key.string() != c.key()) {
      key.fail(fmt::format("'config' is '{}' but the settings spell '{}'; fix one of them",
                           key.string(), c.key()));
    }
  }
  if (root.has("reasons")) {
    for (const auto& r : root.at("reasons").elements()) {
      r.expectObject({"setting", "rule", "source"});
      d.reasons.push_back({r.at("setting").string(), r.at("rule").string(),
                           r.has("source") ? r.at("source").string() : std::string()});
    }
  }
  if (root.has("warnings")) d.warnings = root.at("warnings").strings();
  if (root.has("neighbours")) {
    for (const auto& n : root.at("neighbours").elements()) {
      try {
        d.neighbours.push_back(OptimizationConfig::parse(n.string()));
      } catch (const Error& e) {
        n.fail(fmt::format("{}: {}", n.where(), e.what()));
      }
    }
  }
  if (runsAotInductorPackage(c.compile) && !d.target_torch.hasAotInductor()) {
    root.fail(fmt::format("'compile': {} needs target_torch_version 2.6 or later "
                          "(AOTIModelPackageLoader); the file "
                          "targets {}",
                          nameOf(kCompileNames, c.compile), d.target_torch.str()),
              ErrorKind::Unsupported);
  }
  if (c.compile == CompileMode::AotInductorGraph && !d.target_torch.hasCapturableAotInductor()) {
    root.fail(
        fmt::format(
            "'compile': {} needs target_torch_version 2.7 or later (AOTIModelPackageLoader's "
            "run_single_threaded runner, which a CUDA graph can capture); the file targets {}",
            nameOf(kCompileNames, c.compile), d.target_torch.str()),
        ErrorKind::Unsupported);
  }
  if (caps) {
    if (caps->kind != d.device) {
      root.fail(fmt::format("'device.kind': this config is for {}, but the device is {}",
                            d.device == DeviceKind::Cuda ? "a CUDA GPU" : "the CPU",
                            caps->isCuda() ? "a CUDA GPU" : "the CPU"),
                ErrorKind::Unsupported);
    }
    if (const auto why = unsupportedReason(c, *caps, d.target_torch.hasAotInductor())) {
      root.fail(fmt::format("'{}': {} cannot run here: {}",
                            culprit(c, *caps, d.target_torch.hasAotInductor()), c.key(), *why),
                ErrorKind::Unsupported);
    }
  }
  return d;
}

}  // namespace inferscope::advisor
