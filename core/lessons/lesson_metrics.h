// A lesson's numbers, computed from its shipped data: every metric of the lesson file evaluated
// over its sessions and ledgers, and every claim checked against them. What a step says is filled
// from these values (lesson_text.h), so the text and the data cannot drift apart unnoticed.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/cudnn/cudnn_ledger.h"
#include "core/engine/session_result.h"
#include "core/lessons/lesson.h"

namespace inferscope::lessons {

// The data a lesson's sources name, read (lesson_library.h).
struct LessonData {
  std::map<std::string, SessionResult> sessions;
  std::map<std::string, cudnn::CudnnLedger> ledgers;
};

using MetricValues = std::map<std::string, double>;

// Throws Error(InvalidInput) naming the lesson and metric when the data lacks what a metric reads
// (a config the session does not have, a mode the ledger did not run, an unknown field).
MetricValues evaluateMetrics(const Lesson& lesson, const LessonData& data);

// A metric name or a number, resolved.
double resolve(const NumberRef& ref, const MetricValues& values);

struct ClaimResult {
  const Claim* claim = nullptr;
  double lhs = 0, rhs = 0;  // rhs with the factor applied
  bool holds = false;
  std::string description;  // "speedup 3.86 > 3 (…)": for test failures and logs
};
std::vector<ClaimResult> checkClaims(const Lesson& lesson, const MetricValues& values);

}  // namespace inferscope::lessons
