// The exit codes of inferscope-cli, which are also the worker protocol's: an isolation worker
// (`inferscope-cli worker`) ends with the code its error stands for, and the run layer reads the
// code back as that error (README, "Exit codes").
#pragma once

#include <optional>

#include "core/common/error.h"

namespace inferscope::runner {

enum ExitCode : int {
  kExitOk = 0,
  kExitFailure = 1,       // a run finished but some config failed (sweeps)
  kExitInvalidInput = 2,  // bad flags, bad input spec, malformed file
  kExitModelLoad = 3,
  kExitUnsupported = 4,
  kExitRuntime = 5,
  kExitCancelled = 130,
};

int exitCodeFor(ErrorKind kind);

// The error a worker's exit code stands for (exitCodeFor read back); nullopt for 0, 1, 130 and
// codes that name no error: a worker that exits 130 was stopped (by this process's cancel or by
// someone else's signal), which says nothing of the model.
std::optional<ErrorKind> errorKindOfExitCode(int code);

}  // namespace inferscope::runner
