// Prints a run as it happens (one progress line per config on stderr) and the result table
// (stdout). The table is the CLI's product, so it goes to stdout alone, pipe-friendly. These lines
// are for people; programs run a command with `--events ndjson` and read its events instead.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <string>

#include "cli/options/run_options.h"
#include "core/engine/event_sink.h"
#include "core/engine/session_result.h"

namespace inferscope::cli {

class ConsoleSink : public EventSink {
 public:
  explicit ConsoleSink(bool quiet = false);
  void onConfigStart(int config_index, int config_count, const OptimizationConfig& config) override;
  void onProgress(const Progress& progress) override;
  void onConfigDone(const ConfigResult& result) override;
  void onLog(LogLevel level, const std::string& message) override;

 private:
  bool quiet_;
  bool interactive_;  // stderr is a terminal: live progress line
  bool progress_open_ = false;
};

// The sink a run reports to (--events, cli/options/run_options.h): run events on stdout, or the
// console's progress lines.
std::unique_ptr<EventSink> makeRunSink(const std::string& events, bool quiet);

// The result table: one row per config.
void printResultTable(std::FILE* out, const SessionResult& session);
// The roofline (RunSettings::roofline): the device's ceilings against the datasheet, then per
// config its work, rates, intensity, share of the ceiling and bound, its uncounted operators, and
// its top kernels with their operator's work. Nothing when the session has no roofline.
void printRooflineTable(std::FILE* out, const SessionResult& session);
void printSessionHeader(std::FILE* out, const SessionResult& session);
// A session over a shape set (its record, core/engine/shape_record.h): per config, the per-item
// latency, items/s and peak memory at each batch, the knee and the first batch out of memory.
// Nothing without curves.
void printThroughputTable(std::FILE* out, const ShapeRecord& record);
// The peak memory of each precision at each batch of the record: the narrower type's room for a
// larger batch, as a table. Nothing when no batch reported memory.
void printMemoryPerPrecision(std::FILE* out, const ShapeRecord& record);
// Over a shape set, from the record: the fastest safe config per shape (what a router would pick)
// and the one config for every shape under the mix, against that per-shape oracle (sweep, profile
// and tune over a shape set). Nothing with fewer than two routes.
void printShapeAnswers(std::FILE* out, const ShapeRecord& record);
// `sweep --max-batch`: per config its largest batch, the first out of memory, the probes and why
// the search ended. Nothing without searches.
void printMaxBatchTable(std::FILE* out, const ShapeRecord& record);

}  // namespace inferscope::cli
