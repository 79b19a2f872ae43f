// Fault injection for tests and demos, through the environment so that it reaches isolation
// workers too: INFERSCOPE_FAULT_OOM=key1,key2 makes those configs fail with an out-of-memory error
// after their model is prepared, exercising the recovery path on machines that never run out.
// INFERSCOPE_FAULT_OOM_ABOVE_BATCH=key1=64,key2=128 (or *=64 for every config) does so only where
// the batch is above the number: a device whose memory ends at a batch size, for the largest-batch
// search (core/engine/max_batch.h) on a CPU.
#pragma once

#include <cstdint>
#include <string>

namespace inferscope {

// Whether INFERSCOPE_FAULT_OOM lists `config_key` (a whole key of its comma-separated list).
bool faultInjectedOom(const std::string& config_key);
// The same, or INFERSCOPE_FAULT_OOM_ABOVE_BATCH gives `config_key` (or *) a limit below `batch`.
bool faultInjectedOom(const std::string& config_key, std::int64_t batch);

}  // namespace inferscope
