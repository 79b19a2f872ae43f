#include "core/torch/accuracy.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "core/common/error.h"

namespace inferscope::torchlayer {

std::string unjudgeableReference(const torch::Tensor& reference_flat) {
  // Every config agrees with a constant output, whatever its numerics: torchvision's ViT-B/16
  // initialises its head to zeros, and with fresh weights every row read "top-1 agreement 100 %,
  // rel. L2 0". Non-finite references say nothing either (NaN compares unequal to everything).
  if (reference_flat.numel() > 0) {
    const auto finite = torch::isfinite(reference_flat);
    if (!finite.all().item<bool>()) {
      return fmt::format("the FP32 reference output holds {} NaN/Inf values",
                         reference_flat.numel() - finite.sum().item<std::int64_t>());
    }
    const double low = reference_flat.min().item<double>();
    const double high = reference_flat.max().item<double>();
    if (low == 0 && high == 0) return "the FP32 reference output is all zeros";
    if (low == high) return fmt::format("the FP32 reference output is constant ({:.6g})", low);
  }
  return {};
}

std::string top1UnjudgeableReference(const torch::Tensor& reference_top1) {
  // A classifier whose every row picks the same class: top-1 agreement only says whether that one
  // class still wins, which a badly broken config's output may do too.
  if (reference_top1.defined() && reference_top1.numel() > 1 &&
      reference_top1.eq(reference_top1[0]).all().item<bool>()) {
    return fmt::format("class {} is the FP32 reference's top-1 for every one of its {} rows",
                       reference_top1[0].item<std::int64_t>(), reference_top1.numel());
  }
  return {};
}

AccuracyStats compareOutputs(const std::vector<torch::Tensor>& candidate,
                             const std::vector<torch::Tensor>& reference) {
  if (candidate.size() != reference.size()) {
    throw Error(ErrorKind::Runtime, fmt::format("model returned {} outputs, the FP32 reference {}",
                                                candidate.size(), reference.size()));
  }
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> c_flat, r_flat;
  for (std::size_t i = 0; i < candidate.size(); ++i) {
    if (candidate[i].sizes() != reference[i].sizes()) {
      throw Error(ErrorKind::Runtime, fmt::format("output {} has shape {} but the reference has {}",
                                                  i, fmt::join(candidate[i].sizes(), "x"),
                                                  fmt::join(reference[i].sizes(), "x")));
    }
    c_flat.push_back(candidate[i].detach().to(torch::kCPU, torch::kDouble).flatten());
    r_flat.push_back(reference[i].detach().to(torch::kCPU, torch::kDouble).flatten());
  }
  AccuracyStats a;
  a.measured = true;
  if (c_flat.empty()) return a;
  const auto c = torch::cat(c_flat), r = torch::cat(r_flat);
  a.nan_count = torch::isnan(c).sum().item<std::int64_t>();
  a.inf_count = torch::isinf(c).sum().item<std::int64_t>();
  const auto diff = c - r;
  a.max_abs_error = diff.abs().max().item<double>();
  const double ref_norm = r.norm().item<double>();
  const double diff_norm = diff.norm().item<double>();
  a.rel_l2_error = ref_norm > 0 ? diff_norm / ref_norm : diff_norm;
  const double c_norm = c.norm().item<double>();
  a.cosine_similarity = (c_norm > 0 && ref_norm > 0)
                            ? (c * r).sum().item<double>() / (c_norm * ref_norm)
                            : (c_norm == ref_norm ? 1.0 : 0.0);
  const auto& first = reference.front();
  torch::Tensor reference_top1;
  if (first.dim() == 2 && first.size(1) > 1) {
    reference_top1 = first.to(torch::kCPU).argmax(1);
    const auto agree = candidate.front().to(torch::kCPU).argmax(1).eq(reference_top1);
    a.top1_agreement = agree.to(torch::kDouble).mean().item<double>();
  }
  a.unjudgeable = unjudgeableReference(r);
  a.top1_unjudgeable = top1UnjudgeableReference(reference_top1);
  return a;
}

}  // namespace inferscope::torchlayer
