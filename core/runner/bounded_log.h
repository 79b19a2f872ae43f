// A worker's stderr on disk, of bounded size: the one capped log of every worker this program
// starts (the Python worker, isolation and screening workers). The user's model prints what it
// likes; the log never takes more than its cap and always keeps its last lines, and the folder
// of logs is pruned to a total when a worker starts (docs/SECURITY.md, "Trust model for user
// code").
// Plain C++ (no LibTorch, no Qt).
#pragma once

#include <atomic>
#include <cstddef>
#include <string>

namespace inferscope::runner {

// The caps every worker's log is held to (PythonWorkerLimits and the isolation runner use these).
constexpr std::size_t kWorkerLogBytes = std::size_t{64} << 20;         // one worker's log
constexpr std::size_t kWorkerLogFolderBytes = std::size_t{256} << 20;  // the folder in all

// Copies a worker's stderr (`fd`, a pipe) into its log `path`, `cap_bytes` at most on disk: at
// half of it the file becomes PATH.1 (replacing the older half) and a fresh one starts. The first
// `echo_bytes` are also written to `echo_fd` (-1: none; this process's stderr, so that a worker's
// error still shows where the user looks), then one line saying where the rest is. Ends at the
// pipe's end, or soon after `closing` is set (a grandchild that left the group could hold the
// pipe open forever).
void copyToBoundedLog(int fd, const std::string& path, std::size_t cap_bytes,
                      const std::atomic<bool>& closing, int echo_fd, std::size_t echo_bytes);

// Removes the oldest worker logs ("worker-*") of `dir` until the rest hold at most `max_bytes`.
void pruneLogs(const std::string& dir, std::size_t max_bytes);

// The last `max_lines` non-empty lines of a log (its rotated older half first, when there is
// one), each made printable and cut at 400 characters; only the files' tails are read.
std::string lastLines(const std::string& path, int max_lines);

}  // namespace inferscope::runner
