// The measurer of a Python-built model: AOTInductor configs go to the engine (the tuner's fake
// measurer here), every other config to the Python worker (a fake worker script), and the
// worker's raw series get the engine's analysis, fork summary and accuracy comparison.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "core/common/error.h"
#include "core/runner/python_model_measurer.h"
#include "tests/core/tuner/fake_measurer.h"

namespace inferscope::runner {
namespace {
namespace fs = std::filesystem;

// A fake worker that reports every config it is given with a flat 2 ms series plus a 9 ms first
// iteration: `measure` reads the keys from the plan file (after --plan), `serve` from each plan
// line on stdin, answering each with "done", as the real worker does. It counts its starts in
// starts.txt. Its start takes 0.3 s, longer than the 134 ms of iterations and set-up it reports
// for a config, as a real worker's import of PyTorch does: the wall time a fresh worker took beyond
// its configs' is what prices a fork (on a fast host the script itself ran in 15 ms, less than
// the times it reports, and the test saw no start cost).
constexpr const char* kEchoWorker = R"SH(
mode=$1; plan=""
while [ $# -gt 0 ]; do [ "$1" = "--plan" ] && plan="$2"; shift; done
echo x >> "$(dirname "$0")/starts.txt"
sleep 0.3
echo '{"protocol":1,"event":"ready","load_s":1.0}'
report() {
  for key in $(echo "$1" | tr ',' '\n' | sed -n 's/.*"key":"\([^"]*\)".*/\1/p'); do
    series="9.0"; i=0; while [ $i -lt 60 ]; do series="$series,2.0$((i % 3))"; i=$((i + 1)); done
    echo "{\"protocol\":1,\"event\":\"config\",\"key\":\"$key\",\"status\":\"ok\",\"latency_ms\":[$series],\"warmup_iterations\":1,\"setup_ms\":5,\"output\":\"out-$key\"}"
  done
  echo '{"protocol":1,"event":"done"}'
}
if [ "$mode" = serve ]; then
  while read -r line; do report "$line"; done
else
  report "$(cat "$plan")"
fi
)SH";

class PythonModelMeasurerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("inferscope_pmm_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    std::ofstream(dir_ / "worker.sh") << kEchoWorker;
    worker_ = std::make_unique<PythonWorker>("/bin/sh", (dir_ / "worker.sh").string(), "cuda:0",
                                             (dir_ / "logs").string());
    model_.source = ModelSource::ExportedProgram;
    model_.path = (dir_ / "m.pt2").string();
    prepared_.dir = dir_.string();
  }
  void TearDown() override { fs::remove_all(dir_); }

  PythonModelMeasurer measurer() {
    return PythonModelMeasurer(
        engine_, *worker_, model_, prepared_,
        [this](const std::string& output) {
          compared_.push_back(output);
          AccuracyStats a;
          a.measured = true;
          a.rel_l2_error = output.find("fp16") != std::string::npos ? 2e-3 : 1e-6;
          return a;
        },
        32, nullptr);
  }

  fs::path dir_;
  std::unique_ptr<PythonWorker> worker_;
  ModelRef model_;
  PreparedPythonModel prepared_;
  tuner::testing::FakeMeasurer engine_;
  std::vector<std::string> compared_;
};

std::vector<OptimizationConfig> configs(std::initializer_list<const char*> keys) {
  std::vector<OptimizationConfig> out;
  for (const auto* k : keys) out.push_back(OptimizationConfig::parse(k));
  return out;
}

TEST_F(PythonModelMeasurerTest, PackagesRunInTheEngineTheRestInTheWorkerInTheAskedOrder) {
  auto m = measurer();
  const auto results =
      m.measure(configs({"fp16+tc-ro", "bf16+aoti", "fp32", "bf16+cl+aoti-graph"}), 1, 60, 0);
  ASSERT_EQ(results.size(), 4u);
  EXPECT_EQ(results[0].config.key(), "fp16+tc-ro");
  EXPECT_EQ(results[1].config.key(), "bf16+aoti");
  EXPECT_EQ(results[3].config.key(), "bf16+cl+aoti-graph");
  for (int i = 0; i < 4; ++i) EXPECT_EQ(results[static_cast<std::size_t>(i)].index, i);
  // The engine saw only the packages.
  EXPECT_EQ(engine_.measure_order, (std::vector<std::string>{"bf16+aoti", "bf16+cl+aoti-graph"}));
  // The worker's configs were analysed like the engine's: the 9 ms first iteration is warm-up.
  EXPECT_TRUE(results[0].steady.analysed);
  EXPECT_NEAR(results[0].stats.median_ms, 2.01, 0.011);
  // … and compared with the reference by the engine's comparison.
  EXPECT_EQ(compared_, (std::vector<std::string>{"out-fp16+tc-ro", "out-fp32"}));
  EXPECT_DOUBLE_EQ(results[0].accuracy.rel_l2_error, 2e-3);
  EXPECT_TRUE(results[2].accuracy.measured);
}

// Neither the worker nor a package reports the model's weights: each config holds the prepared
// model's parameters in its own precision's bytes, in rounds and forks alike.
TEST_F(PythonModelMeasurerTest, EachConfigHoldsTheModelsParametersInItsPrecision) {
  prepared_.parameter_count = 1000;
  auto m = measurer();
  const auto keys = configs({"fp16+tc-ro", "bf16+aoti", "fp32", "amp-bf16"});
  for (const auto& results : {m.measure(keys, 1, 60, 0), m.measureForks(keys, 1, 60, 2, 0)}) {
    ASSERT_EQ(results.size(), 4u);
    EXPECT_EQ(results[0].memory.parameter_bytes, 2000);
    EXPECT_EQ(results[1].memory.parameter_bytes, 2000);
    EXPECT_EQ(results[2].memory.parameter_bytes, 4000);
    EXPECT_EQ(results[3].memory.parameter_bytes, 4000);  // autocast keeps FP32 weights
  }
}

TEST_F(PythonModelMeasurerTest, RoundsShareOneWorkerProcessAndForksStartFreshOnes) {
  auto m = measurer();
  m.measure(configs({"bf16+tc", "fp16"}), 1, 60, 0);
  const auto again = m.measure(configs({"bf16+tc"}), 1, 60, 0);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].status, ConfigStatus::Ok);
  const auto starts = [&] {
    std::ifstream in(dir_ / "starts.txt");
    return static_cast<int>(std::count(std::istreambuf_iterator<char>(in), {}, '\n'));
  };
  EXPECT_EQ(starts(), 1);  // two rounds, one process
  m.measureForks(configs({"bf16+tc"}), 1, 60, 2, 0);
  EXPECT_EQ(starts(), 3);  // each fork a fresh process
}

