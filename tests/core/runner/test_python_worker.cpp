// The Python worker's protocol and process handling, with a fake worker: a shell script that
// prints the lines a real worker would (or misbehaves: hangs, crashes, lies), so the C++ side is
// tested without Python or PyTorch.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "core/common/error.h"
#include "core/common/sha256.h"
#include "core/runner/pinned_model.h"
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

// The worker's memory comes from the engine's probe in its instruments module: on the CPU the
// allocator hook's peak, named as the engine names it; where the probe could not run, why.
TEST(PythonWorkerProtocol, AConfigsMemoryNamesTheProbeThatMeasuredIt) {
  const auto cpu = parsePythonWorkerLine(
      R"({"protocol":1,"event":"config","key":"fp32","status":"ok","latency_ms":[2.0],)"
      R"("peak_allocated_bytes":65536,"peak_reserved_bytes":0,"memory_source":"cpu-allocator-hook"})",
      plan({"fp32"}));
  EXPECT_EQ(cpu.run.result.memory.peak_allocated_bytes, 65536);
  EXPECT_EQ(cpu.run.result.memory.peak_reserved_bytes, 0);
  EXPECT_EQ(cpu.run.result.memory.source, "cpu-allocator-hook");
  EXPECT_TRUE(cpu.run.memory_error.empty());

  const auto unprobed = parsePythonWorkerLine(
      R"({"protocol":1,"event":"config","key":"fp32","status":"ok","latency_ms":[2.0],)"
      R"("peak_allocated_bytes":0,"memory_source":"","memory_error":"missing ninja"})",
      plan({"fp32"}));
  EXPECT_EQ(unprobed.run.result.memory.source, "");
  EXPECT_EQ(unprobed.run.memory_error, "missing ninja");

  // A traced config names its window file and the worker's cuDNN; an untraced one says why.
  const auto traced = parsePythonWorkerLine(
      R"({"protocol":1,"event":"config","key":"fp32","status":"ok","latency_ms":[2.0],)"
      R"("trace":"/tmp/trace-fp32.json","cudnn_version":91900})",
      plan({"fp32"}));
  EXPECT_EQ(traced.run.trace_path, "/tmp/trace-fp32.json");
  EXPECT_EQ(traced.run.cudnn_version, 91900);
  const auto untraced = parsePythonWorkerLine(
      R"({"protocol":1,"event":"config","key":"fp32","status":"ok","latency_ms":[2.0],)"
      R"("trace_error":"untraced: CUPTI not available in this build"})",
      plan({"fp32"}));
  EXPECT_TRUE(untraced.run.trace_path.empty());
  EXPECT_EQ(untraced.run.trace_error, "untraced: CUPTI not available in this build");

  // A probe this InferScope does not know is not a figure it can label.
  EXPECT_THROW(
      parsePythonWorkerLine(
          R"({"protocol":1,"event":"config","key":"fp32","status":"ok","latency_ms":[2.0],)"
          R"("peak_allocated_bytes":1,"memory_source":"guesswork"})",
          plan({"fp32"})),
      Error);
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

TEST(PythonWorkerProtocol, ASamplesLineIsPartOfAConfigsSeries) {
  const auto p = plan({"fp32", "bf16"});
  const auto e = parsePythonWorkerLine(
      R"({"protocol":1,"event":"samples","key":"bf16","from":4,"latency_ms":[1.5,1.25],)"
      R"("host_ms":[1.6,1.3]})",
      p);
  ASSERT_EQ(e.kind, PythonWorkerEvent::Kind::Samples);
  EXPECT_EQ(e.samples.config.key(), "bf16");
  EXPECT_EQ(e.samples.first_iteration, 4);
  EXPECT_EQ(e.samples.latency_ms, (std::vector<double>{1.5, 1.25}));
  EXPECT_EQ(e.samples.host_ms, (std::vector<double>{1.6, 1.3}));
  // A config it was not given, no first iteration, a latency that is no time.
  EXPECT_THROW(parsePythonWorkerLine(
                   R"({"protocol":1,"event":"samples","key":"fp16","from":0,"latency_ms":[1]})", p),
               Error);
  EXPECT_THROW(
      parsePythonWorkerLine(R"({"protocol":1,"event":"samples","key":"fp32","latency_ms":[1]})", p),
      Error);
  EXPECT_THROW(
      parsePythonWorkerLine(
          R"({"protocol":1,"event":"samples","key":"fp32","from":0,"latency_ms":[-1]})", p),
      Error);
  // Asked for only where someone listens.
  EXPECT_EQ(pythonPlanJson(p, 1, 2, 0).find("stream_samples"), std::string::npos);
  EXPECT_NE(pythonPlanJson(p, 1, 2, 0, false, false, true).find(R"("stream_samples":true)"),
            std::string::npos);
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
  EXPECT_NE(text.find(R"("grad":"inference")"), std::string::npos);
  EXPECT_NE(text.find(R"("cudnn_deterministic":false)"), std::string::npos);
  EXPECT_NE(text.find(R"("cudnn_enabled":true)"), std::string::npos);
  EXPECT_NE(text.find(R"("compile_in_series":false)"), std::string::npos);  // the tuner's default
}

// The trace window the engine's `trace` settings ask for goes to the worker with the plan.
TEST(PythonWorkerProtocol, ThePlanCarriesTheTraceWindow) {
  const auto p = plan({"fp32"});
  EXPECT_EQ(pythonPlanJson(p, 1, 2, 0).find("\"trace\""), std::string::npos);
  PythonTraceWindow window;
  window.on = true;
  window.warmup_iterations = 2;
  window.steady_iterations = 7;
  window.convolutions = true;
  const auto doc = nlohmann::json::parse(pythonPlanJson(p, 1, 2, 0, false, false, false, window));
  EXPECT_EQ(doc["trace"]["warmup_iterations"], 2);
  EXPECT_EQ(doc["trace"]["steady_iterations"], 7);
  EXPECT_EQ(doc["trace"]["convolutions"], true);
}

TEST(PythonWorkerProtocol, ThePlanCarriesGradModesCudnnModesAndWhereTheCompileIsTimed) {
  const auto text = pythonPlanJson(
      plan({"nograd+fp32", "autograd+bf16", "fp32+det", "fp32+nocudnn"}), 3, 20, 0, true);
  EXPECT_NE(text.find(R"("grad":"nograd")"), std::string::npos);
  EXPECT_NE(text.find(R"("grad":"autograd")"), std::string::npos);
  EXPECT_NE(text.find(R"("cudnn_deterministic":true)"), std::string::npos);
  EXPECT_NE(text.find(R"("cudnn_enabled":false)"), std::string::npos);
  EXPECT_NE(text.find(R"("compile_in_series":true)"), std::string::npos);
  EXPECT_NE(text.find(R"("grad":"inference")"), std::string::npos);  // fp32+det's
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

TEST_F(FakeWorker, SamplesReachTheListenerAsTheyAreReadAndTheResultKeepsTheWholeSeries) {
  // The result comes a second after the first batch: a listener that sees that batch well before
  // measure() returns saw it while the config ran.
  auto w = worker(
      R"(echo '{"protocol":1,"event":"ready","load_s":0.1}')"
      "\n"
      R"(echo '{"protocol":1,"event":"samples","key":"fp32","from":0,"latency_ms":[3,2],"host_ms":[3,2]}')"
      "\n"
      "sleep 1\n"
      R"(echo '{"protocol":1,"event":"samples","key":"fp32","from":2,"latency_ms":[1],"host_ms":[1]}')"
      "\n"
      R"(echo '{"protocol":1,"event":"config","key":"fp32","status":"ok","latency_ms":[3,2,1,1],"warmup_iterations":1}')"
      "\n"
      R"(echo '{"protocol":1,"event":"done"}')"
      "\n");
  std::vector<PythonSampleBatch> batches;
  std::vector<double> seconds;
  const auto start = std::chrono::steady_clock::now();
  const auto since = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  w.setSampleListener([&](const PythonSampleBatch& b) {
    batches.push_back(b);
    seconds.push_back(since());
  });
  const auto runs = w.measure(model_, prepared_, plan({"fp32"}), 1, 3, 0, nullptr);
  const double ended_s = since();
  ASSERT_EQ(batches.size(), 2u);
  EXPECT_EQ(batches[0].first_iteration, 0);
  EXPECT_EQ(batches[0].latency_ms, (std::vector<double>{3, 2}));
  EXPECT_EQ(batches[1].first_iteration, 2);
  EXPECT_LT(seconds[0] + 0.5, ended_s);  // the first batch came well before the result
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].result.status, ConfigStatus::Ok);
  EXPECT_EQ(runs[0].result.latency_ms, (std::vector<double>{3, 2, 1, 1}));
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

// ---- Hostile user code: floods, deaths, dtypes, parent death, files swapped during a run ----

std::string readText(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The most memory this process has held (VmHWM), in bytes.
std::size_t peakResidentBytes() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
  }
  return 0;
}

