// The real CUPTI source, as far as a machine without a GPU can take it: the library loads, the
// failure messages are the documented ones, and starting without a device fails cleanly. On a GPU
// machine the start succeeds instead; tests/core/trace/test_op_recorder.cpp traces real kernels.
#include <gtest/gtest.h>

#include "core/trace/activity_source.h"
#include "core/trace/cupti_api.h"
#include "core/trace/kernel_tracer.h"

namespace inferscope::trace {
namespace {

TEST(CuptiActivitySource, IsCompiledIn) {
  EXPECT_TRUE(cuptiCompiledIn());
}

TEST(CuptiActivitySource, PrivilegeErrorTellsTheUserWhatToDo) {
  EXPECT_EQ(
      cupti::untracedReason(CUPTI_ERROR_INSUFFICIENT_PRIVILEGES, "cuptiActivityEnable", "x"),
      "untraced: profiling is restricted to admin users (RmProfilingAdminOnly=1 in "
      "/proc/driver/nvidia/params); run as root or set NVreg_RestrictProfilingToAdminUsers=0");
}

TEST(CuptiActivitySource, SecondSubscriberIsNamed) {
  const auto reason = cupti::untracedReason(CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED,
                                            "cuptiActivityEnable", "x");
  EXPECT_NE(reason.find("another CUPTI client"), std::string::npos) << reason;
}

TEST(CuptiActivitySource, OtherErrorsCarryTheCallAndCuptisText) {
  EXPECT_EQ(
      cupti::untracedReason(CUPTI_ERROR_UNKNOWN, "cuptiActivityFlushAll", "CUPTI_ERROR_UNKNOWN"),
      "untraced: cuptiActivityFlushAll failed: CUPTI_ERROR_UNKNOWN");
}

TEST(CuptiActivitySource, LibraryLoadsWithTheHeadersMajorVersion) {
  std::string error;
  const auto* api = cupti::loadCuptiApi(&error);
  ASSERT_NE(api, nullptr) << error;
  EXPECT_EQ(api->api_version / 10000, static_cast<std::uint32_t>(CUPTI_API_VERSION / 10000));
  EXPECT_EQ(cupti::resultText(*api, CUPTI_ERROR_INSUFFICIENT_PRIVILEGES),
            "CUPTI_ERROR_INSUFFICIENT_PRIVILEGES");
}

TEST(CuptiActivitySource, StartsOrExplainsWhyNot) {
  auto source = makeCuptiActivitySource();
  EXPECT_EQ(source->name(), "cupti");
  const auto status = source->start(ActivityStartOptions{});
  if (status.ok) {
    // A GPU machine: the clock runs and stopping detaches cleanly.
    EXPECT_GT(source->nowNs(), 0);
  } else {
    EXPECT_EQ(status.reason.rfind("untraced: ", 0), 0u) << status.reason;
  }
  source->stop();
  source->stop();  // idempotent
}

TEST(CuptiActivitySource, TracerWindowIsTracedOrUntracedWithAReason) {
  KernelTracer tracer(makeCuptiActivitySource());
  const bool traced = tracer.beginIteration(0, true);
  tracer.endIteration(0);
  const auto w = tracer.finish();
  EXPECT_EQ(w.source, "cupti");
  EXPECT_EQ(w.traced(), traced);
  if (!traced) {
    EXPECT_EQ(w.untraced_reason.rfind("untraced: ", 0), 0u) << w.untraced_reason;
  }
}

}  // namespace
}  // namespace inferscope::trace
