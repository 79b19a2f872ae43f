// Isolation (runIsolated, runPlanInWorkers) with fake workers: /bin/sh scripts that print what a
// real worker prints, or crash, hang, print garbage or exit early. The parent must turn each into
// that config's status and go on.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <mutex>
#include <thread>
#include <vector>

#include "core/common/error.h"
#include "core/common/sha256.h"
#include "core/runner/bounded_log.h"
#include "core/runner/exit_code.h"
#include "core/runner/isolated_runner.h"
#include "worker_scripts.h"

namespace inferscope::runner {
namespace {

using testing::okResult;
using testing::WorkerScripts;

// Records what the run layer reports.
struct RecordingSink : EventSink {
  void onConfigStart(int index, int count, const OptimizationConfig& config) override {
    starts.push_back(config.key() + "@" + std::to_string(index) + "/" + std::to_string(count));
  }
  void onSample(const Sample& s) override { samples.push_back(s); }
  void onConfigDone(const ConfigResult& r) override { done.push_back(r); }
  void onLog(LogLevel level, const std::string& message) override {
    if (level != LogLevel::Info) warnings.push_back(message);
  }
  void onSessionDone(const SessionResult&) override { ++sessions_done; }
  std::vector<std::string> starts, warnings;
  std::vector<Sample> samples;
  std::vector<ConfigResult> done;
  int sessions_done = 0;
};

ProfileRequest planOf(const std::vector<std::string>& keys) {
  ProfileRequest r;
  r.plan.clear();  // not the default plan
  for (const auto& k : keys) r.plan.push_back(OptimizationConfig::parse(k));
  return r;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(IsolatedRunner, EachConfigRunsInItsOwnWorkerWithItsRequestAndTheTrustOnDescriptor3) {
  WorkerScripts w;
  w.writeEvents("fp32.ndjson", okResult("fp32", 4.0));
  w.writeEvents("bf16.ndjson", okResult("bf16", 2.0));
  IsolationOptions o;
  o.launcher = w.launcher(
      "echo \"$ARGS\" >>\"$DIR/args\"; cat <&3 >>\"$DIR/trust\"; "
      "cp \"$REQUEST\" \"$DIR/request-$KEY.json\"; cat \"$DIR/$KEY.ndjson\"");
  std::vector<pid_t> running;
  std::mutex m;
  o.launcher.worker_running = [&](pid_t pid) {
    const std::lock_guard<std::mutex> lock(m);
    running.push_back(pid);
  };
  auto request = planOf({"fp32", "bf16"});
  request.model.trusted_sha256 = std::string(64, 'a');
  RecordingSink sink;
  CancelToken cancel;
  const auto session = runIsolated(request, sink, cancel, o);

  ASSERT_EQ(session.configs.size(), 2u);
  EXPECT_EQ(session.configs[0].config.key(), "fp32");
  EXPECT_EQ(session.configs[0].status, ConfigStatus::Ok) << session.configs[0].message;
  EXPECT_NEAR(session.configs[0].stats.median_ms, 4.0, 1e-9);
  EXPECT_EQ(session.configs[1].index, 1);
  EXPECT_NEAR(session.configs[1].stats.median_ms, 2.0, 1e-9);
  EXPECT_TRUE(session.request.run.reference_last);  // context creation lands in the config
  EXPECT_EQ(session.device.name, "Fake GPU");       // from the workers' session_done
  EXPECT_FALSE(session.cancelled);
  EXPECT_EQ(sink.starts, (std::vector<std::string>{"fp32@0/2", "bf16@1/2"}));
  EXPECT_EQ(sink.samples.size(), 40u);
  EXPECT_EQ(sink.done.size(), 2u);
  EXPECT_EQ(sink.sessions_done, 1);
  // The fixed arguments first, then the request's; the trust on descriptor 3, never an argument.
  const auto args = w.lines("args");
  ASSERT_EQ(args.size(), 2u);
  EXPECT_TRUE(contains(args[0], "worker --request ")) << args[0];
  EXPECT_TRUE(contains(args[0], " --parent-pid " + std::to_string(::getpid()))) << args[0];
  EXPECT_FALSE(contains(args[0], std::string(64, 'a')));
  EXPECT_EQ(w.lines("trust"),
            (std::vector<std::string>{std::string(64, 'a'), std::string(64, 'a')}));
  // Each worker's request holds its config alone, to run before the reference.
  const auto bf16_request = w.lines("request-bf16.json");
  ASSERT_FALSE(bf16_request.empty());
  EXPECT_FALSE(contains(bf16_request.front(), "\"fp32\"")) << bf16_request.front();
  // The tracker heard of each worker, then of its end.
  ASSERT_EQ(running.size(), 4u);
  EXPECT_GT(running[0], 0);
  EXPECT_EQ(running[1], 0);
  EXPECT_GT(running[2], 0);
  EXPECT_EQ(running[3], 0);
}

TEST(IsolatedRunner, ACrashOrAnEarlyExitCostsThatConfigAndTheRunGoesOn) {
  WorkerScripts w;
  w.writeEvents("fp32.ndjson", okResult("fp32", 4.0));
  IsolationOptions o;
  o.launcher = w.launcher(
      "case $KEY in bf16) kill -SEGV $$;; fp16) exit 4;; amp-bf16) exit 3;; "
      "*) cat \"$DIR/$KEY.ndjson\";; esac");
  RecordingSink sink;
  CancelToken cancel;
  const auto s = runIsolated(planOf({"bf16", "fp16", "amp-bf16", "fp32"}), sink, cancel, o);
  ASSERT_EQ(s.configs.size(), 4u);
  EXPECT_EQ(s.configs[0].status, ConfigStatus::Error);
  EXPECT_TRUE(contains(s.configs[0].message, "crashed with signal 11")) << s.configs[0].message;
  // Exit code 4 is the worker's "unsupported here", reported as such.
  EXPECT_EQ(s.configs[1].status, ConfigStatus::Unsupported) << s.configs[1].message;
  EXPECT_TRUE(contains(s.configs[1].message, "exited with code 4")) << s.configs[1].message;
  EXPECT_EQ(s.configs[2].status, ConfigStatus::Error);
  EXPECT_TRUE(contains(s.configs[2].message, "exited with code 3 before reporting a result"))
      << s.configs[2].message;
  EXPECT_EQ(s.configs[3].status, ConfigStatus::Ok) << s.configs[3].message;
  EXPECT_EQ(sink.warnings.size(), 3u);
}

TEST(IsolatedRunner, GarbageOnStdoutIsReportedAndTheConfigFails) {
  WorkerScripts w;
  IsolationOptions o;
  o.launcher = w.launcher("echo 'this is not json'; echo '{\"protocol\":1,\"event\":\"nope\"}'");
  RecordingSink sink;
  CancelToken cancel;
  const auto s = runIsolated(planOf({"fp32"}), sink, cancel, o);
  ASSERT_EQ(s.configs.size(), 1u);
  EXPECT_EQ(s.configs[0].status, ConfigStatus::Error);
  EXPECT_TRUE(contains(s.configs[0].message, "exited with code 0 before reporting a result"))
      << s.configs[0].message;
  ASSERT_GE(sink.warnings.size(), 2u);
  EXPECT_TRUE(contains(sink.warnings[0], "unreadable line")) << sink.warnings[0];
}

TEST(IsolatedRunner, AHungWorkerIsKilledAtItsTimeout) {
  WorkerScripts w;
  IsolationOptions o;
  o.launcher = w.launcher("exec sleep 30");
  o.timeout_s = 0.5;
  RecordingSink sink;
  CancelToken cancel;
  const auto started = std::chrono::steady_clock::now();
  const auto s = runIsolated(planOf({"fp32"}), sink, cancel, o);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
  ASSERT_EQ(s.configs.size(), 1u);
  EXPECT_EQ(s.configs[0].status, ConfigStatus::Error);
  EXPECT_TRUE(contains(s.configs[0].message, "timed out")) << s.configs[0].message;
}

TEST(IsolatedRunner, ACancelStopsTheWorkerAndTheConfigsAfterIt) {
  WorkerScripts w;
  IsolationOptions o;
  o.launcher = w.launcher("exec sleep 30");
  RecordingSink sink;
  CancelToken cancel;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cancel.cancel();
  });
  const auto started = std::chrono::steady_clock::now();
  const auto s = runIsolated(planOf({"fp32", "bf16"}), sink, cancel, o);
  canceller.join();
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
  EXPECT_TRUE(s.cancelled);
  ASSERT_EQ(s.configs.size(), 1u);  // bf16 never started
  EXPECT_EQ(s.configs[0].status, ConfigStatus::Cancelled);
}

TEST(IsolatedRunner, NoWorkerProgramIsAClearError) {
  IsolationOptions o;  // no launcher: the front end must name its worker
  RecordingSink sink;
  CancelToken cancel;
  try {
    runIsolated(planOf({"fp32"}), sink, cancel, o);
    FAIL() << "ran without a worker";
  } catch (const Error& e) {
    EXPECT_TRUE(contains(e.what(), "WorkerLauncher::executable")) << e.what();
  }
}

TEST(IsolatedRunner, TheScheduleChoosesWhichEntryRunsNext) {
  WorkerScripts w;
  for (const auto* key : {"fp32", "bf16", "fp16"})
    w.writeEvents(std::string(key) + ".ndjson", okResult(key, 1.0));
  IsolationOptions o;
  o.launcher = w.launcher("cat \"$DIR/$KEY.ndjson\"");
  std::vector<int> order{2, 0, -1};
  std::size_t asked = 0;
  o.next = [&](int) { return order[asked++]; };
  RecordingSink sink;
  CancelToken cancel;
  const auto s = runIsolated(planOf({"fp32", "bf16", "fp16"}), sink, cancel, o);
  ASSERT_EQ(s.configs.size(), 2u);  // -1: nothing more
  EXPECT_EQ(s.configs[0].config.key(), "fp16");
  EXPECT_EQ(s.configs[0].index, 2);
  EXPECT_EQ(s.configs[1].config.key(), "fp32");
  EXPECT_EQ(s.configs[1].index, 0);
}

// runPlanInWorkers: the whole plan in one worker; a crash costs the config it was in, and a fresh
// worker runs the ones after it.
TEST(PlanWorkers, ACrashCostsTheConfigItWasInAndAFreshWorkerRunsTheRest) {
  WorkerScripts w;
  w.writeEvents("a.ndjson", okResult("fp32", 3.0));
  w.writeEvents("c.ndjson", okResult("fp16", 1.5));
  // First worker: fp32 done, bf16 started, then a crash. Second worker (plan from fp16): fp16.
  PlanWorkerOptions o;
  o.launcher = w.launcher(
      "echo \"$KEY\" >>\"$DIR/workers\"\n"
      "if [ \"$KEY\" = fp32 ]; then grep -v session_done \"$DIR/a.ndjson\"; "
      "echo "
      "'{\"protocol\":1,\"event\":\"config_start\",\"index\":1,\"count\":3,\"key\":\"bf16\"}'; "
      "kill -KILL $$; fi\n"
      "cat \"$DIR/c.ndjson\"");
  RecordingSink sink;
  CancelToken cancel;
  const auto s = runPlanInWorkers(planOf({"fp32", "bf16", "fp16"}), sink, cancel, o);
  ASSERT_EQ(s.configs.size(), 3u);
  EXPECT_EQ(s.configs[0].status, ConfigStatus::Ok) << s.configs[0].message;
  EXPECT_NEAR(s.configs[0].stats.median_ms, 3.0, 1e-9);
  EXPECT_EQ(s.configs[1].config.key(), "bf16");
  EXPECT_EQ(s.configs[1].status, ConfigStatus::Error);
  EXPECT_TRUE(contains(s.configs[1].message, "crashed in a worker")) << s.configs[1].message;
  EXPECT_EQ(s.configs[2].status, ConfigStatus::Ok) << s.configs[2].message;
  EXPECT_EQ(s.configs[2].index, 2);
  EXPECT_NEAR(s.configs[2].stats.median_ms, 1.5, 1e-9);
  EXPECT_EQ(w.lines("workers"), (std::vector<std::string>{"fp32", "fp16"}));
}

TEST(PlanWorkers, AModelThatFailsToLoadFailsTheRunWithItsError) {
  WorkerScripts w;
  PlanWorkerOptions o;
  o.launcher = w.launcher(std::string("exit ") + std::to_string(kExitModelLoad));
  RecordingSink sink;
  CancelToken cancel;
  try {
    runPlanInWorkers(planOf({"fp32", "bf16"}), sink, cancel, o);
    FAIL() << "a worker that could not load the model did not fail the run";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::ModelLoad);
    EXPECT_TRUE(contains(e.what(), "before its first config")) << e.what();
  }
}

