// The LibTorch layer itself: the settings guard, accuracy metrics on known tensors, and
// TorchScript files built here with Module::define (no Python needed) run through the engine.
#include <gtest/gtest.h>
#include <torch/script.h>
#include <torch/torch.h>

#include <filesystem>
#include <fstream>
#include <limits>

#include "core/common/error.h"
#include "core/common/sha256.h"
#include "core/engine/engine.h"
#include "core/engine/session_runner.h"
#include "core/model/model_zoo.h"
#include "core/torch/accuracy.h"
#include "core/torch/model_instance.h"
#include "core/torch/settings_guard.h"
#include "core/torch/torch_backend.h"
#include "engine_test_support.h"

using namespace inferscope;
namespace tl = inferscope::torchlayer;

namespace {

std::string tempFile(const std::string& name) {
  return (std::filesystem::temp_directory_path() / name).string();
}

// A small TorchScript CNN: conv → relu → mean → linear, saved as a real .pt file.
std::string saveTinyScriptModel() {
  torch::manual_seed(3);
  torch::jit::Module m("TinyNet");
  m.register_parameter("conv_w", torch::randn({8, 3, 3, 3}) * 0.2, false);
  m.register_parameter("fc_w", torch::randn({10, 8}) * 0.2, false);
  m.register_parameter("fc_b", torch::zeros({10}), false);
  m.define(R"JIT(
    def forward(self, x):
        y = torch.conv2d(x, self.conv_w, None, [1, 1], [1, 1])
        y = torch.relu(y).mean([2, 3])
        return torch.linear(y, self.fc_w, self.fc_b)
  )JIT");
  const auto path = tempFile("inferscope_tiny.pt");
  m.save(path);
  return path;
}

// A request for a file this test wrote, and so trusts (as `--trust` would make the CLI do).
ProfileRequest fileRequest(const std::string& path, const std::string& input,
                           std::vector<std::string> keys) {
  auto r = inferscope::testing::zooRequest("", 1, 3, keys);
  r.model.source = ModelSource::TorchScript;
  r.model.path = path;
  r.model.name = std::filesystem::path(path).stem().string();
  if (std::filesystem::is_regular_file(path)) r.model.trusted_sha256 = sha256OfFile(path);
  r.inputs = {InputSpec::parse(input)};
  return r;
}

SessionResult run(const ProfileRequest& r) {
  return inferscope::testing::runQuietly(r);
}

}  // namespace

TEST(SettingsGuard, RestoresGlobalStateOnExit) {
  const auto before = tl::readGlobalSettings();
  {
    tl::GlobalSettingsGuard guard(OptimizationConfig::parse("tf32+bench"));
    const auto inside = tl::readGlobalSettings();
    EXPECT_TRUE(inside.cudnn_benchmark);
    EXPECT_FALSE(inside.cudnn_deterministic);
    EXPECT_TRUE(inside.fp32.cudnn_conv_tf32);
    EXPECT_NE(inside.fp32.matmul_level, "highest");
  }
  {
    tl::GlobalSettingsGuard guard(OptimizationConfig::parse("fp32+det"));
    const auto inside = tl::readGlobalSettings();
    EXPECT_TRUE(inside.cudnn_deterministic);
    EXPECT_TRUE(inside.deterministic_algorithms);
    EXPECT_FALSE(inside.fp32.cudnn_conv_tf32);  // FP32 is strict: conv TF32 off
    EXPECT_EQ(inside.fp32.matmul_level, "highest");
  }
  const auto after = tl::readGlobalSettings();
  EXPECT_EQ(after.cudnn_benchmark, before.cudnn_benchmark);
  EXPECT_EQ(after.cudnn_deterministic, before.cudnn_deterministic);
  EXPECT_EQ(after.deterministic_algorithms, before.deterministic_algorithms);
  EXPECT_EQ(after.fp32.cudnn_conv_tf32, before.fp32.cudnn_conv_tf32);
  EXPECT_EQ(after.fp32.matmul_level, before.fp32.matmul_level);
}

TEST(SettingsGuard, RestoresEvenWhenTheRunThrows) {
  const auto before = tl::readGlobalSettings();
  try {
    tl::GlobalSettingsGuard guard(OptimizationConfig::parse("fp32+bench"));
    throw std::runtime_error("model failed");
  } catch (const std::runtime_error&) {
  }
  EXPECT_EQ(tl::readGlobalSettings().cudnn_benchmark, before.cudnn_benchmark);
}

