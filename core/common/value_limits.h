// The ranges every count and duration a user or a file gives must lie in, checked before the value
// is converted or multiplied: an iteration count near INT_MAX overflows when warm-up and measured
// iterations are added, and 1e10 s is past what a std::chrono nanosecond clock holds (about
// 292 years), so an "endless" budget or timeout would wrap into one that has already ended. The
// command-line checks (cli/options/option_checks.h) and the file readers (the session reader, the
// worker's request, the Slurm settings) use these same bounds, so no value gets past one of them
// that the other refuses.
#pragma once

#include <cstddef>
#include <cstdint>

namespace inferscope {

// Iterations of one config (warm-up, measured, adaptive bounds, trace windows): as many as a
// session may hold samples of one config (SessionLimits::max_samples_per_config).
inline constexpr int kMaxIterations = 10'000'000;
// Seconds of any budget or timeout: 1 000 000 s, about 11.6 days.
inline constexpr double kMaxSeconds = 1'000'000.0;
// GPUs or CPUs one Slurm array task asks for.
inline constexpr int kMaxTaskDevices = 4096;

// Shapes of one shape set (core/model/shape_set.h): each one repeats the whole plan.
inline constexpr std::size_t kMaxShapePoints = 64;
// The largest value of one symbolic dimension or batch size: past it a single input tensor is
// beyond any device's memory, and a range up to it is a typo.
inline constexpr std::int64_t kMaxDimValue = std::int64_t{1} << 24;

}  // namespace inferscope
