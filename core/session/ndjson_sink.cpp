#include "core/session/ndjson_sink.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/engine/session_result.h"
#include "core/session/event_stream_reader.h"
#include "core/session/session_file.h"
#include "core/session/session_values.h"

namespace inferscope {

// The session file's document type, so results and devices embed without conversion.
using json = session_json::Json;

void NdjsonSink::onConfigStart(int config_index, int config_count,
                               const OptimizationConfig& config) {
  fmt::print(out_, "{}\n",
             json{{"protocol", kEventProtocol},
                  {"event", "config_start"},
                  {"index", config_index},
                  {"count", config_count},
                  {"key", config.key()}}
                 .dump());
  std::fflush(out_);
}

void NdjsonSink::onSample(const Sample& s) {
  // Samples are the hot path: formatted directly (17 significant digits keep doubles exact).
  fmt::print(
      out_,
      R"({{"protocol":{},"event":"sample","config":{},"iteration":{},"latency_ms":{:.17g},"host_ms":{:.17g},"warmup":{}}})"
      "\n",
      kEventProtocol, s.config_index, s.iteration, s.latency_ms, s.host_ms,
      s.warmup ? "true" : "false");
  std::fflush(out_);
}

void NdjsonSink::onConfigDone(const ConfigResult& result) {
  fmt::print(out_,
             R"({{"protocol":{},"event":"config_done","result":{}}})"
             "\n",
             kEventProtocol, session_json::configResultValue(result).dump());
  std::fflush(out_);
}

void NdjsonSink::onLog(LogLevel level, const std::string& message) {
  const char* name = level == LogLevel::Error     ? "error"
                     : level == LogLevel::Warning ? "warning"
                                                  : "info";
  fmt::print(
      out_, "{}\n",
      json{{"protocol", kEventProtocol}, {"event", "log"}, {"level", name}, {"message", message}}
          .dump());
  std::fflush(out_);
}

void NdjsonSink::onSessionDone(const SessionResult& session) {
  fmt::print(out_, "{}\n",
             json{{"protocol", kEventProtocol},
                  {"event", "session_done"},
                  {"parameter_count", session.parameter_count},
                  {"output_shapes", session.output_shapes},
                  {"inputs",
                   [&] {
                     std::vector<std::string> specs;
                     for (const auto& s : session.request.inputs) specs.push_back(s.toString());
                     return specs;
                   }()},
                  {"device", session_json::deviceInfoValue(session.device)}}
                 .dump());
  std::fflush(out_);
}

}  // namespace inferscope
