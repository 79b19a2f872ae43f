// The files one command reads and writes, checked before it starts, so that a typo costs an error
// message instead of a model file, a saved session, a user's notes or a device node. Every command
// that writes files (the CLI's profile, sweep, tune, merge, trace, cudnn and recommend exports; the
// GUI's screenshots and hand-outs) declares them here:
//   - no output may be one of the command's inputs (the model file, the session given to --from or
//     --open, merge's sessions, …) or another output of the same command;
//   - none may be a directory, a device or in a folder that does not exist or cannot be written
//     (tried with an empty probe file, removed at once), so a run never ends in an output it
//     cannot save;
//   - an existing file is replaced only when it is the kind of file the output writes (a session or
//     another JSON document for JSON, text for a script, an image for a screenshot, a PDF for a
//     PDF): `--screenshot notes.txt` onto someone's notes is refused, not truncated.
// Two paths are the same file when they reach the same inode (through symlinks, hard links or
// `..`), or, for files that do not exist yet, when they resolve to the same path. The writes
// themselves go through writeFileAtomically (file_io.h): a temp file renamed into place once the
// command has its result, so a cancelled or failed command leaves the old file as it was.
#pragma once

#include <string>
#include <vector>

namespace inferscope {

// What an output writes, and so which existing file it may replace.
enum class OutputKind {
  Json,    // sessions, exports, traces, ledgers: replaces an empty file or a JSON document
  Script,  // --python, --cpp exports: replaces a text file (never a binary such as a model)
  Image,   // screenshots: an image file name (.png, .jpg, …); replaces only an image
  Pdf,     // hand-outs: a .pdf name; replaces only a PDF
  Folder,  // a folder the command fills with files it names (a hand-out's PNGs): new or a folder
};

class RunFiles {
 public:
  // `option` names the path in messages: "--model-file", "-o", "--python".
  void addInput(std::string option, std::string path);  // empty paths are ignored
  void addOutput(std::string option, std::string path,
                 OutputKind kind = OutputKind::Json);  // empty paths are ignored
  // Throws Error(InvalidInput) naming the options involved and what to do.
  void check() const;

 private:
  struct Entry {
    std::string option;
    std::string path;
    OutputKind kind = OutputKind::Json;
  };
  std::vector<Entry> inputs_;
  std::vector<Entry> outputs_;
};

// The replace rule alone, for files a command names itself (a hand-out's slides, a cancelled run's
// partial session): throws Error(InvalidInput) naming `option` when an existing file at `path` is
// not of `kind` (or, for Image and Pdf, when the name does not say that kind).
void checkReplaceable(const std::string& option, const std::string& path, OutputKind kind);

// The image formats a screenshot may be written as, by file suffix (lower case, no dot).
const std::vector<std::string>& imageSuffixes();

}  // namespace inferscope