TEST_F(FakeWorker, AStdoutFloodOfLinesIsCutAndReportedWithBoundedMemory) {
  // 200 MB of lines that are not protocol (a build() that prints to descriptor 1 in a loop).
  auto w = worker("yes 'hello from the model, on stdout' | head -c 200000000\n");
  const auto before = peakResidentBytes();
  const auto start = std::chrono::steady_clock::now();
  const auto runs = w.measure(model_, prepared_, plan({"bf16"}), 1, 2, 0, nullptr);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(20));
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].result.status, ConfigStatus::Error);
  EXPECT_NE(runs[0].result.message.find("flooded its protocol channel"), std::string::npos)
      << runs[0].result.message;
  EXPECT_LT(peakResidentBytes() - before, std::size_t{48} << 20);
}

TEST_F(FakeWorker, AStdoutFloodWithoutANewlineIsCutAtTheLineBound) {
  auto w = worker("head -c 200000000 /dev/zero | tr '\\0' x\n");
  const auto before = peakResidentBytes();
  const auto runs = w.measure(model_, prepared_, plan({"bf16"}), 1, 2, 0, nullptr);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_NE(runs[0].result.message.find("flooded its protocol channel"), std::string::npos)
      << runs[0].result.message;
  // The line's bound (16 MiB) and what growing a string to it reserves; never the 200 MB.
  EXPECT_LT(peakResidentBytes() - before, std::size_t{80} << 20);
}

