// The roofline's observed iteration: an operator listener (core/trace/op_listener.h) that keeps
// every operator call with its arguments' and results' shapes and dtypes, for countWork
// (work_counter.h). Installed through torchlayer::OpRecorder for one forward per config, never in
// a timed iteration: boxing every operator's inputs and results costs more than the operator for a
// small model.
#pragma once

#include <cstdint>
#include <vector>

#include "core/roofline/work_counter.h"
#include "core/trace/op_listener.h"

namespace inferscope::roofline {

class WorkRecorder final : public trace::OpListener {
 public:
  bool wantsOps() const override { return true; }
  bool wantsInputs() const override { return true; }
  bool wantsArguments() const override { return true; }
  void onOpStart(std::uint64_t external_id, const char* name,
                 const trace::OpInputs* inputs) override;
  void onOpEnd(std::uint64_t external_id) override;
  void onOpArguments(std::uint64_t external_id, std::vector<trace::OpValue> inputs) override;
  void onOpResults(std::uint64_t external_id, std::vector<trace::OpValue> outputs) override;

  // The calls so far in start order; the recorder is empty afterwards.
  std::vector<OpCall> takeCalls();

 private:
  OpCall* open(std::uint64_t external_id);

  std::vector<OpCall> calls_;
  std::vector<std::size_t> stack_;  // open calls, innermost last (indices into calls_)
};

}  // namespace inferscope::roofline