TEST_F(PythonModelMeasurerTest, ForksOfWorkerConfigsAreFreshProcessesSummarisedLikeTheEngines) {
  auto m = measurer();
  const auto results = m.measureForks(configs({"bf16+tc", "bf16+aoti"}), 1, 60, 3, 0);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].forks.size(), 2u);  // the result's own process and two more
  ASSERT_TRUE(results[0].fork_stats.has_value());
  EXPECT_EQ(results[0].fork_stats->forks, 3);
  EXPECT_EQ(engine_.forks_measured["bf16+aoti"], 3);
  // A fresh worker's start prices a worker config's fork; a package's fork is the engine's.
  EXPECT_GT(m.forkOverheadMs(OptimizationConfig::parse("bf16+tc")), 0);
}

TEST_F(PythonModelMeasurerTest, ForksArePricedWhereTheyRunAndRoundsPayOnlyTheEnginesLoad) {
  prepared_.process_ms = 12000;  // the preparing process: the import, the build, the reference
  engine_.session_overhead_ms = 1500;
  auto m = measurer();
  // Before any fork ran, a fresh worker is priced at what the preparing process took.
  EXPECT_DOUBLE_EQ(m.forkOverheadMs(OptimizationConfig::parse("bf16+tc-ro")), 12000);
  m.measure(configs({"bf16+aoti", "fp32"}), 1, 60, 0);
  EXPECT_DOUBLE_EQ(m.forkOverheadMs(OptimizationConfig::parse("bf16+aoti")), 1500);
  EXPECT_DOUBLE_EQ(m.forkOverheadMs(OptimizationConfig::parse("bf16+tc-ro")), 12000);
  // The worker's rounds run in the process that prepared the model: a call pays the engine's load.
  EXPECT_DOUBLE_EQ(m.sessionOverheadMs(), 1500);
}

TEST_F(PythonModelMeasurerTest, OnlyPackagesWaitForBackgroundWork) {
  auto m = measurer();
  EXPECT_TRUE(m.ready(OptimizationConfig::parse("bf16+tc")));
  EXPECT_FALSE(m.needsPreparation(OptimizationConfig::parse("fp16+tc-ro")));
  EXPECT_TRUE(runsInEngine(OptimizationConfig::parse("fp16+cl+aoti-graph")));
  EXPECT_FALSE(runsInEngine(OptimizationConfig::parse("fp16+cl+tc")));
}

TEST_F(PythonModelMeasurerTest, OutputsThatCannotBeComparedMakeTheConfigFail) {
  auto m = PythonModelMeasurer(
      engine_, *worker_, model_, prepared_,
      [](const std::string&) -> AccuracyStats {
        throw Error(ErrorKind::Runtime, "2 outputs, the reference has 1");
      },
      32, nullptr);
  const auto results = m.measure(configs({"bf16"}), 1, 60, 0);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].status, ConfigStatus::Error);
  EXPECT_NE(results[0].message.find("2 outputs"), std::string::npos);
}

TEST(PythonModelRefusal, TheEnginesOwnCompileModesAreRefusedNamingWhatToUseInstead) {
  const auto graph = pythonModelRefusal(OptimizationConfig::parse("bf16+graph"));
  ASSERT_TRUE(graph.has_value());
  EXPECT_NE(graph->find("bf16+graph"), std::string::npos) << *graph;
  EXPECT_NE(graph->find("tc-ro"), std::string::npos) << *graph;
  const auto ts = pythonModelRefusal(OptimizationConfig::parse("fp32+ts"));
  ASSERT_TRUE(ts.has_value());
  EXPECT_NE(ts->find("torch.compile"), std::string::npos) << *ts;
  for (const char* runs : {"fp32", "nograd+fp32", "bf16+cl+bench", "bf16+tc", "fp16+tc-ro",
                           "bf16+aoti", "fp16+aoti-graph", "fp32+det"})
    EXPECT_FALSE(pythonModelRefusal(OptimizationConfig::parse(runs)).has_value()) << runs;
}

}  // namespace
}  // namespace inferscope::runner
