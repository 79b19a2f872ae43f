// The trusted bytes of a model file, pinned for one run (docs/SECURITY.md, "Trust model for user
// code"). The trust check hashes the file once, before the run; the run's workers start later —
// the finals' fresh Python workers, forks, isolation workers, AOTInductor compile helpers — and a
// file replaced in between (or a symlink re-pointed) would be loaded untrusted. So right after the
// trust check the run copies the file into a private folder (mode 0700, under the temp folder),
// checks that the copy hashes to the trusted hash, and points its request at the copy: every worker
// loads those bytes and nothing else. Before each worker starts, checkPinnedModels() looks at the
// copy and at the file it came from; either one no longer holding the trusted bytes stops the run
// with an error naming the file, and no worker starts from it again.
// Plain C++ (no LibTorch, no Qt): the CPU tests swap files under a fake worker.
#pragma once

#include <string>
#include <vector>

#include "core/model/model_ref.h"

namespace inferscope::runner {

class PinnedModel {
 public:
  // A model read from a file with a trusted hash (`model.trusted_sha256` set by the front end):
  // copies the file into a private folder under `temp_root` (empty: the system's temp folder),
  // and sets `model.path` to the copy (same file name, so messages read the same). Throws
  // Error(InvalidInput) naming the file when its bytes no longer hash to the trusted hash (it
  // changed since the trust check). A zoo model, one without a trusted hash, or one that is
  // already a pinned copy (the run layer's entry points pin, and some call others) is left as it
  // is, and active() is false.
  explicit PinnedModel(ModelRef& model, const std::string& temp_root = {});
  // Removes the private folder, unless keep() was called.
  ~PinnedModel();
  PinnedModel(const PinnedModel&) = delete;
  PinnedModel& operator=(const PinnedModel&) = delete;

  bool active() const { return !copy_.empty(); }
  const std::string& originalPath() const { return original_; }
  const std::string& pinnedPath() const { return copy_; }
  // Leaves the folder behind: compile helpers the run leaves running may still read the copy.
  // Later runs remove such folders a day on, and at once those of a process that ended without
  // removing its folder (killed, or exited from a signal handler).
  void keep() { keep_ = true; }

 private:
  std::string original_, copy_, folder_;
  bool keep_ = false;
};

// Before a worker starts: for every pinned copy named in `arguments` (as a whole argument or
// inside one, e.g. "py:/tmp/…/m.py:build"), checks that the copy and the file it was copied from
// still hold the trusted bytes (a cheap stat first; the hash when anything about the file
// changed). Throws Error(InvalidInput) "'m.py' changed during the run; nothing else from it runs"
// when one does not; from then on every check of that copy throws the same. Arguments that name no
// pinned copy pass.
void checkPinnedModels(const std::vector<std::string>& arguments);

// The file a pinned copy was made from ("" when `path` is no pinned copy): the Python worker
// imports a --model-py file's neighbours from the original's folder.
std::string pinnedOriginal(const std::string& path);

}  // namespace inferscope::runner
