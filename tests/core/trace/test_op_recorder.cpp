// OpRecorder against real LibTorch operators (CPU here; on a CUDA build the last test traces real
// kernels through CUPTI and writes a Chrome trace to $INFERSCOPE_TRACE_OUT when set).
#include <ATen/record_function.h>
#include <c10/core/InferenceMode.h>
#include <gtest/gtest.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
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
  bool inputs = true;
  bool convolutions = false;
  std::vector<Start> starts;
  std::vector<std::uint64_t> ends;
  std::vector<std::pair<std::uint64_t, trace::ConvolutionRecord>> convs;
  int starts_with_inputs = 0;

  bool wantsOps() const override { return wants; }
  bool wantsInputs() const override { return inputs; }
  void onOpStart(std::uint64_t id, const char* name, const trace::OpInputs* in) override {
    std::string shapes;
    if (in != nullptr) {
      in->appendShapes(shapes);
      ++starts_with_inputs;
    }
    starts.push_back({id, name, std::move(shapes), depth_++});
  }
  void onOpEnd(std::uint64_t id) override {
    --depth_;
    ends.push_back(id);
  }
  bool wantsConvolutions() const override { return convolutions; }
  void onConvolution(std::uint64_t id, trace::ConvolutionRecord record) override {
    convs.emplace_back(id, std::move(record));
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

TEST(OpRecorder, NothingStaysRegisteredWithLibTorch) {
  // What lingers after a window would slow every later operator (issue #5): the recorder's
  // callback must be gone with the last recorder, nested ones included.
  ASSERT_FALSE(at::hasThreadLocalCallbacks());
  RecordingListener outer, inner;
  outer.inputs = false;
  {
    OpRecorder a(outer);
    EXPECT_TRUE(at::hasThreadLocalCallbacks());
    {
      OpRecorder b(inner);  // needs inputs the outer callback did not ask for
      runSmallModel();
    }
    EXPECT_TRUE(at::hasThreadLocalCallbacks());
    runSmallModel();
  }
  EXPECT_FALSE(at::hasThreadLocalCallbacks());
  EXPECT_FALSE(at::hasCallbacks());
  EXPECT_GT(inner.starts_with_inputs, 0);
  ASSERT_FALSE(outer.starts.empty());
  EXPECT_EQ(outer.starts_with_inputs, 0);  // back to the outer callback, still without inputs
  const auto ops = outer.starts.size() + inner.starts.size();
  runSmallModel();
  EXPECT_EQ(outer.starts.size() + inner.starts.size(), ops);
}

TEST(OpRecorder, WithoutInputsReportsNamesAndNesting) {
  RecordingListener l;
  l.inputs = false;
  l.convolutions = true;  // needs inputs: without them there is nothing to read
  {
    OpRecorder recorder(l);
    runSmallModel();
  }
  EXPECT_EQ(l.starts_with_inputs, 0);
  const auto* conv = l.find("aten::conv2d");
  ASSERT_NE(conv, nullptr);
  EXPECT_EQ(conv->shapes, "");
  EXPECT_EQ(conv->depth, 0);
  EXPECT_NE(l.find("aten::mm"), nullptr);
  EXPECT_TRUE(l.convs.empty());
  EXPECT_EQ(l.starts.size(), l.ends.size());
}

// A few convolutions with every argument the ledger reads set to something other than its
// default, a transposed one, and channels_last input.
struct ConvNet {
  torch::nn::Conv2d strided{torch::nn::Conv2dOptions(3, 8, 3).stride(2).padding(1)};
  torch::nn::Conv2d grouped{
      torch::nn::Conv2dOptions(8, 8, 3).padding(2).dilation(2).groups(4).bias(false)};
  torch::nn::Conv2d pointwise{torch::nn::Conv2dOptions(8, 16, 1).bias(false)};
  torch::nn::ConvTranspose2d up{torch::nn::ConvTranspose2dOptions(16, 4, 2).stride(2)};

  torch::Tensor forward(const torch::Tensor& x) {
    return up->forward(pointwise->forward(grouped->forward(strided->forward(x))));
  }
};

TEST(OpRecorder, CapturesConvolutionArguments) {
  ConvNet net;
  c10::InferenceMode guard;
  RecordingListener l;
  l.convolutions = true;
  const auto x = torch::randn({2, 3, 16, 16}).contiguous(at::MemoryFormat::ChannelsLast);
  {
    OpRecorder recorder(l);
    EXPECT_EQ(net.forward(x).sizes(), (std::vector<std::int64_t>{2, 4, 16, 16}));
  }
  // One record per convolution: aten::convolution's own aten::_convolution is not a second one.
  ASSERT_EQ(l.convs.size(), 4u);
  for (const auto& [id, r] : l.convs) {
    const auto it = std::find_if(l.starts.begin(), l.starts.end(),
                                 [id = id](const auto& s) { return s.id == id; });
    ASSERT_NE(it, l.starts.end());
    EXPECT_EQ(it->name, "aten::convolution");
    EXPECT_EQ(r.dtype, "float32");
    EXPECT_EQ(r.external_id, id);
    EXPECT_EQ(r.iteration, -1);  // the listener's to fill, as the host times are
    EXPECT_EQ(r.start_ns, 0);
  }
  const auto& strided = l.convs[0].second;
  EXPECT_EQ(strided.input_sizes, (std::vector<std::int64_t>{2, 3, 16, 16}));
  EXPECT_EQ(strided.weight_sizes, (std::vector<std::int64_t>{8, 3, 3, 3}));
  EXPECT_EQ(strided.stride, (std::vector<std::int64_t>{2, 2}));
  EXPECT_EQ(strided.padding, (std::vector<std::int64_t>{1, 1}));
  EXPECT_EQ(strided.dilation, (std::vector<std::int64_t>{1, 1}));
  EXPECT_EQ(strided.groups, 1);
  EXPECT_TRUE(strided.has_bias);
  EXPECT_FALSE(strided.transposed);
  EXPECT_TRUE(strided.channels_last);

  const auto& grouped = l.convs[1].second;
  EXPECT_EQ(grouped.input_sizes, (std::vector<std::int64_t>{2, 8, 8, 8}));
  EXPECT_EQ(grouped.weight_sizes, (std::vector<std::int64_t>{8, 2, 3, 3}));
  EXPECT_EQ(grouped.stride, (std::vector<std::int64_t>{1, 1}));
  EXPECT_EQ(grouped.padding, (std::vector<std::int64_t>{2, 2}));
  EXPECT_EQ(grouped.dilation, (std::vector<std::int64_t>{2, 2}));
  EXPECT_EQ(grouped.groups, 4);
  EXPECT_FALSE(grouped.has_bias);

  const auto& pointwise = l.convs[2].second;
  EXPECT_EQ(pointwise.weight_sizes, (std::vector<std::int64_t>{16, 8, 1, 1}));
  EXPECT_EQ(pointwise.padding, (std::vector<std::int64_t>{0, 0}));

  const auto& up = l.convs[3].second;
  EXPECT_TRUE(up.transposed);
  EXPECT_TRUE(up.has_bias);
  EXPECT_EQ(up.input_sizes, (std::vector<std::int64_t>{2, 16, 8, 8}));
  EXPECT_EQ(up.weight_sizes, (std::vector<std::int64_t>{16, 4, 2, 2}));  // (in, out / groups, …)
  EXPECT_EQ(up.stride, (std::vector<std::int64_t>{2, 2}));

  // A contiguous (NCHW) input, in double precision.
  RecordingListener nchw;
  nchw.convolutions = true;
  {
    OpRecorder recorder(nchw);
    torch::nn::Conv2d conv(torch::nn::Conv2dOptions(3, 4, 3));
    conv->to(torch::kDouble);
    conv->forward(torch::randn({1, 3, 8, 8}, torch::kDouble));
  }
  ASSERT_EQ(nchw.convs.size(), 1u);
  EXPECT_FALSE(nchw.convs[0].second.channels_last);
  EXPECT_EQ(nchw.convs[0].second.dtype, "float64");
}

TEST(OpRecorder, ConvolutionsReachTheWindowWithTheirIterations) {
  ConvNet net;
  c10::InferenceMode guard;
  trace::TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 1;
  policy.steady_iterations_traced = 2;
  policy.capture_convolutions = true;
  trace::KernelTracer tracer(std::make_unique<trace::FakeActivitySource>(), policy);
  const auto x = torch::randn({1, 3, 16, 16});
  for (int i = 0; i < 4; ++i) {
    const bool traced = tracer.beginIteration(i, i < 2);
    std::optional<OpRecorder> recorder;
    if (traced) recorder.emplace(tracer);
    net.forward(x);
    recorder.reset();
    tracer.endIteration(i);
  }
  const auto w = tracer.finish();
  ASSERT_EQ(w.convolutions.size(), 12u);  // 4 per traced iteration: 0, 2 and 3
  std::map<int, int> per_iteration;
  for (const auto& c : w.convolutions) {
    ++per_iteration[c.iteration];
    const auto op = std::find_if(w.ops.begin(), w.ops.end(),
                                 [&](const auto& o) { return o.external_id == c.external_id; });
    ASSERT_NE(op, w.ops.end());
    EXPECT_EQ(op->name, "aten::convolution");
    EXPECT_EQ(op->iteration, c.iteration);
    EXPECT_EQ(c.start_ns, op->start_ns);
    EXPECT_EQ(c.end_ns, op->end_ns);
  }
  EXPECT_EQ(per_iteration, (std::map<int, int>{{0, 4}, {2, 4}, {3, 4}}));
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

TEST(OpRecorder, LaterIterationsTakeTheShapesOfTheFirst) {
  // The default policy formats shapes in the first iteration of a stretch only; the recorder of
  // the next iteration runs without inputs and the same calls get the same shapes.
  trace::TraceWindowPolicy policy;
  policy.full_detail_every_iteration = true;  // operators in both iterations
  trace::KernelTracer tracer(std::make_unique<trace::FakeActivitySource>(), policy);
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(tracer.beginIteration(i, false));
    EXPECT_EQ(tracer.wantsInputs(), i == 0);
    {
      OpRecorder recorder(tracer);
      runSmallModel();
    }
    tracer.endIteration(i);
  }
  const auto w = tracer.finish();
  int mm_calls = 0;
  for (const auto& op : w.ops) {
    if (op.name != "aten::mm") continue;
    ++mm_calls;
    EXPECT_EQ(op.input_shapes, "8x16, 16x32") << "iteration " << op.iteration;
  }
  EXPECT_EQ(mm_calls, 2);
}

// On the GPU machine: real kernels through CUPTI, attributed to their operators. A traced warm-up
// iteration, an untraced one (CUPTI detached) and two traced steady ones: the second stretch must
// get its own kernels (CUPTI numbers correlation ids afresh after a detach; when they collided,
// the steady iterations showed no kernels and 0 % GPU busy).
TEST(OpRecorderCuda, TracesKernelsOfTorchOperators) {
  if (!torch::cuda::is_available()) GTEST_SKIP() << "no CUDA device";
  if (!trace::cuptiCompiledIn()) GTEST_SKIP() << "CUPTI not compiled in";
  trace::TraceWindowPolicy policy;
  policy.warmup_iterations_traced = 1;
  policy.steady_iterations_traced = 2;
  trace::KernelTracer tracer(trace::makeCuptiActivitySource(), policy);
  c10::InferenceMode guard;
  // Large enough to keep the GPU busy for most of the iteration (~1 ms of FP32 GEMM on an H200),
  // so that busy time is far from rounding to zero.
  const auto a = torch::randn({4096, 4096}, torch::kCUDA);
  const auto b = torch::randn({4096, 4096}, torch::kCUDA);
  torch::cuda::synchronize();
  for (int i = 0; i < 4; ++i) {
    const bool traced = tracer.beginIteration(i, i < 2);
    EXPECT_EQ(traced, i != 1) << i;
    {
      std::optional<OpRecorder> recorder;
      if (traced) recorder.emplace(tracer);
      const auto c = torch::relu(torch::mm(a, b)) + 1;
      const auto host = c.sum().to(torch::kCPU);  // a DtoH copy, which also synchronises
      EXPECT_TRUE(std::isfinite(host.item<float>()));
    }
    torch::cuda::synchronize();
    tracer.endIteration(i);
  }
  const auto w = tracer.finish();
  ASSERT_TRUE(w.traced()) << w.untraced_reason;
  ASSERT_EQ(w.iterations.size(), 3u);  // warm-up 0, steady 2 and 3
  ASSERT_FALSE(w.kernels.empty());
  std::map<int, int> mm_kernels;
  for (const auto& k : w.kernels) {
    if (k.top_op_name == "aten::mm") ++mm_kernels[k.iteration];
  }
  for (const int i : {0, 2, 3})
    EXPECT_GT(mm_kernels[i], 0) << "no aten::mm kernel in iteration " << i;
  EXPECT_FALSE(w.memcpys.empty());
  const auto stats = trace::TraceAggregator::iterationStats(w);
  ASSERT_EQ(stats.size(), 3u);
  for (const auto& it : stats) {
    EXPECT_GE(it.kernel_count, 3) << "iteration " << it.iteration;  // mm, relu, add, sum
    EXPECT_GT(it.gpu_busy_us, 0.0) << "iteration " << it.iteration;
  }
  // Same work in both steady iterations: same kernels (not one stretch's ids in the other's).
  EXPECT_EQ(stats[1].kernel_count, stats[2].kernel_count);
  const auto summary = trace::TraceAggregator().summarize(w);
  EXPECT_EQ(summary.basis, "steady");
  EXPECT_GT(summary.gpu_busy_pct, 20.0);
  EXPECT_LE(summary.gpu_busy_pct, 100.0);
  if (const char* out = std::getenv("INFERSCOPE_TRACE_OUT")) {
    trace::ChromeTraceWriter(trace::ChromeTraceOptions{"OpRecorderCuda", true, true})
        .writeFile(w, std::string(out) + "/op_recorder_cuda.trace.json");
    std::printf("%s\n", trace::traceSummaryToJson(summary, 1).c_str());
  }
}

}  // namespace
}  // namespace inferscope::torchlayer
