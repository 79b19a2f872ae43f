// The session loop, free of LibTorch: the FP32 reference first (last in isolation workers), then
// every config of the plan in order on a fresh model through a ConfigBackend, with its share of the
// time budget; configs the device or build cannot run are reported as unsupported without running,
// a whole-model cast that fails on a dtype mismatch falls back to autocast, and every result gets
// its statistics (result_analysis.h) before it goes to the sink.
#pragma once

#include <functional>
#include <optional>

#include "core/common/cancel_token.h"
#include "core/device/device_info.h"
#include "core/engine/config_backend.h"
#include "core/engine/event_sink.h"
#include "core/engine/session_result.h"

namespace inferscope {

// What the loop must know about the machine to prune configs before they run.
struct SessionEnvironment {
  DeviceCaps caps;
  bool aot_inductor_available = false;
  bool device_is_cuda = false;
  // Called for each result once its statistics are done and before it goes to the sink, with
  // the session so far (the roofline's placement, core/roofline/roofline_place.h); empty: none.
  std::function<void(ConfigResult&, const SessionResult&)> finish_config;
};

// Runs session.request's plan (its inputs already resolved) and fills session's configs,
// parameter count, output shapes and cancelled flag; the header fields (device, host, …) are the
// caller's. Throws what backend.runReference throws (a model that cannot run at all).
void runSession(SessionResult& session, ConfigBackend& backend,
                const SessionEnvironment& environment, EventSink& sink, const CancelToken& cancel);

// The autocast config to try when a whole-model cast failed on a dtype mismatch (constants or
// buffers baked into a traced model stay FP32, as in a traced GPT-2: "expected scalar type Float
// but found BFloat16"), or nullopt. AOTInductor packages have no autocast.
std::optional<OptimizationConfig> autocastFallback(const OptimizationConfig& config,
                                                   const ConfigResult& result);

}  // namespace inferscope
