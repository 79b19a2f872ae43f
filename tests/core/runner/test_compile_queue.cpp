// CompileQueue: background compiles through an interpreter started without a shell, a cache that
// trusts only packages matching their recorded hash, and failures retried once, then reported with
// the helper's own exception and its log. Each test owns its queue, as each run does. The
// "interpreter" here is a shell script standing in for python3 + inferscope_aoti.py.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/common/error.h"
#include "core/common/python_helpers.h"
#include "core/common/sha256.h"
#include "core/runner/background_compiles.h"
#include "core/runner/compile_queue.h"

namespace inferscope::runner {
namespace {
namespace fs = std::filesystem;

// Arguments: helper.py --out PACKAGE [--fail-once MARKER | --fail]. Writes the package, then its
// SHA-256 record, as the real helper does.
constexpr const char* kFakeHelper = R"sh(#!/bin/sh
shift
out=""; mode=ok; marker=""; pause=0.2
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift ;;
    --sleep) pause="$2"; shift ;;
    --fail) mode=fail ;;
    --fail-once) mode=once; marker="$2"; shift ;;
  esac
  shift
done
if [ "$mode" = fail ] || { [ "$mode" = once ] && [ ! -e "$marker" ]; }; then
  [ -n "$marker" ] && touch "$marker"
  echo "Traceback (most recent call last):"
  echo "  File \"inferscope_aoti.py\", line 170, in main"
  echo "    return cls.__new__(cls, *args)"
  echo "ValueError: boom in the exporter" >&2
  exit 1
fi
sleep "$pause"
echo "package bytes for $out" > "$out.tmp" && mv "$out.tmp" "$out"
sha256sum "$out" | cut -d' ' -f1 > "$out.sha256"
echo '{"status": "ok"}'
)sh";

class CompileQueueTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / fmtDir();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const auto script = dir_ / "fake-python";
    std::ofstream(script) << kFakeHelper;
    fs::permissions(script, fs::perms::owner_all);
    ::setenv("INFERSCOPE_PYTHON", script.c_str(), 1);
  }
  void TearDown() override {
    ::unsetenv("INFERSCOPE_PYTHON");
    fs::remove_all(dir_);
  }
  static std::string fmtDir() {
    return "inferscope-compile-queue-" +
           std::string(::testing::UnitTest::GetInstance()->current_test_info()->name());
  }
  CompileSpec spec(const std::string& name, std::vector<std::string> extra = {}) {
    CompileSpec s;
    s.key = name;
    s.package_path = (dir_ / (name + ".pt2")).string();
    s.log_path = (dir_ / "logs" / (name + ".log")).string();
    s.args = {"inferscope_aoti.py", "--out", s.package_path};
    s.args.insert(s.args.end(), extra.begin(), extra.end());
    return s;
  }
  fs::path dir_;
};

TEST_F(CompileQueueTest, CompilesInTheBackgroundAndServesTheVerifiedPackage) {
  CompileQueue queue;
  queue.setParallelism(2);
  for (const char* name : {"a", "b", "c"}) queue.submit(spec(name));
  EXPECT_TRUE(queue.busy());
  EXPECT_FALSE(queue.ready(spec("c").package_path));
  double waited_ms = -1;
  EXPECT_EQ(queue.obtain(spec("c"), &waited_ms), spec("c").package_path);
  EXPECT_GT(waited_ms, 0);
  EXPECT_TRUE(verifiedPackage(spec("c").package_path));
  for (const char* name : {"a", "b"}) queue.obtain(spec(name));
  EXPECT_FALSE(queue.busy());
}

// The tuner's reordering: listed packages first in the given order, the rest after in theirs,
// paths the queue does not know ignored.
TEST_F(CompileQueueTest, PrioritisedPackagesAreDispatchedFirst) {
  CompileQueue queue;
  queue.setParallelism(1);
  for (const char* name : {"d", "e", "f"}) queue.submit(spec(name));
  queue.prioritise(
      {spec("f").package_path, (dir_ / "unknown.pt2").string(), spec("e").package_path});
  EXPECT_EQ(queue.dispatchOrder(),
            (std::vector<std::string>{spec("f").package_path, spec("e").package_path,
                                      spec("d").package_path}));
  for (const char* name : {"d", "e", "f"}) queue.obtain(spec(name));
  EXPECT_FALSE(queue.busy());
}