TEST(PlanWorkers, ASilentConfigIsTakenAsHungUnderADeadline) {
  WorkerScripts w;
  PlanWorkerOptions o;
  o.launcher = w.launcher(
      "echo "
      "'{\"protocol\":1,\"event\":\"config_start\",\"index\":0,\"count\":1,\"key\":\"fp32\"}'; "
      "exec sleep 30");
  o.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(600);
  o.silent_config_grace_ms = 100;
  RecordingSink sink;
  CancelToken cancel;
  const auto s = runPlanInWorkers(planOf({"fp32"}), sink, cancel, o);
  ASSERT_EQ(s.configs.size(), 1u);
  EXPECT_EQ(s.configs[0].status, ConfigStatus::Error);
  EXPECT_TRUE(contains(s.configs[0].message, "hung in a worker")) << s.configs[0].message;
}

TEST(ExitCodes, EveryErrorKindHasItsCodeAndTheCodesReadBack) {
  EXPECT_EQ(exitCodeFor(ErrorKind::InvalidInput), 2);
  EXPECT_EQ(exitCodeFor(ErrorKind::ModelLoad), 3);
  EXPECT_EQ(exitCodeFor(ErrorKind::Unsupported), 4);
  EXPECT_EQ(exitCodeFor(ErrorKind::OutOfMemory), 5);
  EXPECT_EQ(exitCodeFor(ErrorKind::Runtime), 5);
  EXPECT_EQ(exitCodeFor(ErrorKind::Cancelled), 130);
  for (auto kind :
       {ErrorKind::InvalidInput, ErrorKind::ModelLoad, ErrorKind::Unsupported, ErrorKind::Runtime})
    EXPECT_EQ(errorKindOfExitCode(exitCodeFor(kind)), kind);
  EXPECT_FALSE(errorKindOfExitCode(0));
  EXPECT_FALSE(errorKindOfExitCode(1));
  EXPECT_FALSE(errorKindOfExitCode(130));  // stopped, which says nothing of the model
}