TEST_F(FakeWorker, AProtocolLineOverItsBoundIsReportedAndSkipped) {
  auto w = worker(
      "head -c 17000000 /dev/zero | tr '\\0' x; echo\n"
      R"(echo '{"protocol":1,"event":"config","key":"bf16","status":"ok","latency_ms":[2,1]}')"
      "\n"
      R"(echo '{"protocol":1,"event":"done"}')"
      "\n");
  const auto runs = w.measure(model_, prepared_, plan({"bf16", "fp16"}), 1, 2, 0, nullptr);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].result.status, ConfigStatus::Ok);  // the lines after it still count
  EXPECT_NE(runs[1].result.message.find("longer than 16777216 bytes"), std::string::npos)
      << runs[1].result.message;
}

TEST_F(FakeWorker, ALogFloodKeepsTheLogUnderItsCapWithItsLastLines) {
  PythonWorkerLimits limits;
  limits.log_bytes = std::size_t{1} << 20;
  const auto script = dir_ / "worker.sh";
  std::ofstream(script) << "yes 'a line the model prints to stderr' | head -c 30000000 >&2\n"
                           "echo 'the last line it printed' >&2\nexit 5\n";
  PythonWorker w("/bin/sh", script.string(), "cuda:0", (dir_ / "logs").string(), limits);
  const auto runs = w.measure(model_, prepared_, plan({"bf16"}), 1, 2, 0, nullptr);
  std::uintmax_t total = 0;
  for (const auto& entry : fs::directory_iterator(dir_ / "logs")) total += entry.file_size();
  EXPECT_LE(total, limits.log_bytes);
  EXPECT_GT(total, limits.log_bytes / 4);  // the tail is kept, not dropped
  // A worker that dies says how, with what it printed last.
  EXPECT_NE(runs[0].result.message.find("exit 5"), std::string::npos) << runs[0].result.message;
  EXPECT_NE(runs[0].result.message.find("the last line it printed"), std::string::npos)
      << runs[0].result.message;
}

