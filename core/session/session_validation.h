// What a session's values may be: the physical ranges of latencies, memory, accuracy and roofline
// numbers, key texts that parse to one config without collapsing anything, and results that are
// not repeated. The session reader applies it (sweep --from, merge and the GUI's loader read
// through it), and so does the parent of an isolation worker for each result it receives: a value
// outside its range is refused with its JSON path ("configs[3].stats.median_ms: 1e+308 ms is not
// a latency …"), never drawn or ranked as if it had been measured.
//
// The ranges are wide enough for anything this tool writes: the session writer and this reader
// agree (tests/core/test_session_roundtrip.cpp writes every kind of run and reads it back).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/engine/session_result.h"

namespace inferscope {

struct SessionLimits;

// A latency is a measured time: finite and within [1 ns, 1 day]. Statistics of a config that
// measured nothing are 0, which reads as "none".
inline constexpr double kMinLatencyMs = 1e-6;
inline constexpr double kMaxLatencyMs = 86'400'000.0;
// Memory figures: 0 … 1 PiB (far above any device or host this runs on).
inline constexpr std::int64_t kMaxMemoryBytes = std::int64_t{1} << 50;
// A config key: at most this many characters and '+'-separated tokens (the longest real key has
// 6 tokens and fewer than 60 characters), and no token twice.
inline constexpr std::size_t kMaxConfigKeyChars = 128;
inline constexpr std::size_t kMaxConfigKeyTokens = 16;
// Rounding: a cosine similarity computed in double may pass ±1 by a few ulps.
inline constexpr double kCosineSlack = 1e-9;

// Throws Error(InvalidInput) "`path`: …" for a key that is too long, has too many tokens or repeats
// one; shows at most the first characters of a long key. Does not parse the key.
void checkConfigKeyText(std::string_view key, const std::string& path);

// The values of one result (its samples, statistics, memory, accuracy, forks, roofline) against
// their ranges; `path` names it ("configs[3]"). `max_warmup` bounds warmup_iterations beyond the
// samples: a run that stopped in its warm-up (out of memory, cancelled, an adaptive run's
// iteration budget) keeps the warm-up it was asked for with fewer samples.
void validateConfigValues(const ConfigResult& result, const std::string& path,
                          std::size_t max_warmup);

// A request's numbers: batch 1 … 2^31, iteration counts 0 … the samples a config may hold, budgets
// 0 … kMaxSeconds (core/common/value_limits.h), at most `max_configs` plan entries. The session
// reader applies it through validateSessionValues, the worker to the request it is handed.
void validateRequestValues(const ProfileRequest& request, std::size_t max_configs);

// The whole session: every result (validateConfigValues, warm-up bounded by the request's), the
// request's numbers, the device's, the ceilings', the shard (a split into more shards than a
// session may hold configs cannot be merged), and no result repeated at one place (host and
// device) more often than its plan asks for it — which covers a second FP32 reference.
void validateSessionValues(const SessionResult& session, const SessionLimits& limits);

}  // namespace inferscope
