// The GPU-generation table: the built-in copy matches resources/gpu_generations.json and the guide,
// lookups by compute capability, and clear errors for broken override files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/advisor/generation_table.h"
#include "core/common/error.h"

namespace inferscope::advisor {
namespace {

std::string resourceText() {
  std::ifstream in(INFERSCOPE_GENERATION_TABLE_FILE);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Parses the resource after `edit` and returns the error message ("" when it parsed).
template <typename Edit>
std::string errorAfter(Edit edit) {
  auto j = nlohmann::json::parse(resourceText());
  edit(j);
  try {
    GenerationTable::parse(j.dump(), "edited.json");
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    return e.what();
  }
  return "";
}

TEST(GenerationTable, BuiltinCopyIsTheResourceFile) {
  const auto& builtin = GenerationTable::builtin();
  const auto file = GenerationTable::loadFile(INFERSCOPE_GENERATION_TABLE_FILE);
  EXPECT_EQ(builtin.schema(), 1);
  EXPECT_EQ(builtin.ids(), file.ids());
  EXPECT_EQ(builtin.ids(),
            (std::vector<std::string>{"volta", "turing", "ampere", "ada", "hopper", "blackwell"}));
}

TEST(GenerationTable, FeaturesAndRecommendationsFollowTheGuide) {
  const auto& t = GenerationTable::builtin();
  for (const char* id : {"volta", "turing"}) {
    const auto& g = t.byId(id);
    EXPECT_TRUE(g.features.tensor_cores && g.features.fp16) << id;
    EXPECT_FALSE(g.features.bf16 || g.features.tf32 || g.features.fp8) << id;
    EXPECT_EQ(g.setting("precision").value, "fp16") << id;
    EXPECT_EQ(g.setting("fp32_math").value, "ieee") << id;
    EXPECT_EQ(g.setting("compile").value, "optional") << id;
  }
  for (const char* id : {"ampere", "ada", "hopper", "blackwell"}) {
    const auto& g = t.byId(id);
    EXPECT_TRUE(g.features.bf16 && g.features.tf32) << id;
    EXPECT_EQ(g.features.fp8, std::string(id) != "ampere") << id;
    EXPECT_EQ(g.setting("precision").value, "bf16") << id;
    EXPECT_EQ(g.setting("fp32_math").value, "tf32") << id;
    EXPECT_EQ(g.setting("compile").value, "recommended") << id;
    EXPECT_FALSE(g.setting("precision").rule.empty()) << id;
  }
  EXPECT_EQ(t.byId("turing").example_gpus.front(), "T4");
}

// The wizard quotes these rules as sources in the UI's language: every rule and every generation's
// setting has its Japanese rendering (an override file may leave it
// out: the English is shown then).
TEST(GenerationTable, EveryRuleHasItsJapanese) {
  const auto& table = GenerationTable::builtin();
  for (const char* id :
       {"inference-mode", "bf16-on-ampere", "fp16-overflow", "tf32-without-mixed-precision",
        "tf32-api", "precision-before-compile", "compile-static-models", "cudnn-benchmark-fixed",
        "cudnn-benchmark-varying", "cudnn-deterministic", "verify-on-device", "tensor-cores"})
    EXPECT_FALSE(table.rule(id).text_ja.empty()) << id;
  for (const auto& gen : table.generations())
    for (const auto& [key, setting] : gen.recommended)
      EXPECT_FALSE(setting.rule_ja.empty()) << gen.id << " " << key;
}

TEST(GenerationTable, LooksUpComputeCapabilities) {
  const auto& t = GenerationTable::builtin();
  const std::pair<std::pair<int, int>, const char*> cases[] = {
      {{7, 0}, "volta"},      {{7, 2}, "volta"},      {{7, 5}, "turing"}, {{8, 0}, "ampere"},
      {{8, 6}, "ampere"},     {{8, 7}, "ampere"},     {{8, 9}, "ada"},    {{9, 0}, "hopper"},
      {{10, 0}, "blackwell"}, {{12, 0}, "blackwell"},
  };
  for (const auto& [cc, id] : cases) {
    const auto* g = t.lookup(cc.first, cc.second);
    ASSERT_NE(g, nullptr) << cc.first << "." << cc.second;
    EXPECT_EQ(g->id, id);
    // The table and device_info.h's gpuGenerationName() must agree on every known capability.
    EXPECT_EQ(g->name, gpuGenerationName(cc.first, cc.second));
  }
  EXPECT_EQ(t.lookup(6, 1), nullptr);
  EXPECT_EQ(t.lookup(13, 0), nullptr);
  EXPECT_EQ(t.newestBelow(13, 0)->id, "blackwell");
  EXPECT_EQ(t.newestBelow(6, 1), nullptr);
  EXPECT_EQ(t.byId("HOPPER").rangeLabel(), "Hopper (9.0)");
  EXPECT_EQ(t.byId("ampere").rangeLabel(), "Ampere (8.0–8.7)");
  const auto caps = t.byId("turing").representativeCaps();
  EXPECT_TRUE(caps.isCuda() && caps.has_cudnn);
  EXPECT_EQ(caps.ccTimesTen(), 75);
}

TEST(GenerationTable, UnknownIdListsTheKnownOnes) {
  try {
    GenerationTable::builtin().byId("kepler");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(
        std::string(e.what()),
        "unknown GPU generation 'kepler' (known: volta, turing, ampere, ada, hopper, blackwell)");
  }
}

TEST(GenerationTable, BrokenOverrideFilesFailWithTheKeyNamed) {
  EXPECT_EQ(errorAfter([](auto&) {}), "");
  EXPECT_EQ(errorAfter([](auto& j) { j["generations"][2]["features"]["bf16"] = "yes"; }),
            "edited.json: 'generations[2].features.bf16' must be a boolean (true or false), got "
            "string \"yes\"");
  EXPECT_EQ(
      errorAfter(
          [](auto& j) { j["generations"][1]["recommended"]["precision"]["value"] = "bf16"; }),
      "edited.json: 'generations[1].recommended': precision 'bf16' needs features.bf16 = true");
  EXPECT_EQ(
      errorAfter([](auto& j) { j["generations"][0]["compute_capability"][0]["max"] = "7.5"; }),
      "edited.json: Turing (7.5) overlaps Volta (7.0–7.5) in compute capability");
  EXPECT_EQ(
      errorAfter([](auto& j) { j["generations"][0]["compute_capability"][0]["min"] = "seven"; }),
      "edited.json: 'generations[0].compute_capability[0].min' must be a compute capability like "
      "\"8.6\", got \"seven\"");
  EXPECT_EQ(errorAfter([](auto& j) { j["rules"].erase("cudnn-benchmark-varying"); }),
            "edited.json: 'rules' is missing the rule 'cudnn-benchmark-varying'");
  EXPECT_EQ(errorAfter([](auto& j) { j["schema"] = 2; }),
            "edited.json: schema 2 is not supported (this InferScope reads schema 1)");
  EXPECT_NE(errorAfter([](auto& j) {
              j["generations"][3]["colour"] = "green";
            }).find("unknown key 'generations[3].colour'"),
            std::string::npos);
  EXPECT_NE(errorAfter([](auto& j) {
              j["generations"][4]["recommended"]["compile"]["value"] = "always";
            }).find("unknown value 'always' (valid: recommended, optional)"),
            std::string::npos);
}

TEST(GenerationTable, SyntaxErrorsAndMissingFilesAreClear) {
  try {
    GenerationTable::parse("{\"schema\": 1,", "bad.json");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("bad.json: not valid JSON"), std::string::npos)
        << e.what();
  }
  const auto missing =
      (std::filesystem::temp_directory_path() / "inferscope-no-such-table.json").string();
  try {
    GenerationTable::loadFile(missing);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "cannot read the GPU generation table '" + missing + "'");
  }
}

}  // namespace
}  // namespace inferscope::advisor
