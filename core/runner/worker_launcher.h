// How the run layer starts a worker process: which program, with which fixed arguments, and whom
// to tell of each worker's process id. The front end names it (inferscope-cli passes itself and
// "worker"; tests pass /bin/sh and a script); a front end that is not the worker program takes
// defaultWorkerLauncher() (worker_location.h: the one worker program, placed at install time).
#pragma once

#include <sys/types.h>

#include <functional>
#include <string>
#include <vector>

namespace inferscope::runner {

struct WorkerLauncher {
  // The program's path (posix_spawn does not search PATH).
  std::string executable;
  // Its first arguments, before the request's own: `--request FILE --parent-pid PID`.
  std::vector<std::string> arguments;
  // Told each worker's process id when it has started, and 0 once it has been reaped; may be
  // empty. inferscope-cli's second Ctrl-C kills that worker before the process exits. Device runs
  // call it from several threads.
  std::function<void(pid_t worker)> worker_running;
};

}  // namespace inferscope::runner
