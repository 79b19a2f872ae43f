// One set of instruments wherever the model runs: a --model-py entry point's roofline counted in
// the real Python worker — the engine's operator recorder built there as a native module against
// the worker's PyTorch (resources/python/inferscope_instruments.py) — against the engine's own
// count of a TorchScript-traced copy of the same model. Needs a python3 that imports torch
// (INFERSCOPE_TEST_PYTHON, found at configure time) with a C++ compiler, ninja and PyTorch's
// headers; skips naming what is missing otherwise.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "../engine_test_support.h"
#include "core/common/python_helpers.h"
#include "core/common/sha256.h"
#include "core/engine/engine.h"
#include "core/runner/python_model_run.h"
#include "core/runner/python_worker.h"
#include "tests/core/roofline/remove_tree.h"

using namespace inferscope;
namespace fs = std::filesystem;

namespace {

// A model with the operator families the counter knows: convolution, batch norm, pooling,
// matmul, layer norm, activations, softmax attention done by hand.
constexpr const char* kModel = R"PY(
import torch


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(3, 16, 3, padding=1), torch.nn.BatchNorm2d(16), torch.nn.ReLU(),
            torch.nn.MaxPool2d(2), torch.nn.Conv2d(16, 32, 3, stride=2, padding=1, groups=2),
            torch.nn.ReLU())
        self.norm = torch.nn.LayerNorm(32)
        self.qkv = torch.nn.Linear(32, 96)
        self.head = torch.nn.Linear(32, 10)

    def forward(self, x):
        y = self.features(x)                     # 2x32x8x8
        t = self.norm(y.flatten(2).transpose(1, 2))  # 2x64x32
        q, k, v = self.qkv(t).chunk(3, dim=-1)
        a = torch.softmax(q @ k.transpose(1, 2) / 32 ** 0.5, dim=-1) @ v
        return self.head(torch.nn.functional.gelu(a).mean(dim=1))


def build():
    torch.manual_seed(0)
    return Block().eval(), (torch.randn(2, 3, 32, 32),)


if __name__ == "__main__":
    import sys
    model, inputs = build()
    with torch.no_grad():
        torch.jit.trace(model, inputs).save(sys.argv[1])
)PY";

