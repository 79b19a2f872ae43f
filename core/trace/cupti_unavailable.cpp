// The CUPTI factory of builds without CUPTI (the CPU flavour, CI): a source that never starts and
// says why, so that the engine's tracing path is the same in every build.

#include "core/trace/activity_source.h"

namespace inferscope::trace {
namespace {

class UnavailableActivitySource final : public ActivitySource {
 public:
  std::string name() const override { return "unavailable"; }
  void setSink(ActivitySink*) override {}
  StartStatus start(const ActivityStartOptions&) override {
    return StartStatus::failure("untraced: CUPTI not available in this build");
  }
  void flush() override {}
  void stop() override {}
  void pushExternalCorrelation(std::uint64_t) override {}
  void popExternalCorrelation() override {}
  std::int64_t nowNs() const override { return hostClockNs(); }
};

}  // namespace

std::unique_ptr<ActivitySource> makeCuptiActivitySource() {
  return std::make_unique<UnavailableActivitySource>();
}

bool cuptiCompiledIn() {
  return false;
}

}  // namespace inferscope::trace
