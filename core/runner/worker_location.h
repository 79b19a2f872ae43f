// Where the run layer finds its worker program when the front end does not name one (the GUI;
// inferscope-cli names itself): one executable, inferscope-cli, whose `worker` command runs the
// isolation workers and the finalists' forks. Its location is fixed when the project is configured
// (worker_paths.h.in): the installed path under CMAKE_INSTALL_PREFIX, and this build tree's.
#pragma once

#include <functional>
#include <string>

#include "core/runner/worker_launcher.h"

namespace inferscope::runner {

struct WorkerLocations {
  std::string install_prefix;  // CMAKE_INSTALL_PREFIX at configure time
  std::string installed;       // the worker program there (bin/inferscope-cli)
  std::string build_tree;      // the worker program this build tree makes
};

// The locations this build was configured with.
WorkerLocations configuredWorkerLocations();

// Which worker program a program at `running_program` uses: `override_path` when not empty (the
// INFERSCOPE_WORKER_EXECUTABLE variable: tests and stand-ins); the installed one when the program
// lives under the install prefix; else the build tree's when it exists; else an `inferscope-cli`
// beside the running program (a package installed under another prefix than the configured one,
// as CPack's .deb under /usr). `exists` says whether a file is an executable (a parameter so that
// tests can choose without files).
std::string chooseWorkerExecutable(const std::string& running_program,
                                   const WorkerLocations& locations,
                                   const std::string& override_path,
                                   const std::function<bool(const std::string&)>& exists);

// The launcher of a front end that is not the worker program itself: the program
// chooseWorkerExecutable picks for this process (/proc/self/exe, INFERSCOPE_WORKER_EXECUTABLE,
// the configured locations) with the `worker` command; no worker_running callback.
WorkerLauncher defaultWorkerLauncher();

}  // namespace inferscope::runner
