// The steady-state analysis (docs/MEASUREMENT.md) in words for the table and the charts: the class
// names (flat, warmup, slowdown, drift, switching, no-steady-state) are the analysis's vocabulary,
// not the reader's. `brief` fits a table cell; `explain` is the hover text, one line per finding.
#pragma once

#include <QString>

#include "core/engine/config_result.h"

namespace inferscope::gui {

class SteadyStateText {
 public:
  // "steady from iteration 10", "flat from the start", "switches 2.10 / 4.52 ms", "no steady
  // state"; "—" before the analysis ran.
  static QString brief(const SteadyStateInfo& steady);
  // The class in a sentence, the interval of the median and how it was found, outliers.
  static QString explain(const SteadyStateInfo& steady, int configured_warmup);
  // How a median CI was found, in words ("order statistics", "block bootstrap").
  static QString ciMethod(const std::string& method);
};

}  // namespace inferscope::gui