// ---- the trusted model file, pinned for every isolation worker (profile, sweep, trace, cudnn) --

void writeText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// A profile with a worker per config (--isolate) of a trusted TorchScript file `model_path`:
// each worker notes the model path of its request, then prints its config's result, then runs
// `after` (the swap).
struct PinnedRunFixture {
  WorkerScripts w;
  ProfileRequest request;
  IsolationOptions isolation;
  explicit PinnedRunFixture(const std::string& model_path, const std::string& after) {
    w.writeEvents("fp32.ndjson", okResult("fp32", 4.0));
    w.writeEvents("bf16.ndjson", okResult("bf16", 2.0));
    w.writeEvents("fp16.ndjson", okResult("fp16", 2.0));
    request = planOf({"fp32", "bf16", "fp16"});
    request.run.roofline = false;
    request.model.source = ModelSource::TorchScript;
    request.model.path = model_path;
    request.model.trusted_sha256 = sha256OfFile(model_path);
    isolation.launcher = w.launcher(
        "grep -o '\"path\":\"[^\"]*\"' \"$REQUEST\" >>\"$DIR/loaded\"; cat \"$DIR/$KEY.ndjson\"; " +
        after);
  }
};

TEST(PinnedRun, AModelFileSwappedBetweenIsolationWorkersStopsTheRunAndNoWorkerLoadsIt) {
  WorkerScripts files;
  const std::string model = files.dir() + "/m.pt";
  writeText(model, "the trusted TorchScript bytes");
  // The first worker replaces the file the user trusted (as another process could at any time).
  PinnedRunFixture f(model, "printf 'other code' >'" + model + "'");
  RecordingSink sink;
  CancelToken cancel;
  try {
    runIsolated(f.request, sink, cancel, f.isolation);
    FAIL() << "a run whose model file changed went on";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);  // exit 2, as for tune
    EXPECT_TRUE(contains(e.what(), "'" + model + "' changed during the run")) << e.what();
    EXPECT_TRUE(contains(e.what(), "nothing else from it runs")) << e.what();
  }
  // One worker ran, from the private copy, never from the user's path; none after the swap.
  const auto loaded = f.w.lines("loaded");
  ASSERT_EQ(loaded.size(), 1u);
  EXPECT_TRUE(contains(loaded[0], "inferscope-pinned-")) << loaded[0];
  EXPECT_FALSE(contains(loaded[0], files.dir())) << loaded[0];
  ASSERT_EQ(sink.done.size(), 1u);  // the first config's result, and no failed config after it
  EXPECT_EQ(sink.done[0].status, ConfigStatus::Ok);
  // The copy went with the run.
  const std::string copy = loaded[0].substr(8, loaded[0].size() - 9);  // "path":"…"
  EXPECT_NE(::access(copy.c_str(), F_OK), 0) << copy;
}

