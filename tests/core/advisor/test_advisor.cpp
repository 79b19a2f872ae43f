// The advisor against the guide: one row per generation × goal × sizes × tolerance, checked for
// the exact config key, and for a concrete reason behind every setting.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "core/advisor/advisor.h"
#include "core/advisor/neighbour_configs.h"
#include "core/common/error.h"

namespace inferscope::advisor {
namespace {

struct Case {
  const char* device;  // a generation id or "cpu"
  Goal goal;
  InputSizes sizes;
  bool reproducible;
  double tolerance;
  ModelFamily family;
  const char* torch;
  const char* expected_key;
};

constexpr auto L = Goal::Latency;
constexpr auto T = Goal::Throughput;
constexpr auto Fixed = InputSizes::Fixed;
constexpr auto Varying = InputSizes::Varying;
constexpr auto Cnn = ModelFamily::Cnn;
constexpr auto Tr = ModelFamily::Transformer;

// The guide's table: Volta/Turing → FP16 (compile only in the footnote); Ampere and newer → BF16 +
// compile; TF32 when mixed precision is ruled out; benchmark for fixed-size CNNs only; determinism
// turns benchmark off; the CPU stays FP32.
const Case kCases[] = {
    {"volta", L, Fixed, false, 1e-2, Cnn, "2.11", "fp16+bench"},
    {"turing", L, Fixed, false, 1e-2, Cnn, "2.11", "fp16+bench"},
    {"turing", T, Fixed, false, 1e-2, Cnn, "2.11", "fp16+bench"},
    {"turing", L, Varying, false, 1e-2, Tr, "2.11", "fp16"},
    {"turing", L, Fixed, true, 1e-2, Cnn, "2.11", "fp16+det"},
    {"turing", L, Fixed, false, 1e-3, Cnn, "2.11",
     "fp16+bench"},  // FP16 roundoff 4.9e-4 still fits
    {"turing", L, Fixed, false, 1e-4, Cnn, "2.11", "fp32+bench"},  // no TF32 on Turing
    {"ampere", L, Fixed, false, 1e-2, Cnn, "2.11", "bf16+graph+bench"},
    {"ampere", T, Fixed, false, 1e-2, Cnn, "2.11", "bf16+aoti+bench"},
    {"ampere", L, Fixed, false, 1e-3, Cnn, "2.11", "tf32+graph+bench"},
    {"ampere", L, Fixed, false, 1e-4, Cnn, "2.11", "fp32+graph+bench"},
    {"ampere", L, Varying, false, 1e-2, Cnn, "2.8", "bf16"},
    {"ada", L, Fixed, false, 1e-2, Cnn, "2.11", "bf16+graph+bench"},
    {"ada", T, Fixed, false, 1e-2, Tr, "2.8", "bf16+aoti"},
    {"hopper", L, Fixed, false, 1e-2, Cnn, "2.11", "bf16+graph+bench"},
    {"hopper", L, Fixed, false, 1e-2, Tr, "2.11", "bf16+graph"},
    {"hopper", L, Varying, false, 1e-2, Cnn, "2.11", "bf16"},
    {"hopper", L, Fixed, true, 1e-2, Cnn, "2.11", "bf16+graph+det"},
    {"hopper", T, Fixed, false, 1e-2, Cnn, "2.5", "bf16+graph+bench"},  // no AOTInductor before 2.6
    {"hopper", T, Varying, true, 1e-3, Tr, "2.11", "tf32+det"},
    {"blackwell", L, Fixed, false, 1e-2, Cnn, "2.11", "bf16+graph+bench"},
    {"blackwell", T, Fixed, false, 1e-2, Tr, "2.11", "bf16+aoti"},
    {"cpu", L, Fixed, false, 1e-2, Cnn, "2.11", "fp32"},
    {"cpu", T, Varying, true, 1e-4, Tr, "2.8", "fp32"},
};

AdvisorRequest requestFor(const Case& c) {
  AdvisorRequest r;
  r.caps = Advisor().simulatedCaps(c.device);
  r.target_torch = TorchVersion::parse(c.torch);
  r.goal = c.goal;
  r.sizes = c.sizes;
  r.reproducible = c.reproducible;
  r.tolerance = c.tolerance;
  r.family = c.family;
  return r;
}

std::string describe(const Case& c) {
  return std::string(c.device) + " " + toString(c.goal) + " " + toString(c.sizes) +
         (c.reproducible ? " repro" : "") + " tol " + std::to_string(c.tolerance) + " " +
         toString(c.family) + " torch " + c.torch;
}

TEST(Advisor, FollowsTheGuideTablePerGenerationAndGoal) {
  for (const auto& c : kCases) {
    const auto rec = Advisor().recommend(requestFor(c));
    EXPECT_EQ(rec.config.key(), c.expected_key) << describe(c);
    EXPECT_EQ(rec.config.grad, GradMode::InferenceMode) << describe(c);
  }
}

TEST(Advisor, EverySettingHasAReasonNamingTheDevice) {
  for (const auto& c : kCases) {
    const auto rec = Advisor().recommend(requestFor(c));
    for (const char* setting : {"grad_mode", "precision", "tf32", "memory_format", "compile",
                                "cudnn.enabled", "cudnn.benchmark", "cudnn.deterministic"}) {
      const auto* r = rec.reasonFor(setting);
      ASSERT_NE(r, nullptr) << describe(c) << ": no reason for " << setting;
      EXPECT_FALSE(r->source.empty()) << describe(c) << " " << setting;
    }
    EXPECT_NE(rec.reasonFor("precision")->rule.find(rec.device_label), std::string::npos)
        << describe(c) << ": " << rec.reasonFor("precision")->rule;
    if (rec.request.caps.isCuda()) {
      EXPECT_NE(rec.reasonFor("tf32_api"), nullptr) << describe(c);
    }
    if (rec.config.compile != CompileMode::None) {
      ASSERT_NE(rec.reasonFor("order"), nullptr) << describe(c);
    }
  }
}

// Every reason and warning also comes as a code with its values and a named source, so that a UI
// in another language renders it without parsing core's English; the values are the ones the
// English sentence quotes.
TEST(Advisor, EveryReasonAndWarningHasACodeAndASource) {
  for (const auto& c : kCases) {
    const auto rec = Advisor().recommend(requestFor(c));
    for (const auto& r : rec.reasons) {
      EXPECT_FALSE(r.note.code.empty()) << describe(c) << " " << r.setting << ": " << r.rule;
      EXPECT_TRUE(r.source_id.rfind("guide:", 0) == 0 || r.source_id.rfind("table:", 0) == 0 ||
                  r.source_id == "inferscope")
          << describe(c) << " " << r.setting << ": " << r.source_id;
      for (const auto& [name, value] : r.note.values)
        EXPECT_NE(r.rule.find(value), std::string::npos)
            << describe(c) << " " << r.note.code << "." << name << " = " << value << " not in "
            << r.rule;
    }
    ASSERT_EQ(rec.warning_notes.size(), rec.warnings.size()) << describe(c);
    for (const auto& n : rec.warning_notes) EXPECT_FALSE(n.code.empty()) << describe(c);
  }
  AdvisorRequest r;
  r.caps = Advisor().simulatedCaps("turing");
  const auto turing = Advisor().recommend(r);
  const auto* precision = turing.reasonFor("precision");
  EXPECT_EQ(precision->note.code, "precision.fp16-cast");
  EXPECT_EQ(precision->note.value("device"), "Turing (7.5)");
  EXPECT_EQ(precision->note.value("format"), "FP16");
  EXPECT_EQ(precision->source_id, "table:turing:precision");
  EXPECT_EQ(turing.reasonFor("cudnn.benchmark")->source_id, "guide:cudnn-benchmark-fixed");
  EXPECT_TRUE(std::any_of(turing.warning_notes.begin(), turing.warning_notes.end(),
                          [](const Note& n) { return n.code == "fp16-overflow"; }));
}

TEST(Advisor, ReasonsAreConcrete) {
  AdvisorRequest r;
  r.caps = Advisor().simulatedCaps("turing");
  const auto turing = Advisor().recommend(r);
  EXPECT_EQ(turing.device_label, "Turing (7.5)");
  EXPECT_NE(turing.reasonFor("precision")
                ->rule.find("Turing (7.5): no BF16/TF32 Tensor Cores → FP16 cast"),
            std::string::npos);
  EXPECT_NE(turing.reasonFor("precision")->source.find("generation table (Turing)"),
            std::string::npos);
  EXPECT_NE(turing.reasonFor("tf32")->rule.find("no TF32 Tensor Cores"), std::string::npos);
  // FP16 on Turing comes with the guide's overflow advice (troubleshooting 1).
  EXPECT_TRUE(std::any_of(turing.warnings.begin(), turing.warnings.end(), [](const std::string& w) {
    return w.find("torch.autocast") != std::string::npos;
  }));

  r.caps = Advisor().simulatedCaps("hopper");
  const auto hopper = Advisor().recommend(r);
  EXPECT_NE(hopper.reasonFor("tf32")->rule.find("limited"),
            std::string::npos);  // mixed precision in use
  EXPECT_NE(hopper.reasonFor("cudnn.benchmark")->rule.find("fixed input sizes + CNN"),
            std::string::npos);
  EXPECT_NE(hopper.reasonFor("tf32_api")->rule.find("fp32_precision"), std::string::npos);

  r.tolerance = 1e-3;
  const auto tight = Advisor().recommend(r);
  EXPECT_NE(tight.reasonFor("precision")->rule.find("below BF16's unit roundoff"),
            std::string::npos);

  r.tolerance = 1e-2;
  r.sizes = InputSizes::Varying;
  r.target_torch = TorchVersion::parse("2.8");
  const auto varying = Advisor().recommend(r);
  EXPECT_NE(varying.reasonFor("cudnn.benchmark")->rule.find("input sizes vary"), std::string::npos);
  EXPECT_NE(varying.reasonFor("tf32_api")->rule.find("set_float32_matmul_precision"),
            std::string::npos);
}

TEST(Advisor, RealDeviceCapsUseTheirOwnComputeCapability) {
  AdvisorRequest r;
  r.caps = DeviceCaps{DeviceKind::Cuda, 8, 6, true};
  const auto rec = Advisor().recommend(r);
  EXPECT_EQ(rec.generation_id, "ampere");
  EXPECT_EQ(rec.device_label, "Ampere (8.6)");
  EXPECT_EQ(rec.config.precision, Precision::Bf16Cast);
}

TEST(Advisor, UnknownNewerGpuGetsNewestRulesWithAWarning) {
  AdvisorRequest r;
  r.caps = DeviceCaps{DeviceKind::Cuda, 13, 0, true};
  const auto rec = Advisor().recommend(r);
  EXPECT_EQ(rec.generation_id, "blackwell");
  EXPECT_EQ(rec.config.precision, Precision::Bf16Cast);
  EXPECT_TRUE(std::any_of(rec.warnings.begin(), rec.warnings.end(), [](const std::string& w) {
    return w.find("13.0 is not in the generation table") != std::string::npos;
  }));
}

TEST(Advisor, GpuBeforeVoltaStaysFp32) {
  AdvisorRequest r;
  r.caps = DeviceCaps{DeviceKind::Cuda, 6, 1, true};
  const auto rec = Advisor().recommend(r);
  EXPECT_EQ(rec.config.key(), "fp32+bench");
  EXPECT_EQ(rec.device_label, "sm_61 (6.1)");
  EXPECT_NE(rec.reasonFor("precision")->rule.find("no Tensor Cores"), std::string::npos);
}

TEST(Advisor, CpuWarnsAboutReproducibilityAndOffersAutocastWhenToleranceAllows) {
  AdvisorRequest r;  // CPU by default
  r.reproducible = true;
  const auto rec = Advisor().recommend(r);
  EXPECT_EQ(rec.device_label, "CPU");
  EXPECT_TRUE(std::any_of(rec.warnings.begin(), rec.warnings.end(), [](const std::string& w) {
    return w.find("set_num_threads") != std::string::npos;
  }));
  ASSERT_FALSE(rec.neighbours.empty());
  EXPECT_EQ(rec.neighbours.front().key(), "amp-bf16");
  r.tolerance = 1e-3;
  const auto tight = Advisor().recommend(r);
  for (const auto& n : tight.neighbours) EXPECT_NE(n.precision, Precision::AutocastBf16) << n.key();
}

TEST(Advisor, NeighboursAreRunnableDistinctAndFitTheGoals) {
  for (const auto& c : kCases) {
    const auto req = requestFor(c);
    const auto rec = Advisor().recommend(req);
    EXPECT_FALSE(rec.neighbours.empty()) << describe(c);
    for (std::size_t i = 0; i < rec.neighbours.size(); ++i) {
      const auto& n = rec.neighbours[i];
      EXPECT_NE(n, rec.config) << describe(c);
      EXPECT_FALSE(unsupportedReason(n, req.caps, req.target_torch.hasAotInductor()))
          << describe(c) << " " << n.key();
      for (std::size_t j = 0; j < i; ++j) EXPECT_NE(n, rec.neighbours[j]) << describe(c);
      if (c.sizes == Varying) {
        EXPECT_FALSE(n.cudnn.benchmark) << describe(c) << " " << n.key();
        EXPECT_NE(n.compile, CompileMode::CudaGraph) << describe(c) << " " << n.key();
      }
      if (c.reproducible) {
        EXPECT_FALSE(n.cudnn.benchmark) << describe(c) << " " << n.key();
      }
    }
  }
}

TEST(Advisor, HopperNeighboursCoverPrecisionBenchmarkLayoutAndCompile) {
  AdvisorRequest r;
  r.caps = Advisor().simulatedCaps("hopper");
  std::vector<std::string> keys;
  for (const auto& n : Advisor().recommend(r).neighbours) keys.push_back(n.key());
  for (const char* expected :
       {"amp-bf16+graph+bench", "fp16+graph+bench", "tf32+graph+bench", "fp32+graph+bench",
        "bf16+graph", "bf16+cl+graph+bench", "bf16+bench", "bf16+aoti+bench"}) {
    EXPECT_NE(std::find(keys.begin(), keys.end(), expected), keys.end()) << expected;
  }
}

TEST(Advisor, TuringNeighboursNeverUseBf16OrTf32) {
  AdvisorRequest r;
  r.caps = Advisor().simulatedCaps("turing");
  const auto rec = Advisor().recommend(r);
  for (const auto& n : rec.neighbours) {
    EXPECT_NE(n.precision, Precision::Bf16Cast) << n.key();
    EXPECT_NE(n.precision, Precision::AutocastBf16) << n.key();
    EXPECT_NE(n.precision, Precision::Tf32) << n.key();
  }
  // The footnote's compile variants are offered for measurement.
  EXPECT_NE(std::find(rec.neighbours.begin(), rec.neighbours.end(),
                      OptimizationConfig::parse("fp16+graph+bench")),
            rec.neighbours.end());
}

TEST(Advisor, RejectsBadToleranceAndUnknownSimulation) {
  AdvisorRequest r;
  for (double bad : {0.0, -1e-3, std::nan("")}) {
    r.tolerance = bad;
    EXPECT_THROW(Advisor().recommend(r), Error);
  }
  try {
    Advisor().simulatedCaps("pascal");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    EXPECT_NE(std::string(e.what()).find("turing"), std::string::npos) << e.what();
  }
}

TEST(TorchVersion, ParsesReleaseStringsAndDecidesApis) {
  EXPECT_EQ(TorchVersion::parse("2.11.0+cu130").str(), "2.11");
  EXPECT_EQ(TorchVersion::parse("2.9.0a0+git1234").str(), "2.9");
  EXPECT_TRUE(TorchVersion::parse("2.9").hasFp32PrecisionApi());
  EXPECT_FALSE(TorchVersion::parse("2.8").hasFp32PrecisionApi());
  EXPECT_FALSE(TorchVersion::parse("2.9").hasEnumFp32PrecisionApi());
  EXPECT_TRUE(TorchVersion::parse("2.6").hasAotInductor());
  EXPECT_FALSE(TorchVersion::parse("2.5").hasAotInductor());
  EXPECT_THROW(TorchVersion::parse("two"), Error);
  EXPECT_THROW(TorchVersion::parse("2"), Error);
  EXPECT_THROW(TorchVersion::parse("2.x"), Error);
  try {
    TorchVersion::parse("1.13");
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Unsupported);
  }
}

}  // namespace
}  // namespace inferscope::advisor
