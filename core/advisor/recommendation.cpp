// Names of the wizard's choices, as the CLI, the GUI and exported files spell them.
#include "core/advisor/recommendation.h"

#include <fmt/format.h>

#include "core/common/error.h"

namespace inferscope::advisor {

const char* toString(Goal goal) {
  return goal == Goal::Throughput ? "throughput" : "latency";
}

const char* toString(InputSizes sizes) {
  return sizes == InputSizes::Varying ? "varying" : "fixed";
}

const char* toString(ModelFamily family) {
  return family == ModelFamily::Transformer ? "transformer" : "cnn";
}

Goal parseGoal(std::string_view text) {
  if (text == "latency") return Goal::Latency;
  if (text == "throughput") return Goal::Throughput;
  throw Error(ErrorKind::InvalidInput,
              fmt::format("unknown goal '{}' (valid: latency, throughput)", text));
}

InputSizes parseInputSizes(std::string_view text) {
  if (text == "fixed") return InputSizes::Fixed;
  if (text == "varying") return InputSizes::Varying;
  throw Error(ErrorKind::InvalidInput,
              fmt::format("unknown input sizes '{}' (valid: fixed, varying)", text));
}

ModelFamily parseModelFamily(std::string_view text) {
  if (text == "cnn") return ModelFamily::Cnn;
  if (text == "transformer") return ModelFamily::Transformer;
  throw Error(ErrorKind::InvalidInput,
              fmt::format("unknown model family '{}' (valid: cnn, transformer)", text));
}

std::string Note::value(const std::string& name) const {
  const auto it = values.find(name);
  return it == values.end() ? std::string() : it->second;
}

void Recommendation::warn(std::string text, Note note) {
  warnings.push_back(std::move(text));
  warning_notes.push_back(std::move(note));
}

const Reason* Recommendation::reasonFor(std::string_view setting) const {
  for (const auto& r : reasons) {
    if (r.setting == setting) return &r;
  }
  return nullptr;
}

}  // namespace inferscope::advisor
