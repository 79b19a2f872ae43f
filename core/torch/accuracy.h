// Accuracy of a config's outputs against the FP32-IEEE reference on the same inputs.
#pragma once

#include <string>
#include <vector>

#include "core/engine/config_result.h"
#include "core/torch/torch_pch.h"

namespace inferscope::torchlayer {

// All outputs are compared together (flattened, in FP64 on the CPU). top1_agreement is set when the
// first output is a [batch, classes] matrix with classes > 1 (a classifier's logits).
// Throws Error(Runtime) when the outputs' count or shapes differ from the reference's.
// Why no metric can judge accuracy against this reference (AccuracyStats::unjudgeable), or "": a
// reference (flattened) that is constant, all zeros or not finite.
std::string unjudgeableReference(const torch::Tensor& reference_flat);
// Why top-1 agreement cannot judge it (AccuracyStats::top1_unjudgeable), or "": the same top-1
// class (`reference_top1`, the first output's argmax per row; undefined for no classifier) for
// every row. Cosine and rel. L2 still can.
std::string top1UnjudgeableReference(const torch::Tensor& reference_top1);

AccuracyStats compareOutputs(const std::vector<torch::Tensor>& candidate,
                             const std::vector<torch::Tensor>& reference);

}  // namespace inferscope::torchlayer