TEST(PinnedRun, ASymlinkRepointedBetweenIsolationWorkersStopsTheRun) {
  WorkerScripts files;
  const std::string trusted = files.dir() + "/trusted.pt", other = files.dir() + "/other.pt";
  const std::string link = files.dir() + "/m.pt";
  writeText(trusted, "the trusted TorchScript bytes");
  writeText(other, "other code");
  ASSERT_EQ(::symlink(trusted.c_str(), link.c_str()), 0);
  PinnedRunFixture f(link, "ln -sf '" + other + "' '" + link + "'");
  RecordingSink sink;
  CancelToken cancel;
  try {
    runIsolated(f.request, sink, cancel, f.isolation);
    FAIL() << "a run whose model symlink was re-pointed went on";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    EXPECT_TRUE(contains(e.what(), "'" + link + "' changed during the run")) << e.what();
  }
  EXPECT_EQ(f.w.lines("loaded").size(), 1u);
}

TEST(PinnedRun, AnUnchangedFileRunsEveryWorkerFromTheCopyAndTheSessionNamesTheUsersFile) {
  WorkerScripts files;
  const std::string model = files.dir() + "/m.pt";
  writeText(model, "the trusted TorchScript bytes");
  // A touch and the same bytes written again are no change.
  PinnedRunFixture f(model, "printf 'the trusted TorchScript bytes' >'" + model + "'");
  RecordingSink sink;
  CancelToken cancel;
  const auto out = runIsolated(f.request, sink, cancel, f.isolation);
  ASSERT_EQ(out.configs.size(), 3u);
  for (const auto& c : out.configs) EXPECT_EQ(c.status, ConfigStatus::Ok) << c.message;
  EXPECT_EQ(out.request.model.path, model);
  const auto loaded = f.w.lines("loaded");
  ASSERT_EQ(loaded.size(), 3u);
  for (const auto& l : loaded) EXPECT_TRUE(contains(l, "inferscope-pinned-")) << l;
}

