// Prints a run as it happens (one progress line per config on stderr) and the result table
// (stdout). The table is the CLI's product, so it goes to stdout alone, pipe-friendly. These lines
// are for people; programs run a command with `--events ndjson` and read its events instead.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>
#include <string>

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

// --events for the commands that run configs (profile, sweep, trace, cudnn; tune has its own
// events): "text", progress on stderr and tables on stdout, or "ndjson", the run events on stdout
// (core/session/ndjson_sink.h, docs/ARCHITECTURE.md, "Event streams") and nothing else there — no
// progress lines, no tables; errors and "session written to" stay on stderr, as with tune.
CLI::Option* addEventsOption(CLI::App& command, std::string& events);
bool eventsAreNdjson(const std::string& events);
// The sink a run reports to: run events on stdout, or the console's progress lines.
std::unique_ptr<EventSink> makeRunSink(const std::string& events, bool quiet);

// The result table: one row per config.
void printResultTable(std::FILE* out, const SessionResult& session);
// The roofline (RunSettings::roofline): the device's ceilings against the datasheet, then per
// config its work, rates, intensity, share of the ceiling and bound, its uncounted operators, and
// its top kernels with their operator's work. Nothing when the session has no roofline.
void printRooflineTable(std::FILE* out, const SessionResult& session);
void printSessionHeader(std::FILE* out, const SessionResult& session);

}  // namespace inferscope::cli
