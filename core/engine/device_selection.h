// Which GPUs a run spreads over (`--devices all|0,2,3`) and how each worker process is pinned to
// its GPU (CUDA_VISIBLE_DEVICES). Pure functions: the run layer starts the workers
// (core/runner/device_runner.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace inferscope {

// "all" → 0 … visible-1; "0,2,3" → those ordinals (as this process numbers its GPUs), each once.
// Throws Error(InvalidInput) naming the bad entry, a repeat, or an ordinal beyond `visible` (when
// visible ≥ 0; pass -1 where the count is unknown and the list is explicit).
std::vector<int> parseDeviceList(std::string_view text, int visible);

// The CUDA_VISIBLE_DEVICES value that shows a worker this process's GPU `ordinal` as its cuda:0.
// Where this process is itself restricted (`parent_value`: a Slurm task, a container), the
// ordinal indexes that list — "2,3" and ordinal 1 give "3", GPU UUIDs and MIG names included;
// otherwise it is the ordinal itself. Throws Error(InvalidInput) when the list is too short.
std::string workerVisibleDevices(const char* parent_value, int ordinal);

}  // namespace inferscope
