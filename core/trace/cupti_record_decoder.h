// Turns CUPTI activity records into InferScope's plain records (trace_records.h). The only place
// that reads CUPTI's record structs, whose layout is versioned per CUDA release: CUDA 13 emits
// CUpti_ActivityKernel10, CUpti_ActivityMemcpy6, CUpti_ActivityMemcpyPtoP4, CUpti_ActivityMemset4,
// CUpti_ActivityAPI, CUpti_ActivityExternalCorrelation and CUpti_ActivitySynchronization2.
// Not thread-safe: the source decodes one buffer at a time under its lock.
#pragma once

#include <cupti.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>

#include "core/trace/cupti_api.h"
#include "core/trace/trace_records.h"

namespace inferscope::trace::cupti {

class CuptiRecordDecoder {
 public:
  // `api` resolves API call names; nullptr (tests) names them "cbid N".
  explicit CuptiRecordDecoder(const CuptiApi* api) : api_(api) {}

  // Appends the record to `batch` when InferScope shows its kind; false when it was skipped
  // (another kind, another external-correlation kind, or a housekeeping API call).
  bool decode(const CUpti_Activity* record, ActivityBatch& batch);

 private:
  const std::string& kernelName(const char* mangled);
  const std::string& apiName(CUpti_CallbackDomain domain, std::uint32_t cbid);

  const CuptiApi* api_;
  std::unordered_map<std::string, std::string> kernel_names_;  // mangled → demangled
  std::unordered_map<std::uint64_t, std::string> api_names_;   // (domain << 32 | cbid) → name
};

// "cudaLaunchKernel_v7000" → "cudaLaunchKernel": CUPTI names carry the version they appeared in.
std::string stripVersionSuffix(std::string name);

// Calls that launch nothing and only clutter the host tracks (cudaGetDevice, …).
bool isHousekeepingApi(const std::string& name);

// The callback ids of those calls in one domain (runtime or driver API), so that CUPTI can be told
// not to record them at all (cuptiActivityEnableRuntimeApi/DriverApi, CUDA 12.5+). PyTorch makes
// several per operator (a device guard alone calls cudaGetDevice), and each recorded call costs a
// record plus an external-correlation record on the launching thread — what makes a launch-bound
// model slow under tracing. isHousekeepingApi still drops any that get through.
struct CallbackIds {
  const CUpti_CallbackId* ids;
  std::size_t count;
};
CallbackIds housekeepingCallbacks(CUpti_CallbackDomain domain);

}  // namespace inferscope::trace::cupti
