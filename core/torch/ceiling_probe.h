// The device's ceilings as LibTorch reaches them (the roofline's top): dense matmul peak per
// supported precision through torch::mm at large sizes, and device-memory copy bandwidth through
// copy_. On the CPU a short GEMM and a copy. The values and their cache are core/roofline's (plain
// C++); engine.cpp asks the cache first, so this runs once per device and software stack.
#pragma once

#include "core/device/device_info.h"
#include "core/roofline/roofline_types.h"
#include "core/torch/torch_pch.h"

namespace inferscope::torchlayer {

// What a measurement on `info` is valid for (the cache's key).
roofline::CeilingKey ceilingKey(const DeviceInfo& info);

// Measures them now: each precision's products for ≥ 150 ms on a GPU (≥ 60 ms on the CPU: 0.78 s
// in all on the 2-core development VM), and the copy. The datasheet fields are left for the
// caller (roofline::addDatasheetFigures).
roofline::DeviceCeilings measureCeilings(const torch::Device& device, const DeviceInfo& info);

}  // namespace inferscope::torchlayer
