// The Python worker's protocol and process handling, with a fake worker: a shell script that
// prints the lines a real worker would (or misbehaves: hangs, crashes, lies), so the C++ side is
// tested without Python or PyTorch.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/common/error.h"
#include "core/runner/python_worker.h"

namespace inferscope::runner {
namespace {
namespace fs = std::filesystem;

std::vector<OptimizationConfig> plan(std::initializer_list<const char*> keys) {
  std::vector<OptimizationConfig> out;
  for (const auto* k : keys) out.push_back(OptimizationConfig::parse(k));
  return out;
}

TEST(PythonWorkerProtocol, AConfigLineBecomesARawResult) {
  const auto e = parsePythonWorkerLine(
      R"({"protocol":1,"event":"config","key":"bf16+tc-ro","status":"ok","message":"",)"
      R"("latency_ms":[5.0,1.5,1.25],"host_ms":[5.1,1.6,1.3],"warmup_iterations":1,"setup_ms":2000,)"
      R"("compile_ms":1900,"first_result_ms":2005,"peak_allocated_bytes":1048576,)"
      R"("peak_reserved_bytes":2097152,"output":"/tmp/out.pt"})",
      plan({"fp32", "bf16+tc-ro"}));
  ASSERT_EQ(e.kind, PythonWorkerEvent::Kind::Config);
  const auto& r = e.run.result;
  EXPECT_EQ(r.config.key(), "bf16+tc-ro");
  EXPECT_EQ(r.status, ConfigStatus::Ok);
  EXPECT_EQ(r.latency_ms, (std::vector<double>{5.0, 1.5, 1.25}));
  EXPECT_EQ(r.warmup_iterations, 1);
  EXPECT_DOUBLE_EQ(r.compile_ms, 1900);
  EXPECT_EQ(r.memory.peak_reserved_bytes, 2097152);
  EXPECT_EQ(r.memory.source, "cuda-caching-allocator");
  EXPECT_EQ(e.run.output_path, "/tmp/out.pt");
}

TEST(PythonWorkerProtocol, RefusesWhatItCannotTrust) {
  const auto p = plan({"fp32"});
  // Another protocol version: the script and the program are from different releases.
  EXPECT_THROW(parsePythonWorkerLine(R"({"protocol":2,"event":"done"})", p), Error);
  EXPECT_THROW(parsePythonWorkerLine(R"({"event":"done"})", p), Error);
  EXPECT_THROW(parsePythonWorkerLine("Traceback (most recent call last):", p), Error);
  // A key it was not given, a latency that is no time, an ok result without a series.
  EXPECT_THROW(parsePythonWorkerLine(R"({"protocol":1,"event":"config","key":"bf16","status":"ok",)"
                                     R"("latency_ms":[1.0]})",
                                     p),
               Error);
  EXPECT_THROW(parsePythonWorkerLine(R"({"protocol":1,"event":"config","key":"fp32","status":"ok",)"
                                     R"("latency_ms":[1.0,-3.0]})",
                                     p),
               Error);
  EXPECT_THROW(parsePythonWorkerLine(R"({"protocol":1,"event":"config","key":"fp32","status":"ok",)"
                                     R"("latency_ms":[]})",
                                     p),
               Error);
  EXPECT_THROW(
      parsePythonWorkerLine(R"({"protocol":1,"event":"config","key":"fp32","status":"fine"})", p),
      Error);
  EXPECT_THROW(parsePythonWorkerLine(R"({"protocol":1,"event":"teleport"})", p), Error);
}

TEST(PythonWorkerProtocol, ThePlanCarriesWhatTheWorkerApplies) {
  const auto text =
      pythonPlanJson(plan({"tf32-medium", "bf16+cl+tc-ro", "amp-fp16+bench"}), 5, 50, 123.5);
  EXPECT_NE(text.find(R"("compile":"reduce-overhead")"), std::string::npos);
  EXPECT_NE(text.find(R"("tf32_matmul":"medium")"), std::string::npos);
  EXPECT_NE(text.find(R"("channels_last":true)"), std::string::npos);
  EXPECT_NE(text.find(R"("precision":"amp-fp16")"), std::string::npos);
  EXPECT_NE(text.find(R"("cudnn_benchmark":true)"), std::string::npos);
  EXPECT_NE(text.find(R"("deadline_unix_s":123.5)"), std::string::npos);
  EXPECT_NE(text.find(R"("warmup":5)"), std::string::npos);
}

TEST(PythonWorkerProtocol, SourcesAreSpelledForTheWorker) {
  ModelRef m;
  m.source = ModelSource::ExportedProgram;
  m.path = "/models/m.pt2";
  EXPECT_EQ(pythonSourceArgument(m), "ep:/models/m.pt2");
  m.source = ModelSource::PythonEntry;
  m.path = "/models/build.py";
  m.entry = "make";
  EXPECT_EQ(pythonSourceArgument(m), "py:/models/build.py:make");
  m.source = ModelSource::TorchScript;
  EXPECT_THROW(pythonSourceArgument(m), Error);
}

// A fake worker: /bin/sh running a script that ignores its arguments and prints `body`.
class FakeWorker : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("inferscope_fake_worker_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    model_.source = ModelSource::PythonEntry;
    model_.path = (dir_ / "model.py").string();
    model_.entry = "build";
    model_.name = "model:build";
    prepared_.dir = dir_.string();
  }
  void TearDown() override { fs::remove_all(dir_); }
  PythonWorker worker(const std::string& body) {
    const auto script = dir_ / "worker.sh";
    std::ofstream(script) << body;
    return PythonWorker("/bin/sh", script.string(), "cuda:0", (dir_ / "logs").string());
  }
  fs::path dir_;
  ModelRef model_;
  PreparedPythonModel prepared_;
};

TEST_F(FakeWorker, PrepareReadsTheModelsInputsAndReference) {
  auto w = worker(
      R"(echo '{"protocol":1,"event":"prepared","status":"ok","inputs":[{"shape":[8,256],"dtype":"int64"}],)"
      R"("outputs":[{"shape":[8,256,768],"dtype":"float32"}],"parameters":124439808,)"
      R"("weights_sha256":"abc","load_s":9.2,"prepare_s":9.8,"torch":"2.11.0"}')"
      "\n");
  const auto p = w.prepare(model_, {}, dir_.string(), 10000, nullptr);
  ASSERT_EQ(p.inputs.size(), 1u);
  EXPECT_EQ(p.inputs[0].toString(), "8x256:int64");
  EXPECT_EQ(p.output_shapes, (std::vector<std::string>{"8x256x768:float32"}));
  EXPECT_EQ(p.parameter_count, 124439808);
  EXPECT_EQ(p.weights_sha256, "abc");
  EXPECT_EQ(p.dir, dir_.string());
}

TEST_F(FakeWorker, APrepareThatFailsSaysWhyWithTheLog) {
  auto w = worker(
      "echo 'Traceback (most recent call last):' >&2\necho 'NameError: name x is not defined' "
      ">&2\nexit 3\n");
  try {
    w.prepare(model_, {}, dir_.string(), 10000, nullptr);
    FAIL() << "a failed prepare returned";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::ModelLoad);
    EXPECT_NE(std::string(e.what()).find("NameError"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("log:"), std::string::npos);
  }
}

TEST_F(FakeWorker, MeasureKeepsThePlansOrderAndNamesConfigsItNeverReported) {
  auto w = worker(
      R"(echo '{"protocol":1,"event":"ready","load_s":3.5}')"
      "\n"
      R"(echo '{"protocol":1,"event":"config","key":"fp16+tc","status":"ok","latency_ms":[2,1,1],"warmup_iterations":1}')"
      "\n"
      R"(echo '{"protocol":1,"event":"config","key":"fp32","status":"error","message":"fp32 failed in Python: boom"}')"
      "\n"
      "exit 1\n");
  const auto runs =
      w.measure(model_, prepared_, plan({"fp32", "fp16+tc", "bf16"}), 1, 2, 0, nullptr);
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[0].result.status, ConfigStatus::Error);
  EXPECT_NE(runs[0].result.message.find("boom"), std::string::npos);
  EXPECT_EQ(runs[1].result.status, ConfigStatus::Ok);
  EXPECT_EQ(runs[1].result.latency_ms.size(), 3u);
  EXPECT_EQ(runs[2].result.status, ConfigStatus::Error);
  EXPECT_NE(runs[2].result.message.find("ended before it"), std::string::npos)
      << runs[2].result.message;
  EXPECT_DOUBLE_EQ(w.lastLoadMs(), 3500);
}

