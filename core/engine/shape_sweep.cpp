#include "core/engine/shape_sweep.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/common/error.h"

namespace inferscope {

ProfileRequest requestAtShape(const ProfileRequest& base, const ShapePoint& shape) {
  ProfileRequest r = base;
  r.batch = shape.batch;
  r.inputs = shape.inputs;
  return r;
}

SessionResult runShapeSweep(const ProfileRequest& base, const ShapeSet& set, const ShapeRun& run,
                            const CancelToken& cancel) {
  if (set.points.empty()) throw Error(ErrorKind::InvalidInput, "the shape set has no shapes");
  SessionResult joined;
  for (std::size_t s = 0; s < set.points.size(); ++s) {
    const auto& shape = set.points[s];
    if (cancel.cancelled()) {
      joined.cancelled = true;
      break;
    }
    const auto request = requestAtShape(base, shape);
    SessionResult one;
    one.request = request;
    try {
      one = run(request);
    } catch (const Error& e) {
      if (s == 0 || e.kind() == ErrorKind::Cancelled) throw;
      // The model ran at the earlier shapes: this failure is the shape's (too large for memory,
      // a size the model refuses), a result of the sweep rather than the end of it.
      const auto status =
          e.kind() == ErrorKind::OutOfMemory ? ConfigStatus::OutOfMemory : ConfigStatus::Error;
      for (const auto& config : base.plan) {
        ConfigResult r;
        r.config = config;
        r.status = status;
        r.message =
            fmt::format("the run at {} failed before this config: {}", shape.label, e.what());
        one.configs.push_back(std::move(r));
      }
    }
    if (s == 0) {
      joined = one;
      joined.configs.clear();
      joined.cancelled = false;
    }
    const bool cancelled = one.cancelled;
    appendAtShape(joined, std::move(one), shape);
    if (cancelled) {
      joined.cancelled = true;
      break;
    }
  }
  return joined;
}

void appendAtShape(SessionResult& joined, SessionResult one, const ShapePoint& shape) {
  for (auto& r : one.configs) {
    r.index = static_cast<int>(joined.configs.size());
    r.shape = shape;
    // Zoo inputs are resolved by the run: the file then says what each shape's tensors were.
    if (r.shape->inputs.empty()) r.shape->inputs = one.request.inputs;
    joined.configs.push_back(std::move(r));
  }
}

std::vector<ShapePoint> sessionShapes(const SessionResult& session) {
  std::vector<ShapePoint> shapes;
  for (const auto& c : session.configs) {
    if (!c.shape) continue;
    const bool known = std::any_of(shapes.begin(), shapes.end(),
                                   [&](const ShapePoint& p) { return p.label == c.shape->label; });
    if (!known) shapes.push_back(*c.shape);
  }
  return shapes;
}

SessionResult sessionAtShape(const SessionResult& session, const std::string& label) {
  SessionResult out = session;
  out.configs.clear();
  out.races.clear();  // a race answers for the whole session, not one of its shapes
  for (const auto& c : session.configs) {
    if (!c.shape || c.shape->label != label) continue;
    if (out.configs.empty()) {
      out.request.batch = c.shape->batch;
      if (!c.shape->inputs.empty()) out.request.inputs = c.shape->inputs;
    }
    out.configs.push_back(c);
  }
  return out;
}

}  // namespace inferscope