TEST_F(FakeWorker, TheLogFolderIsCappedAcrossWorkers) {
  PythonWorkerLimits limits;
  limits.log_bytes = std::size_t{1} << 20;
  limits.log_folder_bytes = std::size_t{2} << 20;
  const auto script = dir_ / "worker.sh";
  std::ofstream(script) << "yes 'printed' | head -c 900000 >&2\nexit 1\n";
  PythonWorker w("/bin/sh", script.string(), "cuda:0", (dir_ / "logs").string(), limits);
  for (int i = 0; i < 8; ++i) w.measure(model_, prepared_, plan({"bf16"}), 1, 2, 0, nullptr);
  std::uintmax_t total = 0;
  for (const auto& entry : fs::directory_iterator(dir_ / "logs")) total += entry.file_size();
  // The folder's cap, plus the newest worker's log, written after the oldest were removed.
  EXPECT_LE(total, limits.log_folder_bytes + limits.log_bytes);
}

TEST_F(FakeWorker, AWorkerKilledByASignalIsReportedWithItAndItsLastLines) {
  auto w = worker("echo 'Segfaulting in the extension now' >&2\nkill -SEGV $$\n");
  try {
    w.prepare(model_, {}, dir_.string(), 10000, nullptr);
    FAIL() << "a crashed prepare returned";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::ModelLoad);
    EXPECT_NE(std::string(e.what()).find("signal 11"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("Segfaulting in the extension now"), std::string::npos)
        << e.what();
  }
}

TEST_F(FakeWorker, AWorkerThatExitsWithoutAWordGivesItsExitCode) {
  auto w = worker("exit 0\n");  // sys.exit() in build(): no answer, no message
  try {
    w.prepare(model_, {}, dir_.string(), 10000, nullptr);
    FAIL() << "a prepare without an answer returned";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("ended without an answer (exit 0)"), std::string::npos)
        << e.what();
  }
}

TEST_F(FakeWorker, UnsupportedInputDtypesAreRefusedAtOnce) {
  // The worker stays to serve (prepare --serve): the refusal must not wait for it.
  for (
      const char* line :
      {R"(echo '{"protocol":1,"event":"prepared","status":"ok","inputs":[{"shape":[4,16],"dtype":"float64"}],"outputs":[{"shape":[4],"dtype":"float32"}]}')",
       R"(echo '{"protocol":1,"event":"error","status":"unsupported","message":"the example input 0 is uint8"}')"}) {
    auto w = worker(std::string(line) + "\nsleep 60\n");
    const auto start = std::chrono::steady_clock::now();
    try {
      w.prepare(model_, {}, dir_.string(), 60000, nullptr);
      FAIL() << "a float64 input was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::Unsupported) << e.what();
      EXPECT_NE(std::string(e.what()).find("example input 0 is"), std::string::npos) << e.what();
    }
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  }
  auto w = worker(
      R"(echo '{"protocol":1,"event":"prepared","status":"ok","inputs":[{"shape":[4,16],"dtype":"uint8"}],"outputs":[]}')"
      "\n");
  try {
    w.prepare(model_, {}, dir_.string(), 60000, nullptr);
    FAIL() << "a uint8 input was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("float32, float16, bfloat16, int64, int32"),
              std::string::npos)
        << e.what();
  }
}

// Whether `pid` is gone: no such process, or a zombie nobody has reaped yet (it runs no code).
bool processGone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return true;
  const auto paren = text.rfind(')');
  return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] == 'Z';
}

