// Vendor datasheet figures for known GPUs, quoted next to the measured ceilings: the dense matmul
// peak per precision (no structured sparsity) and the memory bandwidth.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace inferscope::roofline {

struct DatasheetFigures {
  std::string model;                                                          // "H200 SXM"
  double fp32_tflops = 0, tf32_tflops = 0, fp16_tflops = 0, bf16_tflops = 0;  // 0: not supported
  double memory_gbps = 0;
  std::string source;  // the datasheet the figures are from

  double tflops(std::string_view precision) const;
};

// The figures for a device name as CUDA reports it ("NVIDIA H200", "NVIDIA A100-SXM4-80GB"), or
// nullopt for a device the table does not know (every CPU).
std::optional<DatasheetFigures> datasheetFor(std::string_view device_name);

}  // namespace inferscope::roofline
