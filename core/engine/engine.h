// The engine's entry points. Implemented in core/torch/ (the only place LibTorch is included);
// callers see plain values. run() executes the plan on the calling thread — the GUI calls it from
// its engine thread, the CLI from main.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/common/cancel_token.h"
#include "core/device/device_info.h"
#include "core/engine/event_sink.h"
#include "core/engine/package_compiler.h"
#include "core/engine/session_result.h"

namespace inferscope::engine {

// The CPU first, then every CUDA device LibTorch sees.
std::vector<DeviceInfo> listDevices();
DeviceInfo deviceInfo(DeviceKind kind, int index);
bool cudaAvailable();
bool aotInductorAvailable();
std::string libtorchVersion();

// AOTInductor packages that have to be compiled first (zoo models, models Python rebuilds) come
// from a PackageCompiler (core/engine/package_compiler.h) that the caller owns: the run layer's
// compile queue. startAotInductorCompiles queues the compiles that `configs` need for `request`'s
// model, in background helper processes, and returns at once (nothing to do for other configs,
// model files or builds without AOTInductor). A config whose package is not ready yet waits for it
// when it runs.
void startAotInductorCompiles(const ProfileRequest& request,
                              const std::vector<OptimizationConfig>& configs,
                              PackageCompiler& compiler);
// False while the package `config` needs is queued or compiling.
bool aotInductorReady(const ProfileRequest& request, const OptimizationConfig& config,
                      const PackageCompiler& compiler);
// Queued compiles start in the order of `configs` (the tuner's likeliest winners first).
void prioritiseAotInductorCompiles(const ProfileRequest& request,
                                   const std::vector<OptimizationConfig>& configs,
                                   PackageCompiler& compiler);
// True when `config` needs a package that is neither cached (and verified) nor compiled yet: the
// run pays a compile for it.
bool aotInductorNeedsCompile(const ProfileRequest& request, const OptimizationConfig& config);

// The roofline ceilings of `device` from the cache (core/roofline/ceiling_cache.h) when they were
// measured under this device's driver and library versions; nullopt (why in `why`) otherwise.
// Reads a file only: opens no device.
std::optional<roofline::DeviceCeilings> cachedCeilings(const DeviceInfo& device,
                                                       std::string* why = nullptr);

// The roofline ceilings of the device a request names: from the cache, else measured now (a few
// seconds, once per device and software stack) and cached. For runs whose operators are counted
// outside this process (the Python worker's instruments): the engine's own runs measure theirs.
// nullopt, with why in `why`, when they can be neither read nor measured.
std::optional<roofline::DeviceCeilings> deviceCeilings(DeviceKind kind, int index, EventSink& sink,
                                                       std::string* why = nullptr);

// Runs every config of the plan in order. Bad input for the whole session (unknown model, bad
// input spec, missing CUDA) throws Error before the first iteration; failures of one config
// (unsupported, OOM, a throwing model) are recorded in its result and the plan goes on.
// `compiler` makes the AOTInductor packages that configs need compiled (the run layer passes its
// queue: runner::runInProcess); without one, such a config is recorded as unsupported, saying so.
SessionResult run(const ProfileRequest& request, EventSink& sink, const CancelToken& cancel,
                  PackageCompiler* compiler = nullptr);

// Accuracy of the outputs in one tensor archive (what the Python worker writes for a config it
// measured) against the reference outputs in another, by the engine's own comparison. Throws
// Error(Runtime) when their count or shapes differ, Error(ModelLoad) when a file cannot be read.
AccuracyStats compareOutputArchives(const std::string& candidate_path,
                                    const std::string& reference_path);

}  // namespace inferscope::engine
