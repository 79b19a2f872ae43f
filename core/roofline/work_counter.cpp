#include "core/roofline/work_counter.h"

#include <algorithm>
#include <cstring>
#include <functional>
#include <map>
#include <numeric>
#include <string_view>
#include <unordered_map>

namespace inferscope::roofline {
namespace {

using Kind = trace::OpValue::Kind;

enum class Rule {
  None,
  Transparent,
  Matmul,
  Convolution,
  Attention,
  BatchNorm,
  LayerNorm,  // layer and group norm
  Softmax,
  Elementwise,
  Pool,          // max/avg pooling with a kernel_size argument
  AdaptivePool,  // adaptive pooling: every input element once
  Reduction,
  Copy,
};

// FLOPs per element of the rules that are not products (MEASUREMENT.md, "Roofline"): an inference
// batch norm is one multiply-add per element (scale and shift folded from the running statistics);
// a layer norm reads for the mean, the variance (subtract, square-add), then normalises and applies
// the affine (multiply-add); softmax takes the max, subtracts, exponentiates, sums and divides.
constexpr double kBatchNormFlopsPerElement = 2;
constexpr double kLayerNormFlopsPerElement = 5;
constexpr double kSoftmaxFlopsPerElement = 5;

const std::unordered_map<std::string_view, Rule>& rules() {
  static const std::unordered_map<std::string_view, Rule> table = [] {
    std::unordered_map<std::string_view, Rule> t;
    const auto add = [&](Rule rule, std::initializer_list<std::string_view> names) {
      for (auto n : names) t.emplace(n, rule);
    };
    add(Rule::Matmul, {"linear", "matmul", "mm", "addmm", "bmm", "baddbmm", "mv", "addmv", "dot",
                       "_addmm_activation"});
    add(Rule::Convolution,
        {"conv1d", "conv2d", "conv3d", "convolution", "_convolution", "conv_transpose1d",
         "conv_transpose2d", "conv_transpose3d", "cudnn_convolution", "mkldnn_convolution",
         "cudnn_convolution_relu", "cudnn_convolution_add_relu", "_convolution_mode", "thnn_conv2d",
         "_slow_conv2d_forward", "slow_conv_dilated2d", "_nnpack_spatial_convolution",
         "cudnn_convolution_transpose", "slow_conv_transpose2d"});
    add(Rule::Attention,
        {"scaled_dot_product_attention", "_scaled_dot_product_attention_math",
         "_scaled_dot_product_flash_attention", "_scaled_dot_product_efficient_attention",
         "_scaled_dot_product_cudnn_attention", "_scaled_dot_product_flash_attention_for_cpu"});
    add(Rule::BatchNorm,
        {"batch_norm", "_batch_norm_impl_index", "native_batch_norm", "cudnn_batch_norm",
         "miopen_batch_norm", "_native_batch_norm_legit_no_training", "_native_batch_norm_legit"});
    add(Rule::LayerNorm, {"layer_norm", "native_layer_norm", "group_norm", "native_group_norm",
                          "rms_norm", "_fused_rms_norm"});
    add(Rule::Softmax, {"softmax", "_softmax", "log_softmax", "_log_softmax", "_safe_softmax"});
    add(Rule::Elementwise,
        {"add",          "add_",        "sub",          "sub_",    "rsub",    "mul",
         "mul_",         "div",         "div_",         "relu",    "relu_",   "relu6",
         "relu6_",       "hardtanh",    "hardtanh_",    "gelu",    "gelu_",   "silu",
         "silu_",        "sigmoid",     "sigmoid_",     "tanh",    "tanh_",   "hardswish",
         "hardswish_",   "hardsigmoid", "hardsigmoid_", "clamp",   "clamp_",  "clamp_min",
         "clamp_min_",   "clamp_max",   "clamp_max_",   "neg",     "exp",     "log",
         "sqrt",         "rsqrt",       "pow",          "erf",     "where",   "masked_fill",
         "masked_fill_", "leaky_relu",  "leaky_relu_",  "elu",     "elu_",    "threshold",
         "threshold_",   "abs",         "reciprocal",   "square",  "maximum", "minimum",
         "eq",           "ne",          "gt",           "lt",      "ge",      "le",
         "logical_not",  "mish",        "mish_",        "addcmul", "addcdiv", "lerp",
         "fill_",        "zero_"});
    add(Rule::Pool, {"max_pool1d", "max_pool2d", "max_pool3d", "max_pool2d_with_indices",
                     "max_pool3d_with_indices", "avg_pool1d", "avg_pool2d", "avg_pool3d",
                     "mkldnn_max_pool2d", "quantized_max_pool2d"});
    add(Rule::AdaptivePool,
        {"adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
         "_adaptive_avg_pool2d", "_adaptive_avg_pool3d", "adaptive_max_pool1d",
         "adaptive_max_pool2d", "adaptive_max_pool3d", "mkldnn_adaptive_avg_pool2d"});
    add(Rule::Reduction,
        {"mean", "sum", "amax", "amin", "max", "min", "argmax", "argmin", "norm",
         "linalg_vector_norm", "var", "std", "prod", "cumsum", "logsumexp", "topk"});
    add(Rule::Copy,
        {"copy_", "clone", "cat", "_cat", "stack", "embedding", "index_select", "gather", "index",
         "constant_pad_nd", "repeat", "roll", "flip", "tril", "triu", "upsample_nearest2d",
         "upsample_bilinear2d", "pixel_shuffle", "channel_shuffle"});
    add(Rule::Transparent, {"view",
                            "reshape",
                            "_reshape_alias",
                            "_unsafe_view",
                            "permute",
                            "transpose",
                            "transpose_",
                            "t",
                            "expand",
                            "expand_as",
                            "unsqueeze",
                            "unsqueeze_",
                            "squeeze",
                            "squeeze_",
                            "flatten",
                            "unflatten",
                            "slice",
                            "select",
                            "narrow",
                            "split",
                            "split_with_sizes",
                            "chunk",
                            "unbind",
                            "as_strided",
                            "detach",
                            "detach_",
                            "alias",
                            "dropout",
                            "dropout_",
                            "feature_dropout",
                            "alpha_dropout",
                            "contiguous",
                            "to",
                            "_to_copy",
                            "type_as",
                            "empty",
                            "empty_like",
                            "empty_strided",
                            "new_empty",
                            "new_empty_strided",
                            "zeros",
                            "zeros_like",
                            "ones",
                            "ones_like",
                            "full",
                            "full_like",
                            "resize_",
                            "size",
                            "numel",
                            "dim",
                            "item",
                            "_local_scalar_dense",
                            "lift_fresh",
                            "lift",
                            "view_as",
                            "broadcast_to",
                            "movedim",
                            "scalar_tensor",
                            "arange",
                            "pad",
                            "_pad_enum",
                            "_has_compatible_shallow_copy_type",
                            "is_nonzero",
                            "_shape_as_tensor",
                            "result_type",
                            "set_",
                            "clone_",
                            "identity",
                            "mkldnn_reorder_conv2d_weight",
                            "_nested_tensor_from_mask_left_aligned"});
    return t;
  }();
  return table;
}

Rule ruleFor(std::string_view name) {
  if (name.substr(0, 6) != "aten::") return Rule::None;  // prim::, quantized::, user functions
  name.remove_prefix(6);
  // Overload names never reach RecordFunction, but ".default"-style suffixes could: drop them.
  if (const auto dot = name.find('.'); dot != std::string_view::npos) name = name.substr(0, dot);
  const auto& t = rules();
  const auto it = t.find(name);
  return it == t.end() ? Rule::None : it->second;
}

double product(const std::vector<std::int64_t>& v, std::size_t from = 0) {
  double p = 1;
  for (std::size_t i = from; i < v.size(); ++i) p *= static_cast<double>(v[i]);
  return p;
}

bool isTensor(const std::vector<trace::OpValue>& values, std::size_t i) {
  return i < values.size() && values[i].kind == Kind::Tensor;
}

double tensorBytes(const std::vector<trace::OpValue>& values) {
  double b = 0;
  for (const auto& v : values) {
    if (v.kind == Kind::Tensor || v.kind == Kind::TensorList) b += static_cast<double>(v.bytes);
  }
  return b;
}

double firstResultElements(const OpCall& c) {
  for (const auto& v : c.outputs) {
    if (v.kind == Kind::Tensor) return static_cast<double>(v.elements);
  }
  return -1;
}

double firstTensorElements(const std::vector<trace::OpValue>& values) {
  for (const auto& v : values) {
    if (v.kind == Kind::Tensor) return static_cast<double>(v.elements);
  }
  return -1;
}

// The contracted dimension of a product, from the operand that carries it.
std::int64_t contractedSize(std::string_view op, const OpCall& c) {
  const auto& in = c.inputs;
  const auto lastOf = [&](std::size_t i) -> std::int64_t {
    return isTensor(in, i) && !in[i].sizes.empty() ? in[i].sizes.back() : -1;
  };
  if (op == "addmm" || op == "baddbmm" || op == "addmv" || op == "_addmm_activation")
    return lastOf(1);
  return lastOf(0);  // mm, bmm, matmul, linear, mv, dot: the first operand's last dimension
}

// Output spatial sizes of a (non-transposed) convolution from stride/padding/dilation, for calls
// whose result was not recorded.
bool convolutionOutput(const OpCall& c, std::vector<std::int64_t>& out) {
  const auto& in = c.inputs;
  if (!isTensor(in, 0) || !isTensor(in, 1) || in.size() < 6) return false;
  const auto& x = in[0].sizes;
  const auto& w = in[1].sizes;
  if (x.size() < 3 || w.size() != x.size()) return false;
  const std::size_t spatial = x.size() - 2;
  const auto arg = [&](std::size_t i, std::size_t d) -> std::int64_t {
    const auto& v = in[i];
    if (v.kind != Kind::IntList || v.sizes.empty()) return -1;
    return v.sizes.size() == 1 ? v.sizes[0] : (d < v.sizes.size() ? v.sizes[d] : -1);
  };
  out = {x[0], w[0]};
  for (std::size_t d = 0; d < spatial; ++d) {
    const auto s = arg(3, d), p = arg(4, d), dil = arg(5, d);
    if (s <= 0 || p < 0 || dil <= 0) return false;
    out.push_back((x[d + 2] + 2 * p - dil * (w[d + 2] - 1) - 1) / s + 1);
  }
  return true;
}

CallWork counted(const char* kind, double flops, double bytes) {
  return CallWork{CallClass::Counted, kind, flops, bytes};
}

CallWork unreadable() {
  return CallWork{CallClass::Unreadable, "", 0, 0};
}

}  // namespace

CallWork countCall(const OpCall& c) {
  const Rule rule = ruleFor(c.name);
  if (rule == Rule::None) return CallWork{};
  if (rule == Rule::Transparent) return CallWork{CallClass::Transparent, "", 0, 0};
  const std::string_view op = std::string_view(c.name).substr(6);
  const double bytes = tensorBytes(c.inputs) + tensorBytes(c.outputs);
  const auto& in = c.inputs;
  switch (rule) {
    case Rule::Matmul: {
      const double out = firstResultElements(c);
      const std::int64_t k = contractedSize(op, c);
      if (out < 0 || k < 0) return unreadable();
      return counted("matmul", 2.0 * out * static_cast<double>(k), bytes);
    }
    case Rule::Convolution: {
      if (!isTensor(in, 0) || !isTensor(in, 1)) return unreadable();
      const auto& x = in[0].sizes;
      const auto& w = in[1].sizes;
      if (x.size() < 3 || w.size() != x.size()) return unreadable();
      bool transposed = op.find("transpose") != std::string_view::npos;
      if ((op == "convolution" || op == "_convolution") && in.size() > 6 &&
          in[6].kind == Kind::Bool) {
        transposed = in[6].number != 0;
      }
      // FlopCounterMode's conv_flop_count: the weight is [C_out, C_in/groups, k…] (transposed:
      // [C_in, C_out/groups, k…]), so groups are in its second dimension already; each output
      // position (input position, transposed) does prod(weight) multiply-adds per batch item.
      std::vector<std::int64_t> positions;
      if (transposed) {
        positions.assign(x.begin() + 2, x.end());
      } else if (isTensor(c.outputs, 0) && c.outputs[0].sizes.size() == x.size()) {
        positions.assign(c.outputs[0].sizes.begin() + 2, c.outputs[0].sizes.end());
      } else {
        std::vector<std::int64_t> out;
        if (!convolutionOutput(c, out)) return unreadable();
        positions.assign(out.begin() + 2, out.end());
      }
      const double flops = 2.0 * static_cast<double>(x[0]) * product(positions) * product(w);
      return counted("convolution", flops, bytes);
    }
    case Rule::Attention: {
      if (!isTensor(in, 0) || !isTensor(in, 1) || !isTensor(in, 2)) return unreadable();
      const auto& q = in[0].sizes;
      const auto& k = in[1].sizes;
      const auto& v = in[2].sizes;
      if (q.size() < 2 || k.size() < 2 || v.size() < 2) return unreadable();
      // FlopCounterMode's sdpa_flop_count: q·kᵀ and attention·v as two batched products.
      const double batch = product(std::vector<std::int64_t>(q.begin(), q.end() - 2));
      const double sq = static_cast<double>(q[q.size() - 2]), dq = static_cast<double>(q.back());
      const double sk = static_cast<double>(k[k.size() - 2]), dv = static_cast<double>(v.back());
      // The result only: flash kernels' extra results (log-sum-exp, seeds) are bookkeeping.
      double b = tensorBytes(in);
      for (const auto& o : c.outputs) {
        if (o.kind == Kind::Tensor) {
          b += static_cast<double>(o.bytes);
          break;
        }
      }
      return counted("attention", 2.0 * batch * sq * sk * dq + 2.0 * batch * sq * sk * dv, b);
    }
    case Rule::BatchNorm:
    case Rule::LayerNorm: {
      const double n = firstTensorElements(in);
      if (n < 0) return unreadable();
      const double per =
          rule == Rule::BatchNorm ? kBatchNormFlopsPerElement : kLayerNormFlopsPerElement;
      return counted("norm", per * n, bytes);
    }
    case Rule::Softmax: {
      const double n = firstTensorElements(in);
      if (n < 0) return unreadable();
      return counted("softmax", kSoftmaxFlopsPerElement * n, bytes);
    }
    case Rule::Elementwise: {
      double n = firstResultElements(c);
      if (n < 0) n = firstTensorElements(in);
      if (n < 0) return unreadable();
      const bool writes_only = op == "fill_" || op == "zero_";
      return counted("elementwise", writes_only ? 0 : n, bytes);
    }
    case Rule::Pool: {
      const double out = firstResultElements(c);
      if (out < 0 || in.size() < 2 || in[1].kind != Kind::IntList || in[1].sizes.empty())
        return unreadable();
      const std::size_t spatial =
          isTensor(in, 0) && in[0].sizes.size() >= 3 ? in[0].sizes.size() - 2 : 0;
      double window = product(in[1].sizes);
      if (in[1].sizes.size() == 1 && spatial > 1) {  // kernel_size=3 for 3×3
        window = 1;
        for (std::size_t d = 0; d < spatial; ++d) window *= static_cast<double>(in[1].sizes[0]);
      }
      return counted("pooling", out * window, bytes);
    }
    case Rule::AdaptivePool:
    case Rule::Reduction: {
      const double n = firstTensorElements(in);
      if (n < 0) return unreadable();
      return counted(rule == Rule::AdaptivePool ? "pooling" : "reduction", n, bytes);
    }
    case Rule::Copy:
      return counted("copy", 0, bytes);
    case Rule::None:
    case Rule::Transparent:
      break;
  }
  return CallWork{};
}

WorkCount countWork(const std::vector<OpCall>& calls) {
  WorkCount w;
  w.operator_calls = static_cast<int>(calls.size());
  std::unordered_map<std::uint64_t, std::size_t> index;
  index.reserve(calls.size());
  for (std::size_t i = 0; i < calls.size(); ++i) index.emplace(calls[i].id, i);
  std::vector<std::vector<std::size_t>> children(calls.size());
  std::vector<std::size_t> roots;
  for (std::size_t i = 0; i < calls.size(); ++i) {
    const auto parent = index.find(calls[i].parent_id);
    if (calls[i].parent_id != 0 && parent != index.end()) {
      children[parent->second].push_back(i);
    } else {
      roots.push_back(i);
    }
  }
  const auto duration = [&](std::size_t i) {
    return static_cast<double>(std::max<std::int64_t>(0, calls[i].end_ns - calls[i].start_ns));
  };
  double total_time = 0;
  for (auto r : roots) total_time += duration(r);

  struct Acc {
    std::string kind;
    int calls = 0;
    double flops = 0, bytes = 0, time = 0;
  };
  std::map<std::string, Acc> by_op;
  // Counts the outermost call a rule knows in the subtree of `i`; returns whether something in it
  // was counted, and sets `unknown` when a call without a rule had nothing counted beneath it.
  std::function<bool(std::size_t, bool&)> visit = [&](std::size_t i, bool& unknown) -> bool {
    const CallWork cw = countCall(calls[i]);
    if (cw.cls == CallClass::Counted) {
      auto& a = by_op[calls[i].name];
      a.kind = cw.kind;
      ++a.calls;
      a.flops += cw.flops;
      a.bytes += cw.bytes;
      a.time += duration(i);
      return true;
    }
    bool any = false, below_unknown = false;
    for (auto child : children[i]) any = visit(child, below_unknown) || any;
    if (!any && (cw.cls != CallClass::Transparent || below_unknown)) unknown = true;
    return any;
  };
  std::map<std::string, UncountedOp> uncounted;
  for (auto r : roots) {
    bool unknown = false;
    const bool any = visit(r, unknown);
    if (!any && unknown) {
      auto& u = uncounted[calls[r].name];
      u.op = calls[r].name;
      ++u.calls;
      u.time_share += total_time > 0 ? duration(r) / total_time : 0;
    }
  }
  for (auto& [name, a] : by_op) {
    w.flops += a.flops;
    w.bytes += a.bytes;
    w.ops.push_back(
        {name, a.kind, a.calls, a.flops, a.bytes, total_time > 0 ? a.time / total_time : 0});
  }
  std::sort(w.ops.begin(), w.ops.end(), [](const OpWork& a, const OpWork& b) {
    return a.flops != b.flops   ? a.flops > b.flops
           : a.bytes != b.bytes ? a.bytes > b.bytes
                                : a.op < b.op;
  });
  for (auto& [name, u] : uncounted) {
    w.uncounted_time_share += u.time_share;
    w.uncounted.push_back(std::move(u));
  }
  std::sort(w.uncounted.begin(), w.uncounted.end(), [](const UncountedOp& a, const UncountedOp& b) {
    return a.time_share != b.time_share ? a.time_share > b.time_share : a.op < b.op;
  });
  return w;
}

}  // namespace inferscope::roofline
