// The files one run reads and writes, checked before it starts, so that a typo costs an error
// message instead of a model file, a saved session or a device node: no output may be one of the
// run's inputs (the model file, the session given to --from, …) or another output of the same run,
// and none may be a directory, a device or a folder that does not exist. Two paths are the same
// file when they reach the same inode (through symlinks, hard links or `..`), or, for files that do
// not exist yet, when they resolve to the same path.
#pragma once

#include <string>
#include <vector>

namespace inferscope {

class RunFiles {
 public:
  // `option` names the path in messages: "--model-file", "-o", "--python".
  void addInput(std::string option, std::string path);
  void addOutput(std::string option, std::string path);  // empty paths are ignored
  // Throws Error(InvalidInput) naming the options involved and what to do.
  void check() const;

 private:
  struct Entry {
    std::string option;
    std::string path;
  };
  std::vector<Entry> inputs_;
  std::vector<Entry> outputs_;
};

}  // namespace inferscope
