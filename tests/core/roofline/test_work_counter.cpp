// Work per operator for shapes whose FLOPs and bytes are computed by hand here.
#include <gtest/gtest.h>

#include "core/roofline/work_counter.h"

namespace inferscope::roofline {
namespace {

using trace::OpValue;

OpValue tensor(std::vector<std::int64_t> sizes, int element_bytes = 4,
               std::string dtype = "float32") {
  OpValue v;
  v.kind = OpValue::Kind::Tensor;
  v.sizes = sizes;
  v.elements = 1;
  for (auto s : sizes) v.elements *= s;
  v.bytes = v.elements * element_bytes;
  v.dtype = std::move(dtype);
  return v;
}

OpValue ints(std::vector<std::int64_t> values) {
  OpValue v;
  v.kind = OpValue::Kind::IntList;
  v.sizes = std::move(values);
  return v;
}

OpValue integer(std::int64_t n) {
  OpValue v;
  v.kind = OpValue::Kind::Int;
  v.sizes = {n};
  v.number = static_cast<double>(n);
  return v;
}

OpValue none() {
  return OpValue{};
}

OpCall call(std::string name, std::vector<OpValue> in, std::vector<OpValue> out,
            std::uint64_t id = 1, std::uint64_t parent = 0, std::int64_t start = 0,
            std::int64_t end = 100) {
  OpCall c;
  c.id = id;
  c.parent_id = parent;
  c.depth = parent == 0 ? 0 : 1;
  c.name = std::move(name);
  c.inputs = std::move(in);
  c.outputs = std::move(out);
  c.start_ns = start;
  c.end_ns = end;
  return c;
}

TEST(WorkCounter, Conv2dWithPaddingAndStride) {
  // 2×3×16×16 input, 8×3×3×3 weight, stride 2, padding 1 → 2×8×8×8 out: each output element does
  // 3·3·3 = 27 multiply-adds.
  const auto c = call("aten::conv2d",
                      {tensor({2, 3, 16, 16}), tensor({8, 3, 3, 3}), tensor({8}), ints({2, 2}),
                       ints({1, 1}), ints({1, 1}), integer(1)},
                      {tensor({2, 8, 8, 8})});
  const auto w = countCall(c);
  ASSERT_EQ(w.cls, CallClass::Counted);
  EXPECT_EQ(w.kind, "convolution");
  EXPECT_DOUBLE_EQ(w.flops, 2.0 * (2 * 8 * 8 * 8) * 27);
  EXPECT_DOUBLE_EQ(w.bytes, 4.0 * (2 * 3 * 16 * 16 + 8 * 27 + 8 + 2 * 8 * 8 * 8));
}

TEST(WorkCounter, GroupedAndDepthwiseConvolutions) {
  // groups = 2: weight 8×(4/2)×3×3, so each output element sums 2·9 products.
  const auto grouped = call("aten::conv2d",
                            {tensor({1, 4, 8, 8}), tensor({8, 2, 3, 3}), none(), ints({1}),
                             ints({1}), ints({1}), integer(2)},
                            {tensor({1, 8, 8, 8})});
  EXPECT_DOUBLE_EQ(countCall(grouped).flops, 2.0 * (8 * 8 * 8) * 18);
  // Depthwise (groups = channels = 32): 9 products per output element.
  const auto depthwise = call("aten::conv2d",
                              {tensor({4, 32, 14, 14}), tensor({32, 1, 3, 3}), none(), ints({1}),
                               ints({1}), ints({1}), integer(32)},
                              {tensor({4, 32, 14, 14})});
  EXPECT_DOUBLE_EQ(countCall(depthwise).flops, 2.0 * (4 * 32 * 14 * 14) * 9);
}

TEST(WorkCounter, ConvolutionWithoutItsResultUsesStridePaddingDilation) {
  // 1×1×10×10, 3×3 kernel, stride 1, padding 0, dilation 2 → (10 − 2·2 − 1)/1 + 1 = 6 per side.
  const auto c = call("aten::convolution",
                      {tensor({1, 1, 10, 10}), tensor({4, 1, 3, 3}), none(), ints({1, 1}),
                       ints({0, 0}), ints({2, 2})},
                      {});
  EXPECT_DOUBLE_EQ(countCall(c).flops, 2.0 * (4 * 6 * 6) * 9);
}

TEST(WorkCounter, TransposedConvolutionCountsInputPositions) {
  // FlopCounterMode: transposed convolutions do prod(weight) multiply-adds per input position.
  OpValue transposed;
  transposed.kind = OpValue::Kind::Bool;
  transposed.number = 1;
  const auto c = call("aten::convolution",
                      {tensor({1, 4, 5, 5}), tensor({4, 2, 2, 2}), none(), ints({2, 2}),
                       ints({0, 0}), ints({1, 1}), transposed},
                      {tensor({1, 2, 10, 10})});
  EXPECT_DOUBLE_EQ(countCall(c).flops, 2.0 * 25 * (4 * 2 * 2 * 2));
}

TEST(WorkCounter, LinearMatmulBmmAddmm) {
  // linear: 4×64 · (32×64)ᵀ → 4×32, K = 64; the bias is not counted (FlopCounterMode's addmm).
  const auto linear =
      call("aten::linear", {tensor({4, 64}), tensor({32, 64}), tensor({32})}, {tensor({4, 32})});
  EXPECT_DOUBLE_EQ(countCall(linear).flops, 2.0 * 4 * 32 * 64);
  EXPECT_DOUBLE_EQ(countCall(linear).bytes, 4.0 * (4 * 64 + 32 * 64 + 32 + 4 * 32));
  // A 3-D input: every leading dimension is a row.
  const auto linear3d = call("aten::linear", {tensor({2, 128, 768}), tensor({3072, 768}), none()},
                             {tensor({2, 128, 3072})});
  EXPECT_DOUBLE_EQ(countCall(linear3d).flops, 2.0 * 2 * 128 * 3072 * 768);
  const auto bmm =
      call("aten::bmm", {tensor({12, 128, 64}), tensor({12, 64, 128})}, {tensor({12, 128, 128})});
  EXPECT_DOUBLE_EQ(countCall(bmm).flops, 2.0 * 12 * 128 * 128 * 64);
  const auto addmm =
      call("aten::addmm", {tensor({32}), tensor({4, 64}), tensor({64, 32})}, {tensor({4, 32})});
  EXPECT_DOUBLE_EQ(countCall(addmm).flops, 2.0 * 4 * 32 * 64);
  const auto matmul = call("aten::matmul", {tensor({2, 12, 128, 64}), tensor({2, 12, 64, 128})},
                           {tensor({2, 12, 128, 128})});
  EXPECT_DOUBLE_EQ(countCall(matmul).flops, 2.0 * 24 * 128 * 128 * 64);
}

TEST(WorkCounter, ScaledDotProductAttention) {
  // q 2×12×128×64, k/v 2×12×256×64: q·kᵀ and p·v, 2·B·H·Sq·Sk·D each.
  const auto sdpa =
      call("aten::scaled_dot_product_attention",
           {tensor({2, 12, 128, 64}, 2, "bfloat16"), tensor({2, 12, 256, 64}, 2, "bfloat16"),
            tensor({2, 12, 256, 64}, 2, "bfloat16"), none()},
           {tensor({2, 12, 128, 64}, 2, "bfloat16")});
  const auto w = countCall(sdpa);
  EXPECT_EQ(w.kind, "attention");
  EXPECT_DOUBLE_EQ(w.flops, 2 * (2.0 * 24 * 128 * 256 * 64));
  EXPECT_DOUBLE_EQ(w.bytes, 2.0 * (24 * 128 * 64 * 2 + 24 * 256 * 64 * 2));
}

TEST(WorkCounter, NormsSoftmaxElementwisePooling) {
  const auto bn = call("aten::batch_norm",
                       {tensor({2, 8, 4, 4}), tensor({8}), tensor({8}), tensor({8}), tensor({8})},
                       {tensor({2, 8, 4, 4})});
  EXPECT_DOUBLE_EQ(countCall(bn).flops, 2.0 * 256);
  EXPECT_DOUBLE_EQ(countCall(bn).bytes, 4.0 * (256 + 32 + 256));
  const auto ln =
      call("aten::layer_norm", {tensor({2, 128, 768}), ints({768}), tensor({768}), tensor({768})},
           {tensor({2, 128, 768})});
  EXPECT_DOUBLE_EQ(countCall(ln).flops, 5.0 * 2 * 128 * 768);
  const auto sm =
      call("aten::softmax", {tensor({2, 12, 128, 128}), integer(-1)}, {tensor({2, 12, 128, 128})});
  EXPECT_DOUBLE_EQ(countCall(sm).flops, 5.0 * 2 * 12 * 128 * 128);
  const auto relu = call("aten::relu_", {tensor({2, 8, 4, 4})}, {tensor({2, 8, 4, 4})});
  EXPECT_DOUBLE_EQ(countCall(relu).flops, 256);
  EXPECT_DOUBLE_EQ(countCall(relu).bytes, 4.0 * 512);
  // 3×3 max pool, stride 2: 9 comparisons per output element.
  const auto pool = call("aten::max_pool2d",
                         {tensor({1, 64, 112, 112}), ints({3, 3}), ints({2, 2}), ints({1, 1})},
                         {tensor({1, 64, 56, 56})});
  EXPECT_DOUBLE_EQ(countCall(pool).flops, 9.0 * 64 * 56 * 56);
  const auto pool_scalar =
      call("aten::max_pool2d", {tensor({1, 64, 112, 112}), ints({3})}, {tensor({1, 64, 56, 56})});
  EXPECT_DOUBLE_EQ(countCall(pool_scalar).flops, 9.0 * 64 * 56 * 56);
  const auto adaptive = call("aten::adaptive_avg_pool2d", {tensor({1, 2048, 7, 7}), ints({1, 1})},
                             {tensor({1, 2048, 1, 1})});
  EXPECT_DOUBLE_EQ(countCall(adaptive).flops, 2048.0 * 49);
}

TEST(WorkCounter, OutermostCountedCallOnlyAndViewsLetCalleesCount) {
  // linear → t, addmm: counted once, as the linear. reshape → clone → copy_: the copy counts.
  std::vector<OpCall> calls = {
      call("aten::linear", {tensor({4, 64}), tensor({32, 64}), tensor({32})}, {tensor({4, 32})}, 1,
           0, 0, 100),
      call("aten::t", {tensor({32, 64})}, {tensor({64, 32})}, 2, 1, 10, 20),
      call("aten::addmm", {tensor({32}), tensor({4, 64}), tensor({64, 32})}, {tensor({4, 32})}, 3,
           1, 20, 90),
      call("aten::reshape", {tensor({4, 32}), ints({128})}, {tensor({128})}, 4, 0, 100, 150),
      call("aten::clone", {tensor({4, 32})}, {tensor({4, 32})}, 5, 4, 110, 140),
      call("aten::copy_", {tensor({4, 32}), tensor({4, 32})}, {tensor({4, 32})}, 6, 5, 120, 130),
      call("aten::view", {tensor({128}), ints({2, 64})}, {tensor({2, 64})}, 7, 0, 150, 160),
      call("my::custom_op", {tensor({2, 64})}, {tensor({2, 64})}, 8, 0, 160, 200),
  };
  const auto w = countWork(calls);
  EXPECT_EQ(w.operator_calls, 8);
  EXPECT_DOUBLE_EQ(w.flops, 2.0 * 4 * 32 * 64);
  ASSERT_EQ(w.ops.size(), 2u);
  EXPECT_EQ(w.ops[0].op, "aten::linear");
  EXPECT_EQ(w.ops[0].calls, 1);
  EXPECT_DOUBLE_EQ(w.ops[0].time_share, 100.0 / 200);
  EXPECT_EQ(w.ops[1].op, "aten::clone");  // the outermost counted call of the reshape
  EXPECT_DOUBLE_EQ(w.bytes, 4.0 * (4 * 64 + 32 * 64 + 32 + 4 * 32) + 4.0 * 2 * 128);
  // The view has no work and is not listed; the custom operator is, with its 40 of 200 ns.
  ASSERT_EQ(w.uncounted.size(), 1u);
  EXPECT_EQ(w.uncounted[0].op, "my::custom_op");
  EXPECT_DOUBLE_EQ(w.uncounted[0].time_share, 0.2);
  EXPECT_DOUBLE_EQ(w.uncounted_time_share, 0.2);
}

TEST(WorkCounter, AnOperatorWithoutItsShapesIsUncountedNotZero) {
  // A matmul whose result was not recorded cannot be counted: listed, not silently 0.
  const auto w = countWork({call("aten::mm", {tensor({4, 8}), tensor({8, 2})}, {})});
  EXPECT_DOUBLE_EQ(w.flops, 0);
  ASSERT_EQ(w.uncounted.size(), 1u);
  EXPECT_EQ(w.uncounted[0].op, "aten::mm");
}

}  // namespace
}  // namespace inferscope::roofline
