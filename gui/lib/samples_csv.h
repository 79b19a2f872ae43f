// Export → Samples as CSV: every iteration of every config, warm-up included and flagged, so the
// numbers behind the Latency chart can go into a spreadsheet or pandas as they are.
// Columns: config (plan index), key, iteration, warmup (0/1), latency_ms, host_ms.
#pragma once

#include <QString>

#include "core/engine/session_result.h"

namespace inferscope::gui {

class SamplesCsv {
 public:
  static QString header();
  // The whole file's text; `rows` (when given) receives the number of sample rows.
  static QString toText(const SessionResult& session, int* rows = nullptr);
  // Written through QSaveFile (temp + rename). Returns the number of sample rows, or -1 with
  // `error` set to a message naming the path.
  static int write(const SessionResult& session, const QString& path, QString* error = nullptr);
};

}  // namespace inferscope::gui