TEST_F(CompileQueueTest, ACachedPackageIsReusedOnlyWhenItsHashMatches) {
  const auto s = spec("cached");
  std::ofstream(s.package_path) << "a package";
  std::ofstream(s.package_path + ".sha256")
      << "0000000000000000000000000000000000000000000000000000000000000000\n";
  EXPECT_FALSE(verifiedPackage(s.package_path));
  double waited_ms = -1;
  CompileQueue().obtain(s, &waited_ms);  // recompiled: the record did not match
  EXPECT_TRUE(verifiedPackage(s.package_path));
  EXPECT_GT(waited_ms, 0);
}

TEST_F(CompileQueueTest, AFailureIsRetriedOnce) {
  const auto s = spec("flaky", {"--fail-once", (dir_ / "marker").string()});
  CompileQueue queue;
  EXPECT_NO_THROW(queue.obtain(s));
  bool found = false;
  for (const auto& job : queue.jobs()) {
    if (job.package_path != s.package_path) continue;
    found = true;
    EXPECT_EQ(job.attempts, 2);
    EXPECT_EQ(job.state, CompileStatus::State::Done);
  }
  EXPECT_TRUE(found);
}

TEST_F(CompileQueueTest, ASecondFailureShowsThePythonExceptionAndTheLog) {
  const auto s = spec("broken", {"--fail"});
  try {
    CompileQueue().obtain(s);
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Runtime);  // failed, never "unsupported"
    const std::string what = e.what();
    EXPECT_NE(what.find("after 2 attempts"), std::string::npos) << what;
    EXPECT_NE(what.find("ValueError: boom in the exporter"), std::string::npos) << what;
    EXPECT_NE(what.find("return cls.__new__(cls, *args)"), std::string::npos) << what;
    EXPECT_NE(what.find(s.log_path), std::string::npos) << what;
  }
}

// The job of `package_path` as `queue` reports it.
CompileStatus jobOf(const CompileQueue& queue, const std::string& package_path) {
  for (const auto& job : queue.jobs()) {
    if (job.package_path == package_path) return job;
  }
  ADD_FAILURE() << "no job for " << package_path;
  return {};
}

// Waits (up to 10 s) until `done` holds; false if it never did.
template <typename Predicate>
bool eventually(Predicate done) {
  for (int i = 0; i < 200; ++i) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return done();
}

