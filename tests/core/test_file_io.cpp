// The one reader and writer of whole files (core/common/file_io.h) and the check of a run's
// outputs against its inputs (core/common/run_files.h).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>

#include "core/common/error.h"
#include "core/common/file_io.h"
#include "core/common/printable.h"
#include "core/common/run_files.h"

using namespace inferscope;
namespace fs = std::filesystem;

namespace {

// A fresh folder per test, removed afterwards.
class FileIoTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("inferscope-file-io-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string read(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
  }
  static mode_t modeOf(const std::string& p) {
    struct stat st {};
    EXPECT_EQ(::stat(p.c_str(), &st), 0);
    return st.st_mode & 07777;
  }
  std::size_t entries() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_), {}));
  }
  fs::path dir_;
};

std::string messageOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
    return e.what();
  }
  ADD_FAILURE() << "no error";
  return {};
}

}  // namespace

TEST_F(FileIoTest, WriteReplacesAtomicallyAndKeepsTheMode) {
  const auto target = path("run.json");
  writeFileAtomically(target, "first");
  ::chmod(target.c_str(), 0640);
  writeFileAtomically(target, "second");
  EXPECT_EQ(read(target), "second");
  EXPECT_EQ(modeOf(target), 0640u);
  EXPECT_EQ(entries(), 1u) << "a temp file was left behind";
}

TEST_F(FileIoTest, ExecutableExportsGetExecuteWhereReadIsAllowed) {
  const auto script = path("load_model.py");
  WriteOptions options;
  options.executable = true;
  writeFileAtomically(script, "print(1)\n", options);
  EXPECT_NE(modeOf(script) & S_IXUSR, 0u);
}

TEST_F(FileIoTest, WritingThroughASymlinkReplacesTheTargetAndKeepsTheLink) {
  const auto target = path("real.json");
  const auto link = path("link.json");
  writeFileAtomically(target, "old");
  fs::create_symlink("real.json", link);
  writeFileAtomically(link, "new");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read(target), "new");
  EXPECT_EQ(resolveWriteTarget(link), target);
}

TEST_F(FileIoTest, NonRegularTargetsAreRefusedAndLeftAlone) {
  const auto fifo = path("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NE(messageOf([&] { writeFileAtomically(fifo, "x"); }).find("FIFO"), std::string::npos);
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_NE(messageOf([&] { writeFileAtomically(dir_.string(), "x"); }).find("directory"),
            std::string::npos);
  EXPECT_NE(messageOf([&] { writeFileAtomically("/dev/null", "x"); }).find("character device"),
            std::string::npos);
  struct stat st {};
  ASSERT_EQ(::stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode)) << "the device node was replaced";
  EXPECT_NE(messageOf([&] { writeFileAtomically(path("missing/x.json"), "x"); }).find("missing"),
            std::string::npos);
}

TEST_F(FileIoTest, ReadRefusesAFifoWithoutBlockingAndNamesIt) {
  const auto fifo = path("session.json");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const auto start = std::chrono::steady_clock::now();
  const auto message = messageOf([&] { readFile(fifo); });
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  EXPECT_NE(message.find(fifo), std::string::npos) << message;
  EXPECT_NE(message.find("FIFO"), std::string::npos) << message;
  EXPECT_NE(messageOf([&] { readFile(dir_.string()); }).find("directory"), std::string::npos);
  EXPECT_NE(messageOf([&] { readFile("/dev/zero"); }).find("character device"), std::string::npos);
}

TEST_F(FileIoTest, ReadRefusesFilesOverTheLimit) {
  const auto file = path("big.json");
  writeFileAtomically(file, std::string(2048, 'x'));
  EXPECT_EQ(readFile(file, 2048).size(), 2048u);
  EXPECT_NE(messageOf([&] { readFile(file, 1024); }).find("big.json"), std::string::npos);
}

TEST_F(FileIoTest, AnOutputMayNotBeAnInputEvenThroughALink) {
  const auto model = path("model.pt");
  writeFileAtomically(model, "weights");
  fs::create_symlink("model.pt", path("alias.pt"));
  fs::create_hard_link(model, path("hard.pt"));
  fs::create_directories(path("sub"));
  for (const auto& out : {model, path("alias.pt"), path("hard.pt"), path("./sub/../model.pt")}) {
    RunFiles files;
    files.addInput("--model-file", model);
    files.addOutput("-o", out);
    const auto message = messageOf([&] { files.check(); });
    EXPECT_NE(message.find("--model-file"), std::string::npos) << out << ": " << message;
  }
  EXPECT_EQ(read(model), "weights");
}

TEST_F(FileIoTest, TwoOutputsOfOneRunMayNotShareAFile) {
  RunFiles files;
  files.addOutput("--export", path("config.json"));
  files.addOutput("--python", path("config.json"));
  const auto message = messageOf([&] { files.check(); });
  EXPECT_NE(message.find("--export and --python"), std::string::npos) << message;

  RunFiles fine;
  fine.addInput("--model-file", path("model.pt"));
  fine.addOutput("--export", path("config.json"));
  fine.addOutput("--python", path("load_model.py"));
  EXPECT_NO_THROW(fine.check());
}

TEST_F(FileIoTest, OutputsOntoDevicesDirectoriesOrMissingFoldersAreRefusedEarly) {
  for (const auto& [out, needle] : {std::pair<std::string, std::string>{"/dev/full", "device"},
                                    {dir_.string(), "directory"},
                                    {path("nowhere/run.json"), "does not exist"}}) {
    RunFiles files;
    files.addOutput("-o", out);
    const auto message = messageOf([&] { files.check(); });
    EXPECT_NE(message.find(needle), std::string::npos) << message;
  }
}

TEST(Printable, EscapesControlCharactersAndKeepsUtf8) {
  EXPECT_EQ(printable("resnet\x1b[31m50"), "resnet\\x1b[31m50");
  EXPECT_EQ(printable("a\rb\x7f"), "a\\x0db\\x7f");
  EXPECT_EQ(printable("line\nnext\ttab"), "line\nnext\ttab");
  EXPECT_EQ(printable("µs · ≈ FP32"), "µs · ≈ FP32");
  EXPECT_EQ(printable("\xc2\x9b"
                      "2J"),
            "\\u009b2J");  // C1 CSI
}
