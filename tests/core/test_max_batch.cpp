// The largest batch that fits: doubling then bisection against a fake device whose memory ends at
// a batch size, the limit, a start that does not fit, a failure that is not memory, cancellation,
// and the batch-dependent out-of-memory injection the CPU tests of the real path use.
#include <gtest/gtest.h>
#include <stdlib.h>

#include "core/common/error.h"
#include "core/engine/fault_injection.h"
#include "core/engine/max_batch.h"

using namespace inferscope;

namespace {

std::function<BatchProbe(std::int64_t)> deviceFitting(std::int64_t largest) {
  return [largest](std::int64_t batch) {
    BatchProbe p;
    p.fit = batch <= largest ? BatchFit::Fits : BatchFit::OutOfMemory;
    return p;
  };
}

std::vector<std::int64_t> batches(const MaxBatchSearch& s) {
  std::vector<std::int64_t> out;
  for (const auto& p : s.probes) out.push_back(p.batch);
  return out;
}

}  // namespace

TEST(MaxBatch, DoublesThenBisects) {
  CancelToken cancel;
  const auto s = findMaxBatch(deviceFitting(37), 1, 4096, cancel);
  EXPECT_EQ(s.largest_fitting, 37);
  EXPECT_EQ(s.smallest_oom, 38);
  EXPECT_EQ(s.stop_reason, "bisected");
  // 1 … 64 doubling (64 out of memory), then 48, 40, 36, 38, 37.
  EXPECT_EQ(batches(s), (std::vector<std::int64_t>{1, 2, 4, 8, 16, 32, 64, 48, 40, 36, 38, 37}));
}

TEST(MaxBatch, TheLimitTheStartAndAPowerOfTwo) {
  CancelToken cancel;
  const auto all = findMaxBatch(deviceFitting(1000), 1, 100, cancel);
  EXPECT_EQ(all.largest_fitting, 100);
  EXPECT_FALSE(all.smallest_oom.has_value());
  EXPECT_EQ(all.stop_reason, "limit");
  EXPECT_EQ(batches(all).back(), 100);  // 64, then the limit itself
  EXPECT_EQ(batches(all).size(), 8u);

  const auto none = findMaxBatch(deviceFitting(3), 8, 64, cancel);
  EXPECT_FALSE(none.largest_fitting.has_value());
  EXPECT_EQ(none.smallest_oom, 8);
  EXPECT_EQ(none.stop_reason, "none-fits");
  EXPECT_EQ(none.probes.size(), 1u);

  const auto exact = findMaxBatch(deviceFitting(32), 1, 4096, cancel);
  EXPECT_EQ(exact.largest_fitting, 32);
  EXPECT_EQ(exact.smallest_oom, 33);

  EXPECT_THROW(findMaxBatch(deviceFitting(3), 0, 8, cancel), Error);
  EXPECT_THROW(findMaxBatch(deviceFitting(3), 16, 8, cancel), Error);
}

TEST(MaxBatch, AFailureThatIsNotMemoryStopsTheSearch) {
  CancelToken cancel;
  const auto s = findMaxBatch(
      [](std::int64_t batch) {
        BatchProbe p;
        if (batch >= 8) {
          p.fit = BatchFit::Failed;
          p.message = "shape mismatch";
        }
        return p;
      },
      1, 1024, cancel);
  EXPECT_EQ(s.stop_reason, "failed");
  EXPECT_EQ(s.largest_fitting, 4);
  EXPECT_FALSE(s.smallest_oom.has_value());
  EXPECT_EQ(s.probes.back().message, "shape mismatch");

  int probes = 0;
  const auto cancelled = findMaxBatch(
      [&](std::int64_t) {
        if (++probes == 3) cancel.cancel();
        return BatchProbe{};
      },
      1, 1024, cancel);
  EXPECT_EQ(cancelled.stop_reason, "cancelled");
  EXPECT_EQ(cancelled.probes.size(), 3u);
}

TEST(MaxBatch, InjectedOutOfMemoryAboveABatch) {
  ::setenv("INFERSCOPE_FAULT_OOM_ABOVE_BATCH", "fp32=64,bf16=256", 1);
  EXPECT_FALSE(faultInjectedOom("fp32", 64));
  EXPECT_TRUE(faultInjectedOom("fp32", 65));
  EXPECT_FALSE(faultInjectedOom("bf16", 200));
  EXPECT_TRUE(faultInjectedOom("bf16", 257));
  EXPECT_FALSE(faultInjectedOom("fp16", 100000));  // not listed
  ::setenv("INFERSCOPE_FAULT_OOM_ABOVE_BATCH", "*=8,bad,fp16=x", 1);
  EXPECT_TRUE(faultInjectedOom("fp16", 9));
  EXPECT_FALSE(faultInjectedOom("fp16", 8));
  ::unsetenv("INFERSCOPE_FAULT_OOM_ABOVE_BATCH");
  EXPECT_FALSE(faultInjectedOom("fp32", 1'000'000));
}
