// The ledger's JSON mapping alone and inside session files; malformed ledgers fail clearly.
#include <gtest/gtest.h>

#include "core/common/error.h"
#include "core/cudnn/ledger_json.h"
#include "core/session/session_file.h"
#include "ledger_test_support.h"

namespace inferscope::cudnn {
namespace {

CudnnLedger sampleLedger() {
  testing::WindowBuilder w(3, 1);
  for (int it = 0; it < 3; ++it) {
    w.call(it, 0, it == 0 ? 400'000 : 15'000,
           testing::convArgs({8, 3, 224, 224}, {64, 3, 7, 7}, 2, 3),
           {{"void cudnn::engines_precompiled::nchwToNhwcKernel<float>", 2000},
            {"sm90_xmma_fprop_implicit_gemm_bf16bf16_bf16f32_f32_nhwckrsc_nhwc_kernel__5x_cudnn",
             25'000}});
  }
  ModeRunInfo info;
  info.mode = SelectionMode::Benchmark;
  info.config_key = "bf16+cl+bench";
  info.latency_ms = {450, 3, 3};
  info.steady_median_ms = 3;
  info.retune_first_ms = {{"16x3x256x256:float32", 210.5}};
  CudnnLedger base;
  base.available = true;
  base.model = "resnet50";
  base.input = "8x3x224x224:float32";
  base.config = "bf16+cl";
  base.device = "NVIDIA H200 (sm_90)";
  base.cudnn_version = 91900;
  base.torch_version = "2.11.0";
  base.notes = {"a note"};
  return mergeModes(
      base,
      {observeMode(w.window, info), failedMode(SelectionMode::Heuristic, "bf16+cl", "error: boom")},
      [](const ConvShape&) {
        AlgorithmQuery q;
        AlgorithmCandidate c;
        c.algo = "IMPLICIT_PRECOMP_GEMM";
        c.family = KernelFamily::PrecomputedImplicitGemm;
        c.time_ms = 0.027;
        c.workspace_bytes = 1 << 20;
        c.tensor_core = true;
        c.math_type = "TENSOR_OP_MATH";
        c.heuristic_rank = 0;
        q.candidates = {c};
        return q;
      });
}

TEST(LedgerJson, RoundTripsEveryField) {
  const auto ledger = sampleLedger();
  const std::string text = ledgerToJson(ledger, 1);
  const auto back = ledgerFromJson(text, "mem");
  EXPECT_EQ(ledgerToJson(back, 1), text);
  ASSERT_EQ(back.layers.size(), 1u);
  const auto& l = back.layers[0];
  EXPECT_EQ(l.shape.key(), ledger.layers[0].shape.key());
  ASSERT_EQ(l.candidates.size(), 1u);
  EXPECT_DOUBLE_EQ(*l.candidates[0].time_ms, 0.027);
  EXPECT_EQ(l.candidates[0].workspace_bytes, 1u << 20);
  const auto& obs = l.ran.at(SelectionMode::Benchmark);
  EXPECT_EQ(obs.kernels.size(), 2u);
  EXPECT_EQ(obs.layout_transposes, 1);
  ASSERT_TRUE(obs.autotune_ms.has_value());
  EXPECT_EQ(back.modes.at(SelectionMode::Benchmark).retune_first_ms.size(), 1u);
  EXPECT_FALSE(back.modes.at(SelectionMode::Heuristic).ok);
  EXPECT_EQ(back.cudnn_version, 91900);
  EXPECT_EQ(back.notes, std::vector<std::string>{"a note"});
}

TEST(LedgerJson, UnavailableLedgerKeepsItsReason) {
  CudnnLedger l;
  l.available = false;
  l.reason =
      "requires CUDA and cuDNN: this InferScope is built against LibTorch 1.13.1 without CUDA";
  const auto back = ledgerFromJson(ledgerToJson(l));
  EXPECT_FALSE(back.available);
  EXPECT_EQ(back.reason, l.reason);
}

TEST(LedgerJson, MalformedLedgersFailWithOriginAndField) {
  auto expectInvalid = [](const std::string& text, const std::string& needle) {
    try {
      ledgerFromJson(text, "ledger.json");
      FAIL() << "accepted: " << text;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
      EXPECT_NE(std::string(e.what()).find("ledger.json"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expectInvalid("{", "not valid JSON");
  expectInvalid("[]", "JSON object");
  expectInvalid("{\"model\": \"x\"}", "available");
  expectInvalid("{\"available\": true, \"schema\": 99}", "newer");
  expectInvalid("{\"available\": true, \"modes\": {\"fastest\": {}}}", "unknown selection mode");
  expectInvalid(
      "{\"available\": true, \"layers\": [{\"shape\": {\"input\": [1], \"weight\": [1]}, "
      "\"candidates\": "
      "[{\"algo\": \"X\", \"family\": \"magic\"}]}]}",
      "unknown kernel family");
  expectInvalid("{\"available\": true, \"layers\": [{\"shape\": {\"input\": \"32x3\"}}]}",
                "'layers[0].shape.input' must be an array");
}

TEST(LedgerJson, SessionFilesCarryLedgersOnlyWhenPresent) {
  SessionResult s;
  s.device.name = "cpu";
  const std::string without = sessionToJson(s);
  EXPECT_EQ(without.find("cudnn_ledgers"), std::string::npos);
  s.cudnn_ledgers = {sampleLedger()};
  const auto back = sessionFromJson(sessionToJson(s), "s.inferscope.json");
  ASSERT_EQ(back.cudnn_ledgers.size(), 1u);
  EXPECT_EQ(ledgerToJson(back.cudnn_ledgers[0]), ledgerToJson(s.cudnn_ledgers[0]));
}

// Isolation workers return each mode's part inside its config result (one NDJSON line).
TEST(LedgerJson, ConfigResultsCarryTheirObservation) {
  ConfigResult c;
  c.config = OptimizationConfig::parse("bf16+cl");
  c.cudnn_observation = sampleLedger();
  const auto back = configResultFromJson(configResultToJson(c), "worker");
  ASSERT_TRUE(back.cudnn_observation);
  EXPECT_EQ(ledgerToJson(*back.cudnn_observation), ledgerToJson(*c.cudnn_observation));
  EXPECT_EQ(back.cudnn_observation->layers.size(), 1u);
  ConfigResult plain;
  EXPECT_EQ(configResultToJson(plain).find("cudnn_observation"), std::string::npos);
}

}  // namespace
}  // namespace inferscope::cudnn
