// The device's ceilings as LibTorch reaches them (issue #19): dense matmul peak per supported
// precision through torch::mm at large sizes, and device-memory copy bandwidth through copy_. On
// the CPU a short GEMM and a copy. The values and their cache are core/roofline's (plain C++);
// engine.cpp asks the cache first, so this runs once per device and software stack.
#pragma once

#include "core/device/device_info.h"
#include "core/roofline/roofline_types.h"
#include "core/torch/torch_pch.h"

namespace inferscope::torchlayer {

// What a measurement on `info` is valid for (the cache's key).
roofline::CeilingKey ceilingKey(const DeviceInfo& info);

// Measures them now: about 1–3 s on a GPU (FP32 at n = 8192 is the slowest), about a second on
// the CPU. The datasheet fields are left for the caller (roofline::addDatasheetFigures).
roofline::DeviceCeilings measureCeilings(const torch::Device& device, const DeviceInfo& info);

}  // namespace inferscope::torchlayer
