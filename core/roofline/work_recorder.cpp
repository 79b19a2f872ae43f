#include "core/roofline/work_recorder.h"

#include <chrono>
#include <utility>

namespace inferscope::roofline {
namespace {

std::int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

void WorkRecorder::onOpStart(std::uint64_t external_id, const char* name,
                             const trace::OpInputs* /*inputs*/) {
  OpCall c;
  c.id = external_id;
  c.parent_id = stack_.empty() ? 0 : calls_[stack_.back()].id;
  c.depth = static_cast<int>(stack_.size());
  c.name = name != nullptr ? name : "";
  c.start_ns = nowNs();
  stack_.push_back(calls_.size());
  calls_.push_back(std::move(c));
}

OpCall* WorkRecorder::open(std::uint64_t external_id) {
  // The innermost open call, nearly always; a deeper search for calls that end out of order.
  for (auto it = stack_.rbegin(); it != stack_.rend(); ++it) {
    if (calls_[*it].id == external_id) return &calls_[*it];
  }
  return nullptr;
}

void WorkRecorder::onOpArguments(std::uint64_t external_id, std::vector<trace::OpValue> inputs) {
  if (OpCall* c = open(external_id)) c->inputs = std::move(inputs);
}

void WorkRecorder::onOpResults(std::uint64_t external_id, std::vector<trace::OpValue> outputs) {
  if (OpCall* c = open(external_id)) c->outputs = std::move(outputs);
}

void WorkRecorder::onOpEnd(std::uint64_t external_id) {
  for (std::size_t k = stack_.size(); k-- > 0;) {
    if (calls_[stack_[k]].id != external_id) continue;
    calls_[stack_[k]].end_ns = nowNs();
    // Calls left open above it (an exception unwound them) end with it.
    for (std::size_t j = k + 1; j < stack_.size(); ++j)
      calls_[stack_[j]].end_ns = calls_[stack_[k]].end_ns;
    stack_.resize(k);
    return;
  }
}

std::vector<OpCall> WorkRecorder::takeCalls() {
  stack_.clear();
  return std::exchange(calls_, {});
}

}  // namespace inferscope::roofline