TEST_F(FakeWorker, TheWorkerDiesWithItsParentWhateverEndsIt) {
  const auto pid_file = dir_ / "worker.pid";
  for (int sig : {SIGKILL, SIGHUP, SIGTERM, SIGINT}) {
    fs::remove(pid_file);
    // Busy in the user's code: a loop in the worker process itself, at 100 % CPU.
    const auto script = dir_ / "worker.sh";
    std::ofstream(script) << "echo $$ >'" << pid_file.string() << ".tmp'; mv '" << pid_file.string()
                          << ".tmp' '" << pid_file.string() << "'\nwhile :; do :; done\n";
    const pid_t parent = ::fork();
    ASSERT_GE(parent, 0);
    if (parent == 0) {  // the CLI's stand-in: measures, with no deadline, until it is ended
      for (int s : {SIGHUP, SIGTERM, SIGINT}) ::signal(s, SIG_DFL);  // a shell may ignore SIGINT
      PythonWorker w("/bin/sh", script.string(), "cuda:0", (dir_ / "logs").string());
      w.measure(model_, prepared_, plan({"bf16"}), 1, 2, 0, nullptr);
      ::_exit(0);
    }
    for (int i = 0; i < 200 && !fs::exists(pid_file); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
    ASSERT_TRUE(fs::exists(pid_file)) << "signal " << sig;
    const pid_t worker_pid = std::stoi(readText(pid_file));
    ASSERT_FALSE(processGone(worker_pid));
    ::kill(parent, sig);
    int status = 0;
    ::waitpid(parent, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status)) << "signal " << sig;
    const auto died = std::chrono::steady_clock::now();
    while (!processGone(worker_pid) &&
           std::chrono::steady_clock::now() - died < std::chrono::seconds(1))
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const bool gone = processGone(worker_pid);
    if (!gone) ::kill(worker_pid, SIGKILL);
    EXPECT_TRUE(gone) << "the worker outlived its parent by a second after signal " << sig;
  }
}

// The worker's stand-in for the swap tests: records every start, with the bytes of the model file
// it was given, in ran.log.
constexpr const char* kRecordingWorker =
    "for a in \"$@\"; do case $a in py:*) f=${a#py:}; f=${f%:*};; ep:*) f=${a#ep:};; esac; done\n"
    "echo \"ran $(cat \"$f\")\" >>\"$(dirname \"$0\")/ran.log\"\n"
    R"(echo '{"protocol":1,"event":"config","key":"bf16","status":"ok","latency_ms":[2,1]}')"
    "\n"
    R"(echo '{"protocol":1,"event":"done"}')"
    "\n";

void writeFile(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::trunc) << text;
}

TEST_F(FakeWorker, AFileSwappedDuringTheRunNeverRunsAndStopsTheRun) {
  struct Case {
    ModelSource source;
    const char* name;
    bool symlink;
  };
  for (const auto& c : {Case{ModelSource::PythonEntry, "model.py", false},
                        Case{ModelSource::PythonEntry, "model.py", true},
                        Case{ModelSource::ExportedProgram, "model.pt2", false},
                        Case{ModelSource::ExportedProgram, "model.pt2", true}}) {
    SCOPED_TRACE(std::string(c.name) + (c.symlink ? " (symlink)" : ""));
    fs::remove(dir_ / "ran.log");
    const auto real = dir_ / (std::string("real-") + c.name);
    writeFile(real, "trusted bytes\n");
    const auto given = dir_ / c.name;
    fs::remove(given);
    if (c.symlink) {
      fs::create_symlink(real, given);
    } else {
      fs::copy_file(real, given);
    }
    ModelRef model = model_;
    model.source = c.source;
    model.path = given.string();
    model.trusted_sha256 = sha256OfFile(given.string());
    PinnedModel pinned(model);
    ASSERT_TRUE(pinned.active());
    EXPECT_NE(model.path, given.string());
    auto w = worker(kRecordingWorker);
    const auto first = w.measure(model, prepared_, plan({"bf16"}), 1, 2, 0, nullptr);
    EXPECT_EQ(first[0].result.status, ConfigStatus::Ok) << first[0].result.message;
    // Swapped during the run: a new file under the name, or the link pointed elsewhere.
    const auto other = dir_ / (std::string("other-") + c.name);
    writeFile(other, "SWAPPED code\n");
    if (c.symlink) {
      fs::remove(given);
      fs::create_symlink(other, given);
    } else {
      fs::rename(other, given);
    }
    try {
      w.measure(model, prepared_, plan({"bf16"}), 1, 2, 0, nullptr);
      FAIL() << "a worker started from a swapped file";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
      EXPECT_NE(std::string(e.what()).find("changed during the run; nothing else from it runs"),
                std::string::npos)
          << e.what();
      EXPECT_NE(std::string(e.what()).find(given.string()), std::string::npos) << e.what();
    }
    // Put back as it was: the run is still over for it.
    if (c.symlink) {
      fs::remove(given);
      fs::create_symlink(real, given);
    }
    EXPECT_THROW(checkPinnedModels({model.path}), Error);
    EXPECT_EQ(readText(dir_ / "ran.log"), "ran trusted bytes\n");  // once, the trusted bytes
  }
}