TEST(Accuracy, IdenticalOutputsAreExact) {
  const auto t = torch::tensor({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}});
  const auto a = tl::compareOutputs({t}, {t});
  EXPECT_EQ(a.max_abs_error, 0.0);
  EXPECT_EQ(a.rel_l2_error, 0.0);
  EXPECT_NEAR(a.cosine_similarity, 1.0, 1e-12);
  ASSERT_TRUE(a.top1_agreement.has_value());
  EXPECT_EQ(*a.top1_agreement, 1.0);
}

TEST(Accuracy, KnownErrors) {
  const auto ref = torch::tensor({{3.0, 0.0}, {0.0, 4.0}});  // ‖ref‖ = 5
  const auto out =
      torch::tensor({{3.0, 1.0}, {0.0, 4.0}});  // one element off by 1, argmax of row 0 same
  const auto a = tl::compareOutputs({out}, {ref});
  EXPECT_DOUBLE_EQ(a.max_abs_error, 1.0);
  EXPECT_DOUBLE_EQ(a.rel_l2_error, 0.2);
  EXPECT_NEAR(a.cosine_similarity, 25.0 / (5.0 * std::sqrt(26.0)), 1e-12);
  EXPECT_EQ(*a.top1_agreement, 1.0);
  const auto flipped = tl::compareOutputs({torch::tensor({{0.0, 3.0}, {0.0, 4.0}})}, {ref});
  EXPECT_EQ(*flipped.top1_agreement, 0.5);
}

TEST(Accuracy, CountsNanAndInf) {
  const auto ref = torch::ones({4});
  const double inf = std::numeric_limits<double>::infinity();
  const auto out = torch::tensor({1.0, std::nan(""), inf, -inf});
  const auto a = tl::compareOutputs({out}, {ref});
  EXPECT_EQ(a.nan_count, 1);
  EXPECT_EQ(a.inf_count, 2);
  EXPECT_FALSE(a.top1_agreement.has_value());
}

// What a reference can judge: a constant one nothing; one whose every row picks the same class
// only top-1 agreement cannot (its logits still differ, so cosine and rel. L2 can).
TEST(Accuracy, SaysWhatAReferenceCannotJudge) {
  const auto zeros = tl::compareOutputs({torch::ones({4, 3})}, {torch::zeros({4, 3})});
  EXPECT_EQ(zeros.unjudgeable, "the FP32 reference output is all zeros");
  const auto one_class_ref = torch::tensor({{0.1, 2.0, 0.3}, {0.5, 1.0, 0.2}, {0.0, 3.0, 1.0}});
  const auto one_class = tl::compareOutputs({one_class_ref}, {one_class_ref});
  EXPECT_EQ(one_class.unjudgeable, "");
  EXPECT_EQ(one_class.top1_unjudgeable,
            "class 1 is the FP32 reference's top-1 for every one of its 3 rows");
  const auto ordinary = tl::compareOutputs({torch::eye(3)}, {torch::eye(3)});
  EXPECT_EQ(ordinary.unjudgeable, "");
  EXPECT_EQ(ordinary.top1_unjudgeable, "");
}

TEST(Accuracy, ShapeMismatchIsAnError) {
  EXPECT_THROW(tl::compareOutputs({torch::ones({2, 3})}, {torch::ones({3, 2})}), Error);
  EXPECT_THROW(tl::compareOutputs({torch::ones({2})}, {}), Error);
}

TEST(TorchScriptModel, LoadsAndSweepsIncludingFreeze) {
  const auto path = saveTinyScriptModel();
  const auto s =
      run(fileRequest(path, "2x3x16x16:float32", {"fp32", "fp32+ts", "bf16", "nograd+fp32+ts"}));
  EXPECT_EQ(s.parameter_count, 8 * 27 + 80 + 10);
  EXPECT_EQ(s.output_shapes.at(0), "2x10:float32");
  ASSERT_EQ(s.configs.size(), 4u);
  for (const auto& c : s.configs)
    EXPECT_EQ(c.status, ConfigStatus::Ok) << c.config.key() << ": " << c.message;
  EXPECT_LT(s.configs[1].accuracy.rel_l2_error, 1e-5);  // frozen = same function
  EXPECT_GT(s.configs[2].accuracy.rel_l2_error, 0.0);
  EXPECT_EQ(s.configs[1].latency_ms.size(), 4u);
}

// A session reads, hashes and parses its file once; every config then gets a deep copy, so one
// config's cast or zeroed weights never reach the next, and the file is not read again.
TEST(TorchScriptModel, ASessionReadsItsFileOnceAndGivesEachConfigItsOwnCopy) {
  const auto path = saveTinyScriptModel();
  tl::SessionModel model(fileRequest(path, "2x3x16x16:float32", {"fp32"}).model);
  const torch::Device cpu(torch::kCPU);
  auto first = model.load(cpu);
  const auto original = first->tensors().at(0).clone();
  first->to(cpu, torch::kBFloat16);
  for (auto& t : first->tensors()) t.detach().zero_();
  std::filesystem::remove(path);  // a second read would now fail
  auto second = model.load(cpu);
  ASSERT_EQ(second->tensors().at(0).scalar_type(), torch::kFloat);
  EXPECT_TRUE(torch::equal(second->tensors().at(0), original));
  EXPECT_EQ(second->kind(), "torchscript");
}