// The package's lock, taken here as another run's helper holds it (-1 if it cannot be).
int lockAsAnotherRun(const CompileSpec& s) {
  const int fd = ::open((s.package_path + ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd >= 0 && ::flock(fd, LOCK_EX) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

// Submits `s` to `queue` with one helper at a time and waits until its helper runs.
bool startAlone(CompileQueue& queue, const CompileSpec& s) {
  queue.setParallelism(1);
  queue.submit(s);
  return eventually(
      [&] { return jobOf(queue, s.package_path).state == CompileStatus::State::Running; });
}

// Another run's helper holds the package's lock: this queue waits for it and uses its package,
// starting no helper of its own.
TEST_F(CompileQueueTest, AnotherRunsCompileIsWaitedForNotRepeated) {
  const auto s = spec("shared");
  const int lock = lockAsAnotherRun(s);
  ASSERT_GE(lock, 0);
  CompileQueue queue;
  queue.submit(s);
  EXPECT_FALSE(queue.ready(s.package_path));
  const auto waiting = jobOf(queue, s.package_path);
  EXPECT_EQ(waiting.state, CompileStatus::State::Running);
  EXPECT_NE(waiting.message.find("another process"), std::string::npos) << waiting.message;
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_FALSE(fs::exists(s.log_path));  // no helper of ours
  // The other helper finishes: its package, then its record, then its lock goes.
  std::ofstream(s.package_path) << "package bytes from the other run\n";
  std::ofstream(s.package_path + ".sha256") << sha256OfFile(s.package_path) << "\n";
  ::close(lock);
  double waited_ms = -1;
  EXPECT_EQ(queue.obtain(s, &waited_ms), s.package_path);
  EXPECT_GT(waited_ms, 0);
  const auto done = jobOf(queue, s.package_path);
  EXPECT_EQ(done.state, CompileStatus::State::Done);
  EXPECT_EQ(done.attempts, 0);
  EXPECT_FALSE(fs::exists(s.log_path));
}

// The other run's helper ended without a package (killed, failed): this queue compiles it.
TEST_F(CompileQueueTest, ALockLeftWithoutAPackageIsCompiledHere) {
  const auto s = spec("orphan");
  const int lock = lockAsAnotherRun(s);
  ASSERT_GE(lock, 0);
  CompileQueue queue;
  queue.submit(s);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ::close(lock);
  EXPECT_EQ(queue.obtain(s), s.package_path);
  EXPECT_TRUE(verifiedPackage(s.package_path));
  EXPECT_EQ(jobOf(queue, s.package_path).attempts, 1);
  EXPECT_TRUE(fs::exists(s.log_path));
}

// The first package of a model rebuilt in Python goes into a cache folder nobody has made yet: the
// queue makes it and compiles. (Its lock file could not be opened there, which read as "another
// process compiles it": the H200's first tunes waited for compiles that never ran.)
TEST_F(CompileQueueTest, APackageWhoseFolderDoesNotExistYetIsCompiled) {
  auto s = spec("first");
  s.package_path = (dir_ / "aoti" / "not-made-yet" / "first.pt2").string();
  s.args = {"inferscope_aoti.py", "--out", s.package_path};
  CompileQueue queue;
  queue.submit(s);
  EXPECT_EQ(jobOf(queue, s.package_path).message.find("another process"), std::string::npos);
  EXPECT_EQ(queue.obtain(s), s.package_path);
  EXPECT_TRUE(verifiedPackage(s.package_path));
  EXPECT_EQ(jobOf(queue, s.package_path).attempts, 1);
}

// A cache folder that cannot be made (here a file stands where it should be) fails the compile
// with the lock's path and the system's reason, at once, instead of waiting for ever.
TEST_F(CompileQueueTest, ALockThatCannotBeOpenedFailsTheCompileAndSaysWhy) {
  std::ofstream(dir_ / "blocked") << "a file, not a folder\n";
  auto s = spec("unreachable");
  s.package_path = (dir_ / "blocked" / "unreachable.pt2").string();
  CompileQueue queue;
  queue.submit(s);
  try {
    queue.obtain(s);
    FAIL() << "obtain returned a package it could not have compiled";
  } catch (const Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("unreachable.pt2.lock"), std::string::npos) << what;
    EXPECT_NE(what.find("Not a directory"), std::string::npos) << what;
  }
  EXPECT_EQ(jobOf(queue, s.package_path).state, CompileStatus::State::Failed);
  EXPECT_FALSE(fs::exists(s.log_path));  // no helper ran
}

// pause() stops a running helper (its whole process group) and holds queued ones back; resume()
// continues both.
TEST_F(CompileQueueTest, PausedHelpersStopUntilResumed) {
  CompileQueue queue;
  queue.setParallelism(2);
  const auto running = spec("paused", {"--sleep", "0.3"});
  queue.submit(running);
  ASSERT_TRUE(eventually(
      [&] { return jobOf(queue, running.package_path).state == CompileStatus::State::Running; }));
  queue.pause();
  const auto queued = spec("held");
  queue.submit(queued);
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  EXPECT_FALSE(fs::exists(running.package_path));  // 0.3 s of work, stopped for 1 s
  EXPECT_EQ(jobOf(queue, queued.package_path).state, CompileStatus::State::Queued);
  EXPECT_FALSE(fs::exists(queued.log_path));
  queue.resume();
  EXPECT_EQ(queue.obtain(running), running.package_path);
  EXPECT_EQ(queue.obtain(queued), queued.package_path);
  EXPECT_TRUE(verifiedPackage(running.package_path));
}

// The package's lock is free: no helper compiles it any more.
bool lockFree(const CompileSpec& s) {
  const int fd = ::open((s.package_path + ".lock").c_str(), O_RDWR | O_CLOEXEC);
  const bool free = fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0;
  if (fd >= 0) ::close(fd);
  return free;
}

// A run's end leaves its running compile to finish after the run's queue and its process are gone
// (the destructor stops only what was not detached); the package appears later. In a child
// process, which exits right after its run. The next run (here, this process) waits for that
// helper instead of compiling again, and pause() stops it too.
TEST_F(CompileQueueTest, ADetachedCompileOutlivesItsRunAndTheNextRunWaitsForIt) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const auto s = spec("detached", {"--sleep", "1.5"});
  EXPECT_EXIT(
      {
        bool left_it = false;
        {
          CompileQueue run;
          const bool started = startAlone(run, s);
          run.submit(spec("never-started"));  // queued behind it (one helper at a time)
          const auto left = run.detachRunning();
          left_it = started && left.size() == 1 && left[0].package_path == s.package_path;
        }
        std::exit(left_it ? 0 : 3);
      },
      ::testing::ExitedWithCode(0), "");
  CompileQueue queue;
  queue.submit(s);
  EXPECT_NE(jobOf(queue, s.package_path).message.find("another process"), std::string::npos)
      << jobOf(queue, s.package_path).message;
  queue.pause();  // the other run's helper, found by its lock, stops too
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  EXPECT_FALSE(fs::exists(s.package_path));
  queue.resume();
  EXPECT_EQ(queue.obtain(s), s.package_path);
  EXPECT_TRUE(verifiedPackage(s.package_path));
  EXPECT_EQ(jobOf(queue, s.package_path).attempts, 0);  // compiled by the earlier run's helper
  EXPECT_FALSE(fs::exists(spec("never-started").log_path));
}

// A run that ends without detaching (cancelled, or a profile run) stops its helpers with it: a
// compile left running would slow what runs next. The process goes on.
TEST_F(CompileQueueTest, ARunsEndStopsTheCompilesItDidNotDetach) {
  const auto s = spec("stopped", {"--sleep", "3"});
  {
    CompileQueue run;
    ASSERT_TRUE(startAlone(run, s));
  }
  // A helper left running would hold the lock until it had written the package, 3 s on.
  EXPECT_TRUE(eventually([&] { return lockFree(s); }));
  EXPECT_FALSE(fs::exists(s.package_path));
}

// A second Ctrl-C exits from the signal handler, where no destructor runs: the helpers, in process
// groups of their own, are killed from there (async-signal-safe), and their locks go with them.
TEST_F(CompileQueueTest, AHardExitKillsTheHelpers) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const auto s = spec("killed", {"--sleep", "3"});
  EXPECT_EXIT(
      {
        CompileQueue run;
        const bool started = startAlone(run, s);
        CompileQueue::killHelpersFromSignalHandler();
        ::_exit(started ? 0 : 3);
      },
      ::testing::ExitedWithCode(0), "");
  EXPECT_TRUE(eventually([&] { return lockFree(s); }));
  EXPECT_FALSE(fs::exists(s.package_path));
}

