#include "core/model/pt2_archive.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>
#include <fstream>

#include "core/common/error.h"
#include "core/common/printable.h"

namespace inferscope {
namespace {

constexpr std::uint32_t kEndOfDirectory = 0x06054b50;
constexpr std::uint32_t kZip64EndOfDirectory = 0x06064b50;
constexpr std::uint32_t kZip64Locator = 0x07064b50;
constexpr std::uint32_t kDirectoryEntry = 0x02014b50;
constexpr std::size_t kEndRecordBytes = 22;
constexpr std::size_t kMaxCommentBytes = 0xFFFF;

std::uint64_t readLittleEndian(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

Error damaged(const std::string& path, const std::string& what) {
  return Error(
      ErrorKind::ModelLoad,
      fmt::format("{} is not an AOTInductor package nor an ExportedProgram: not a readable zip "
                  "archive ({}); a .pt2 is written by torch._inductor.aoti_compile_and_package or "
                  "torch.export.save",
                  printable(path), what));
}

std::vector<unsigned char> readAt(std::ifstream& in, std::uint64_t offset, std::size_t bytes) {
  std::vector<unsigned char> buffer(bytes);
  in.clear();
  in.seekg(static_cast<std::streamoff>(offset));
  in.read(reinterpret_cast<char*>(buffer.data()), static_cast<std::streamsize>(bytes));
  buffer.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
  return buffer;
}

// The path inside the archive's root folder: PyTorch puts every member under one folder named
// after the file ("model/data/…"), so the layout is read after the first component.
std::string withoutRoot(const std::string& name) {
  const auto slash = name.find('/');
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

bool startsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

const char* toString(Pt2Kind kind) {
  switch (kind) {
    case Pt2Kind::AotInductorPackage:
      return "AOTInductor package";
    case Pt2Kind::ExportedProgram:
      return "ExportedProgram";
    case Pt2Kind::Unrecognised:
      break;
  }
  return "unrecognised .pt2";
}

std::string Pt2Layout::describe() const {
  std::string what;
  switch (kind) {
    case Pt2Kind::AotInductorPackage:
      what = "an AOTInductor package (compiled code, torch._inductor.aoti_compile_and_package)";
      break;
    case Pt2Kind::ExportedProgram:
      what = "an ExportedProgram (a graph and its weights, torch.export.save)";
      break;
    case Pt2Kind::Unrecognised:
      what = "a zip archive that is neither an AOTInductor package nor an ExportedProgram";
      break;
  }
  std::vector<std::string> shown;
  for (const auto& n : sample_names) shown.push_back(printable(n));
  return fmt::format("{}; {} members, e.g. {}", what, entries, fmt::join(shown, ", "));
}

std::vector<std::string> zipMemberNames(const std::string& path, std::size_t max_entries) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw Error(ErrorKind::ModelLoad, fmt::format("cannot open {}", printable(path)));
  const auto size = static_cast<std::uint64_t>(in.tellg());
  if (size < kEndRecordBytes) throw damaged(path, fmt::format("{} bytes", size));
  // The end record sits in the last 22 + comment bytes; search backwards for its signature.
  const std::uint64_t tail_bytes =
      std::min<std::uint64_t>(size, kEndRecordBytes + kMaxCommentBytes);
  const auto tail = readAt(in, size - tail_bytes, static_cast<std::size_t>(tail_bytes));
  if (tail.size() != tail_bytes) throw damaged(path, "short read");
  std::size_t end = std::string::npos;
  for (std::size_t i = tail.size() - kEndRecordBytes + 1; i-- > 0;) {
    if (readLittleEndian(&tail[i], 4) == kEndOfDirectory) {
      end = i;
      break;
    }
  }
  if (end == std::string::npos) throw damaged(path, "no end-of-directory record");
  std::uint64_t count = readLittleEndian(&tail[end + 10], 2);
  std::uint64_t directory_bytes = readLittleEndian(&tail[end + 12], 4);
  std::uint64_t directory_offset = readLittleEndian(&tail[end + 16], 4);
  // ZIP64: the 32-bit fields are saturated and a locator 20 bytes before the end record points
  // to the 64-bit end record (PyTorch writes ZIP64 for archives over 4 GiB, and sometimes below).
  if (count == 0xFFFF || directory_bytes == 0xFFFFFFFF || directory_offset == 0xFFFFFFFF) {
    const std::uint64_t end_offset = size - tail_bytes + end;
    if (end_offset < 20) throw damaged(path, "ZIP64 locator missing");
    const auto locator = readAt(in, end_offset - 20, 20);
    if (locator.size() != 20 || readLittleEndian(locator.data(), 4) != kZip64Locator)
      throw damaged(path, "ZIP64 locator missing");
    const std::uint64_t record_offset = readLittleEndian(&locator[8], 8);
    const auto record = readAt(in, record_offset, 56);
    if (record.size() != 56 || readLittleEndian(record.data(), 4) != kZip64EndOfDirectory)
      throw damaged(path, "ZIP64 end record missing");
    count = readLittleEndian(&record[32], 8);
    directory_bytes = readLittleEndian(&record[40], 8);
    directory_offset = readLittleEndian(&record[48], 8);
  }
  if (directory_offset > size || directory_bytes > size - directory_offset)
    throw damaged(path, "its directory lies outside the file");
  if (count > max_entries)
    throw damaged(path,
                  fmt::format("it claims {} members, more than the {} read", count, max_entries));
  const auto directory = readAt(in, directory_offset, static_cast<std::size_t>(directory_bytes));
  if (directory.size() != directory_bytes) throw damaged(path, "short directory");
  std::vector<std::string> names;
  names.reserve(static_cast<std::size_t>(count));
  std::size_t p = 0;
  for (std::uint64_t i = 0; i < count; ++i) {
    if (p + 46 > directory.size() || readLittleEndian(&directory[p], 4) != kDirectoryEntry)
      throw damaged(path, fmt::format("directory entry {} is damaged", i));
    const auto name_bytes = static_cast<std::size_t>(readLittleEndian(&directory[p + 28], 2));
    const auto extra_bytes = static_cast<std::size_t>(readLittleEndian(&directory[p + 30], 2));
    const auto comment_bytes = static_cast<std::size_t>(readLittleEndian(&directory[p + 32], 2));
    if (p + 46 + name_bytes > directory.size())
      throw damaged(path, fmt::format("directory entry {} is damaged", i));
    names.emplace_back(reinterpret_cast<const char*>(&directory[p + 46]), name_bytes);
    p += 46 + name_bytes + extra_bytes + comment_bytes;
  }
  return names;
}

Pt2Kind classifyPt2Members(const std::vector<std::string>& names) {
  bool program = false;
  for (const auto& full : names) {
    const std::string name = withoutRoot(full);
    if (startsWith(name, "data/aotinductor/")) return Pt2Kind::AotInductorPackage;
    if ((startsWith(name, "models/") && endsWith(name, ".json")) ||
        name == "serialized_exported_program.json")
      program = true;
  }
  return program ? Pt2Kind::ExportedProgram : Pt2Kind::Unrecognised;
}

Pt2Layout inspectPt2(const std::string& path) {
  const auto names = zipMemberNames(path);
  Pt2Layout layout;
  layout.kind = classifyPt2Members(names);
  layout.entries = names.size();
  for (std::size_t i = 0; i < names.size() && i < 4; ++i) layout.sample_names.push_back(names[i]);
  return layout;
}

}  // namespace inferscope
