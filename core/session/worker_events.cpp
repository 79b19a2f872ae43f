#include "core/session/worker_events.h"

#include <fmt/format.h>

#include <cmath>

#include "core/common/error.h"
#include "core/engine/result_analysis.h"
#include "core/session/bounded_json.h"
#include "core/session/session_file.h"
#include "core/session/session_values.h"

namespace inferscope {
namespace {

using json = session_json::Json;

constexpr int kMaxEventDepth = 64;  // a config result nests 7 deep

LogLevel logLevel(const std::string& name) {
  return name == "error" ? LogLevel::Error : name == "warning" ? LogLevel::Warning : LogLevel::Info;
}

bool apply(const json& j, int index, int count, EventSink& sink, ConfigResult& result,
           SessionResult& session) {
  const auto event = j.at("event").get<std::string>();
  if (event == "sample") {
    const Sample sample{index, j.at("iteration").get<int>(), j.at("latency_ms").get<double>(),
                        j.at("host_ms").get<double>(), j.at("warmup").get<bool>()};
    if (!(sample.latency_ms > 0.0) || !std::isfinite(sample.latency_ms)) {
      throw Error(ErrorKind::InvalidInput,
                  fmt::format("sample of iteration {}: latency_ms {} is not a time above 0 ms",
                              sample.iteration, sample.latency_ms));
    }
    sink.onSample(sample);
  } else if (event == "config_start") {
    sink.onConfigStart(index, count, OptimizationConfig::parse(j.at("key").get<std::string>()));
  } else if (event == "log") {
    sink.onLog(logLevel(j.value("level", "info")), j.value("message", ""));
  } else if (event == "config_done") {
    result = session_json::configResultFrom(j.at("result"));
    result.index = index;
    // The parent analyses the series itself, with its own rules; a latency that is not a time
    // fails the config, naming the iteration, instead of reaching a ranking.
    try {
      analyseLatencies(result, session.request.batch);
    } catch (const Error& e) {
      result.status = ConfigStatus::Error;
      result.message = fmt::format("the worker reported {}", e.what());
    }
    return true;
  } else if (event == "session_done") {
    session.parameter_count = j.value("parameter_count", std::int64_t{0});
    session.output_shapes = j.value("output_shapes", std::vector<std::string>{});
    if (j.contains("device")) session.device = session_json::deviceInfoFrom(j.at("device"));
    if (session.request.inputs.empty()) {
      for (const auto& spec : j.value("inputs", std::vector<std::string>{})) {
        session.request.inputs.push_back(InputSpec::parse(spec));
      }
    }
  }
  return false;
}

}  // namespace

bool applyWorkerEvent(std::string_view line, int index, int count, EventSink& sink,
                      ConfigResult& result, SessionResult& session) {
  session_json::ParseLimits limits;
  limits.max_depth = kMaxEventDepth;
  const json j = session_json::parseBounded(line, "worker event", limits);
  try {
    return apply(j, index, count, sink, result, session);
  } catch (const nlohmann::json::exception& e) {
    // With the path of the offending value: "malformed event: result.latency_ms[3]: …".
    throw Error(ErrorKind::InvalidInput,
                fmt::format("malformed event: {}", session_json::describe(e)));
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::InvalidInput) throw;
    throw Error(ErrorKind::InvalidInput, fmt::format("malformed event: {}", e.what()));
  }
}

}  // namespace inferscope
