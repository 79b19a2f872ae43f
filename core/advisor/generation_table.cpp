// Parsing and lookup of the GPU-generation table. The checks here are what makes the advisor safe
// to drive from an edited override file: a generation that claims BF16 as its precision without
// BF16 Tensor Cores, overlapping ranges or a missing rule fail at load time, not mid-advice.
#include "core/advisor/generation_table.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "core/advisor/embedded_generation_table.h"
#include "core/common/error.h"
#include "core/common/json_reader.h"

namespace inferscope::advisor {
namespace {

// Rules the advisor quotes; an override table must keep them.
const char* const kRequiredRules[] = {
    "inference-mode",
    "bf16-on-ampere",
    "fp16-overflow",
    "tf32-without-mixed-precision",
    "tf32-api",
    "precision-before-compile",
    "compile-static-models",
    "cudnn-benchmark-fixed",
    "cudnn-benchmark-varying",
    "cudnn-deterministic",
    "verify-on-device",
    "tensor-cores",
};

struct SettingSpec {
  const char* key;
  std::vector<std::string> values;
};

const std::vector<SettingSpec>& settingSpecs() {
  static const std::vector<SettingSpec> specs = {
      {"grad_mode", {"inference_mode"}},
      {"precision", {"fp16", "bf16"}},
      {"fp32_math", {"ieee", "tf32"}},
      {"compile", {"recommended", "optional"}},
  };
  return specs;
}

// "8.6" → 86. One digit after the dot, as NVIDIA numbers them.
int parseCc(const JsonReader& r) {
  const auto s = r.string();
  const auto dot = s.find('.');
  const auto digit = [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)) != 0; };
  const bool ok = dot != std::string::npos && dot > 0 && dot + 2 == s.size() &&
                  std::all_of(s.begin(), s.begin() + static_cast<long>(dot), digit) &&
                  digit(s.back());
  if (!ok)
    r.fail(fmt::format("{} must be a compute capability like \"8.6\", got \"{}\"", r.where(), s));
  return std::stoi(s.substr(0, dot)) * 10 + (s.back() - '0');
}

std::string ccText(int tenths) {
  return fmt::format("{}.{}", tenths / 10, tenths % 10);
}

GpuGeneration parseGeneration(const JsonReader& g) {
  g.expectObject({"id", "name", "since", "compute_capability", "example_gpus", "features",
                  "recommended", "notes"});
  GpuGeneration gen;
  gen.id = g.at("id").string();
  gen.name = g.at("name").string();
  gen.since_year = g.at("since").integer();
  for (const auto& r : g.at("compute_capability").elements()) {
    r.expectObject({"min", "max"});
    CcRange range{parseCc(r.at("min")), parseCc(r.at("max"))};
    if (range.min_tenths > range.max_tenths) r.fail(fmt::format("{}: min is above max", r.where()));
    gen.compute_capability.push_back(range);
  }
  if (gen.compute_capability.empty())
    g.fail(fmt::format("{} has no compute_capability range", g.where()));
  gen.example_gpus = g.at("example_gpus").strings();
  const auto f = g.at("features");
  f.expectObject({"tensor_cores", "fp16", "bf16", "tf32", "fp8"});
  gen.features = {f.at("tensor_cores").boolean(), f.at("fp16").boolean(), f.at("bf16").boolean(),
                  f.at("tf32").boolean(), f.at("fp8").boolean()};
  const auto rec = g.at("recommended");
  rec.expectObject({"grad_mode", "precision", "fp32_math", "compile"});
  for (const auto& spec : settingSpecs()) {
    const auto s = rec.at(spec.key);
    s.expectObject({"value", "rule", "rule_ja"});
    gen.recommended[spec.key] = {s.at("value").oneOf(spec.values), s.at("rule").string(),
                                 s.has("rule_ja") ? s.at("rule_ja").string() : std::string()};
  }
  // A recommendation the generation's hardware cannot run would reach the user as advice.
  const auto& precision = gen.recommended["precision"].value;
  if ((precision == "bf16" && !gen.features.bf16) || (precision == "fp16" && !gen.features.fp16)) {
    rec.fail(fmt::format("{}: precision '{}' needs features.{} = true", rec.where(), precision,
                         precision));
  }
  if (gen.recommended["fp32_math"].value == "tf32" && !gen.features.tf32) {
    rec.fail(fmt::format("{}: fp32_math 'tf32' needs features.tf32 = true", rec.where()));
  }
  if (!gen.features.tensor_cores) {
    g.fail(fmt::format(
        "{}: every generation in the table needs Tensor Cores (the guide starts at Volta)",
        g.where()));
  }
  gen.notes = g.has("notes") ? g.at("notes").string() : std::string();
  return gen;
}

std::string toLower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return out;
}

}  // namespace

bool GpuGeneration::contains(int cc_major, int cc_minor) const {
  const int cc = cc_major * 10 + cc_minor;
  return std::any_of(compute_capability.begin(), compute_capability.end(),
                     [cc](const CcRange& r) { return r.contains(cc); });
}