TEST_F(FakeWorker, AHangingWorkerIsStoppedAtTheDeadlineWithItsGroup) {
  // A worker stuck in a compile, with a child of its own (Inductor's compile workers).
  auto w = worker("sleep 60 &\nsleep 60\n");
  const auto start = std::chrono::steady_clock::now();
  const auto runs = w.measure(model_, prepared_, plan({"bf16+tc"}), 1, 2, 200, nullptr, 300);
  const auto took = std::chrono::steady_clock::now() - start;
  EXPECT_LT(took, std::chrono::seconds(10));
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].result.status, ConfigStatus::Error);
  EXPECT_NE(runs[0].result.message.find("deadline"), std::string::npos) << runs[0].result.message;
}

TEST_F(FakeWorker, ACancelStopsTheWorkerWithinSeconds) {
  auto w = worker("trap '' TERM\nsleep 60\n");  // ignores SIGTERM: SIGKILL follows
  CancelToken cancel;
  cancel.cancel();
  const auto start = std::chrono::steady_clock::now();
  const auto runs = w.measure(model_, prepared_, plan({"bf16"}), 1, 2, 0, &cancel);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_EQ(runs[0].result.status, ConfigStatus::Cancelled);
}

TEST_F(FakeWorker, ASessionThatDiesIsReplacedAtTheNextCall) {
  // Serves one plan, then exits as a crashed worker would.
  auto w = worker(
      R"(echo '{"protocol":1,"event":"ready","load_s":0.5}')"
      "\n"
      R"(read -r line; echo '{"protocol":1,"event":"config","key":"bf16","status":"ok","latency_ms":[2,1]}')"
      "\n"
      R"(echo '{"protocol":1,"event":"done"}'; read -r line; exit 7)"
      "\n");
  auto first = w.measureInSession(model_, prepared_, plan({"bf16"}), 1, 1, 0, nullptr);
  EXPECT_EQ(first[0].result.status, ConfigStatus::Ok);
  auto second = w.measureInSession(model_, prepared_, plan({"bf16"}), 1, 1, 0, nullptr);
  EXPECT_EQ(second[0].result.status, ConfigStatus::Error);
  EXPECT_NE(second[0].result.message.find("exit 7"), std::string::npos) << second[0].result.message;
  auto third = w.measureInSession(model_, prepared_, plan({"bf16"}), 1, 1, 0, nullptr);
  EXPECT_EQ(third[0].result.status, ConfigStatus::Ok);  // a fresh process served it
}

