// Answers across a shape set, from a session measured over it (core/engine/shape_sweep.h): the best
// config per shape bucket, which a router would pick (the routing table), and the best single
// config for the whole set weighted by a shape mix (uniform by default), each against the
// per-bucket oracle (the best measured config at each shape).
//
// A bucket is one measured shape: a router sends a request to the smallest bucket whose shape
// holds it (padding the batch up to the bucket's), so the set's shapes are the buckets. "Best" is
// the lowest steady median among the configs that ran and are not judged unsafe at that shape
// (rankSession with the given accuracy rule: NaN/Inf or an error over the tolerance excludes a
// config; one whose accuracy was not measured stays, as the ranking keeps it).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine/session_ranking.h"
#include "core/engine/session_result.h"
#include "core/engine/shape_values.h"

namespace inferscope {

// One entry per shape of the session, in the order the shapes first appear.
std::vector<RouteEntry> routingTable(const SessionResult& session,
                                     const RankingOptions& options = {});

// A shape mix: the share of requests at each shape label. Written "B=1:3,B=8:1" (weights ≥ 0,
// normalised); every label must be one of `labels`, and a label left out weighs 0. Empty text:
// uniform over `labels`. Throws Error(InvalidInput) naming the entry.
std::vector<ShapeWeight> parseShapeMix(std::string_view text,
                                       const std::vector<std::string>& labels);

// The best single config over the mix: among configs that ran safely at every shape of positive
// weight; nullopt when none did.
std::optional<WeightedChoice> bestSingleConfig(const SessionResult& session,
                                               const std::vector<ShapeWeight>& mix,
                                               const RankingOptions& options = {});

}  // namespace inferscope