TEST(PinnedRun, AFileChangedBeforeTheRunIsRefusedBeforeAnyWorker) {
  WorkerScripts files;
  const std::string model = files.dir() + "/m.pt";
  writeText(model, "the trusted TorchScript bytes");
  PinnedRunFixture f(model, "true");
  writeText(model, "other code");  // after the trust check, before the run
  RecordingSink sink;
  CancelToken cancel;
  EXPECT_THROW(runIsolated(f.request, sink, cancel, f.isolation), Error);
  EXPECT_TRUE(f.w.lines("loaded").empty());
}

// ---- a worker flooding its event channel ------------------------------------------------------

TEST(IsolatedRunner, AWorkerFloodingStdoutIsStoppedAndItsLinesAreNotKept) {
  WorkerScripts w;
  w.writeEvents("bf16.ndjson", okResult("bf16", 2.0));
  IsolationOptions o;
  // fp32 prints lines that are no events without end (`yes`); bf16 is a well-behaved worker.
  o.launcher = w.launcher(
      "echo \"$KEY\" >>\"$DIR/workers\"\n"
      "if [ \"$KEY\" = fp32 ]; then yes 'print from the model'; fi\n"
      "cat \"$DIR/$KEY.ndjson\"");
  RecordingSink sink;
  CancelToken cancel;
  const auto started = std::chrono::steady_clock::now();
  const auto s = runIsolated(planOf({"fp32", "bf16"}), sink, cancel, o);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(20));
  ASSERT_EQ(s.configs.size(), 2u);
  EXPECT_EQ(s.configs[0].status, ConfigStatus::Error);
  EXPECT_TRUE(contains(s.configs[0].message, "flooded its event channel (stdout) with 1001 lines"))
      << s.configs[0].message;
  EXPECT_EQ(s.configs[1].status, ConfigStatus::Ok) << s.configs[1].message;  // the run went on
  // Five lines quoted, one summary, the config's failure: not a warning per line.
  ASSERT_EQ(sink.warnings.size(), 7u);
  EXPECT_TRUE(contains(sink.warnings[0], "print from the model")) << sink.warnings[0];
  EXPECT_TRUE(contains(sink.warnings[5], "not shown")) << sink.warnings[5];
  EXPECT_EQ(w.lines("workers"), (std::vector<std::string>{"fp32", "bf16"}));
}

