// The NDJSON stream an isolation worker writes, as the parent reads it: split into lines by the
// one event reader (core/session/event_stream_reader.h), each line an event or an error item, each
// event applied (core/session/worker_events.h) or refused with Error(InvalidInput) — never a crash,
// and nothing but InvalidInput ever thrown.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "core/common/error.h"
#include "core/session/event_stream_reader.h"
#include "core/session/worker_events.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace inferscope;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  NullSink sink;
  ConfigResult result;
  SessionResult session;
  // A small bound, so that inputs reach the over-long line's path too; fed in two chunks, so that
  // a line split between reads is exercised.
  EventStreamReader reader("fuzz", kEventProtocol, 4096);
  const auto apply = [&](const std::vector<StreamItem>& items) {
    for (const auto& item : items) {
      if (!item.event) {
        if (item.error.empty()) std::abort();  // every refused line says why
        continue;
      }
      try {
        (void)applyWorkerEvent(*item.event, 0, 1, sink, result, session);
      } catch (const Error& e) {
        if (e.kind() != ErrorKind::InvalidInput) std::abort();
      }
    }
  };
  try {
    apply(reader.feed(input.substr(0, size / 2)));
    apply(reader.feed(input.substr(size / 2)));
    apply(reader.finish());
  } catch (const Error&) {
    std::abort();  // the reader turns every bad line into an item
  }
  return 0;
}
