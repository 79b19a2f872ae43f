// The NDJSON lines an isolation worker writes (core/session/worker_events.h), as the parent reads
// them: each line applies or throws Error(InvalidInput) (the parent logs it and goes on), never
// crashes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/common/error.h"
#include "core/session/worker_events.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace inferscope;
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  NullSink sink;
  ConfigResult result;
  SessionResult session;
  while (!rest.empty()) {
    const auto newline = rest.find('\n');
    const std::string_view line = rest.substr(0, newline);
    rest = newline == std::string_view::npos ? std::string_view() : rest.substr(newline + 1);
    try {
      (void)applyWorkerEvent(line, 0, 1, sink, result, session);
    } catch (const Error& e) {
      if (e.kind() != ErrorKind::InvalidInput) std::abort();
    }
  }
  return 0;
}