const RecommendedSetting& GpuGeneration::setting(const std::string& key) const {
  const auto it = recommended.find(key);
  if (it == recommended.end()) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("generation '{}' has no recommended '{}'", id, key));
  }
  return it->second;
}

DeviceCaps GpuGeneration::representativeCaps() const {
  DeviceCaps caps;
  caps.kind = DeviceKind::Cuda;
  caps.cc_major = compute_capability.front().min_tenths / 10;
  caps.cc_minor = compute_capability.front().min_tenths % 10;
  caps.has_cudnn = true;
  return caps;
}

std::string GpuGeneration::rangeLabel() const {
  const int lo = compute_capability.front().min_tenths;
  const int hi = compute_capability.back().max_tenths;
  return lo == hi ? fmt::format("{} ({})", name, ccText(lo))
                  : fmt::format("{} ({}–{})", name, ccText(lo), ccText(hi));
}

GenerationTable GenerationTable::parse(std::string_view json_text, std::string_view origin) {
  const std::string where(origin);
  const auto doc = JsonReader::parseText(json_text, where);
  const JsonReader root(doc, where);
  root.expectObject({"schema", "source", "rules", "generations"});
  GenerationTable table;
  table.schema_ = root.at("schema").integer();
  if (table.schema_ != kGenerationTableSchema) {
    root.fail(fmt::format("schema {} is not supported (this InferScope reads schema {})",
                          table.schema_, kGenerationTableSchema));
  }
  table.source_ = root.has("source") ? root.at("source").string() : std::string();
  for (const auto& [id, r] : root.at("rules").members()) {
    r.expectObject({"section", "text", "text_ja", "section_ja"});
    table.rules_[id] = {r.at("section").string(), r.at("text").string(),
                        r.has("text_ja") ? r.at("text_ja").string() : std::string(),
                        r.has("section_ja") ? r.at("section_ja").string() : std::string()};
  }
  for (const char* id : kRequiredRules) {
    if (!table.rules_.count(id)) root.fail(fmt::format("'rules' is missing the rule '{}'", id));
  }
  for (const auto& g : root.at("generations").elements()) {
    auto gen = parseGeneration(g);
    for (const auto& other : table.generations_) {
      if (toLower(other.id) == toLower(gen.id))
        g.fail(fmt::format("generation id '{}' appears twice", gen.id));
      for (const auto& a : other.compute_capability) {
        for (const auto& b : gen.compute_capability) {
          if (a.min_tenths <= b.max_tenths && b.min_tenths <= a.max_tenths) {
            g.fail(fmt::format("{} overlaps {} in compute capability", gen.rangeLabel(),
                               other.rangeLabel()));
          }
        }
      }
    }
    table.generations_.push_back(std::move(gen));
  }
  if (table.generations_.empty()) root.fail("'generations' is empty");
  return table;
}

GenerationTable GenerationTable::loadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("cannot read the GPU generation table '{}'", path));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), path);
}

const GenerationTable& GenerationTable::builtin() {
  // Parsed once; the embedded copy is checked by the tests, so a failure here is a build defect.
  static const GenerationTable table =
      parse(kEmbeddedGenerationTable, "built-in gpu_generations.json");
  return table;
}

const GpuGeneration* GenerationTable::lookup(int cc_major, int cc_minor) const {
  for (const auto& g : generations_) {
    if (g.contains(cc_major, cc_minor)) return &g;
  }
  return nullptr;
}

const GpuGeneration* GenerationTable::find(std::string_view id) const {
  const auto wanted = toLower(id);
  for (const auto& g : generations_) {
    if (toLower(g.id) == wanted) return &g;
  }
  return nullptr;
}

const GpuGeneration& GenerationTable::byId(std::string_view id) const {
  if (const auto* g = find(id)) return *g;
  throw Error(ErrorKind::InvalidInput,
              fmt::format("unknown GPU generation '{}' (known: {})", id, fmt::join(ids(), ", ")));
}

const GpuGeneration* GenerationTable::newestBelow(int cc_major, int cc_minor) const {
  const int cc = cc_major * 10 + cc_minor;
  const GpuGeneration* best = nullptr;
  int best_max = -1;
  for (const auto& g : generations_) {
    for (const auto& r : g.compute_capability) {
      if (r.max_tenths < cc && r.max_tenths > best_max) {
        best = &g;
        best_max = r.max_tenths;
      }
    }
  }
  return best;
}

const GuideRule& GenerationTable::rule(const std::string& id) const {
  const auto it = rules_.find(id);
  if (it == rules_.end())
    throw Error(ErrorKind::InvalidInput, fmt::format("the generation table has no rule '{}'", id));
  return it->second;
}

std::vector<std::string> GenerationTable::ids() const {
  std::vector<std::string> out;
  for (const auto& g : generations_) out.push_back(g.id);
  return out;
}

}  // namespace inferscope::advisor
