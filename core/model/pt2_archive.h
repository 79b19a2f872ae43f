// What a `.pt2` file is. PyTorch writes two different things under that extension, both zip
// archives of one layout (PyTorch's "PT2 archive"): an AOTInductor package
// (torch._inductor.aoti_compile_and_package: compiled code under data/aotinductor/) and an
// ExportedProgram (torch.export.save: the graph as models/<name>.json, weights under data/, no
// compiled code). The first runs in LibTorch as it is; the second is a model that only Python can
// compile, so InferScope hands it to its Python helpers. Telling them apart reads the zip's
// central directory only (names, no data), in plain C++: no LibTorch, no code from the file runs.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace inferscope {

enum class Pt2Kind {
  AotInductorPackage,  // data/aotinductor/<model>/… (a .so or .cpp per model)
  ExportedProgram,     // models/<name>.json (PyTorch ≥ 2.6), or serialized_exported_program.json
  Unrecognised,        // a zip, but neither layout
};

const char* toString(Pt2Kind kind);

struct Pt2Layout {
  Pt2Kind kind = Pt2Kind::Unrecognised;
  std::size_t entries = 0;
  std::vector<std::string> sample_names;  // the first few member names, for messages
  // One sentence for the user: "an ExportedProgram (torch.export.save): 3 models/…".
  std::string describe() const;
};

// The member names of a zip archive, from its central directory (ZIP64 included). Throws
// Error(ModelLoad) naming the file when it is not a zip archive or its directory is damaged;
// at most `max_entries` names are read (a directory claiming more is refused).
std::vector<std::string> zipMemberNames(const std::string& path, std::size_t max_entries = 1000000);

// The kind of a .pt2 from its member names (the archive's root folder, whatever its name, ignored).
Pt2Kind classifyPt2Members(const std::vector<std::string>& names);

// Reads `path`'s directory and classifies it. Throws like zipMemberNames.
Pt2Layout inspectPt2(const std::string& path);

}  // namespace inferscope
