// A plan measured at every shape of a shape set (core/model/shape_set.h): one run of the whole plan
// per shape, each under the run's own protocol (its FP32 reference at that shape, warm-up
// detection, intervals, forks, accuracy), joined into one session whose results carry their shape.
// Results at different shapes are never ranked against each other: sessionAtShape cuts the session
// into the one-shape sessions the ranking, the tables and the charts already read.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/common/cancel_token.h"
#include "core/engine/session_result.h"
#include "core/model/shape_set.h"

namespace inferscope {

// `base` at one shape: its batch and, for explicit inputs, the shape's input specs (empty inputs
// keep the zoo model's defaults at that batch).
ProfileRequest requestAtShape(const ProfileRequest& base, const ShapePoint& shape);

// Runs one request (the profile run, an isolated run, a fake in tests) and returns its session.
using ShapeRun = std::function<SessionResult(const ProfileRequest&)>;

// Runs base's plan at every point of `set` in order through `run`. Every result is tagged with its
// shape and numbered in the joined session's order; the header (device, host, request) is the
// first shape's. A shape whose run fails as a whole (its FP32 reference ran out of memory, say)
// records every config of the plan at that shape with the error's status and reason and the
// sweep goes on; a failure at the first shape is rethrown, since then the model or its inputs are
// wrong, not the shape. Stops at the shape where `cancel` fires, marking the session cancelled.
SessionResult runShapeSweep(const ProfileRequest& base, const ShapeSet& set, const ShapeRun& run,
                            const CancelToken& cancel);

// Appends `one`'s results to `joined`, each tagged with `shape` (its inputs those `one` resolved
// where the shape names none) and numbered in joined's order. Headers are the caller's.
void appendAtShape(SessionResult& joined, SessionResult one, const ShapePoint& shape);

// The shapes of a session in the order their results first appear; empty for a one-shape session.
std::vector<ShapePoint> sessionShapes(const SessionResult& session);

// The session's results at one shape (by label), as a one-shape session: its request carries that
// shape's batch and inputs, its results keep their shape. Empty configs for an unknown label.
SessionResult sessionAtShape(const SessionResult& session, const std::string& label);

}  // namespace inferscope