// The same through a whole session: FP32 after a BF16 cast and a channels_last config is the
// reference's own function again, exactly.
TEST(TorchScriptModel, ACastInOneConfigNeverReachesTheNext) {
  const auto path = saveTinyScriptModel();
  const auto s = run(fileRequest(path, "2x3x16x16:float32", {"bf16", "bf16+cl", "fp32"}));
  ASSERT_EQ(s.configs.size(), 3u);
  for (const auto& c : s.configs)
    ASSERT_EQ(c.status, ConfigStatus::Ok) << c.config.key() << ": " << c.message;
  EXPECT_GT(s.configs[0].accuracy.rel_l2_error, 1e-4);
  EXPECT_EQ(s.configs[2].accuracy.rel_l2_error, 0.0);
}

// A fixed count stops at the time budget (what the tuner's deadline sets), keeping the warm-up
// and a few measured iterations, and says why it stopped.
TEST(TorchScriptModel, AFixedCountStopsAtItsTimeBudget) {
  const auto path = saveTinyScriptModel();
  auto request = fileRequest(path, "2x3x16x16:float32", {"fp32"});
  request.run.warmup_iterations = 2;
  request.run.measure_iterations = 10'000'000;  // hours of this model, were nothing to stop it
  request.run.config_time_budget_ms = 50;
  const auto s = run(request);
  ASSERT_EQ(s.configs.size(), 1u);
  const auto& r = s.configs[0];
  EXPECT_EQ(r.status, ConfigStatus::Ok) << r.message;
  EXPECT_EQ(r.steady.stop_reason, "time-budget");
  EXPECT_GE(r.latency_ms.size(), 2u + 3u);
  EXPECT_LT(r.latency_ms.size(), 10'000'002u);
  EXPECT_GT(r.stats.median_ms, 0.0);

  // Out of time in the warm-up: the warm-up ends there (and says so), three are measured.
  request.run.warmup_iterations = 10'000'000;
  const auto cut = run(request).configs.at(0);
  EXPECT_EQ(cut.status, ConfigStatus::Ok) << cut.message;
  EXPECT_EQ(cut.steady.stop_reason, "time-budget");
  EXPECT_LT(cut.warmup_iterations, 10'000'000);
  EXPECT_EQ(cut.latency_ms.size(), static_cast<std::size_t>(cut.warmup_iterations) + 3u);
  EXPECT_GT(cut.stats.median_ms, 0.0);
}

TEST(TorchScriptModel, ZooModelsCannotFreeze) {
  ProfileRequest r;
  r.model.name = "resnet18";
  r.run.measure_iterations = 1;
  r.plan = {OptimizationConfig::parse("fp32+ts")};
  const auto s = run(r);
  EXPECT_EQ(s.configs.at(0).status, ConfigStatus::Unsupported);
  EXPECT_NE(s.configs.at(0).message.find("TorchScript"), std::string::npos);
}

TEST(TorchScriptModel, WrongInputShapeNamesModelAndSpec) {
  const auto path = saveTinyScriptModel();
  try {
    run(fileRequest(path, "2x4x16x16:float32", {"fp32"}));
    FAIL();
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("inferscope_tiny"), std::string::npos) << m;
    EXPECT_NE(m.find("2x4x16x16"), std::string::npos) << m;
  }
}

TEST(TorchScriptModel, CorruptFileGivesAClearError) {
  const auto path = tempFile("inferscope_corrupt.pt");
  std::ofstream(path) << "this is not a zip archive";
  try {
    run(fileRequest(path, "1x3x16x16", {"fp32"}));
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::ModelLoad);
    EXPECT_NE(std::string(e.what()).find("not a loadable TorchScript file"), std::string::npos)
        << e.what();
  }
}

TEST(TorchScriptModel, MissingFile) {
  try {
    run(fileRequest("/nonexistent/model.pt", "1x3x16x16", {"fp32"}));
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::ModelLoad);
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos);
  }
}

