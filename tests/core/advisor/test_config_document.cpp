// The JSON config export: lossless round trips, and strict reading with messages naming the key.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/advisor/advisor.h"
#include "core/advisor/config_document.h"
#include "core/common/error.h"

namespace inferscope::advisor {
namespace {

ConfigDocument recommended(const char* device, double tolerance = 1e-2,
                           const char* torch = "2.11") {
  AdvisorRequest r;
  r.caps = Advisor().simulatedCaps(device);
  r.tolerance = tolerance;
  r.target_torch = TorchVersion::parse(torch);
  return ConfigDocument::from(Advisor().recommend(r));
}

// The error a config text raises (kind and message), or a failure when it parses.
std::pair<ErrorKind, std::string> errorOf(const std::string& text,
                                          std::optional<DeviceCaps> caps = std::nullopt) {
  try {
    configFromJson(text, caps, "config.json");
  } catch (const Error& e) {
    return {e.kind(), e.what()};
  }
  ADD_FAILURE() << "parsed without error: " << text;
  return {ErrorKind::Runtime, ""};
}

std::string edited(void (*edit)(nlohmann::json&)) {
  auto j = nlohmann::json::parse(configToJson(recommended("hopper")));
  edit(j);
  return j.dump();
}

TEST(ConfigDocument, RecommendationsRoundTrip) {
  for (const char* device : {"volta", "turing", "ampere", "ada", "hopper", "blackwell", "cpu"}) {
    for (double tol : {1e-2, 1e-3, 1e-5}) {
      const auto doc = recommended(device, tol, tol == 1e-3 ? "2.8" : "2.11");
      const auto back = configFromJson(configToJson(doc), Advisor().simulatedCaps(device));
      EXPECT_EQ(back, doc) << device << " " << tol;
      EXPECT_FALSE(back.reasons.empty());
    }
  }
}

TEST(ConfigDocument, EveryConfigKeyRoundTrips) {
  for (const char* key :
       {"fp32", "tf32", "tf32-medium", "tf32-matmul", "tf32-medium-matmul", "tf32-conv", "fp16+det",
        "bf16+cl+graph+bench", "amp-fp16+ts", "amp-bf16+aoti-max+nocudnn", "nograd+bf16+aoti",
        "autograd+fp16+bench", "bf16+cl+aoti-graph+bench"}) {
    const auto doc = ConfigDocument::from(OptimizationConfig::parse(key),
                                          TorchVersion::parse("2.11"), DeviceKind::Cuda);
    const auto back = configFromJson(configToJson(doc));
    EXPECT_EQ(back.config.key(), key);
    EXPECT_EQ(back, doc) << key;
  }
}

TEST(ConfigDocument, SpellsOutEverySetting) {
  const auto j = nlohmann::json::parse(configToJson(recommended("hopper")));
  EXPECT_EQ(j["schema"], 1);
  EXPECT_EQ(j["config"], "bf16+graph+bench");
  EXPECT_EQ(j["target_torch_version"], "2.11");
  EXPECT_EQ(j["grad_mode"], "inference_mode");
  EXPECT_EQ(j["precision"], "bf16");
  EXPECT_EQ(j["tf32"], (nlohmann::json{{"matmul", "highest"}, {"conv", false}}));
  EXPECT_EQ(j["memory_format"], "contiguous");
  EXPECT_EQ(j["compile"], "cuda_graph");
  EXPECT_EQ(j["cudnn"],
            (nlohmann::json{{"enabled", true}, {"benchmark", true}, {"deterministic", false}}));
  EXPECT_EQ(j["device"]["generation"], "hopper");
  EXPECT_FALSE(j["reasons"].empty());
  EXPECT_EQ(j["reasons"][0].size(), 3u);
}

TEST(ConfigDocument, AcceptsAKeyOnlyFile) {
  const auto doc =
      configFromJson(R"({"schema": 1, "config": "bf16+bench", "target_torch_version": "2.8"})");
  EXPECT_EQ(doc.config.key(), "bf16+bench");
  EXPECT_EQ(doc.target_torch.str(), "2.8");
}

TEST(ConfigDocument, RejectsUnknownKeysWrongTypesAndUnknownValues) {
  const std::pair<void (*)(nlohmann::json&), const char*> cases[] = {
      {[](nlohmann::json& j) { j["precison"] = "bf16"; },
       "config.json: unknown key 'precison' (valid keys in the top level: schema, generator, "
       "config"},
      {[](nlohmann::json& j) { j["cudnn"]["benchmak"] = true; },
       "config.json: unknown key 'cudnn.benchmak' (valid keys in 'cudnn': enabled, benchmark, "
       "deterministic)"},
      {[](nlohmann::json& j) { j["cudnn"]["benchmark"] = "yes"; },
       "config.json: 'cudnn.benchmark' must be a boolean (true or false), got string \"yes\""},
      {[](nlohmann::json& j) { j["precision"] = "bf8"; },
       "config.json: 'precision': unknown value 'bf8' (valid: fp32, tf32, fp16, bf16, amp-fp16, "
       "amp-bf16)"},
      {[](nlohmann::json& j) { j["compile"] = 3; },
       "config.json: 'compile' must be a string, got integer 3"},
      {[](nlohmann::json& j) { j["schema"] = 2; },
       "config.json: 'schema' 2 is not supported (this InferScope reads schema 1)"},
      {[](nlohmann::json& j) { j.erase("schema"); }, "config.json: missing key 'schema'"},
      {[](nlohmann::json& j) { j["config"] = "bf16"; },
       "config.json: 'config' is 'bf16' but the settings spell 'bf16+graph+bench'; fix one of "
       "them"},
      {[](nlohmann::json& j) { j["cudnn"]["deterministic"] = true; },
       "config.json: 'cudnn': benchmark and deterministic exclude each other"},
      {[](nlohmann::json& j) { j["tf32"]["conv"] = true; },
       "config.json: 'tf32' applies only with precision 'tf32'"},
      {[](nlohmann::json& j) { j["target_torch_version"] = "latest"; },
       "config.json: 'target_torch_version': target PyTorch version 'latest' is not a version"},
      {[](nlohmann::json& j) { j["neighbours"][0] = "bf16+warp"; },
       "config.json: 'neighbours[0]': config 'bf16+warp': unknown token 'warp'"},
      {[](nlohmann::json& j) { j["device"]["kind"] = "tpu"; },
       "config.json: 'device.kind': unknown value 'tpu' (valid: cpu, cuda)"},
  };
  for (const auto& [edit, expected] : cases) {
    const auto [kind, message] = errorOf(edited(edit));
    EXPECT_EQ(kind, ErrorKind::InvalidInput) << message;
    EXPECT_EQ(message.rfind(expected, 0), 0u)
        << "expected a message starting with\n  " << expected << "\ngot\n  " << message;
  }
  EXPECT_EQ(errorOf("{\"schema\": 1,").second,
            "config.json: not valid JSON (syntax error near byte 14)");
}

TEST(ConfigDocument, RejectsSettingsTheDeviceCannotRun) {
  const auto turing = Advisor().simulatedCaps("turing");
  const auto [kind, message] = errorOf(configToJson(recommended("hopper")), turing);
  EXPECT_EQ(kind, ErrorKind::Unsupported);
  EXPECT_EQ(message,
            "config.json: 'precision': bf16+graph+bench cannot run here: BF16 needs compute "
            "capability ≥ 8.0 "
            "(Ampere or newer); Turing 7.5 has no BF16 Tensor Cores — use fp16 or amp-fp16");

  const auto cpu_doc = ConfigDocument::from(OptimizationConfig::parse("fp32+bench"), TorchVersion{},
                                            DeviceKind::Cpu);
  const auto cpu = errorOf(configToJson(cpu_doc), DeviceCaps{});
  EXPECT_EQ(cpu.first, ErrorKind::Unsupported);
  EXPECT_NE(
      cpu.second.find("'cudnn': fp32+bench cannot run here: cuDNN settings apply to CUDA only"),
      std::string::npos)
      << cpu.second;

  const auto wrong_device = errorOf(configToJson(recommended("hopper")), DeviceCaps{});
  EXPECT_EQ(wrong_device.second,
            "config.json: 'device.kind': this config is for a CUDA GPU, but the device is the CPU");

  const auto old_aoti = ConfigDocument::from(OptimizationConfig::parse("bf16+aoti"),
                                             TorchVersion::parse("2.5"), DeviceKind::Cuda);
  const auto aoti = errorOf(configToJson(old_aoti));
  EXPECT_EQ(aoti.first, ErrorKind::Unsupported);
  EXPECT_EQ(aoti.second,
            "config.json: 'compile': aot_inductor needs target_torch_version 2.6 or later "
            "(AOTIModelPackageLoader); the file targets 2.5");
  const auto old_graph = ConfigDocument::from(OptimizationConfig::parse("bf16+aoti-graph"),
                                              TorchVersion::parse("2.6"), DeviceKind::Cuda);
  const auto graph = errorOf(configToJson(old_graph));
  EXPECT_EQ(graph.first, ErrorKind::Unsupported);
  EXPECT_NE(graph.second.find("aot_inductor_cuda_graph needs target_torch_version 2.7"),
            std::string::npos)
      << graph.second;
  // The same file is fine on a device that can run it.
  EXPECT_NO_THROW(
      configFromJson(configToJson(recommended("hopper")), Advisor().simulatedCaps("ampere")));
}

}  // namespace
}  // namespace inferscope::advisor
