// The CUPTI entry points InferScope uses, resolved from libcupti at run time (dlopen) rather than
// linked: a CUDA build then still starts on a machine without libcupti and reports "untraced"
// instead of failing to load, and a libcupti already loaded by LibTorch (Kineto) is shared, not
// duplicated. Compiled only in builds with CUPTI headers (INFERSCOPE_TRACE_WITH_CUPTI).
#pragma once

#include <cupti.h>

#include <cstdint>
#include <string>

namespace inferscope::trace::cupti {

struct CuptiApi {
  decltype(&::cuptiGetVersion) getVersion = nullptr;
  decltype(&::cuptiGetResultString) getResultString = nullptr;
  decltype(&::cuptiGetCallbackName) getCallbackName = nullptr;
  decltype(&::cuptiGetTimestamp) getTimestamp = nullptr;
  decltype(&::cuptiActivityRegisterCallbacks) activityRegisterCallbacks = nullptr;
  decltype(&::cuptiActivityEnable) activityEnable = nullptr;
  decltype(&::cuptiActivityDisable) activityDisable = nullptr;
  decltype(&::cuptiActivityFlushAll) activityFlushAll = nullptr;
  decltype(&::cuptiActivityGetNextRecord) activityGetNextRecord = nullptr;
  decltype(&::cuptiActivityGetNumDroppedRecords) activityGetNumDroppedRecords = nullptr;
  decltype(&::cuptiActivityPushExternalCorrelationId) pushExternalCorrelationId = nullptr;
  decltype(&::cuptiActivityPopExternalCorrelationId) popExternalCorrelationId = nullptr;
  decltype(&::cuptiFinalize) finalize = nullptr;
  // Optional (CUPTI 12.5+): per-call control of which API calls are recorded. Null when absent.
  decltype(&::cuptiActivityEnableRuntimeApi) activityEnableRuntimeApi = nullptr;
  decltype(&::cuptiActivityEnableDriverApi) activityEnableDriverApi = nullptr;
  // Optional: CUPTI takes its CPU timestamps from a clock of ours (CUDA 11.6+).
  decltype(&::cuptiActivityRegisterTimestampCallback) activityRegisterTimestampCallback = nullptr;

  std::string library_path;  // what dlopen found, for logs
  std::uint32_t api_version = 0;
};

// Loads libcupti once per process (never unloaded: CUPTI keeps a worker thread). Returns nullptr
// and sets `error` ("untraced: …") when the library is missing, incomplete or of another major
// version than the headers this build used.
const CuptiApi* loadCuptiApi(std::string* error);

// The user-facing reason for a failed CUPTI call during start: privileges, another profiler in
// the process, an unsupported device, or CUPTI's own text for anything else.
std::string untracedReason(CUptiResult result, const char* call, const char* cupti_text);

// CUPTI's text for a result ("CUPTI_ERROR_…"), or the number when it has none.
std::string resultText(const CuptiApi& api, CUptiResult result);

}  // namespace inferscope::trace::cupti