class PythonRoofline : public ::testing::Test {
 protected:
  void SetUp() override {
    interpreter_ = INFERSCOPE_TEST_PYTHON;
    if (interpreter_.empty())
      GTEST_SKIP() << "no python3 that imports torch was found at configure time";
    dir_ = fs::temp_directory_path() / ("inferscope_python_roofline_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    // The instruments module and the CPU ceilings are cached in the build tree: built once there,
    // not once per run of the test.
    ::setenv("XDG_CACHE_HOME", INFERSCOPE_TEST_CACHE, 1);
    ::setenv("INFERSCOPE_PYTHON", interpreter_.c_str(), 1);
  }
  void TearDown() override {
    test::removeTree(dir_);  // not fs::remove_all: see remove_tree.h
  }

  // The entry point `build` of `model_py`.
  static ModelRef entryPoint(const std::string& model_py) {
    ModelRef model;
    model.source = ModelSource::PythonEntry;
    model.path = model_py;
    model.entry = "build";
    model.name = "model";
    return model;
  }

  // fp32 of `model` in a fresh worker with the instruments on: one warm-up, `iterations` timed.
  std::vector<runner::PythonConfigRun> countedFp32Runs(const ModelRef& model, int iterations) {
    runner::PythonWorker worker(interpreter_, pythonHelperPath("inferscope_pymodel.py"), "cpu",
                                (dir_ / "logs").string());
    runner::PythonInstruments count;
    count.count_work = true;
    worker.setInstruments(count);
    const auto prepared = worker.prepare(model, {}, (dir_ / "prepared").string(), 300000, nullptr);
    return worker.measure(model, prepared, {OptimizationConfig::parse("fp32")}, 1, iterations, 0,
                          nullptr, 600000);
  }

  std::string interpreter_;
  fs::path dir_;
};

TEST_F(PythonRoofline, EntryPointWorkInTheWorkerMatchesTheEnginesCount) {
  const auto model_py = (dir_ / "model.py").string();
  std::ofstream(model_py) << kModel;
  const auto traced = (dir_ / "traced.pt").string();
  const std::string trace_command =
      "'" + interpreter_ + "' '" + model_py + "' '" + traced + "' >/dev/null 2>&1";
  ASSERT_EQ(std::system(trace_command.c_str()), 0) << trace_command;

  // The engine: the TorchScript copy, fp32 eager, roofline on.
  auto request = inferscope::testing::zooRequest("", 1, 3, {"fp32"});
  request.model.source = ModelSource::TorchScript;
  request.model.path = traced;
  request.model.name = "traced";
  request.model.trusted_sha256 = sha256OfFile(traced);
  request.inputs = {InputSpec::parse("2x3x32x32:float32")};
  request.run.roofline = true;
  const auto engine = inferscope::testing::runQuietly(request);
  ASSERT_EQ(engine.configs.at(0).status, ConfigStatus::Ok) << engine.configs[0].message;
  ASSERT_TRUE(engine.configs[0].roofline);
  const auto& expected = engine.configs[0].roofline->work;

  // The worker: the entry point itself, its own inputs, the same config.
  const auto model = entryPoint(model_py);
  const auto runs = countedFp32Runs(model, 3);
  ASSERT_EQ(runs.size(), 1u);
  ASSERT_EQ(runs[0].result.status, ConfigStatus::Ok) << runs[0].result.message;
  ASSERT_TRUE(runs[0].work_error.empty()) << runs[0].work_error;
  ASSERT_FALSE(runs[0].ops_path.empty());
  ASSERT_TRUE(runs[0].result.roofline);
  const auto& counted = runs[0].result.roofline->work;

  RecordProperty("worker_flops", std::to_string(counted.flops));
  RecordProperty("engine_flops", std::to_string(expected.flops));
  RecordProperty("worker_bytes", std::to_string(counted.bytes));
  RecordProperty("engine_bytes", std::to_string(expected.bytes));
  ASSERT_GT(expected.flops, 0);
  EXPECT_NEAR(counted.flops, expected.flops, 0.02 * expected.flops)
      << "worker " << counted.flops << " engine " << expected.flops;
  EXPECT_NEAR(counted.bytes, expected.bytes, 0.02 * expected.bytes)
      << "worker " << counted.bytes << " engine " << expected.bytes;
  // Every counted kind of the engine's is counted in the worker too (and the other way round).
  const auto kinds = [](const roofline::WorkCount& w) {
    std::set<std::string> out;
    for (const auto& o : w.ops) out.insert(o.kind);
    return out;
  };
  EXPECT_EQ(kinds(counted), kinds(expected));
  EXPECT_TRUE(kinds(counted).count("convolution"));
  EXPECT_TRUE(kinds(counted).count("matmul"));
  // The hand-computed FLOPs of the convolutions and the matmuls, as a check on both.
  const double conv1 = 2.0 * (2 * 16 * 32 * 32) * (3 * 3 * 3);
  const double conv2 = 2.0 * (2 * 32 * 8 * 8) * (8 * 3 * 3);
  const double qkv = 2.0 * (2 * 64) * 32 * 96, head = 2.0 * 2 * 32 * 10;
  const double attention = 2 * (2.0 * 2 * 64 * 64 * 32);
  double counted_conv = 0, counted_matmul = 0;
  for (const auto& o : counted.ops) {
    if (o.kind == "convolution") counted_conv += o.flops;
    if (o.kind == "matmul") counted_matmul += o.flops;
  }
  EXPECT_DOUBLE_EQ(counted_conv, conv1 + conv2);
  EXPECT_DOUBLE_EQ(counted_matmul, qkv + head + attention);
  // The tune's counting run of a winner (PythonModelRun::countWork) counts the same.
  ProfileRequest tune;
  tune.model = model;
  tune.device = DeviceKind::Cpu;
  CancelToken cancel;
  runner::PythonModelRun python(tune, cancel);
  const auto winner = python.countWork(OptimizationConfig::parse("fp32"), 0);
  ASSERT_EQ(winner.status, ConfigStatus::Ok) << winner.message;
  ASSERT_TRUE(winner.roofline);
  EXPECT_DOUBLE_EQ(winner.roofline->work.flops, counted.flops);
  EXPECT_DOUBLE_EQ(winner.roofline->work.bytes, counted.bytes);
}

TEST_F(PythonRoofline, AModuleThatCannotBeBuiltSaysWhatIsMissing) {
  const auto model_py = (dir_ / "model.py").string();
  std::ofstream(model_py) << kModel;
  // An empty cache (nothing built) and no compiler: the config is measured, its work is not, and
  // the note names the compiler and how to point at one.
  ::setenv("XDG_CACHE_HOME", (dir_ / "empty-cache").c_str(), 1);
  ::setenv("CXX", "/nonexistent/c++", 1);
  const auto model = entryPoint(model_py);
  const auto runs = countedFp32Runs(model, 2);
  ::unsetenv("CXX");
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].result.status, ConfigStatus::Ok) << runs[0].result.message;
  EXPECT_FALSE(runs[0].result.roofline);
  EXPECT_NE(runs[0].work_error.find("missing a C++ compiler ('/nonexistent/c++' is not on PATH"),
            std::string::npos)
      << runs[0].work_error;
  EXPECT_NE(runs[0].work_error.find("set CXX"), std::string::npos) << runs[0].work_error;
}

}  // namespace
