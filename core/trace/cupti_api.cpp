// loadCuptiApi: dlopen + dlsym of the CUPTI entry points, and the messages for CUPTI failures.
#include "core/trace/cupti_api.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cstdint>
#include <mutex>
#include <vector>

static_assert(CUPTI_API_VERSION >= 130000,
              "the CUPTI record decoder is written against CUPTI 13 (CUDA 13) record layouts");

namespace inferscope::trace::cupti {
namespace {

template <class Fn>
bool resolve(void* handle, const char* symbol, Fn& out, std::string& missing) {
  out = reinterpret_cast<Fn>(::dlsym(handle, symbol));
  if (out == nullptr) missing += missing.empty() ? symbol : fmt::format(", {}", symbol);
  return out != nullptr;
}

// Candidates in order: the soname (picks up a libcupti LibTorch already loaded, or one on
// LD_LIBRARY_PATH), then the library CMake found at configure time.
std::vector<std::string> candidates() {
  std::vector<std::string> names{fmt::format("libcupti.so.{}", CUPTI_API_VERSION / 10000)};
#ifdef INFERSCOPE_CUPTI_LIBRARY
  names.emplace_back(INFERSCOPE_CUPTI_LIBRARY);
#endif
  names.emplace_back("libcupti.so");
  return names;
}

const CuptiApi* load(std::string& error) {
  void* handle = nullptr;
  std::string tried, path;
  for (const auto& name : candidates()) {
    handle = ::dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle != nullptr) {
      path = name;
      break;
    }
    tried += fmt::format("{}{}", tried.empty() ? "" : ", ", name);
  }
  if (handle == nullptr) {
    error = fmt::format(
        "untraced: CUPTI not available (no libcupti found: tried {}; install the "
        "CUDA toolkit's CUPTI or add its lib folder to LD_LIBRARY_PATH)",
        tried);
    return nullptr;
  }
  static CuptiApi api;
  std::string missing;
  resolve(handle, "cuptiGetVersion", api.getVersion, missing);
  resolve(handle, "cuptiGetResultString", api.getResultString, missing);
  resolve(handle, "cuptiGetCallbackName", api.getCallbackName, missing);
  resolve(handle, "cuptiGetTimestamp", api.getTimestamp, missing);
  resolve(handle, "cuptiActivityRegisterCallbacks", api.activityRegisterCallbacks, missing);
  resolve(handle, "cuptiActivityEnable", api.activityEnable, missing);
  resolve(handle, "cuptiActivityDisable", api.activityDisable, missing);
  resolve(handle, "cuptiActivityFlushAll", api.activityFlushAll, missing);
  resolve(handle, "cuptiActivityGetNextRecord", api.activityGetNextRecord, missing);
  resolve(handle, "cuptiActivityGetNumDroppedRecords", api.activityGetNumDroppedRecords, missing);
  resolve(handle, "cuptiActivityPushExternalCorrelationId", api.pushExternalCorrelationId, missing);
  resolve(handle, "cuptiActivityPopExternalCorrelationId", api.popExternalCorrelationId, missing);
  resolve(handle, "cuptiFinalize", api.finalize, missing);
  std::string optional;  // not required: without them every API call is recorded
  resolve(handle, "cuptiActivityEnableRuntimeApi", api.activityEnableRuntimeApi, optional);
  resolve(handle, "cuptiActivityEnableDriverApi", api.activityEnableDriverApi, optional);
  resolve(handle, "cuptiActivityRegisterTimestampCallback", api.activityRegisterTimestampCallback,
          optional);
  if (!missing.empty()) {
    error = fmt::format("untraced: CUPTI not available ({} lacks {})", path, missing);
    return nullptr;
  }
  api.library_path = path;
  if (api.getVersion(&api.api_version) != CUPTI_SUCCESS) api.api_version = 0;
  // Record layouts (CUpti_ActivityKernel10, …) change between major versions.
  if (api.api_version / 10000 != CUPTI_API_VERSION / 10000) {
    error = fmt::format(
        "untraced: CUPTI at {} has API version {}, but this build reads CUPTI {} "
        "records (API {}); use the libcupti of CUDA {}",
        path, api.api_version, CUPTI_API_VERSION / 10000, CUPTI_API_VERSION,
        CUPTI_API_VERSION / 10000);
    return nullptr;
  }
  return &api;
}

}  // namespace

const CuptiApi* loadCuptiApi(std::string* error) {
  static std::once_flag once;
  static const CuptiApi* api = nullptr;
  static std::string load_error;
  std::call_once(once, [] { api = load(load_error); });
  if (api == nullptr && error != nullptr) *error = load_error;
  return api;
}

std::string resultText(const CuptiApi& api, CUptiResult result) {
  const char* text = nullptr;
  if (api.getResultString != nullptr && api.getResultString(result, &text) == CUPTI_SUCCESS &&
      text != nullptr) {
    return text;
  }
  return fmt::format("CUPTI error {}", static_cast<int>(result));
}

std::string untracedReason(CUptiResult result, const char* call, const char* cupti_text) {
  switch (result) {
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
      return "untraced: profiling is restricted to admin users (RmProfilingAdminOnly=1 in "
             "/proc/driver/nvidia/params); run as root or set "
             "NVreg_RestrictProfilingToAdminUsers=0";
    case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
      return "untraced: another CUPTI client is active in this process (the PyTorch profiler / "
             "Kineto, Nsight Systems or another tool); stop it and run again";
    case CUPTI_ERROR_NOT_INITIALIZED:
    case CUPTI_ERROR_INVALID_DEVICE:
      return fmt::format("untraced: CUPTI found no usable CUDA device or driver ({} returned {})",
                         call, cupti_text);
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED:
      return fmt::format("untraced: CUPTI does not support tracing on this device ({})",
                         cupti_text);
    default:
      return fmt::format("untraced: {} failed: {}", call, cupti_text);
  }
}

}  // namespace inferscope::trace::cupti
