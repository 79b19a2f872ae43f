// The guide's GPU-generation table as data (resources/gpu_generations.json): compute-capability
// ranges, features and the recommended setting per generation with the guide's rule for it. The
// advisor reads every generation-specific decision from here, so the table and the code cannot
// drift apart. A copy is compiled into the library; an override file can replace it.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/device/device_info.h"

namespace inferscope::advisor {

// Inclusive range of compute capabilities, in tenths (8.6 → 86) like DeviceCaps::ccTimesTen().
struct CcRange {
  int min_tenths = 0;
  int max_tenths = 0;
  bool contains(int cc_tenths) const { return cc_tenths >= min_tenths && cc_tenths <= max_tenths; }
};

struct GenerationFeatures {
  bool tensor_cores = false;
  bool fp16 = false;
  bool bf16 = false;
  bool tf32 = false;
  bool fp8 = false;
};

// One recommended setting of a generation: its value and the guide's rule behind it.
// `rule_ja` is the same rule in Japanese, for a UI in Japanese ("" when the file has none).
struct RecommendedSetting {
  std::string value;
  std::string rule;
  std::string rule_ja{};
};

// A generation-independent rule of the guide, quoted where a reason needs its source.
struct GuideRule {
  std::string section;  // "§5, troubleshooting 3"
  std::string text;
  std::string text_ja{};     // the same rule in Japanese ("" when the file has none)
  std::string section_ja{};  // the section's name in Japanese ("" when it reads the same)
};

struct GpuGeneration {
  std::string id;    // "turing": the name --simulate takes
  std::string name;  // "Turing"
  int since_year = 0;
  std::vector<CcRange> compute_capability;
  std::vector<std::string> example_gpus;
  GenerationFeatures features;
  // Keys: grad_mode (inference_mode), precision (fp16 | bf16), fp32_math (ieee | tf32),
  // compile (recommended | optional). All four are present in a parsed table.
  std::map<std::string, RecommendedSetting> recommended;
  std::string notes;

  bool contains(int cc_major, int cc_minor) const;
  const RecommendedSetting& setting(const std::string& key) const;
  // Caps of this generation's first compute capability ("simulate Turing" = a 7.5 device with
  // cuDNN), so that OptimizationConfig validation treats a simulated device like a real one.
  DeviceCaps representativeCaps() const;
  // "Turing (7.5)" or "Ampere (8.0–8.7)": the label reasons start with.
  std::string rangeLabel() const;
};

class GenerationTable {
 public:
  // Parses and checks the whole table; throws Error(InvalidInput) naming the file, the JSON path
  // and what was expected ("gpu_generations.json: generations[2].features.bf16 must be a boolean").
  static GenerationTable parse(std::string_view json_text,
                               std::string_view origin = "gpu_generations.json");
  // Reads an override file (same format); throws Error(InvalidInput) when it cannot be read.
  static GenerationTable loadFile(const std::string& path);
  // The copy of resources/gpu_generations.json compiled into the library.
  static const GenerationTable& builtin();

  int schema() const { return schema_; }
  const std::vector<GpuGeneration>& generations() const { return generations_; }
  // Generation whose ranges hold this compute capability, or nullptr.
  const GpuGeneration* lookup(int cc_major, int cc_minor) const;
  // By id ("ampere"), case-insensitive; nullptr when unknown.
  const GpuGeneration* find(std::string_view id) const;
  // As find(), but throws Error(InvalidInput) listing the valid ids.
  const GpuGeneration& byId(std::string_view id) const;
  // The newest generation older than cc (for a GPU newer than the table knows), or nullptr.
  const GpuGeneration* newestBelow(int cc_major, int cc_minor) const;
  const GuideRule& rule(const std::string& id) const;
  std::vector<std::string> ids() const;

 private:
  int schema_ = 0;
  std::string source_;
  std::map<std::string, GuideRule> rules_;
  std::vector<GpuGeneration> generations_;
};

// The table schema this build reads.
inline constexpr int kGenerationTableSchema = 1;

}  // namespace inferscope::advisor
