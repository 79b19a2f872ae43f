// Filling a lesson's text templates with its metrics: "{speedup:.1f}× faster" → "3.9× faster".
// A placeholder is {metric} or {metric:.Nf|.Ne|.Ng}; "{{" and "}}" are literal braces. The numbers
// are formatted by a callback, so the GUI formats them in the UI's locale (QLocale) and the CLI
// and tests with fmt.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/lessons/lesson_metrics.h"

namespace inferscope::lessons {

// type: 'f' fixed, 'e' exponent, 'g' shortest; precision: digits (-1 when the template gave none).
using NumberFormatter = std::function<std::string(double value, char type, int precision)>;

// fmt's formatting with thousands separators for fixed numbers ("37,716").
std::string formatNumberPlain(double value, char type, int precision);

// Throws Error(InvalidInput) naming the placeholder when it is malformed or names no metric.
std::string fillTemplate(const std::string& text, const MetricValues& values,
                         const NumberFormatter& format = formatNumberPlain);

// The metric names a template uses, in order (for checks that every text can be filled).
std::vector<std::string> templateMetrics(const std::string& text);

}  // namespace inferscope::lessons
