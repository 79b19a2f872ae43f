#include "core/lessons/lesson.h"

namespace inferscope::lessons {

const char* toString(Language language) {
  return language == Language::Japanese ? "ja" : "en";
}

const char* toString(View view) {
  switch (view) {
    case View::Latency:
      return "latency";
    case View::Memory:
      return "memory";
    case View::Speed:
      return "speed";
    case View::Cudnn:
      return "cudnn";
    case View::Kernels:
      return "kernels";
    case View::Cumulative:
      return "cumulative";
  }
  return "latency";
}

std::optional<View> viewFromString(const std::string& text) {
  for (auto v :
       {View::Latency, View::Memory, View::Speed, View::Cudnn, View::Kernels, View::Cumulative})
    if (text == toString(v)) return v;
  return std::nullopt;
}

const char* toString(TargetKind kind) {
  switch (kind) {
    case TargetKind::Region:
      return "region";
    case TargetKind::Point:
      return "point";
    case TargetKind::Row:
      return "row";
    case TargetKind::Config:
      return "config";
  }
  return "config";
}

const Source* Lesson::source(const std::string& name) const {
  for (const auto& s : sources)
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace inferscope::lessons
