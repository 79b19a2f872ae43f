// The roofline's observed iteration as a file: the operator calls (work_counter.h's OpCall) that
// the process which ran the model recorded, for countWork in this one. The engine counts its calls
// in process; the Python worker records them with the same recorder (torchlayer::OpRecorder into a
// roofline::WorkRecorder), compiled into its instruments module against its own PyTorch
// (core/torch/instruments_module.cpp), and hands them over in this format, so one recorder and one
// counter serve every route a model runs by.
//
// The writer needs nlohmann/json only (the instruments module is built without fmt); the reader is
// the project's checked JSON reader.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/roofline/work_counter.h"

namespace inferscope::roofline {

// The format's name and version, checked by the reader.
inline constexpr const char* kOpCallsFormat = "inferscope-op-calls";
inline constexpr int kOpCallsVersion = 1;

// {"format": "inferscope-op-calls", "version": 1, "calls": [{"id", "parent_id", "depth", "name",
// "start_ns", "end_ns", "inputs": [value…], "outputs": [value…]}, …]}, a value being {"kind":
// "tensor" | "tensor_list" | "int" | "int_list" | "double" | "bool" | "none" | "other", "sizes",
// "elements", "bytes", "dtype", "number"} with the fields of its kind.
std::string opCallsToJson(const std::vector<OpCall>& calls);

// Throws Error(InvalidInput) naming `origin` and the offending value.
std::vector<OpCall> opCallsFromJson(std::string_view text, const std::string& origin);

}  // namespace inferscope::roofline
