// The run commands' command lines (cli/options/run_options.h), as inferscope-cli and the GUI's
// lesson live run read them: what a command line makes (the request, plan, trace window, ledger
// settings, isolation), every refusal naming its option with the invalid-input class (exit 2),
// the trust rule for model files, and paths taken relative to the folder a lesson runs in. No
// LibTorch: the library links the values and the run layer's plain part only.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/options/run_options.h"
#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/sha256.h"
#include "core/common/trust_store.h"
#include "core/runner/exit_code.h"

namespace inferscope::cli {
namespace {

namespace fs = std::filesystem;
using runner::RunCommandKind;

// The message of the Error `f` throws, checked to be invalid input (exit 2); "" when none.
template <typename F>
std::string invalidInput(F f) {
  try {
    f();
  } catch (const Error& e) {
    EXPECT_EQ(runner::exitCodeFor(e.kind()), runner::kExitInvalidInput) << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no error";
  return {};
}

std::string refusedLine(const std::vector<std::string>& args) {
  return invalidInput([&] { parseRunCommandLine(args); });
}

std::string refusedRun(const std::vector<std::string>& args) {
  return invalidInput([&] { toCommandRun(parseRunCommandLine(args)); });
}

// A folder of its own with the trust store in it (XDG_CONFIG_HOME), removed afterwards.
class RunOptionsFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() /
              ("inferscope-run-options-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(folder_);
    ::setenv("XDG_CONFIG_HOME", folder_.c_str(), 1);
  }
  void TearDown() override {
    ::unsetenv("XDG_CONFIG_HOME");
    removeFolderOfFiles(folder_.string());
  }
  std::string write(const std::string& name, const std::string& text) {
    auto path = (folder_ / name).string();
    std::ofstream(path) << text;
    return path;
  }
  fs::path folder_;
};

TEST(RunCommandLine, ProfileMakesTheRequestThePlanAndTheIsolation) {
  const auto o = parseRunCommandLine({"profile", "-m", "resnet50", "-b", "32", "-d", "cpu",
                                      "--warmup", "0", "-n", "7", "--isolate", "--isolate-timeout",
                                      "60", "-c", "fp32", "-c", "fp32+cl"});
  EXPECT_EQ(o.kind, RunCommandKind::Profile);
  const auto run = toCommandRun(o);
  EXPECT_EQ(run.kind, RunCommandKind::Profile);
  EXPECT_EQ(run.request.model.name, "resnet50");
  EXPECT_EQ(run.request.batch, 32);
  EXPECT_EQ(run.request.device, DeviceKind::Cpu);
  EXPECT_EQ(run.request.run.warmup_iterations, 0);
  EXPECT_EQ(run.request.run.measure_iterations, 7);
  ASSERT_EQ(run.request.plan.size(), 2u);
  EXPECT_EQ(run.request.plan[1].key(), "fp32+cl");
  EXPECT_TRUE(run.profile.isolate);
  EXPECT_EQ(run.profile.forks, 1);
  EXPECT_EQ(run.profile.isolation.timeout_s, 60);
  EXPECT_FALSE(run.request.run.trace_kernels);
}

TEST(RunCommandLine, OneShapeCommandsRefuseAShapeSetNamingSweep) {
  // The lesson live run and trace measure one shape: a batch list is refused, never cut to its
  // first.
  for (const char* command : {"profile", "trace"}) {
    try {
      toCommandRun(parseRunCommandLine({command, "-m", "resnet18", "--batch", "1,8"}));
      FAIL() << command << " accepted --batch 1,8";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
      EXPECT_NE(std::string(e.what()).find("--batch 1,8 describes 2 shapes (B=1, B=8)"),
                std::string::npos)
          << e.what();
    }
  }
  // The commands that measure a set say so (profile and sweep in inferscope-cli).
  auto o = parseRunCommandLine({"profile", "-m", "resnet18", "--batch", "1..4"});
  o.model.shape_sets = true;
  const auto run = toCommandRun(o);
  EXPECT_EQ(run.request.batch, 1);  // the request is at the set's first shape
  EXPECT_EQ(shapeSetOf(o.model).labels(), (std::vector<std::string>{"B=1", "B=2", "B=4"}));
  // One size still reads as before.
  EXPECT_EQ(toCommandRun(parseRunCommandLine({"profile", "-b", "16"})).request.batch, 16);
}

TEST(RunCommandLine, TraceSetsItsWindow) {
  const auto run =
      toCommandRun(parseRunCommandLine({"trace", "-m", "resnet18", "-c", "bf16", "--window-warmup",
                                        "1", "--window-steady", "3", "--chrome-trace", "t.json"}));
  EXPECT_EQ(run.kind, RunCommandKind::Trace);
  EXPECT_TRUE(run.request.run.trace_kernels);
  EXPECT_EQ(run.request.run.trace_warmup_iterations, 1);
  EXPECT_EQ(run.request.run.trace_steady_iterations, 3);
  EXPECT_EQ(run.chrome_trace_path, "t.json");
  ASSERT_EQ(run.request.plan.size(), 1u);
  EXPECT_EQ(run.request.plan[0].key(), "bf16");
}

TEST(RunCommandLine, CudnnTakesOneBaseConfigAndItsOwnDefaults) {
  const auto o =
      parseRunCommandLine({"cudnn", "-m", "resnet50", "-c", "bf16+cl+bench", "--retune-input",
                           "32x3x256x256:float32", "--json", "l.json"});
  EXPECT_EQ(o.model.warmup, 5);  // a ledger needs a steady state, not a tight CI
  EXPECT_EQ(o.model.iters, 20);
  const auto run = toCommandRun(o);
  EXPECT_EQ(run.kind, RunCommandKind::CudnnLedger);
  EXPECT_EQ(run.cudnn_base.key(), "bf16+cl");  // its cuDNN tokens are the modes'
  ASSERT_EQ(run.retune_inputs.size(), 1u);
  EXPECT_EQ(run.retune_inputs[0].toString(), "32x3x256x256:float32");
  EXPECT_EQ(run.ledger_json_path, "l.json");
}

TEST(RunCommandLine, BadValuesAreRefusedNamingTheOption) {
  // The parser's checks (cli/options/option_checks.h), said with the option and the value.
  auto m = refusedLine({"profile", "-m", "resnet18", "-n", "zero"});
  EXPECT_NE(m.find("--iters"), std::string::npos) << m;
  EXPECT_NE(m.find("(got zero)"), std::string::npos) << m;
  m = refusedLine({"profile", "--warmup", "-1"});
  EXPECT_NE(m.find("--warmup"), std::string::npos) << m;
  m = refusedLine({"trace", "--window-steady", "1.5"});
  EXPECT_NE(m.find("--window-steady"), std::string::npos) << m;
  m = refusedLine({"profile", "--target-ci", "nan"});
  EXPECT_NE(m.find("--target-ci"), std::string::npos) << m;
  m = refusedLine({"profile", "--events", "xml"});
  EXPECT_NE(m.find("--events"), std::string::npos) << m;
  // Options a command does not have, and a value left out.
  m = refusedLine({"profile", "--warmpu", "1"});
  EXPECT_NE(m.find("--warmpu"), std::string::npos) << m;
  m = refusedLine({"profile", "--window-steady", "3"});  // trace's, not profile's
  EXPECT_NE(m.find("--window-steady"), std::string::npos) << m;
  m = refusedLine({"profile", "-m"});
  EXPECT_NE(m.find("--model"), std::string::npos) << m;
}

// Every count and duration is checked on the text, before it is converted: values past the bounds
// of core/common/value_limits.h overflowed downstream (INT_MAX iterations ran 1 iteration; a 1e10 s
// budget or timeout wrapped a nanosecond clock into one that had already ended).
TEST(RunCommandLine, CountsAndDurationsAreBoundedBeforeConversion) {
  for (const char* option : {"--iters", "--warmup", "--min-iters", "--max-iters"}) {
    for (const char* value : {"2147483647", "10000001", "99999999999"}) {
      const auto m = refusedLine({"profile", option, value});
      EXPECT_NE(m.find(option), std::string::npos) << m;
      EXPECT_NE(m.find("more than the largest, 10000000"), std::string::npos) << m;
    }
  }
  for (const char* option : {"--window-warmup", "--window-steady"}) {
    const auto m = refusedLine({"trace", option, "2147483647"});
    EXPECT_NE(m.find("more than the largest, 10000000"), std::string::npos) << m;
  }
  for (const char* option : {"--budget-s", "--config-budget-s", "--isolate-timeout"}) {
    for (const char* value : {"1e10", "1e308", "1000000.5", "0", "-1", "inf", "nan", "1e999"}) {
      const auto m = refusedLine({"profile", "--adaptive", option, value});
      EXPECT_NE(m.find(option), std::string::npos) << m;
      EXPECT_NE(m.find("must be a number > 0 and ≤ 1000000"), std::string::npos) << m;
    }
  }
  // The bounds themselves are taken, and reach the request unchanged.
  const auto o = parseRunCommandLine({"profile", "-n", "10000000", "--warmup", "10000000",
                                      "--adaptive", "--budget-s", "1000000", "--isolate-timeout",
                                      "1000000", "--seed", "18446744073709551615"});
  EXPECT_EQ(o.model.iters, 10000000);
  EXPECT_EQ(o.model.warmup, 10000000);
  EXPECT_EQ(o.model.budget_s, 1e6);
  EXPECT_EQ(o.model.isolate_timeout_s, 1e6);
  EXPECT_EQ(o.model.seed, 18446744073709551615ULL);
}

TEST(RunCommandLine, ASeedIsAWholeNumberFromZero) {
  // -1 was stored as 2^64-1.
  auto m = refusedLine({"profile", "--seed", "-1"});
  EXPECT_NE(m.find("--seed"), std::string::npos) << m;
  EXPECT_NE(m.find("a seed cannot be negative"), std::string::npos) << m;
  for (const char* value : {"18446744073709551616", "1.5", "1e3", "seven", ""}) {
    m = refusedLine({"profile", "--seed", value});
    EXPECT_NE(m.find("must be a whole number from 0 to 18446744073709551615"), std::string::npos)
        << value << ": " << m;
  }
  EXPECT_EQ(parseRunCommandLine({"profile", "--seed", "0"}).model.seed, 0U);
}

TEST(RunCommandLine, AModelPathThatIsNotUtf8IsRefusedBeforeTheRun) {
  // The session stores the path as a JSON string: it would fail only when the result is written.
  const std::string bad =
      "mod\xff\xfe"
      "el.pt";
  auto m = refusedRun({"profile", "--model-file", bad, "--input", "1x4"});
  EXPECT_NE(m.find("--model-file"), std::string::npos) << m;
  EXPECT_NE(m.find("not valid UTF-8"), std::string::npos) << m;
  m = refusedRun({"profile", "-m", "resnet18", "--trust", bad});
  EXPECT_NE(m.find("--trust"), std::string::npos) << m;
  EXPECT_NE(m.find("not valid UTF-8"), std::string::npos) << m;
}

TEST(RunCommandLine, OnlyTheRunCommandsAreRead) {
  auto m = refusedLine({"sweep", "-m", "resnet18"});
  EXPECT_NE(m.find("'sweep'"), std::string::npos) << m;
  EXPECT_NE(m.find("profile, trace or cudnn"), std::string::npos) << m;
  m = refusedLine({});
  EXPECT_NE(m.find("empty"), std::string::npos) << m;
  m = refusedLine({"-m", "resnet18", "profile"});
  EXPECT_NE(m.find("'-m'"), std::string::npos) << m;
  m = refusedLine({"profile", "--help"});
  EXPECT_NE(m.find("--help"), std::string::npos) << m;
}

TEST(RunCommandLine, BadRequestsAreRefusedNamingTheCulprit) {
  auto m = refusedRun({"profile", "-m", "resnet99"});
  EXPECT_NE(m.find("--model: unknown model 'resnet99'"), std::string::npos) << m;
  m = refusedRun({"profile", "-d", "tpu"});
  EXPECT_NE(m.find("--device tpu"), std::string::npos) << m;
  m = refusedRun({"profile", "-d", "cuda:1x"});
  EXPECT_NE(m.find("cuda:N"), std::string::npos) << m;
  m = refusedRun({"profile", "-c", "fp32+turbo"});
  EXPECT_NE(m.find("turbo"), std::string::npos) << m;
  m = refusedRun({"profile", "--input", "1x3xbanana"});
  EXPECT_NE(m.find("banana"), std::string::npos) << m;
  m = refusedRun({"profile", "--budget-s", "10"});
  EXPECT_NE(m.find("--budget-s"), std::string::npos) << m;
  EXPECT_NE(m.find("--adaptive"), std::string::npos) << m;
  m = refusedRun({"cudnn", "-c", "bf16+graph"});
  EXPECT_NE(m.find("drop +graph/+aoti"), std::string::npos) << m;
  m = refusedRun({"cudnn", "-c", "fp32+nocudnn"});
  EXPECT_NE(m.find("nocudnn"), std::string::npos) << m;
  m = refusedRun({"cudnn", "--retune-input", "32x3x256:float99"});
  EXPECT_NE(m.find("float99"), std::string::npos) << m;
  // Two outputs onto one file.
  m = refusedRun({"trace", "-o", "same.json", "--chrome-trace", "same.json"});
  EXPECT_NE(m.find("-o"), std::string::npos) << m;
  EXPECT_NE(m.find("--chrome-trace"), std::string::npos) << m;
}

TEST_F(RunOptionsFiles, AModelFileRunsOnlyOnceTrusted) {
  const auto model = write("model.pt", "not a model, but a file to hash");
  const auto hash = sha256OfFile(model);
  // Untrusted: refused before anything loads, saying how to trust it; nothing is trusted.
  const auto m = refusedRun({"profile", "--model-file", model, "--input", "1x4:float32"});
  EXPECT_NE(m.find("is not trusted"), std::string::npos) << m;
  EXPECT_FALSE(TrustStore().isTrusted(hash));
  // --trust trusts it, remembers it, and the request carries the hash the worker checks again.
  const auto run = toCommandRun(parseRunCommandLine(
      {"profile", "--model-file", model, "--trust", model, "--input", "1x4:float32"}));
  EXPECT_EQ(run.request.model.trusted_sha256, hash);
  EXPECT_TRUE(TrustStore().isTrusted(hash));
  // Trusting one file trusts no other.
  const auto other = write("other.pt", "another file");
  const auto again =
      refusedRun({"profile", "--model-file", other, "--trust", model, "--input", "1x4:float32"});
  EXPECT_NE(again.find("is not trusted"), std::string::npos) << again;
}

// Outputs are tried before the run: a folder nothing can be created in is refused at once, and the
// probe leaves nothing behind.
TEST_F(RunOptionsFiles, AnOutputThatCannotBeWrittenIsRefusedBeforeTheRun) {
  // /proc refuses new files even to root; a read-only folder refuses them to everyone else.
  auto m = refusedRun({"profile", "-o", "/proc/inferscope-session.json"});
  EXPECT_NE(m.find("-o /proc/inferscope-session.json: cannot write in the folder '/proc'"),
            std::string::npos)
      << m;
  const auto locked = folder_ / "locked";
  fs::create_directories(locked);
  fs::permissions(locked, fs::perms::owner_read | fs::perms::owner_exec);
  if (::geteuid() != 0) {
    m = refusedRun({"trace", "--chrome-trace", (locked / "t.json").string()});
    EXPECT_NE(m.find("--chrome-trace"), std::string::npos) << m;
    EXPECT_NE(m.find("cannot write in the folder"), std::string::npos) << m;
  }
  fs::permissions(locked, fs::perms::owner_all);
  // A writable folder passes, and the probe is gone.
  toCommandRun(parseRunCommandLine({"profile", "-o", (folder_ / "s.json").string()}));
  std::size_t entries = 0;
  for (const auto& entry : fs::directory_iterator(folder_)) entries += entry.path() != locked;
  EXPECT_EQ(entries, 0U);
}

TEST_F(RunOptionsFiles, AnOutputOntoTheModelIsRefused) {
  const auto model = write("model.pt", "a model's bytes");
  const auto m = refusedRun(
      {"profile", "--model-file", model, "--trust", model, "--input", "1x4:float32", "-o", model});
  EXPECT_NE(m.find("--model-file"), std::string::npos) << m;
  std::ifstream in(model);
  std::string text;
  std::getline(in, text);
  EXPECT_EQ(text, "a model's bytes");
}

TEST(RunCommandLine, PathsAreTakenInTheLessonsFolder) {
  auto o = parseRunCommandLine({"profile", "--model-file", "gpt2.pt", "--trust", "gpt2.pt",
                                "--trust", "/abs/x.pt", "-o", "s.json"});
  resolvePathsAgainst(o, "/lessons/run");
  EXPECT_EQ(o.model.model_file, "/lessons/run/gpt2.pt");
  ASSERT_EQ(o.model.trust_files.size(), 2u);
  EXPECT_EQ(o.model.trust_files[0], "/lessons/run/gpt2.pt");
  EXPECT_EQ(o.model.trust_files[1], "/abs/x.pt");
  EXPECT_EQ(o.out, "/lessons/run/s.json");
  auto py = parseRunCommandLine({"profile", "--model-py", "../m.py:build"});
  resolvePathsAgainst(py, "/lessons/run");
  EXPECT_EQ(py.model.model_py, "/lessons/m.py:build");
  auto ledger = parseRunCommandLine({"cudnn", "--json", "ledger.json"});
  resolvePathsAgainst(ledger, "");
  EXPECT_EQ(ledger.json_out, "ledger.json");  // no folder: the working folder's
  resolvePathsAgainst(ledger, "/l");
  EXPECT_EQ(ledger.json_out, "/l/ledger.json");
}

TEST(RunCommandLine, EveryShippedLessonCommandParses) {
  // The eight lessons' "live" command lines (resources/lessons/*.lesson.json) as the GUI reads
  // them; their model files are not here, so only the parse is checked.
  const std::vector<std::vector<std::string>> lessons = {
      {"profile",  "-m",
       "resnet50", "-b",
       "32",       "-d",
       "cuda",     "--warmup",
       "0",        "-n",
       "100",      "--isolate",
       "-c",       "fp32",
       "-c",       "fp16+bench",
       "-c",       "bf16+cl+bench",
       "-c",       "bf16+cl+graph+bench"},
      {"trace", "-m", "resnet50", "-b", "8", "-d", "cuda", "--warmup", "5", "-n", "40", "-c",
       "bf16", "-c", "bf16+cl+graph+bench", "--window-warmup", "1", "--window-steady", "3"},
      {"cudnn", "-m", "resnet50", "-b", "32", "-d", "cuda", "-c", "fp32", "--retune-input",
       "32x3x256x256:float32", "--json", "ledger_fp32.json"},
      {"profile", "--model-file", "gpt2.pt", "--trust", "gpt2.pt", "--input", "8x128:int64", "-d",
       "cuda", "-c", "fp32", "-c", "fp16"},
  };
  for (const auto& args : lessons) {
    const auto o = parseRunCommandLine(args);
    EXPECT_STREQ(runner::commandName(o.kind), args.front().c_str());
  }
}

}  // namespace
}  // namespace inferscope::cli
