// The decoder on hand-filled CUDA 13 record structs: field by field, without a GPU. Built only
// when CUPTI headers are available (INFERSCOPE_TRACE_WITH_CUPTI).
#include <gtest/gtest.h>

#include <cstring>

#include "core/trace/cupti_record_decoder.h"

namespace inferscope::trace::cupti {
namespace {

template <class Record>
Record zeroed(CUpti_ActivityKind kind) {
  Record r;
  std::memset(&r, 0, sizeof r);
  r.kind = kind;
  return r;
}

const CUpti_Activity* asActivity(const void* record) {
  return reinterpret_cast<const CUpti_Activity*>(record);
}

TEST(CuptiRecordDecoder, ConcurrentKernel) {
  auto r = zeroed<CUpti_ActivityKernel10>(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL);
  r.name = "_ZN2at6native13reduce_kernelILi512ELi1EEEvv";
  r.start = 1'000;
  r.end = 3'500;
  r.deviceId = 1;
  r.streamId = 7;
  r.correlationId = 42;
  r.gridX = 80;
  r.gridY = 2;
  r.gridZ = 1;
  r.blockX = 256;
  r.blockY = 1;
  r.blockZ = 1;
  r.registersPerThread = 64;
  r.staticSharedMemory = 1024;
  r.dynamicSharedMemory = 4096;
  r.graphId = 3;
  ActivityBatch batch;
  CuptiRecordDecoder decoder(nullptr);
  ASSERT_TRUE(decoder.decode(asActivity(&r), batch));
  ASSERT_EQ(batch.kernels.size(), 1u);
  const auto& k = batch.kernels[0];
  EXPECT_EQ(k.name, "void at::native::reduce_kernel<512, 1>()");
  EXPECT_EQ(k.start_ns, 1'000);
  EXPECT_EQ(k.end_ns, 3'500);
  EXPECT_EQ(k.device, 1u);
  EXPECT_EQ(k.stream, 7u);
  EXPECT_EQ(k.correlation_id, 42u);
  EXPECT_EQ(k.grid_x, 80);
  EXPECT_EQ(k.grid_y, 2);
  EXPECT_EQ(k.block_x, 256);
  EXPECT_EQ(k.registers_per_thread, 64u);
  EXPECT_EQ(k.static_shared_bytes, 1024);
  EXPECT_EQ(k.dynamic_shared_bytes, 4096);
  EXPECT_EQ(k.graph_id, 3u);
}

TEST(CuptiRecordDecoder, CopiesAndSets) {
  auto copy = zeroed<CUpti_ActivityMemcpy6>(CUPTI_ACTIVITY_KIND_MEMCPY);
  copy.copyKind = CUPTI_ACTIVITY_MEMCPY_KIND_HTOD;
  copy.bytes = 602'112;
  copy.start = 10;
  copy.end = 20;
  copy.streamId = 7;
  copy.correlationId = 5;
  auto peer = zeroed<CUpti_ActivityMemcpyPtoP4>(CUPTI_ACTIVITY_KIND_MEMCPY2);
  peer.bytes = 8;
  peer.streamId = 9;
  auto set = zeroed<CUpti_ActivityMemset4>(CUPTI_ACTIVITY_KIND_MEMSET);
  set.bytes = 4096;
  set.value = 0;
  set.start = 30;
  set.end = 31;
  set.streamId = 14;
  set.correlationId = 6;
  ActivityBatch batch;
  CuptiRecordDecoder decoder(nullptr);
  EXPECT_TRUE(decoder.decode(asActivity(&copy), batch));
  EXPECT_TRUE(decoder.decode(asActivity(&peer), batch));
  EXPECT_TRUE(decoder.decode(asActivity(&set), batch));
  ASSERT_EQ(batch.memcpys.size(), 2u);
  EXPECT_EQ(batch.memcpys[0].kind, MemcpyKind::HtoD);
  EXPECT_EQ(batch.memcpys[0].bytes, 602'112u);
  EXPECT_EQ(batch.memcpys[0].correlation_id, 5u);
  EXPECT_EQ(batch.memcpys[1].kind, MemcpyKind::PtoP);
  EXPECT_EQ(batch.memcpys[1].stream, 9u);
  ASSERT_EQ(batch.memsets.size(), 1u);
  EXPECT_EQ(batch.memsets[0].bytes, 4096u);
  EXPECT_EQ(batch.memsets[0].stream, 14u);
  EXPECT_EQ(batch.memsets[0].correlation_id, 6u);
}

TEST(CuptiRecordDecoder, ApiCallsCorrelationsAndSyncs) {
  auto api = zeroed<CUpti_ActivityAPI>(CUPTI_ACTIVITY_KIND_RUNTIME);
  api.cbid = 211;
  api.start = 100;
  api.end = 105;
  api.threadId = 77;
  api.correlationId = 9;
  auto mine = zeroed<CUpti_ActivityExternalCorrelation>(CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION);
  mine.externalKind = CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM2;
  mine.externalId = 1234;
  mine.correlationId = 9;
  auto kinetos = mine;
  kinetos.externalKind = CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM0;  // the PyTorch profiler's
  auto sync = zeroed<CUpti_ActivitySynchronization2>(CUPTI_ACTIVITY_KIND_SYNCHRONIZATION);
  sync.type = CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE;
  sync.streamId = CUPTI_SYNCHRONIZATION_INVALID_VALUE;
  sync.start = 200;
  sync.end = 900;
  ActivityBatch batch;
  CuptiRecordDecoder decoder(nullptr);
  EXPECT_TRUE(decoder.decode(asActivity(&api), batch));
  EXPECT_TRUE(decoder.decode(asActivity(&mine), batch));
  EXPECT_FALSE(decoder.decode(asActivity(&kinetos), batch));
  EXPECT_TRUE(decoder.decode(asActivity(&sync), batch));
  ASSERT_EQ(batch.api_calls.size(), 1u);
  EXPECT_EQ(batch.api_calls[0].domain, ApiDomain::Runtime);
  EXPECT_EQ(batch.api_calls[0].name, "runtime cbid 211");  // no CUPTI library in this test
  EXPECT_EQ(batch.api_calls[0].thread_id, 77u);
  ASSERT_EQ(batch.correlations.size(), 1u);
  EXPECT_EQ(batch.correlations[0].external_id, 1234u);
  EXPECT_EQ(batch.correlations[0].correlation_id, 9u);
  ASSERT_EQ(batch.syncs.size(), 1u);
  EXPECT_EQ(batch.syncs[0].kind, SyncKind::ContextSynchronize);
  EXPECT_EQ(batch.syncs[0].stream, 0u);
  EXPECT_EQ(batch.syncs[0].end_ns, 900);
}

TEST(CuptiRecordDecoder, OtherKindsAreSkipped) {
  auto r = zeroed<CUpti_ActivityAPI>(CUPTI_ACTIVITY_KIND_OVERHEAD);
  ActivityBatch batch;
  CuptiRecordDecoder decoder(nullptr);
  EXPECT_FALSE(decoder.decode(asActivity(&r), batch));
  EXPECT_EQ(batch.recordCount(), 0u);
}

TEST(CuptiRecordDecoder, ApiNameHelpers) {
  EXPECT_EQ(stripVersionSuffix("cudaLaunchKernel_v7000"), "cudaLaunchKernel");
  EXPECT_EQ(stripVersionSuffix("cuLaunchKernelEx"), "cuLaunchKernelEx");
  EXPECT_EQ(stripVersionSuffix("cudaMemcpyAsync_v3020"), "cudaMemcpyAsync");
  EXPECT_EQ(stripVersionSuffix("weird_v"), "weird_v");
  EXPECT_EQ(stripVersionSuffix("cuda_vX1"), "cuda_vX1");
  EXPECT_TRUE(isHousekeepingApi("cudaGetDevice"));
  EXPECT_FALSE(isHousekeepingApi("cudaLaunchKernel"));
}

}  // namespace
}  // namespace inferscope::trace::cupti
