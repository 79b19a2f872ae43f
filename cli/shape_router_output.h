// The Python router of a shape-set answer (core/advisor/shape_router_export.h), from a session over
// a shape set and its record: `tune --python` over a set, and `sweep --python` over a set or of a
// saved session (`sweep --from`), which route by the sweep's own measurements.
#pragma once

#include <string>

#include "core/engine/session_result.h"
#include "core/model/model_zoo.h"

namespace inferscope::cli {

// Writes the router for `record`'s routing table and one config (the buckets' inputs as `session`
// resolved them) to `path`, executable, and says so on stdout. `torch_version` is what the
// configs' code targets ("": this build's LibTorch, or the default 2.x before 2.0). Throws
// Error(InvalidInput) when the record has no routing table (a one-shape or largest-batch session)
// or nothing ran safely.
void writeShapeRouter(const SessionResult& session, const ShapeRecord& record, ModelFamily family,
                      const std::string& torch_version, const std::string& path);

}  // namespace inferscope::cli
