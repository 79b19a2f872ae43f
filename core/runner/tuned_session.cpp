#include "core/runner/tuned_session.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "core/tuner/race_record.h"

namespace inferscope::runner {
namespace {

// The session a tuning run leaves: every config's last in-process run, the finalists replaced by
// their forked runs, in race order.
SessionResult tuneSession(const SessionResult& header, const tuner::TuneResult& r) {
  SessionResult s = header;
  s.configs.clear();
  s.request.plan.clear();
  for (const auto& c : r.candidates) {
    const auto pick = [&](const std::vector<ConfigResult>& list) -> const ConfigResult* {
      for (const auto& x : list) {
        if (x.config == c.config || x.fallback_from == c.config.key()) return &x;
      }
      return nullptr;
    };
    const ConfigResult* result = pick(r.finals);
    if (!result) result = pick(r.screening);
    if (!result) continue;
    s.configs.push_back(*result);
    s.configs.back().index = static_cast<int>(s.configs.size()) - 1;
    s.request.plan.push_back(result->config);
  }
  s.cancelled = r.cancelled;
  return s;
}

// A shard's session starts with the FP32 reference: merge keeps one reference per split and
// places the other configs by their position in the shard (core/session/session_merge.h).
void referenceFirst(SessionResult& s) {
  std::vector<std::size_t> order(s.configs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_partition(order.begin(), order.end(),
                        [&](std::size_t i) { return isReferenceConfig(s.configs[i].config); });
  std::vector<ConfigResult> configs;
  for (std::size_t i : order) {
    configs.push_back(std::move(s.configs[i]));
    configs.back().index = static_cast<int>(configs.size()) - 1;
  }
  s.configs = std::move(configs);
  s.request.plan.clear();
  for (const auto& c : s.configs) s.request.plan.push_back(c.config);
}

}  // namespace

SessionResult tunedSession(const SessionResult& header, const tuner::TuneResult& result,
                           const std::string& what, const std::string& device_name,
                           const std::optional<ShardSpec>& shard) {
  SessionResult session = tuneSession(header, result);
  // The answer travels with the session: its state and reasons, every candidate's fate, the
  // budget's use.
  session.races = {tuner::raceRecord(result, what, device_name)};
  if (shard) {
    referenceFirst(session);
    session.shard = shard;
    session.races.front().shard = shard->toString();
  }
  return session;
}

}  // namespace inferscope::runner
