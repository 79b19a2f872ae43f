#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "core/trace/trace_collector.h"

namespace inferscope::trace {
namespace {

ActivityBatch batchOf(std::size_t kernels, std::size_t api_calls, std::uint64_t dropped = 0) {
  ActivityBatch b;
  b.kernels.resize(kernels);
  b.api_calls.resize(api_calls);
  b.dropped_records = dropped;
  return b;
}

TEST(TraceCollector, KeepsGpuRecordsFirstUnderTheCap) {
  TraceCollector c(5);
  c.onActivityBatch(batchOf(3, 4));
  EXPECT_EQ(c.recordCount(), 5u);
  EXPECT_EQ(c.droppedRecords(), 2u);
  TraceWindow w;
  c.moveInto(w);
  EXPECT_EQ(w.kernels.size(), 3u);
  EXPECT_EQ(w.api_calls.size(), 2u);
  EXPECT_EQ(w.dropped_records, 2u);
}

TEST(TraceCollector, CountsSourceDropsAndOperatorsPastTheCap) {
  TraceCollector c(1);
  c.onActivityBatch(batchOf(1, 0, /*dropped=*/7));
  c.addOp(OpRecord{});
  c.addIteration(IterationMark{0, 0, 10, true});
  TraceWindow w;
  c.moveInto(w);
  EXPECT_EQ(w.dropped_records, 8u);
  EXPECT_TRUE(w.ops.empty());
  EXPECT_EQ(w.iterations.size(), 1u);
  // Empty afterwards.
  EXPECT_EQ(c.recordCount(), 0u);
  EXPECT_EQ(c.droppedRecords(), 0u);
}

TEST(TraceCollector, ConcurrentDeliveriesAreAllCounted) {
  // CUPTI delivers on its worker thread while the engine thread adds operators.
  TraceCollector c(1'000'000);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&c] {
      for (int i = 0; i < 500; ++i) c.onActivityBatch(batchOf(2, 1));
    });
  }
  for (int i = 0; i < 1000; ++i) c.addOp(OpRecord{});
  for (auto& t : threads) t.join();
  EXPECT_EQ(c.recordCount(), 4u * 500u * 3u + 1000u);
  TraceWindow w;
  c.moveInto(w);
  EXPECT_EQ(w.kernels.size(), 4000u);
  EXPECT_EQ(w.ops.size(), 1000u);
}

}  // namespace
}  // namespace inferscope::trace
