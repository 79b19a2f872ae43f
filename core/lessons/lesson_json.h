// Reading a lesson file (resources/lessons/*.lesson.json; docs/TEACHING.md documents the format).
// Strict: unknown keys, a step pointing at a source the lesson does not declare, a metric defined
// twice or an operation with the wrong number of arguments fail the read, naming file and field.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/lessons/lesson.h"

namespace inferscope::lessons {

Lesson lessonFromJson(std::string_view text, const std::string& origin);

// resources/lessons/index.json: {"lessons": ["cold-start.lesson.json", …]} in teaching order.
std::vector<std::string> lessonIndexFromJson(std::string_view text, const std::string& origin);

}  // namespace inferscope::lessons
