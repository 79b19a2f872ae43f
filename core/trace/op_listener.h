// The narrow interface between the LibTorch operator observer (core/torch/op_recorder.h) and the
// tracer, so that the tracer needs no LibTorch and the observer can be tested with a recorder.
//
// Everything here sits on the per-operator path of a traced iteration, which for a launch-bound
// model (ResNet-50 BF16 eager: ~300 kernels and ~1500 operators in 4 ms) is the iteration's time:
// names arrive as the C string LibTorch already holds, input shapes are formatted only when the
// listener asks for them, and nothing here allocates.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/trace/trace_records.h"

namespace inferscope::trace {

// An operator's inputs, described on demand. Valid only during the onOpStart call it is passed to.
class OpInputs {
 public:
  // Appends "32x3x224x224, 64x3x7x7, 64": one entry per input, "-" for non-tensor inputs,
  // trailing non-tensor inputs (stride, padding, …) left out.
  virtual void appendShapes(std::string& out) const = 0;

 protected:
  ~OpInputs() = default;
};

// Already formatted shapes, for callers that have them as text (tests, replays).
class OpInputsText final : public OpInputs {
 public:
  explicit OpInputsText(std::string_view shapes) : shapes_(shapes) {}
  void appendShapes(std::string& out) const override { out.append(shapes_); }

 private:
  std::string_view shapes_;
};

class OpListener {
 public:
  virtual ~OpListener() = default;
  // False outside the trace window: the observer then does nothing else per operator.
  virtual bool wantsOps() const = 0;
  // Whether the observer should have LibTorch box every operator's inputs (for shapes and
  // convolution arguments). Asked when an observer is installed, i.e. once per traced iteration:
  // boxing the inputs of every operator is the largest part of the observer's cost, so a listener
  // that needs no shapes in this iteration says so.
  virtual bool wantsInputs() const { return true; }
  // `external_id` is unique per operator call; onOpEnd receives the same id. Calls nest like the
  // operators do (aten::conv2d → aten::convolution → aten::cudnn_convolution). `name` is valid
  // only during the call (for dispatcher operators it is the schema's name, which lives as long as
  // the process; RECORD_FUNCTION names are copies). `inputs` is null when the observer was
  // installed without inputs.
  virtual void onOpStart(std::uint64_t external_id, const char* name, const OpInputs* inputs) = 0;
  virtual void onOpEnd(std::uint64_t external_id) = 0;

  // Convolution arguments for the cuDNN ledger: asked for aten::convolution calls (and
  // aten::_convolution calls made outside one, as traced TorchScript does) when the observer has
  // inputs. onConvolution follows the operator's onOpStart, with the same id (also in the
  // record); the record's iteration and host times are the listener's to fill.
  virtual bool wantsConvolutions() const { return false; }
  virtual void onConvolution(std::uint64_t /*external_id*/, ConvolutionRecord /*record*/) {}

  // Every operator's arguments and results with dtypes, for counting its work (core/roofline/):
  // asked when an observer is installed. Boxing results as well as inputs costs more again, so
  // only the roofline's one observed iteration per config asks. onOpArguments follows the
  // operator's onOpStart (inputs are readable only then), onOpResults precedes its onOpEnd.
  virtual bool wantsArguments() const { return false; }
  virtual void onOpArguments(std::uint64_t /*external_id*/, std::vector<OpValue> /*inputs*/) {}
  virtual void onOpResults(std::uint64_t /*external_id*/, std::vector<OpValue> /*outputs*/) {}
};

}  // namespace inferscope::trace
