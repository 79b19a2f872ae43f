// The trace-window file (trace_window_json.h): the Python worker's tracer hands its finished
// window over in it, so every field must come back as it was written, and a damaged file must be
// refused with its name, never half read.
#include <gtest/gtest.h>

#include <string>

#include "core/common/error.h"
#include "core/trace/trace_aggregator.h"
#include "core/trace/trace_window_json.h"

using namespace inferscope;
using namespace inferscope::trace;

namespace {

TraceWindow sampleWindow() {
  TraceWindow w;
  w.status = TraceStatus::Traced;
  w.untraced_reason = "";
  w.source = "cupti";
  w.dropped_records = 7;
  w.replay_mismatches = 1;
  w.iterations = {
      {0, 1000, 9000, true, -1}, {1, 10000, 19000, false, -1}, {2, 20000, 29000, false, 1}};
  KernelRecord k;
  k.name = "void at::native::vectorized_elementwise_kernel<4>(int)";
  k.start_ns = 2000;
  k.end_ns = 5000;
  k.device = 0;
  k.stream = 7;
  k.correlation_id = 4000000000u;  // above INT32_MAX: unsigned survives
  k.grid_x = 120;
  k.grid_y = 2;
  k.grid_z = 1;
  k.block_x = 128;
  k.block_y = 1;
  k.block_z = 1;
  k.registers_per_thread = 32;
  k.static_shared_bytes = 1024;
  k.dynamic_shared_bytes = 49152;
  k.graph_id = 3;
  k.external_id = 42;
  k.op_name = "aten::cudnn_convolution";
  k.top_op_name = "aten::conv2d";
  k.iteration = 0;
  k.op_by_replay = true;
  w.kernels = {k};
  w.memcpys = {{MemcpyKind::HtoD, 4096, 1500, 1800, 0, 7, 11, 42, 0}};
  w.memsets = {{256, 0, 1900, 1950, 0, 7, 12, 0, 0}};
  w.api_calls = {{ApiDomain::Driver, 307, "cuLaunchKernelEx", 1990, 2010, 1234, 5678, 13}};
  w.syncs = {{SyncKind::EventSynchronize, 8000, 8900, 7, 14}};
  w.correlations = {{42, 13}};
  w.ops = {{42, "aten::conv2d", "32x3x224x224, 64x3x7x7, 64", 1100, 8000, 0, 0, 0},
           {43, "aten::convolution", "32x3x224x224", 1200, 7900, 0, 42, 1}};
  ConvolutionRecord c;
  c.external_id = 43;
  c.iteration = 0;
  c.input_sizes = {32, 3, 224, 224};
  c.weight_sizes = {64, 3, 7, 7};
  c.stride = {2, 2};
  c.padding = {3, 3};
  c.dilation = {1, 1};
  c.groups = 1;
  c.transposed = false;
  c.has_bias = true;
  c.dtype = "bfloat16";
  c.channels_last = true;
  c.start_ns = 1200;
  c.end_ns = 7900;
  w.convolutions = {c};
  return w;
}

}  // namespace

