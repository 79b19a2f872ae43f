// Names of the trace record enums, as they appear in Chrome traces, session files and the GUI.
#include "core/trace/trace_records.h"

namespace inferscope::trace {

const char* toString(MemcpyKind kind) {
  switch (kind) {
    case MemcpyKind::HtoD:
      return "HtoD";
    case MemcpyKind::DtoH:
      return "DtoH";
    case MemcpyKind::HtoA:
      return "HtoA";
    case MemcpyKind::AtoH:
      return "AtoH";
    case MemcpyKind::AtoA:
      return "AtoA";
    case MemcpyKind::AtoD:
      return "AtoD";
    case MemcpyKind::DtoA:
      return "DtoA";
    case MemcpyKind::DtoD:
      return "DtoD";
    case MemcpyKind::HtoH:
      return "HtoH";
    case MemcpyKind::PtoP:
      return "PtoP";
    case MemcpyKind::Unknown:
      break;
  }
  return "unknown";
}

const char* toString(ApiDomain domain) {
  return domain == ApiDomain::Runtime ? "runtime" : "driver";
}

const char* toString(SyncKind kind) {
  switch (kind) {
    case SyncKind::EventSynchronize:
      return "event synchronize";
    case SyncKind::StreamWaitEvent:
      return "stream wait event";
    case SyncKind::StreamSynchronize:
      return "stream synchronize";
    case SyncKind::ContextSynchronize:
      return "context synchronize";
    case SyncKind::Unknown:
      break;
  }
  return "synchronize";
}

const char* toString(TraceStatus status) {
  return status == TraceStatus::Traced ? "traced" : "untraced";
}

}  // namespace inferscope::trace
