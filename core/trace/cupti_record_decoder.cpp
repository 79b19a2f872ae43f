// CuptiRecordDecoder: one switch over CUpti_ActivityKind, copying the fields InferScope shows.
#include "core/trace/cupti_record_decoder.h"

#include <fmt/format.h>

#include <array>
#include <iterator>
#include <string_view>

#include "core/trace/demangle.h"

namespace inferscope::trace::cupti {
namespace {

std::int64_t ns(std::uint64_t cupti_ns) {
  return static_cast<std::int64_t>(cupti_ns);
}

MemcpyKind memcpyKind(std::uint8_t kind) {
  switch (kind) {
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOD:
      return MemcpyKind::HtoD;
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOH:
      return MemcpyKind::DtoH;
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOA:
      return MemcpyKind::HtoA;
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOH:
      return MemcpyKind::AtoH;
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOA:
      return MemcpyKind::AtoA;
    case CUPTI_ACTIVITY_MEMCPY_KIND_ATOD:
      return MemcpyKind::AtoD;
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOA:
      return MemcpyKind::DtoA;
    case CUPTI_ACTIVITY_MEMCPY_KIND_DTOD:
      return MemcpyKind::DtoD;
    case CUPTI_ACTIVITY_MEMCPY_KIND_HTOH:
      return MemcpyKind::HtoH;
    case CUPTI_ACTIVITY_MEMCPY_KIND_PTOP:
      return MemcpyKind::PtoP;
    default:
      return MemcpyKind::Unknown;
  }
}

SyncKind syncKind(CUpti_ActivitySynchronizationType type) {
  switch (type) {
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_EVENT_SYNCHRONIZE:
      return SyncKind::EventSynchronize;
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_WAIT_EVENT:
      return SyncKind::StreamWaitEvent;
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_STREAM_SYNCHRONIZE:
      return SyncKind::StreamSynchronize;
    case CUPTI_ACTIVITY_SYNCHRONIZATION_TYPE_CONTEXT_SYNCHRONIZE:
      return SyncKind::ContextSynchronize;
    default:
      return SyncKind::Unknown;
  }
}

}  // namespace

std::string stripVersionSuffix(std::string name) {
  const auto at = name.rfind("_v");
  if (at == std::string::npos || at + 2 >= name.size()) return name;
  for (std::size_t i = at + 2; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return name;
  }
  name.resize(at);
  return name;
}

bool isHousekeepingApi(const std::string& name) {
  // Queries PyTorch and cuBLAS make around every operator; they launch no GPU work. (libkineto
  // filters a similar list.)
  // Keep in step with the callback ids below.
  static constexpr std::array<std::string_view, 30> kSkipped = {"cudaGetDevice",
                                                                "cudaSetDevice",
                                                                "cudaGetLastError",
                                                                "cudaPeekAtLastError",
                                                                "cudaGetDeviceCount",
                                                                "cudaDeviceGetAttribute",
                                                                "cudaStreamIsCapturing",
                                                                "cudaStreamGetCaptureInfo",
                                                                "cudaStreamGetCaptureInfo_v2",
                                                                "cudaPointerGetAttributes",
                                                                "cudaFuncGetAttributes",
                                                                "cudaGetDeviceProperties",
                                                                "cudaDriverGetVersion",
                                                                "cudaRuntimeGetVersion",
                                                                "cuCtxGetCurrent",
                                                                "cuCtxSetCurrent",
                                                                "cuCtxGetDevice",
                                                                "cuCtxGetDevice_v2",
                                                                "cuCtxGetId",
                                                                "cuModuleGetLoadingMode",
                                                                "cuKernelGetAttribute",
                                                                "cuKernelGetFunction",
                                                                "cuLibraryGetKernel",
                                                                "cuFuncGetAttribute",
                                                                "cuDevicePrimaryCtxGetState",
                                                                "cuDeviceGetAttribute",
                                                                "cuPointerGetAttribute",
                                                                "cuPointerGetAttributes",
                                                                "cuStreamIsCapturing",
                                                                "cuStreamGetCaptureInfo"};
  for (const auto& s : kSkipped) {
    if (name == s) return true;
  }
  return false;
}

CallbackIds housekeepingCallbacks(CUpti_CallbackDomain domain) {
  static constexpr CUpti_CallbackId kRuntime[] = {
      CUPTI_RUNTIME_TRACE_CBID_cudaGetDevice_v3020,
      CUPTI_RUNTIME_TRACE_CBID_cudaSetDevice_v3020,
      CUPTI_RUNTIME_TRACE_CBID_cudaGetLastError_v3020,
      CUPTI_RUNTIME_TRACE_CBID_cudaPeekAtLastError_v3020,
      CUPTI_RUNTIME_TRACE_CBID_cudaGetDeviceCount_v3020,
      CUPTI_RUNTIME_TRACE_CBID_cudaDeviceGetAttribute_v5000,
      CUPTI_RUNTIME_TRACE_CBID_cudaStreamIsCapturing_v10000,
      CUPTI_RUNTIME_TRACE_CBID_cudaStreamIsCapturing_ptsz_v10000,
      CUPTI_RUNTIME_TRACE_CBID_cudaStreamGetCaptureInfo_v10010,
      CUPTI_RUNTIME_TRACE_CBID_cudaStreamGetCaptureInfo_ptsz_v10010,
      CUPTI_RUNTIME_TRACE_CBID_cudaStreamGetCaptureInfo_v2_v11030,
      CUPTI_RUNTIME_TRACE_CBID_cudaStreamGetCaptureInfo_v2_ptsz_v11030,
      CUPTI_RUNTIME_TRACE_CBID_cudaStreamGetCaptureInfo_v12030,
      CUPTI_RUNTIME_TRACE_CBID_cudaStreamGetCaptureInfo_ptsz_v12030,
      CUPTI_RUNTIME_TRACE_CBID_cudaPointerGetAttributes_v4000,
      CUPTI_RUNTIME_TRACE_CBID_cudaFuncGetAttributes_v3020,
      CUPTI_RUNTIME_TRACE_CBID_cudaGetDeviceProperties_v3020,
      CUPTI_RUNTIME_TRACE_CBID_cudaGetDeviceProperties_v12000,
      CUPTI_RUNTIME_TRACE_CBID_cudaDriverGetVersion_v3020,
      CUPTI_RUNTIME_TRACE_CBID_cudaRuntimeGetVersion_v3020,
  };
  static constexpr CUpti_CallbackId kDriver[] = {
      CUPTI_DRIVER_TRACE_CBID_cuCtxGetCurrent,
      CUPTI_DRIVER_TRACE_CBID_cuCtxSetCurrent,
      CUPTI_DRIVER_TRACE_CBID_cuCtxGetDevice,
      CUPTI_DRIVER_TRACE_CBID_cuCtxGetDevice_v2,
      CUPTI_DRIVER_TRACE_CBID_cuCtxGetId,
      CUPTI_DRIVER_TRACE_CBID_cuModuleGetLoadingMode,
      CUPTI_DRIVER_TRACE_CBID_cuKernelGetAttribute,
      CUPTI_DRIVER_TRACE_CBID_cuKernelGetFunction,
      CUPTI_DRIVER_TRACE_CBID_cuLibraryGetKernel,
      CUPTI_DRIVER_TRACE_CBID_cuFuncGetAttribute,
      CUPTI_DRIVER_TRACE_CBID_cuDevicePrimaryCtxGetState,
      CUPTI_DRIVER_TRACE_CBID_cuDeviceGetAttribute,
      CUPTI_DRIVER_TRACE_CBID_cuPointerGetAttribute,
      CUPTI_DRIVER_TRACE_CBID_cuPointerGetAttributes,
      CUPTI_DRIVER_TRACE_CBID_cuStreamIsCapturing,
      CUPTI_DRIVER_TRACE_CBID_cuStreamIsCapturing_ptsz,
      CUPTI_DRIVER_TRACE_CBID_cuStreamGetCaptureInfo,
      CUPTI_DRIVER_TRACE_CBID_cuStreamGetCaptureInfo_ptsz,
      CUPTI_DRIVER_TRACE_CBID_cuStreamGetCaptureInfo_v2,
      CUPTI_DRIVER_TRACE_CBID_cuStreamGetCaptureInfo_v2_ptsz,
      CUPTI_DRIVER_TRACE_CBID_cuStreamGetCaptureInfo_v3,
      CUPTI_DRIVER_TRACE_CBID_cuStreamGetCaptureInfo_v3_ptsz,
  };
  if (domain == CUPTI_CB_DOMAIN_RUNTIME_API) return {kRuntime, std::size(kRuntime)};
  if (domain == CUPTI_CB_DOMAIN_DRIVER_API) return {kDriver, std::size(kDriver)};
  return {nullptr, 0};
}

const std::string& CuptiRecordDecoder::kernelName(const char* mangled) {
  std::string key = mangled != nullptr ? mangled : "";
  auto it = kernel_names_.find(key);
  if (it == kernel_names_.end()) {
    it = kernel_names_.emplace(key, demangle(mangled)).first;
  }
  return it->second;
}

const std::string& CuptiRecordDecoder::apiName(CUpti_CallbackDomain domain, std::uint32_t cbid) {
  const std::uint64_t key = (static_cast<std::uint64_t>(domain) << 32) | cbid;
  auto it = api_names_.find(key);
  if (it != api_names_.end()) return it->second;
  const char* name = nullptr;
  std::string text;
  if (api_ != nullptr && api_->getCallbackName(domain, cbid, &name) == CUPTI_SUCCESS &&
      name != nullptr) {
    text = stripVersionSuffix(name);
  } else {
    text = fmt::format("{} cbid {}", domain == CUPTI_CB_DOMAIN_DRIVER_API ? "driver" : "runtime",
                       cbid);
  }
  return api_names_.emplace(key, std::move(text)).first->second;
}

bool CuptiRecordDecoder::decode(const CUpti_Activity* record, ActivityBatch& batch) {
  switch (record->kind) {
    case CUPTI_ACTIVITY_KIND_KERNEL:
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
      const auto* r = reinterpret_cast<const CUpti_ActivityKernel10*>(record);
      KernelRecord k;
      k.name = kernelName(r->name);
      k.start_ns = ns(r->start);
      k.end_ns = ns(r->end);
      k.device = r->deviceId;
      k.stream = r->streamId;
      k.correlation_id = r->correlationId;
      k.grid_x = r->gridX;
      k.grid_y = r->gridY;
      k.grid_z = r->gridZ;
      k.block_x = r->blockX;
      k.block_y = r->blockY;
      k.block_z = r->blockZ;
      k.registers_per_thread = r->registersPerThread;
      k.static_shared_bytes = r->staticSharedMemory;
      k.dynamic_shared_bytes = r->dynamicSharedMemory;
      k.graph_id = r->graphId;
      batch.kernels.push_back(std::move(k));
      return true;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
      const auto* r = reinterpret_cast<const CUpti_ActivityMemcpy6*>(record);
      batch.memcpys.push_back({memcpyKind(r->copyKind), r->bytes, ns(r->start), ns(r->end),
                               r->deviceId, r->streamId, r->correlationId, 0, -1});
      return true;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY2: {
      const auto* r = reinterpret_cast<const CUpti_ActivityMemcpyPtoP4*>(record);
      batch.memcpys.push_back({MemcpyKind::PtoP, r->bytes, ns(r->start), ns(r->end), r->deviceId,
                               r->streamId, r->correlationId, 0, -1});
      return true;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
      const auto* r = reinterpret_cast<const CUpti_ActivityMemset4*>(record);
      batch.memsets.push_back({r->bytes, r->value, ns(r->start), ns(r->end), r->deviceId,
                               r->streamId, r->correlationId, 0, -1});
      return true;
    }
    case CUPTI_ACTIVITY_KIND_RUNTIME:
    case CUPTI_ACTIVITY_KIND_DRIVER: {
      const auto* r = reinterpret_cast<const CUpti_ActivityAPI*>(record);
      const bool driver = record->kind == CUPTI_ACTIVITY_KIND_DRIVER;
      const auto& name =
          apiName(driver ? CUPTI_CB_DOMAIN_DRIVER_API : CUPTI_CB_DOMAIN_RUNTIME_API, r->cbid);
      if (isHousekeepingApi(name)) return false;
      RuntimeApiRecord api;
      api.domain = driver ? ApiDomain::Driver : ApiDomain::Runtime;
      api.cbid = r->cbid;
      api.name = name;
      api.start_ns = ns(r->start);
      api.end_ns = ns(r->end);
      api.process_id = r->processId;
      api.thread_id = r->threadId;
      api.correlation_id = r->correlationId;
      batch.api_calls.push_back(std::move(api));
      return true;
    }
    case CUPTI_ACTIVITY_KIND_EXTERNAL_CORRELATION: {
      const auto* r = reinterpret_cast<const CUpti_ActivityExternalCorrelation*>(record);
      // Only our kind: Kineto (the PyTorch profiler) uses CUSTOM0 and CUSTOM1.
      if (r->externalKind != CUPTI_EXTERNAL_CORRELATION_KIND_CUSTOM2) return false;
      batch.correlations.push_back({r->externalId, r->correlationId});
      return true;
    }
    case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: {
      const auto* r = reinterpret_cast<const CUpti_ActivitySynchronization2*>(record);
      const std::uint32_t stream =
          r->streamId == CUPTI_SYNCHRONIZATION_INVALID_VALUE ? 0 : r->streamId;
      batch.syncs.push_back(
          {syncKind(r->type), ns(r->start), ns(r->end), stream, r->correlationId});
      return true;
    }
    default:
      return false;
  }
}

}  // namespace inferscope::trace::cupti