TEST(TraceWindowJson, EveryFieldComesBackAsItWasWritten) {
  const TraceWindow w = sampleWindow();
  const TraceWindow r = traceWindowFromJson(traceWindowToJson(w), "window.json");
  EXPECT_EQ(r.status, TraceStatus::Traced);
  EXPECT_EQ(r.source, "cupti");
  EXPECT_EQ(r.dropped_records, 7u);
  EXPECT_EQ(r.replay_mismatches, 1);
  ASSERT_EQ(r.iterations.size(), 3u);
  EXPECT_EQ(r.iterations[2].replay_of, 1);
  EXPECT_TRUE(r.iterations[0].warmup);
  EXPECT_EQ(r.iterations[1].end_ns, 19000);
  ASSERT_EQ(r.kernels.size(), 1u);
  const auto& k = r.kernels[0];
  const auto& e = w.kernels[0];
  EXPECT_EQ(k.name, e.name);
  EXPECT_EQ(k.start_ns, e.start_ns);
  EXPECT_EQ(k.end_ns, e.end_ns);
  EXPECT_EQ(k.stream, e.stream);
  EXPECT_EQ(k.correlation_id, e.correlation_id);
  EXPECT_EQ(k.grid_x, e.grid_x);
  EXPECT_EQ(k.grid_y, e.grid_y);
  EXPECT_EQ(k.block_x, e.block_x);
  EXPECT_EQ(k.registers_per_thread, e.registers_per_thread);
  EXPECT_EQ(k.static_shared_bytes, e.static_shared_bytes);
  EXPECT_EQ(k.dynamic_shared_bytes, e.dynamic_shared_bytes);
  EXPECT_EQ(k.graph_id, e.graph_id);
  EXPECT_EQ(k.external_id, e.external_id);
  EXPECT_EQ(k.op_name, e.op_name);
  EXPECT_EQ(k.top_op_name, e.top_op_name);
  EXPECT_EQ(k.iteration, e.iteration);
  EXPECT_TRUE(k.op_by_replay);
  ASSERT_EQ(r.memcpys.size(), 1u);
  EXPECT_EQ(r.memcpys[0].kind, MemcpyKind::HtoD);
  EXPECT_EQ(r.memcpys[0].bytes, 4096u);
  EXPECT_EQ(r.memcpys[0].external_id, 42u);
  ASSERT_EQ(r.memsets.size(), 1u);
  EXPECT_EQ(r.memsets[0].bytes, 256u);
  EXPECT_EQ(r.memsets[0].correlation_id, 12u);
  ASSERT_EQ(r.api_calls.size(), 1u);
  EXPECT_EQ(r.api_calls[0].domain, ApiDomain::Driver);
  EXPECT_EQ(r.api_calls[0].cbid, 307u);
  EXPECT_EQ(r.api_calls[0].name, "cuLaunchKernelEx");
  EXPECT_EQ(r.api_calls[0].thread_id, 5678u);
  ASSERT_EQ(r.syncs.size(), 1u);
  EXPECT_EQ(r.syncs[0].kind, SyncKind::EventSynchronize);
  EXPECT_EQ(r.syncs[0].end_ns, 8900);
  ASSERT_EQ(r.correlations.size(), 1u);
  EXPECT_EQ(r.correlations[0].external_id, 42u);
  EXPECT_EQ(r.correlations[0].correlation_id, 13u);
  ASSERT_EQ(r.ops.size(), 2u);
  EXPECT_EQ(r.ops[0].input_shapes, "32x3x224x224, 64x3x7x7, 64");
  EXPECT_EQ(r.ops[1].parent_external_id, 42u);
  EXPECT_EQ(r.ops[1].depth, 1);
  ASSERT_EQ(r.convolutions.size(), 1u);
  const auto& c = r.convolutions[0];
  EXPECT_EQ(c.input_sizes, w.convolutions[0].input_sizes);
  EXPECT_EQ(c.weight_sizes, w.convolutions[0].weight_sizes);
  EXPECT_EQ(c.stride, w.convolutions[0].stride);
  EXPECT_EQ(c.padding, w.convolutions[0].padding);
  EXPECT_EQ(c.dtype, "bfloat16");
  EXPECT_TRUE(c.channels_last);
  EXPECT_TRUE(c.has_bias);
  // What InferScope makes of it is the same as of the window it was written from.
  const auto before = TraceAggregator().summarize(w);
  const auto after = TraceAggregator().summarize(r);
  EXPECT_DOUBLE_EQ(after.kernels_per_iteration, before.kernels_per_iteration);
  EXPECT_EQ(after.iterations.size(), before.iterations.size());
}

TEST(TraceWindowJson, AnUntracedWindowKeepsItsReason) {
  TraceWindow w;
  w.source = "unavailable";
  w.untraced_reason = "untraced: CUPTI not available in this build";
  const TraceWindow r = traceWindowFromJson(traceWindowToJson(w), "w.json");
  EXPECT_FALSE(r.traced());
  EXPECT_EQ(r.untraced_reason, w.untraced_reason);
  EXPECT_EQ(r.source, "unavailable");
}

TEST(TraceWindowJson, ADamagedFileIsRefusedByName) {
  const std::string good = traceWindowToJson(sampleWindow());
  auto refused = [](const std::string& text, const std::string& expected) {
    try {
      traceWindowFromJson(text, "trace-fp32.json");
      ADD_FAILURE() << "accepted: " << text.substr(0, 80);
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("trace-fp32.json"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  };
  refused("{\"format\":\"inferscope-op-calls\",\"version\":1}", "");
  std::string other_version = good;
  other_version.replace(other_version.find("\"version\":1"), 11, "\"version\":9");
  refused(other_version, "version 9");
  std::string short_row = good;
  short_row.replace(short_row.find("[[42,13]]"), 9, "[[42]]");
  refused(short_row, "has 1 fields");
  std::string too_big = good;
  too_big.replace(too_big.find("4000000000"), 10, "4294967296");
  refused(too_big, "out of range");
  std::string unknown_kind = good;
  unknown_kind.replace(unknown_kind.find("\"HtoD\""), 6, "\"sideways\"");
  refused(unknown_kind, "sideways");
  refused(good.substr(0, good.size() / 2), "");
}
