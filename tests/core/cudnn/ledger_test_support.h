// Synthetic trace windows for ledger tests: convolution calls with the operator chain LibTorch
// records (conv2d → convolution → _convolution → cudnn_convolution) and kernels beneath them.
#pragma once

#include <string>
#include <vector>

#include "core/cudnn/ledger_builder.h"
#include "core/trace/trace_records.h"

namespace inferscope::cudnn::testing {

inline trace::ConvolutionRecord convArgs(std::vector<std::int64_t> input,
                                         std::vector<std::int64_t> weight, std::int64_t stride = 1,
                                         std::int64_t pad = 1) {
  trace::ConvolutionRecord r;
  r.input_sizes = std::move(input);
  r.weight_sizes = std::move(weight);
  r.stride = {stride, stride};
  r.padding = {pad, pad};
  r.dilation = {1, 1};
  r.dtype = "bfloat16";
  r.channels_last = true;
  return r;
}

class WindowBuilder {
 public:
  // Iterations 0 … n-1, the first `warmup` of them warm-up; 1 ms apart.
  WindowBuilder(int iterations, int warmup) {
    window.status = trace::TraceStatus::Traced;
    for (int i = 0; i < iterations; ++i) {
      window.iterations.push_back({i, ns(i, 0), ns(i, 900'000), i < warmup});
    }
  }
  // One convolution call in iteration `it` at `offset_ns` into it, taking `host_ns` on the host,
  // launching `kernels` (name, GPU ns) in order.
  void call(int it, std::int64_t offset_ns, std::int64_t host_ns, trace::ConvolutionRecord args,
            const std::vector<std::pair<std::string, std::int64_t>>& kernels) {
    const std::int64_t start = ns(it, offset_ns);
    const std::uint64_t top = next_++, conv = next_++, inner = next_++, cudnn_op = next_++;
    window.ops.push_back({top, "aten::conv2d", "", start, start + host_ns, it, 0, 0});
    window.ops.push_back({conv, "aten::convolution", "", start, start + host_ns, it, top, 1});
    window.ops.push_back({inner, "aten::_convolution", "", start, start + host_ns, it, conv, 2});
    window.ops.push_back(
        {cudnn_op, "aten::cudnn_convolution", "", start, start + host_ns, it, inner, 3});
    args.external_id = conv;
    args.iteration = it;
    args.start_ns = start;
    args.end_ns = start + host_ns;
    window.convolutions.push_back(args);
    if (record_inner_convolution) {  // the observer also sees aten::_convolution beneath it
      args.external_id = inner;
      window.convolutions.push_back(args);
    }
    std::int64_t t = start + 1000;
    for (const auto& [name, duration] : kernels) {
      trace::KernelRecord k;
      k.name = name;
      k.start_ns = t;
      k.end_ns = t + duration;
      k.external_id = cudnn_op;
      k.iteration = it;
      window.kernels.push_back(k);
      t += duration + 500;
    }
  }
  // A kernel of another operator (a ReLU): must not land in any convolution.
  void otherKernel(int it, std::int64_t offset_ns) {
    const std::uint64_t id = next_++;
    window.ops.push_back(
        {id, "aten::relu_", "", ns(it, offset_ns), ns(it, offset_ns) + 5000, it, 0, 0});
    trace::KernelRecord k;
    k.name = "void at::native::vectorized_elementwise_kernel<4, relu>";
    k.start_ns = ns(it, offset_ns) + 100;
    k.end_ns = k.start_ns + 7000;
    k.external_id = id;
    k.iteration = it;
    window.kernels.push_back(k);
  }
  trace::TraceWindow window;
  bool record_inner_convolution = true;

 private:
  static std::int64_t ns(int it, std::int64_t offset) {
    return std::int64_t{it} * 1'000'000 + offset;
  }
  std::uint64_t next_ = 1;
};

}  // namespace inferscope::cudnn::testing
