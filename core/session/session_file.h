// Session files (*.inferscope.json): versioned JSON holding a whole SessionResult. Written
// atomically (core/common/file_io.h) so a crash never leaves half a file; read with clear errors
// naming the file, the field and what is wrong with it.
//
// A session file is data from anyone (a colleague, a GPU server, an attacker): reading one never
// loads a model or runs code, and it is parsed within limits (SessionLimits) so that a crafted
// file is refused with a message instead of exhausting the stack, the memory or the user's time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "core/common/cancel_token.h"
#include "core/common/file_io.h"
#include "core/engine/session_result.h"

namespace inferscope {

inline constexpr int kSessionSchema = 1;
inline constexpr const char* kSessionExtension = ".inferscope.json";

// Far above what a real run writes (its samples are bounded by --max-iters, its configs by the
// plan), far below what would take minutes or gigabytes to read.
struct SessionLimits {
  std::uint64_t max_file_bytes = std::uint64_t{512} << 20;
  int max_depth = 64;  // JSON nesting; real sessions nest 7 deep
  std::size_t max_configs = 10'000;
  std::size_t max_samples_per_config = 10'000'000;
  // Each list of a tuned session's race (candidates, pruned configs, compiles, finalists, ties,
  // peers, the precisions and compiles the budget did not reach): the tuner's space is a few
  // hundred configs, and a race's candidates are configs, so as many as a session may hold. The
  // races themselves (one per tune shard) are at most max_configs, as shards are.
  std::size_t max_race_entries = 10'000;
};

struct SessionReadOptions {
  SessionLimits limits;
  // Checked while parsing: a cancelled read throws Error(Cancelled) within milliseconds.
  const CancelToken* cancel = nullptr;
  // Called on the reading thread with the fraction read so far (0…1), a few hundred times at most.
  std::function<void(double)> progress;
};

std::string sessionToJson(const SessionResult& session, int indent = 1);
// `origin` names the source in error messages (a path, or "<memory>").
SessionResult sessionFromJson(std::string_view text, const std::string& origin = "<memory>",
                              const SessionReadOptions& options = {});

// The parts on their own: an isolated child process receives its request and streams each config's
// result back as one JSON line (NDJSON), in the same mapping a session file uses.
std::string requestToJson(const ProfileRequest& request);
ProfileRequest requestFromJson(std::string_view text, const std::string& origin = "<request>");
std::string configResultToJson(const ConfigResult& result);  // one line
ConfigResult configResultFromJson(std::string_view text, const std::string& origin = "<config>");
std::string deviceInfoToJson(const DeviceInfo& device);
DeviceInfo deviceInfoFromJson(std::string_view text);

void saveSession(const SessionResult& session, const std::string& path);
SessionResult loadSession(const std::string& path, const SessionReadOptions& options = {});

// Where a cancelled run writes its partial session: `path` itself when nothing is there yet,
// otherwise beside it (run.inferscope.json → run.partial.inferscope.json), so that a complete
// session of an earlier run is never replaced by a partial one.
std::string partialSessionPath(const std::string& path);

}  // namespace inferscope
