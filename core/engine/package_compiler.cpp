#include "core/engine/package_compiler.h"

namespace inferscope {

const char* toString(CompileStatus::State state) {
  switch (state) {
    case CompileStatus::State::Queued:
      return "queued";
    case CompileStatus::State::Running:
      return "running";
    case CompileStatus::State::Done:
      return "done";
    case CompileStatus::State::Cached:
      return "cached";
    case CompileStatus::State::Failed:
      return "failed";
  }
  return "queued";
}

}  // namespace inferscope
