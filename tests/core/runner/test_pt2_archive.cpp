// .pt2 format detection: the two real layouts PyTorch 2.11 writes (fixtures made on the GPU
// machine: tests/fixtures/pt2/), and damaged or foreign zips written here byte by byte.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/common/error.h"
#include "core/model/pt2_archive.h"

namespace inferscope {
namespace {
namespace fs = std::filesystem;

std::string fixture(const std::string& name) {
  return (fs::path(INFERSCOPE_TEST_FIXTURES) / "pt2" / name).string();
}

void put16(std::string& out, std::uint16_t v) {
  out += static_cast<char>(v & 0xFF);
  out += static_cast<char>(v >> 8);
}
void put32(std::string& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}

// A zip of empty stored members with these names: local headers, the central directory, the end
// record (what any zip writer produces for empty files).
std::string zipOf(const std::vector<std::string>& names) {
  std::string body, directory;
  for (const auto& name : names) {
    const auto offset = static_cast<std::uint32_t>(body.size());
    put32(body, 0x04034b50);
    put16(body, 20), put16(body, 0), put16(body, 0), put16(body, 0), put16(body, 0);
    put32(body, 0), put32(body, 0), put32(body, 0);
    put16(body, static_cast<std::uint16_t>(name.size())), put16(body, 0);
    body += name;
    put32(directory, 0x02014b50);
    put16(directory, 20), put16(directory, 20), put16(directory, 0), put16(directory, 0);
    put16(directory, 0), put16(directory, 0);
    put32(directory, 0), put32(directory, 0), put32(directory, 0);
    put16(directory, static_cast<std::uint16_t>(name.size())), put16(directory, 0),
        put16(directory, 0);
    put16(directory, 0), put16(directory, 0), put32(directory, 0), put32(directory, offset);
    directory += name;
  }
  std::string out = body + directory;
  put32(out, 0x06054b50);
  put16(out, 0), put16(out, 0);
  put16(out, static_cast<std::uint16_t>(names.size())),
      put16(out, static_cast<std::uint16_t>(names.size()));
  put32(out, static_cast<std::uint32_t>(directory.size())),
      put32(out, static_cast<std::uint32_t>(body.size()));
  put16(out, 0);
  return out;
}

std::string writeTemp(const std::string& name, const std::string& bytes) {
  const auto path =
      fs::temp_directory_path() / ("inferscope_pt2_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(path, std::ios::binary) << bytes;
  return path.string();
}

TEST(Pt2Archive, TellsAnExportedProgramFromAnAotInductorPackage) {
  const auto program = inspectPt2(fixture("tiny_exported_program.pt2"));
  EXPECT_EQ(program.kind, Pt2Kind::ExportedProgram);
  EXPECT_EQ(program.entries, 11u);
  EXPECT_NE(program.describe().find("torch.export.save"), std::string::npos);
  const auto package = inspectPt2(fixture("tiny_aoti_package.pt2"));
  EXPECT_EQ(package.kind, Pt2Kind::AotInductorPackage);
  EXPECT_NE(package.describe().find("aoti_compile_and_package"), std::string::npos);
}

TEST(Pt2Archive, ClassifiesByLayoutWhateverTheArchivesRootIsCalled) {
  EXPECT_EQ(classifyPt2Members({"anything/models/model.json", "anything/data/weights/weight_0"}),
            Pt2Kind::ExportedProgram);
  // PyTorch before 2.6 wrote an ExportedProgram as one JSON file at the root.
  EXPECT_EQ(
      classifyPt2Members({"m/serialized_exported_program.json", "m/serialized_state_dict.pt"}),
      Pt2Kind::ExportedProgram);
  // A package may carry the graph beside its compiled code: the code decides.
  EXPECT_EQ(classifyPt2Members({"p/models/model.json", "p/data/aotinductor/model/x.wrapper.so"}),
            Pt2Kind::AotInductorPackage);
  EXPECT_EQ(classifyPt2Members({"x/model.pt", "x/code/__torch__.py"}), Pt2Kind::Unrecognised);
  EXPECT_EQ(classifyPt2Members({}), Pt2Kind::Unrecognised);
}

TEST(Pt2Archive, ReadsNamesFromAZipItDidNotWrite) {
  const auto path = writeTemp("zip.pt2", zipOf({"m/models/model.json", "m/data/weights/w"}));
  EXPECT_EQ(zipMemberNames(path),
            (std::vector<std::string>{"m/models/model.json", "m/data/weights/w"}));
  EXPECT_EQ(inspectPt2(path).kind, Pt2Kind::ExportedProgram);
  fs::remove(path);
}

TEST(Pt2Archive, RefusesWhatIsNotAZipNamingTheFile) {
  const auto text = writeTemp("text.pt2", "this is not a zip archive at all, just text\n");
  try {
    inspectPt2(text);
    FAIL() << "a text file was read as a zip";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::ModelLoad);
    EXPECT_NE(std::string(e.what()).find(text), std::string::npos);
  }
  fs::remove(text);
}

TEST(Pt2Archive, RefusesADamagedDirectoryInsteadOfReadingPastIt) {
  auto bytes = zipOf({"m/models/model.json"});
  // The end record claims a directory larger than the file.
  auto lying = bytes;
  lying[lying.size() - 10] = '\xFF';
  lying[lying.size() - 9] = '\xFF';
  const auto path = writeTemp("lying.pt2", lying);
  EXPECT_THROW(zipMemberNames(path), Error);
  // More members claimed than the directory holds.
  auto short_directory = bytes;
  short_directory[short_directory.size() - 12] = 9;
  const auto path2 = writeTemp("short.pt2", short_directory);
  EXPECT_THROW(zipMemberNames(path2), Error);
  // A limit on what is read at all.
  const auto many = writeTemp("many.pt2", zipOf({"a", "b", "c"}));
  EXPECT_THROW(zipMemberNames(many, 2), Error);
  EXPECT_EQ(zipMemberNames(many, 3).size(), 3u);
  for (const auto& p : {path, path2, many}) fs::remove(p);
}

TEST(Pt2Archive, AnEmptyOrTinyFileIsNoZip) {
  const auto empty = writeTemp("empty.pt2", "");
  EXPECT_THROW(inspectPt2(empty), Error);
  fs::remove(empty);
}

}  // namespace
}  // namespace inferscope
