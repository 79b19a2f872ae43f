// Session files are data from anyone: whatever the bytes, reading one either succeeds or throws
// Error(InvalidInput), never crashes, hangs or overflows the stack; what it reads writes back and
// reads again to the same text, and ranks (what `sweep --from` and the GUI do next).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "core/common/error.h"
#include "core/engine/session_ranking.h"
#include "core/session/session_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace inferscope;
  const std::string text(reinterpret_cast<const char*>(data), size);
  SessionResult session;
  try {
    session = sessionFromJson(text, "fuzz.inferscope.json");
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidInput) std::abort();
    return 0;
  }
  const std::string written = sessionToJson(session);
  if (sessionToJson(sessionFromJson(written, "rewritten")) != written) std::abort();
  (void)rankSession(session);
  return 0;
}