// A compile a tune left running is recorded where `tune --status` finds it (model, key, pid, log,
// how far in and when it will likely be ready), and `tune --stop-compiles` stops it: its helper
// ends, its lock is freed, no package is left, and the record goes.
TEST_F(CompileQueueTest, ACompileLeftRunningIsListedAndStopped) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const auto s = spec("left", {"--sleep", "20"});
  const auto state_dir = (dir_ / "compiles").string();
  EXPECT_EXIT(
      {
        bool recorded = false;
        {
          CompileQueue run;
          const bool started = startAlone(run, s);
          // This run's finished compiles took 100 s each: the state says so, for the ETA.
          auto left = run.detachRunning();
          auto done = left.empty() ? CompileStatus{} : left.front();
          done.state = CompileStatus::State::Done;
          done.elapsed_ms = 100000;
          left.push_back(done);
          left.front().elapsed_ms = 30000;
          std::string error;
          const auto files = recordBackgroundCompiles(state_dir, "resnet50", {left.front()},
                                                      typicalCompileMs(left), 1000, &error);
          recorded =
              started && files.size() == 1 && error.empty() && typicalCompileMs(left) == 100000;
        }
        std::exit(recorded ? 0 : 3);
      },
      ::testing::ExitedWithCode(0), "");
  const auto running = listBackgroundCompiles(state_dir);
  ASSERT_EQ(running.size(), 1u);
  const auto& c = running.front();
  EXPECT_EQ(c.model, "resnet50");
  EXPECT_EQ(c.key, "left");
  EXPECT_EQ(c.package_path, s.package_path);
  EXPECT_EQ(c.log_path, s.log_path);
  EXPECT_GT(c.pid, 1);
  EXPECT_DOUBLE_EQ(c.started_unix_s, 970);  // 30 s before it was recorded
  EXPECT_DOUBLE_EQ(c.typical_ms, 100000);
  EXPECT_DOUBLE_EQ(c.etaMs(1010), 60000);
  EXPECT_DOUBLE_EQ(c.elapsedMs(1010), 40000);
  const auto stopped = stopBackgroundCompiles(state_dir);
  ASSERT_EQ(stopped.size(), 1u);
  EXPECT_TRUE(stopped.front().stopped) << stopped.front().message;
  EXPECT_TRUE(eventually([&] { return lockFree(s); }));
  EXPECT_FALSE(fs::exists(s.package_path));
  EXPECT_TRUE(listBackgroundCompiles(state_dir).empty());
  EXPECT_TRUE(fs::is_empty(state_dir));
}

