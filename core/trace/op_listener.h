// The narrow interface between the LibTorch operator observer (core/torch/op_recorder.h) and the
// tracer, so that the tracer needs no LibTorch and the observer can be tested with a recorder.
#pragma once

#include <cstdint>
#include <string_view>

namespace inferscope::trace {

class OpListener {
 public:
  virtual ~OpListener() = default;
  // False outside the trace window: the observer then skips formatting names and shapes, which
  // is most of its cost.
  virtual bool wantsOps() const = 0;
  // `external_id` is unique per operator call; onOpEnd receives the same id. Calls nest like the
  // operators do (aten::conv2d → aten::convolution → aten::cudnn_convolution).
  virtual void onOpStart(std::uint64_t external_id, std::string_view name,
                         std::string_view input_shapes) = 0;
  virtual void onOpEnd(std::uint64_t external_id) = 0;
};

}  // namespace inferscope::trace