TEST(PlanWorkers, AWorkerFloodingStdoutCostsTheConfigItWasInAndAFreshWorkerRunsTheRest) {
  WorkerScripts w;
  w.writeEvents("a.ndjson", okResult("fp32", 3.0));
  w.writeEvents("c.ndjson", okResult("fp16", 1.5));
  PlanWorkerOptions o;
  o.launcher = w.launcher(
      "echo \"$KEY\" >>\"$DIR/workers\"\n"
      "if [ \"$KEY\" = fp32 ]; then grep -v session_done \"$DIR/a.ndjson\"; "
      "echo "
      "'{\"protocol\":1,\"event\":\"config_start\",\"index\":1,\"count\":3,\"key\":\"bf16\"}'; "
      "yes 'print from the model'; fi\n"
      "cat \"$DIR/c.ndjson\"");
  RecordingSink sink;
  CancelToken cancel;
  const auto s = runPlanInWorkers(planOf({"fp32", "bf16", "fp16"}), sink, cancel, o);
  ASSERT_EQ(s.configs.size(), 3u);
  EXPECT_EQ(s.configs[0].status, ConfigStatus::Ok) << s.configs[0].message;
  EXPECT_EQ(s.configs[1].status, ConfigStatus::Error);
  EXPECT_TRUE(contains(s.configs[1].message, "flooded its event channel")) << s.configs[1].message;
  EXPECT_EQ(s.configs[2].status, ConfigStatus::Ok) << s.configs[2].message;
  EXPECT_EQ(w.lines("workers"), (std::vector<std::string>{"fp32", "fp16"}));
  EXPECT_LE(sink.warnings.size(), 8u);
}

// ---- a worker's stderr: a capped log, its first MiB shown --------------------------------------

std::size_t fileBytes(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? static_cast<std::size_t>(st.st_size) : 0;
}

TEST(IsolatedRunner, AWorkersStderrFloodIsCappedInItsLogAndItsLastLinesAreQuoted) {
  WorkerScripts w, logs;
  IsolationOptions o;
  o.log_dir = logs.dir() + "/logs";
  // 80 MiB without a newline between two lines, then an error exit: more than a log may hold.
  o.launcher = w.launcher(
      "echo 'model says hello' >&2; head -c 83886080 /dev/zero | tr '\\0' x >&2; echo >&2; "
      "echo 'the last words' >&2; exit 3");
  RecordingSink sink;
  CancelToken cancel;
  ::testing::internal::CaptureStderr();
  const auto s = runIsolated(planOf({"fp32"}), sink, cancel, o);
  const std::string shown = ::testing::internal::GetCapturedStderr();
  ASSERT_EQ(s.configs.size(), 1u);
  const auto& message = s.configs[0].message;
  EXPECT_EQ(s.configs[0].status, ConfigStatus::Error);
  EXPECT_TRUE(contains(message, "exited with code 3")) << message.substr(0, 300);
  EXPECT_TRUE(contains(message, "the last lines of its log")) << message.substr(0, 300);
  EXPECT_TRUE(contains(message, "the last words")) << message.substr(0, 300);
  EXPECT_LT(message.size(), 8000u);  // lines cut, not 80 MiB
  // On disk: the log and its older half, together within the cap.
  std::size_t on_disk = 0;
  int files = 0;
  for (const auto& name : {std::string(".log"), std::string(".log.1")}) {
    const auto at = message.find(o.log_dir + "/worker-isolated-");
    ASSERT_NE(at, std::string::npos) << message.substr(0, 300);
    const auto end = message.find(".log", at);
    const auto path = message.substr(at, end - at) + name;
    on_disk += fileBytes(path);
    files += fileBytes(path) > 0 ? 1 : 0;
  }
  EXPECT_EQ(files, 2);
  EXPECT_LE(on_disk, kWorkerLogBytes);
  EXPECT_GT(on_disk, kWorkerLogBytes / 4);
  // This process's stderr: the first MiB (the first line among it) and a note, not 80 MiB.
  EXPECT_TRUE(contains(shown, "model says hello"));
  EXPECT_TRUE(contains(shown, "is not shown here")) << shown.substr(shown.size() - 200);
  EXPECT_LT(shown.size(), (std::size_t{1} << 20) + 4096);
  EXPECT_FALSE(contains(shown, "the last words"));
}

}  // namespace
}  // namespace inferscope::runner
