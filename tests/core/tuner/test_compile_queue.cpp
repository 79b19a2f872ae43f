// CompileQueue: background compiles through an interpreter started without a shell, a cache that
// trusts only packages matching their recorded hash, and failures retried once, then reported with
// the helper's own exception and its log. The "interpreter" here is a shell script standing in for
// python3 + inferscope_aoti.py.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/common/error.h"
#include "core/engine/compile_queue.h"

namespace inferscope {
namespace {
namespace fs = std::filesystem;

// Arguments: helper.py --out PACKAGE [--fail-once MARKER | --fail]. Writes the package, then its
// SHA-256 record, as the real helper does.
constexpr const char* kFakeHelper = R"sh(#!/bin/sh
shift
out=""; mode=ok; marker=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift ;;
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
sleep 0.2
echo "package bytes for $out" > "$out.tmp" && mv "$out.tmp" "$out"
sha256sum "$out" | cut -d' ' -f1 > "$out.sha256"
echo '{"status": "ok"}'
)sh";

class CompileQueueTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / fmt_dir();
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
  static std::string fmt_dir() {
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
  auto& queue = CompileQueue::instance();
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
  auto& queue = CompileQueue::instance();
  queue.setParallelism(1);
  for (const char* name : {"d", "e", "f"}) queue.submit(spec(name));
  queue.prioritise({spec("f").package_path, (dir_ / "unknown.pt2").string(), spec("e").package_path});
  std::vector<std::string> mine;  // the queue is process-wide: other tests' jobs are in it too
  for (const auto& path : queue.dispatchOrder()) {
    for (const char* name : {"d", "e", "f"}) {
      if (path == spec(name).package_path) mine.push_back(name);
    }
  }
  EXPECT_EQ(mine, (std::vector<std::string>{"f", "e", "d"}));
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
  CompileQueue::instance().obtain(s, &waited_ms);  // recompiled: the record did not match
  EXPECT_TRUE(verifiedPackage(s.package_path));
  EXPECT_GT(waited_ms, 0);
}

TEST_F(CompileQueueTest, AFailureIsRetriedOnce) {
  const auto s = spec("flaky", {"--fail-once", (dir_ / "marker").string()});
  EXPECT_NO_THROW(CompileQueue::instance().obtain(s));
  bool found = false;
  for (const auto& job : CompileQueue::instance().jobs()) {
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
    CompileQueue::instance().obtain(s);
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
}  // namespace inferscope