TEST(PinnedModelTest, ThePinIsAPrivateCopyAndTouchingTheFileIsNoChange) {
  const auto dir = fs::temp_directory_path() / ("inferscope_pin_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto file = dir / "m.pt";
  writeFile(file, "torchscript bytes");
  ModelRef model;
  model.source = ModelSource::TorchScript;
  model.name = "m.pt";
  model.path = file.string();
  model.trusted_sha256 = sha256OfFile(file.string());
  std::string folder;
  {
    PinnedModel pinned(model);
    ASSERT_TRUE(pinned.active());
    EXPECT_EQ(pinned.originalPath(), file.string());
    EXPECT_EQ(fs::path(model.path).filename(), "m.pt");
    EXPECT_EQ(readText(model.path), "torchscript bytes");
    folder = fs::path(model.path).parent_path().string();
    struct stat s {};
    ASSERT_EQ(::stat(folder.c_str(), &s), 0);
    EXPECT_EQ(s.st_mode & 0777, 0700u);
    EXPECT_EQ(pinnedOriginal(model.path), file.string());
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    writeFile(file, "torchscript bytes");  // written again, the same bytes: no change
    EXPECT_NO_THROW(checkPinnedModels({model.path}));
    EXPECT_NO_THROW(checkPinnedModels({"/some/other/model.pt"}));  // not pinned: not checked
    writeFile(file, "torchscript bytes, edited");                  // edited in place
    EXPECT_THROW(checkPinnedModels({model.path}), Error);
  }
  EXPECT_FALSE(fs::exists(folder));  // removed with the run
  // A file that no longer hashes to what was trusted is not pinned at all.
  model.path = file.string();
  EXPECT_THROW(PinnedModel{model}, Error);
  // A folder left by a run whose process ended (killed: no destructor ran) goes at the next pin;
  // one kept for compile helpers stays.
  const pid_t ended = ::fork();
  if (ended == 0) ::_exit(0);
  ::waitpid(ended, nullptr, 0);
  const auto left = dir / ("inferscope-pinned-" + std::to_string(ended) + "-abcdef");
  const auto kept = dir / ("inferscope-pinned-" + std::to_string(ended) + "-ghijkl");
  const auto alive = dir / ("inferscope-pinned-" + std::to_string(::getpid()) + "-mnopqr");
  for (const auto& d : {left, kept, alive}) {
    fs::create_directories(d);
    writeFile(d / "m.pt", "bytes");
  }
  writeFile(kept / ".kept", "");
  writeFile(file, "torchscript bytes");
  model.path = file.string();
  {
    PinnedModel again(model, dir.string());
    EXPECT_EQ(fs::path(model.path).parent_path().parent_path(), dir);
  }
  EXPECT_FALSE(fs::exists(left));
  EXPECT_TRUE(fs::exists(kept));
  EXPECT_TRUE(fs::exists(alive));
  // A zoo model has no file to pin.
  ModelRef zoo;
  zoo.name = "resnet18";
  PinnedModel none(zoo);
  EXPECT_FALSE(none.active());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace inferscope::runner
