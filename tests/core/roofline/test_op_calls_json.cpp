// The operator-call file the Python worker's instruments module writes and the work counter reads
// (core/roofline/op_calls_json.h): a round trip keeps every field the counter uses, and what is
// not such a file is refused naming it.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/common/error.h"
#include "core/roofline/op_calls_json.h"

using namespace inferscope;
using namespace inferscope::roofline;

namespace {

trace::OpValue tensor(std::vector<std::int64_t> sizes, std::int64_t element_bytes = 4) {
  trace::OpValue v;
  v.kind = trace::OpValue::Kind::Tensor;
  v.elements = 1;
  for (auto s : sizes) v.elements *= s;
  v.bytes = v.elements * element_bytes;
  v.sizes = std::move(sizes);
  v.dtype = element_bytes == 4 ? "float32" : "float16";
  return v;
}

std::vector<OpCall> linearCalls() {
  OpCall linear;
  linear.id = 7;
  linear.name = "aten::linear";
  linear.inputs = {tensor({4, 64}), tensor({32, 64}), tensor({32})};
  linear.outputs = {tensor({4, 32})};
  linear.start_ns = 100;
  linear.end_ns = 900;
  OpCall addmm;
  addmm.id = 8;
  addmm.parent_id = 7;
  addmm.depth = 1;
  addmm.name = "aten::addmm";
  trace::OpValue beta;
  beta.kind = trace::OpValue::Kind::Double;
  beta.number = 0.5;
  trace::OpValue dims;
  dims.kind = trace::OpValue::Kind::IntList;
  dims.sizes = {1, 0};
  addmm.inputs = {tensor({32}), tensor({4, 64}), tensor({64, 32}), beta, dims, trace::OpValue{}};
  addmm.outputs = {tensor({4, 32}, 2)};
  addmm.start_ns = 200;
  addmm.end_ns = 800;
  return {linear, addmm};
}

TEST(OpCallsJson, RoundTripKeepsWhatTheCounterReads) {
  const auto calls = linearCalls();
  const auto back = opCallsFromJson(opCallsToJson(calls), "calls.json");
  ASSERT_EQ(back.size(), calls.size());
  for (std::size_t i = 0; i < calls.size(); ++i) {
    EXPECT_EQ(back[i].id, calls[i].id);
    EXPECT_EQ(back[i].parent_id, calls[i].parent_id);
    EXPECT_EQ(back[i].depth, calls[i].depth);
    EXPECT_EQ(back[i].name, calls[i].name);
    EXPECT_EQ(back[i].start_ns, calls[i].start_ns);
    EXPECT_EQ(back[i].end_ns, calls[i].end_ns);
    ASSERT_EQ(back[i].inputs.size(), calls[i].inputs.size());
    for (std::size_t k = 0; k < calls[i].inputs.size(); ++k) {
      const auto &a = back[i].inputs[k], &b = calls[i].inputs[k];
      EXPECT_EQ(a.kind, b.kind);
      EXPECT_EQ(a.sizes, b.sizes);
      EXPECT_EQ(a.elements, b.elements);
      EXPECT_EQ(a.bytes, b.bytes);
      EXPECT_EQ(a.dtype, b.dtype);
      EXPECT_DOUBLE_EQ(a.number, b.number);
    }
    ASSERT_EQ(back[i].outputs.size(), 1u);
    EXPECT_EQ(back[i].outputs[0].bytes, calls[i].outputs[0].bytes);
  }
  // The count of the file is the count of the calls: 2·4·32·64 FLOPs in aten::linear.
  const auto direct = countWork(calls), read = countWork(back);
  EXPECT_DOUBLE_EQ(direct.flops, 2.0 * 4 * 32 * 64);
  EXPECT_DOUBLE_EQ(read.flops, direct.flops);
  EXPECT_DOUBLE_EQ(read.bytes, direct.bytes);
}

TEST(OpCallsJson, ForeignFilesAreRefusedNamingThem) {
  const auto message = [](const std::string& text) {
    try {
      opCallsFromJson(text, "ops-fp32.json");
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::InvalidInput);
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("{\"format\": \"chrome-trace\", \"version\": 1, \"calls\": []}")
                .find("ops-fp32.json: not an operator-call file"),
            std::string::npos);
  EXPECT_NE(message("{\"format\": \"inferscope-op-calls\", \"version\": 9, \"calls\": []}")
                .find("version 9"),
            std::string::npos);
  EXPECT_NE(message("{\"format\": \"inferscope-op-calls\", \"version\": 1, \"calls\": [{\"id\": "
                    "1, \"parent_id\": 0, \"depth\": 0, \"name\": \"aten::mm\", \"start_ns\": 0, "
                    "\"end_ns\": 1, \"inputs\": [{\"kind\": \"tensr\"}], \"outputs\": []}]}")
                .find("tensr"),
            std::string::npos);
  EXPECT_NE(message("not json").find("ops-fp32.json"), std::string::npos);
  EXPECT_EQ(
      opCallsFromJson("{\"format\": \"inferscope-op-calls\", \"version\": 1, \"calls\": []}", "x")
          .size(),
      0u);
}

}  // namespace