TEST(TorchScriptModel, UntrustedFileIsRefusedBeforeLoading) {
  const auto path = saveTinyScriptModel();
  auto request = fileRequest(path, "2x3x16x16:float32", {"fp32"});
  request.model.trusted_sha256.clear();
  try {
    run(request);
    FAIL() << "an untrusted TorchScript file ran";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    EXPECT_NE(std::string(e.what()).find("is not trusted"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("inferscope-cli trust"), std::string::npos) << e.what();
  }
}

TEST(TorchScriptModel, FileSwappedAfterTrustIsRefused) {
  const auto path = saveTinyScriptModel();
  auto request = fileRequest(path, "2x3x16x16:float32", {"fp32"});
  // Another valid TorchScript module takes the trusted file's place before the run loads it.
  torch::jit::Module other("Other");
  other.define("def forward(self, x):\n    return x * 2\n");
  other.save(path);
  try {
    run(request);
    FAIL() << "a swapped TorchScript file ran";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("changed after it was trusted"), std::string::npos)
        << e.what();
  }
}

// A traced model keeps FP32 constants a whole-model cast cannot reach (GPT-2 traced from Hugging
// Face: "expected scalar type Float but found BFloat16"): the engine runs the guide's fallback,
// autocast of the same precision, and says so in the result.
TEST(TorchScriptModel, AFailedWholeModelCastFallsBackToAutocast) {
  torch::jit::Module m("BakedConstant");
  m.define(R"JIT(
    def forward(self, x):
        w = torch.ones([16, 4])
        return torch.matmul(x, w)
  )JIT");
  const auto path = tempFile("inferscope_baked_constant.pt");
  m.save(path);
  const auto session = run(fileRequest(path, "2x16:float32", {"bf16"}));
  ASSERT_EQ(session.configs.size(), 1u);
  const auto& r = session.configs[0];
  EXPECT_EQ(r.status, ConfigStatus::Ok) << r.message;
  EXPECT_EQ(r.config.key(), "amp-bf16");
  EXPECT_EQ(r.fallback_from, "bf16");
  EXPECT_NE(r.message.find("fallback: the whole-model bf16 cast failed"), std::string::npos)
      << r.message;
  EXPECT_TRUE(r.accuracy.measured);
}

namespace {

// Latencies read from a script instead of a clock: the engine's numbers are then known in advance.
class ScriptedTimer : public IterationTimer {
 public:
  explicit ScriptedTimer(std::vector<double> script) : script_(std::move(script)) {}
  void begin() override {}
  double endMs() override { return script_.at(next_++ % script_.size()); }

 private:
  std::vector<double> script_;
  std::size_t next_ = 0;
};

class FixedMemoryProbe : public MemoryProbe {
 public:
  MemoryStats read() override {
    MemoryStats m;
    m.peak_allocated_bytes = 123456;
    m.source = "scripted";
    return m;
  }
};

}  // namespace

// The real LibTorch backend and session loop on a tiny encoder, with a scripted timer and memory
// probe: every sample is the script's, the warm-up the script put in is found, and the statistics
// and memory are of those numbers.
TEST(TorchBackend, MeasuresThroughInjectedProbes) {
  auto request = inferscope::testing::zooRequest("bert-encoder", 2, 60, {"fp32", "nograd+fp32"});
  request.model.encoder = EncoderOptions{1, 16, 1, 32, 50, 16, 4};
  request.inputs = defaultInputs(request.model, request.batch);
  std::vector<double> script = {40.0, 30.0, 25.0, 20.0, 15.0, 12.0};  // 2 warm-up + a slow start
  for (int i = 0; i < 56; ++i) script.push_back(10.0 + 0.01 * (i % 7));
  MeasurementProbes probes;
  probes.timer = [&] { return std::make_unique<ScriptedTimer>(script); };
  probes.memory = [] { return std::make_unique<FixedMemoryProbe>(); };
  SessionResult session;
  session.request = request;
  NullSink sink;
  CancelToken cancel;
  tl::TorchBackend backend(session.request, torch::Device(torch::kCPU), sink, cancel, probes);
  runSession(session, backend, SessionEnvironment{}, sink, cancel);
  ASSERT_EQ(session.configs.size(), 2u);
  for (const auto& c : session.configs) {
    ASSERT_EQ(c.status, ConfigStatus::Ok) << c.message;
    EXPECT_EQ(c.latency_ms, script) << c.config.key();
    EXPECT_GE(c.steady.steady_start, 4u) << c.steady.series_class;  // the slow start is not steady
    EXPECT_NEAR(c.stats.median_ms, 10.03, 0.03);
    EXPECT_DOUBLE_EQ(c.stats.cold_start_ms, 40.0);
    EXPECT_EQ(c.memory.peak_allocated_bytes, 123456);
    EXPECT_EQ(c.memory.source, "scripted");
    EXPECT_GT(c.memory.parameter_bytes, 0);  // the model's own, not the probe's
    EXPECT_TRUE(c.accuracy.measured);
  }
}
