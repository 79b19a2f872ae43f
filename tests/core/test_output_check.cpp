// The one check of every command's output paths (core/common/run_files.h), as one table: a row
// per command and case, with the command's real option names and output kinds, over a folder of
// the files a careless or hostile user has lying around (a model, two sessions, notes, a picture,
// a PDF, links to them and to /dev/full). Every refused row must name the options involved, and
// no row may change a file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "core/common/error.h"
#include "core/common/run_files.h"

using namespace inferscope;
namespace fs = std::filesystem;

namespace {

struct Output {
  const char* option;
  const char* file;
  OutputKind kind = OutputKind::Json;
};

struct Row {
  const char* command;
  std::vector<std::pair<const char*, const char*>> inputs;  // option, file
  std::vector<Output> outputs;
  // Empty: accepted. Otherwise every one of these must be in the error message.
  std::vector<const char*> refused_naming;
};

const std::vector<Row>& table() {
  using K = OutputKind;
  static const std::vector<Row> rows{
      // profile: -o is a session.
      {"profile", {{"--model-file", "model.pt"}}, {{"-o", "model.pt"}}, {"-o", "--model-file"}},
      {"profile",
       {{"--model-file", "model.pt"}, {"--trust", "model.pt"}},
       {{"-o", "new.json"}},
       {}},
      {"profile", {}, {{"-o", "a.json"}}, {}},  // an existing session: -o asks to replace it
      {"profile", {}, {{"-o", "notes.txt"}}, {"-o", "not a session or another JSON document"}},
      {"profile", {}, {{"-o", "empty.txt"}}, {}},  // nothing in it to lose
      {"profile", {}, {{"-o", "slides"}}, {"-o", "a directory"}},
      {"profile", {}, {{"-o", "nowhere/run.json"}}, {"-o", "does not exist"}},
      {"profile", {}, {{"-o", "full.json"}}, {"-o", "character device"}},
      // sweep: --from is an input.
      {"sweep", {{"--from", "a.json"}}, {{"-o", "a.json"}}, {"-o", "--from"}},
      {"sweep", {{"--from", "a.json"}}, {{"-o", "alias.json"}}, {"-o", "--from"}},
      {"sweep", {{"--from", "a.json"}}, {{"-o", "b.json"}}, {}},
      // tune: the model, and what --trust names, are inputs.
      {"tune", {{"--model-file", "model.pt"}}, {{"-o", "model.pt"}}, {"-o", "--model-file"}},
      {"tune",
       {{"--model-file", "m2.pt"}, {"--trust", "model.pt"}},
       {{"-o", "model.pt"}},
       {"-o", "--trust"}},
      {"tune", {{"--model-file", "model.pt"}}, {{"-o", "tuned.json"}}, {}},
      // merge: every session merged is an input.
      {"merge",
       {{"input session", "a.json"}, {"input session", "b.json"}},
       {{"-o", "a.json"}},
       {"-o", "input session"}},
      {"merge",
       {{"input session", "a.json"}, {"input session", "b.json"}},
       {{"-o", "hard.json"}},
       {"-o", "input session"}},
      {"merge",
       {{"input session", "a.json"}, {"input session", "b.json"}},
       {{"-o", "all.json"}},
       {}},
      // recommend: three exports, the JSON one and two scripts.
      {"recommend",
       {{"--model-file", "model.pt"}},
       {{"--python", "model.pt", K::Script}},
       {"--python", "--model-file"}},
      {"recommend", {}, {{"--python", "weights.bin", K::Script}}, {"--python", "not a text file"}},
      {"recommend", {}, {{"--cpp", "notes.txt", K::Script}}, {}},  // a text file: the user asked
      {"recommend",
       {},
       {{"--export", "c.json"}, {"--python", "c.json", K::Script}},
       {"--export", "--python", "both write"}},
      // trace and cudnn: a session and a JSON trace or ledger.
      {"trace", {}, {{"-o", "s.json"}, {"--chrome-trace", "s.json"}}, {"-o", "--chrome-trace"}},
      {"trace",
       {},
       {{"-o", "s.json"}, {"--chrome-trace", "notes.txt"}},
       {"--chrome-trace", "not a session"}},
      {"cudnn", {}, {{"--json", "ledger.json"}, {"-o", "s.json"}}, {}},
      {"cudnn", {}, {{"--json", "full.json"}}, {"--json", "character device"}},
      // The GUI's screenshots (main window, lesson, wizard): images only.
      {"inferscope",
       {},
       {{"--screenshot", "notes.txt", K::Image}},
       {"--screenshot", "not an image file name"}},
      {"inferscope", {}, {{"--screenshot", "new.png", K::Image}}, {}},
      {"inferscope", {}, {{"--screenshot", "shot.png", K::Image}}, {}},  // replaces a picture
      {"inferscope", {}, {{"--screenshot", "shot.JPG", K::Image}}, {}},  // suffixes in any case
      {"inferscope",
       {},
       {{"--screenshot", "notes.png", K::Image}},
       {"--screenshot", "not an image"}},
      {"inferscope",
       {{"--open", "session.png"}},
       {{"--screenshot", "session.png", K::Image}},
       {"--screenshot", "--open"}},
      {"inferscope",
       {{"the session", "a.json"}},
       {{"--screenshot", "alias.json", K::Image}},
       {"--screenshot", "the session"}},
      {"inferscope",
       {},
       {{"--screenshot", "full.png", K::Image}},
       {"--screenshot", "character device"}},
      // The GUI's hand-outs: a PDF, or a folder of slides.
      {"inferscope", {}, {{"--handout", "notes.pdf", K::Pdf}}, {"--handout", "not a PDF"}},
      {"inferscope", {}, {{"--handout", "old.pdf", K::Pdf}}, {}},
      {"inferscope",
       {},
       {{"--handout", "notes.txt", K::Pdf}},
       {"--handout", "not a PDF file name"}},
      {"inferscope", {}, {{"--handout", "slides", K::Folder}}, {}},
      {"inferscope", {}, {{"--handout", "slides/", K::Folder}}, {}},
      {"inferscope", {}, {{"--handout", "new-slides/", K::Folder}}, {}},
      {"inferscope", {}, {{"--handout", "notes.txt", K::Folder}}, {"--handout", "that is a file"}},
  };
  return rows;
}

class OutputCheckTable : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("inferscope-output-check-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "slides");
    write("model.pt", std::string("PK\x03\x04\0\0 TorchScript archive", 26));
    write("m2.pt", std::string("PK\x03\x04\0\0 another model", 21));
    write("weights.bin", std::string("\0\1\2\3", 4));
    write("a.json", R"({"schema": 1, "configs": []})");
    write("b.json", "\n  {\"schema\": 1}");
    write("session.png", R"({"schema": 1})");  // a session, whatever its name
    write("notes.txt", "my notes\n");
    write("notes.png", "my notes\n");
    write("notes.pdf", "my notes\n");
    write("empty.txt", "");
    write("shot.png", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
    write("shot.JPG", std::string("\xff\xd8\xff\xe0\0\x10JFIF", 10));
    write("old.pdf", "%PDF-1.4\n%\xe2\xe3\n");
    fs::create_symlink("a.json", dir_ / "alias.json");
    fs::create_hard_link(dir_ / "b.json", dir_ / "hard.json");
    if (fs::exists("/dev/full")) {
      fs::create_symlink("/dev/full", dir_ / "full.json");
      fs::create_symlink("/dev/full", dir_ / "full.png");
    }
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& name, const std::string& bytes) {
    std::ofstream(dir_ / name, std::ios::binary) << bytes;
  }
  std::string path(const char* name) const { return (dir_ / name).string(); }
  // Every file's bytes (links followed, devices left out): nothing may change.
  std::map<std::string, std::string> contents() const {
    std::map<std::string, std::string> all;
    for (const auto& entry : fs::recursive_directory_iterator(dir_)) {
      if (!entry.is_regular_file()) continue;
      std::ifstream in(entry.path(), std::ios::binary);
      all[entry.path().string()] = {std::istreambuf_iterator<char>(in), {}};
    }
    return all;
  }

  fs::path dir_;
};

TEST_F(OutputCheckTable, EveryCommandsOutputsPassOneCheck) {
  const auto before = contents();
  const bool have_dev_full = fs::exists("/dev/full");
  int refused = 0, accepted = 0;
  for (std::size_t i = 0; i < table().size(); ++i) {
    const Row& row = table()[i];
    bool uses_dev_full = false;
    RunFiles files;
    std::string described = row.command;
    for (const auto& [option, file] : row.inputs) {
      files.addInput(option, path(file));
      described += std::string(" ") + option + " " + file;
    }
    for (const auto& out : row.outputs) {
      files.addOutput(out.option, path(out.file), out.kind);
      described += std::string(" ") + out.option + " " + out.file;
      uses_dev_full = uses_dev_full || std::string(out.file).rfind("full.", 0) == 0;
    }
    if (uses_dev_full && !have_dev_full) continue;
    SCOPED_TRACE("row " + std::to_string(i) + ": " + described);
    try {
      files.check();
      EXPECT_TRUE(row.refused_naming.empty()) << "accepted, but should be refused";
      ++accepted;
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
      EXPECT_FALSE(row.refused_naming.empty()) << "refused: " << e.what();
      for (const char* needle : row.refused_naming)
        EXPECT_NE(std::string(e.what()).find(needle), std::string::npos)
            << "'" << needle << "' missing from: " << e.what();
      ++refused;
    }
  }
  EXPECT_GT(refused, 20);  // the table covers both sides
  EXPECT_GT(accepted, 10);
  EXPECT_EQ(contents(), before) << "a check changed a file";
}

// Files a command names itself (a hand-out's slides) pass the same replace rule.
TEST_F(OutputCheckTable, AHandoutSlideReplacesOnlyAPicture) {
  write("slides/cold-start-01.png", "not a picture");
  EXPECT_THROW(
      checkReplaceable("the hand-out", path("slides/cold-start-01.png"), OutputKind::Image), Error);
  write("slides/cold-start-02.png", std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_NO_THROW(
      checkReplaceable("the hand-out", path("slides/cold-start-02.png"), OutputKind::Image));
  EXPECT_NO_THROW(
      checkReplaceable("the hand-out", path("slides/cold-start-03.png"), OutputKind::Image));
}

}  // namespace
