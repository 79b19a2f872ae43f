// Helpers shared by the trace tests: a source that forwards to a FakeActivitySource the test owns
// (so the fake can be inspected after the tracer is gone), and hand-built records.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/trace/fake_activity_source.h"
#include "core/trace/kernel_tracer.h"

namespace inferscope::trace::testing {

class ForwardingSource : public ActivitySource {
 public:
  explicit ForwardingSource(FakeActivitySource& fake) : fake_(fake) {}
  std::string name() const override { return fake_.name(); }
  void setSink(ActivitySink* sink) override { fake_.setSink(sink); }
  StartStatus start(const ActivityStartOptions& options) override { return fake_.start(options); }
  void flush() override { fake_.flush(); }
  void stop() override { fake_.stop(); }
  void pushExternalCorrelation(std::uint64_t id) override { fake_.pushExternalCorrelation(id); }
  void popExternalCorrelation() override { fake_.popExternalCorrelation(); }
  std::int64_t nowNs() const override { return fake_.nowNs(); }

 private:
  FakeActivitySource& fake_;
};

inline std::unique_ptr<ActivitySource> forwardTo(FakeActivitySource& fake) {
  return std::make_unique<ForwardingSource>(fake);
}

constexpr std::int64_t kUs = 1'000;  // ns per µs
constexpr std::int64_t kMs = 1'000'000;

inline KernelRecord kernel(std::string name, std::int64_t start_ns, std::int64_t end_ns,
                           std::uint32_t stream, int iteration, std::string top_op = {}) {
  KernelRecord k;
  k.name = std::move(name);
  k.start_ns = start_ns;
  k.end_ns = end_ns;
  k.stream = stream;
  k.iteration = iteration;
  k.top_op_name = top_op;
  k.op_name = std::move(top_op);
  return k;
}

inline MemcpyRecord memcpyRecord(MemcpyKind kind, std::uint64_t bytes, std::int64_t start_ns,
                                 std::int64_t end_ns, int iteration) {
  MemcpyRecord m;
  m.kind = kind;
  m.bytes = bytes;
  m.start_ns = start_ns;
  m.end_ns = end_ns;
  m.iteration = iteration;
  return m;
}

// A traced window recorded through KernelTracer and the fake: one warm-up and two steady
// iterations of a small "model" with nested operators, kernels on three streams (two of them
// concurrent), a copy in, a memset, a copy out and a stream synchronisation.
TraceWindow recordSampleWindow();

}  // namespace inferscope::trace::testing