// Records of helpers that are gone are pruned when the folder is read: one that finished its
// package, a pid that now belongs to another program (this test's own process, named by the
// lock), and a file that is not a record at all.
TEST_F(CompileQueueTest, RecordsOfCompilesThatEndedArePruned) {
  const auto state_dir = dir_ / "compiles";
  fs::create_directories(state_dir);
  const auto s = spec("finished", {"--sleep", "0.2"});
  {
    CompileQueue run;
    ASSERT_TRUE(startAlone(run, s));
    const auto left = run.detachRunning();
    ASSERT_EQ(recordBackgroundCompiles(state_dir.string(), "m", left, 0, 1000).size(), 1u);
  }
  ASSERT_TRUE(eventually([&] { return verifiedPackage(s.package_path); }));
  const auto reused = spec("reused");
  std::ofstream(reused.package_path + ".lock") << ::getpid() << "\n";
  CompileStatus job;
  job.key = "reused";
  job.package_path = reused.package_path;
  job.log_path = reused.log_path;
  ASSERT_EQ(recordBackgroundCompiles(state_dir.string(), "m", {job}, 0, 1000).size(), 1u);
  std::ofstream(state_dir / "garbage.json") << "{not json";
  EXPECT_TRUE(eventually([&] { return listBackgroundCompiles(state_dir.string()).empty(); }));
  EXPECT_TRUE(fs::is_empty(state_dir));
}

TEST(CompileHelpers, TheReadyTimeComesFromTheRunsFinishedCompiles) {
  const auto status = [](CompileStatus::State state, double elapsed_ms) {
    CompileStatus j;
    j.state = state;
    j.elapsed_ms = elapsed_ms;
    return j;
  };
  using S = CompileStatus::State;
  EXPECT_EQ(typicalCompileMs({status(S::Running, 50000), status(S::Cached, 0)}), 0.0);
  EXPECT_EQ(typicalCompileMs({status(S::Done, 90000), status(S::Done, 130000),
                              status(S::Done, 100000), status(S::Running, 400000)}),
            100000.0);
  EXPECT_EQ(etaText(80000, 120000),
            "ready in about 40 s (a compile of this model took 120 s; 80 s in)");
  EXPECT_EQ(etaText(80000, 0),
            "80 s in; no compile of this run finished to say how long one takes");
  EXPECT_EQ(etaText(130000, 120000), "130 s in, past this model's typical 120 s: ready soon");
  BackgroundCompile c;
  c.started_unix_s = 1000;
  c.typical_ms = 120000;
  EXPECT_DOUBLE_EQ(c.etaMs(1080), 40000);
  EXPECT_DOUBLE_EQ(c.etaMs(1200), 0);
  c.typical_ms = 0;
  EXPECT_LT(c.etaMs(1080), 0);
}

TEST(CompileHelpers, TheInterpreterIsAnAbsolutePathNeverAShellString) {
  ::setenv("INFERSCOPE_PYTHON", "sh", 1);
  const auto sh = resolvePythonInterpreter();
  EXPECT_EQ(sh.front(), '/');
  EXPECT_EQ(fs::path(sh).filename(), "sh");
  ::setenv("INFERSCOPE_PYTHON", "/nonexistent/python3", 1);
  EXPECT_THROW(resolvePythonInterpreter(), Error);
  ::unsetenv("INFERSCOPE_PYTHON");
}

TEST(CompileHelpers, TheSummaryPrefersTheHelpersOwnMessage) {
  EXPECT_EQ(helperFailureSummary("noise\n{\"status\": \"error\", \"message\": \"this python3's "
                                 "torch sees no CUDA device\"}\n"),
            "this python3's torch sees no CUDA device");
  EXPECT_EQ(helperFailureSummary("a\nb\nc\n", 2), "b | c");
  EXPECT_EQ(helperFailureSummary(""), "no output");
}

}  // namespace
}  // namespace inferscope::runner
