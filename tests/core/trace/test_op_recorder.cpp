// OpRecorder against real LibTorch operators (CPU here; on a CUDA build the last test traces real
// kernels through CUPTI and writes a Chrome trace to $INFERSCOPE_TRACE_OUT when set).
#include <c10/core/InferenceMode.h>
#include <gtest/gtest.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/torch/op_recorder.h"
#include "core/trace/chrome_trace_writer.h"
#include "core/trace/fake_activity_source.h"
#include "core/trace/kernel_tracer.h"
#include "core/trace/trace_aggregator.h"
#include "core/trace/trace_summary_json.h"

namespace inferscope::torchlayer {
namespace {

class RecordingListener : public trace::OpListener {
 public:
  struct Start {
    std::uint64_t id;
    std::string name, shapes;
    int depth;
  };
  bool wants = true;
  std::vector<Start> starts;
  std::vector<std::uint64_t> ends;

  bool wantsOps() const override { return wants; }
  void onOpStart(std::uint64_t id, std::string_view name, std::string_view shapes) override {
    starts.push_back({id, std::string(name), std::string(shapes), depth_++});
  }
  void onOpEnd(std::uint64_t id) override {
    --depth_;
    ends.push_back(id);
  }

  const Start* find(const std::string& name) const {
    const auto it =
        std::find_if(starts.begin(), starts.end(), [&](const Start& s) { return s.name == name; });
    return it == starts.end() ? nullptr : &*it;
  }

 private:
  int depth_ = 0;
};

void runSmallModel() {
  c10::InferenceMode guard;
  const auto x = torch::ones({2, 3, 8, 8});
  const auto w = torch::ones({4, 3, 3, 3});
  const auto y = torch::relu(torch::conv2d(x, w));
  const auto m = torch::mm(torch::ones({8, 16}), torch::ones({16, 32}));
  EXPECT_EQ(y.size(1), 4);
  EXPECT_EQ(m.size(1), 32);
}

TEST(OpRecorder, RecordsOperatorNamesAndInputShapes) {
  RecordingListener l;
  {
    OpRecorder recorder(l);
    runSmallModel();
  }
  const auto* conv = l.find("aten::conv2d");
  ASSERT_NE(conv, nullptr);
  EXPECT_EQ(conv->shapes, "2x3x8x8, 4x3x3x3");  // bias None, stride & co. are left out
  EXPECT_EQ(conv->depth, 0);
  const auto* relu = l.find("aten::relu");
  ASSERT_NE(relu, nullptr);
  EXPECT_EQ(relu->shapes, "2x4x6x6");
  const auto* mm = l.find("aten::mm");
  ASSERT_NE(mm, nullptr);
  EXPECT_EQ(mm->shapes, "8x16, 16x32");
  // conv2d runs through nested operators (aten::convolution, …), reported inside it.
  EXPECT_TRUE(
      std::any_of(l.starts.begin(), l.starts.end(), [](const auto& s) { return s.depth > 0; }));

  // Every start has its end, ids are unique.
  std::set<std::uint64_t> ids;
  for (const auto& s : l.starts) EXPECT_TRUE(ids.insert(s.id).second);
  EXPECT_EQ(std::set<std::uint64_t>(l.ends.begin(), l.ends.end()), ids);
}

TEST(OpRecorder, StopsRecordingWhenDestroyed) {
  RecordingListener l;
  { OpRecorder recorder(l); }
  runSmallModel();
  EXPECT_TRUE(l.starts.empty());
}

TEST(OpRecorder, ListenerOutsideItsWindowGetsNothing) {
  RecordingListener l;
  l.wants = false;
  OpRecorder recorder(l);
  runSmallModel();
  EXPECT_TRUE(l.starts.empty());
  EXPECT_TRUE(l.ends.empty());
}

TEST(OpRecorder, NestedRecordersReportOnceToTheInnermost) {
  RecordingListener outer, inner;
  OpRecorder a(outer);
  {
    OpRecorder b(inner);
    runSmallModel();
  }
  EXPECT_TRUE(outer.starts.empty());
  const auto n = std::count_if(inner.starts.begin(), inner.starts.end(),
                               [](const auto& s) { return s.name == "aten::mm"; });
  EXPECT_EQ(n, 1);
  runSmallModel();  // back to the outer listener
  EXPECT_NE(outer.find("aten::mm"), nullptr);
}

TEST(OpRecorder, FeedsTheKernelTracer) {
  auto fake_owned = std::make_unique<trace::FakeActivitySource>();
  auto* fake = fake_owned.get();
  trace::KernelTracer tracer(std::move(fake_owned));
  ASSERT_TRUE(tracer.beginIteration(0, false));
  {
    OpRecorder recorder(tracer);
    runSmallModel();
  }
  EXPECT_EQ(fake->correlationDepth(), 0u);
  EXPECT_GT(fake->pushCalls(), 3u);
  tracer.endIteration(0);
  const auto w = tracer.finish();
  const auto mm = std::find_if(w.ops.begin(), w.ops.end(),
                               [](const auto& op) { return op.name == "aten::mm"; });
  ASSERT_NE(mm, w.ops.end());
  EXPECT_EQ(mm->input_shapes, "8x16, 16x32");
  EXPECT_EQ(mm->iteration, 0);
  EXPECT_EQ(mm->depth, 0);
}

// On the GPU machine: real kernels through CUPTI, attributed to their operators.
TEST(OpRecorderCuda, TracesKernelsOfTorchOperators) {
  if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device";
  if (!trace::cuptiCompiledIn()) GTEST_SKIP() << "CUPTI not compiled in";
  trace::TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 1;
  policy.steady_iterations_traced = 2;
  trace::KernelTracer tracer(trace::makeCuptiActivitySource(), policy);
  c10::InferenceMode guard;
  const auto a = torch::randn({512, 512}, torch::kCUDA);
  const auto b = torch::randn({512, 512}, torch::kCUDA);
  for (int i = 0; i < 4; ++i) {
    const bool traced = tracer.beginIteration(i, i < 2);
    {
      std::optional<OpRecorder> recorder;
      if (traced) recorder.emplace(tracer);
      const auto c = torch::relu(torch::mm(a, b)) + 1;
      const auto host = c.sum().to(torch::kCPU);  // a DtoH copy
      EXPECT_TRUE(std::isfinite(host.item<float>()));
    }
    torch::cuda::synchronize();
    tracer.endIteration(i);
  }
  const auto w = tracer.finish();
  ASSERT_TRUE(w.traced()) << w.untraced_reason;
  EXPECT_EQ(w.iterations.size(), 3u);  // warm-up 0, steady 2 and 3
  ASSERT_FALSE(w.kernels.empty());
  EXPECT_TRUE(std::any_of(w.kernels.begin(), w.kernels.end(), [](const auto& k) {
    return k.top_op_name == "aten::mm";
  })) << "no kernel attributed to aten::mm";
  EXPECT_FALSE(w.memcpys.empty());
  const auto summary = trace::TraceAggregator().summarize(w);
  EXPECT_GT(summary.gpu_busy_pct, 0.0);
  EXPECT_LE(summary.gpu_busy_pct, 100.0);
  if (const char* out = std::getenv("INFERSCOPE_TRACE_OUT")) {
    trace::ChromeTraceWriter(trace::ChromeTraceOptions{"OpRecorderCuda", true, true})
        .writeFile(w, std::string(out) + "/op_recorder_cuda.trace.json");
    std::printf("%s\n", trace::traceSummaryToJson(summary, 1).c_str());
  }
}

}  // namespace
}  // namespace inferscope::torchlayer