// The answer a fake prepare prints.
constexpr const char* kPreparedLine =
    R"(echo '{"protocol":1,"event":"prepared","status":"ok","inputs":[{"shape":[4,16],"dtype":"float32"}],)"
    R"("outputs":[{"shape":[4,10],"dtype":"float32"}],"parameters":170,"weights_sha256":"ab",)"
    R"("load_s":0.1,"prepare_s":0.2,"torch":"2.11.0"}')"
    "\n";

TEST_F(FakeWorker, ThePreparingProcessServesTheFirstRound) {
  // prepare --serve stays and serves; a fresh process (`serve`) would answer with an error.
  auto w = worker(
      std::string("if [ \"$1\" = prepare ]; then\n") + kPreparedLine +
      R"(  while read -r line; do)"
      R"( echo '{"protocol":1,"event":"config","key":"bf16","status":"ok","latency_ms":[2,1]}';)"
      R"( echo '{"protocol":1,"event":"done"}'; done; exit 0)"
      "\nfi\n"
      R"(echo '{"protocol":1,"event":"ready","load_s":9}'; read -r line;)"
      R"( echo '{"protocol":1,"event":"config","key":"bf16","status":"error","message":"a fresh process"}';)"
      R"( echo '{"protocol":1,"event":"done"}')"
      "\n");
  const auto p = w.prepare(model_, {}, dir_.string(), 10000, nullptr);
  auto first = w.measureInSession(model_, p, plan({"bf16"}), 1, 1, 0, nullptr);
  EXPECT_EQ(first[0].result.status, ConfigStatus::Ok) << first[0].result.message;
  auto second = w.measureInSession(model_, p, plan({"bf16"}), 1, 1, 0, nullptr);
  EXPECT_EQ(second[0].result.status, ConfigStatus::Ok) << second[0].result.message;
}

TEST_F(FakeWorker, APreparingProcessThatEndedIsReplacedByAFreshSession) {
  // The preparing process exits instead of serving (a crash while idle): the first round starts a
  // fresh `serve`, and its configs are measured, not lost.
  const auto ended = dir_ / "prepare-ended";
  auto w = worker(
      std::string("if [ \"$1\" = prepare ]; then\n") + kPreparedLine + "  : >'" + ended.string() +
      "'; exit 0\nfi\n" +
      R"(echo '{"protocol":1,"event":"ready","load_s":0.5}'; read -r line;)"
      R"( echo '{"protocol":1,"event":"config","key":"bf16","status":"ok","latency_ms":[2,1]}';)"
      R"( echo '{"protocol":1,"event":"done"}')"
      "\n");
  const auto p = w.prepare(model_, {}, dir_.string(), 10000, nullptr);
  for (int i = 0; i < 100 && !fs::exists(ended); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // from its marker to its exit
  auto first = w.measureInSession(model_, p, plan({"bf16"}), 1, 1, 0, nullptr);
  EXPECT_EQ(first[0].result.status, ConfigStatus::Ok) << first[0].result.message;
  EXPECT_DOUBLE_EQ(w.lastLoadMs(), 500);  // the fresh process's load
}

TEST_F(FakeWorker, GarbageOnStdoutIsAnErrorNotACrash) {
  auto w = worker(
      "echo 'hello from a library that prints'\nhead -c 3000 /dev/zero | tr '\\0' 'x'\necho\n");
  const auto runs = w.measure(model_, prepared_, plan({"bf16"}), 1, 2, 0, nullptr);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].result.status, ConfigStatus::Error);
  EXPECT_NE(runs[0].result.message.find("not measured"), std::string::npos);
}

}  // namespace
}  // namespace inferscope::runner
