#include "core/advisor/session_evidence.h"

#include <fmt/format.h>

#include "core/advisor/recommendation_validator.h"

namespace inferscope::advisor {

bool sessionMatchesDevice(const Recommendation& rec, const SessionResult& session) {
  const auto caps = DeviceCaps::from(session.device);
  if (caps.kind != rec.request.caps.kind) return false;
  return !caps.isCuda() ||
         (caps.cc_major == rec.request.caps.cc_major && caps.cc_minor == rec.request.caps.cc_minor);
}

Recommendation applySessionEvidence(Recommendation rec, const SessionResult& session) {
  if (!sessionMatchesDevice(rec, session)) return rec;
  bool any_ok = false;
  for (const auto& c : session.configs) any_ok = any_ok || c.status == ConfigStatus::Ok;
  if (!any_ok) return rec;
  const auto outcome = validateRecommendation(rec, session.configs);
  const std::string where =
      fmt::format("the open session ({}, {} configs, {})", session.device.name,
                  session.configs.size(), session.created_utc);
  const auto* measured = session.find(rec.config.key());
  if (outcome.verdict == ValidationVerdict::Switched ||
      outcome.verdict == ValidationVerdict::FellBackToFp32) {
    rec.warnings.push_back(fmt::format("{} overrules the table: {} instead of {}", where,
                                       outcome.chosen.key(), rec.config.key()));
    rec.config = outcome.chosen;
  }
  rec.reasons.push_back({"evidence",
                         measured ? outcome.explanation
                                  : fmt::format("{} (the table's choice was not measured there)",
                                                outcome.explanation),
                         fmt::format("measured: {}", where)});
  return rec;
}

}  // namespace inferscope::advisor
