#include "cli/worker_protocol.h"

#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/common/error.h"
#include "core/engine/result_analysis.h"
#include "core/session/session_file.h"

namespace inferscope::cli {
namespace {

using nlohmann::json;

constexpr int kMaxEventDepth = 64;  // a config result nests 7 deep

struct TooDeep {};

json parseEvent(std::string_view line) {
  const auto bounded = [](int depth, json::parse_event_t, json&) {
    if (depth >= kMaxEventDepth) throw TooDeep{};
    return true;
  };
  return json::parse(line.begin(), line.end(), bounded);
}

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
      throw Error(ErrorKind::InvalidInput, fmt::format("sample of iteration {}: latency_ms {} is not a time above 0 ms",
                                                       sample.iteration, sample.latency_ms));
    }
    sink.onSample(sample);
  } else if (event == "config_start") {
    sink.onConfigStart(index, count, OptimizationConfig::parse(j.at("key").get<std::string>()));
  } else if (event == "log") {
    sink.onLog(logLevel(j.value("level", "info")), j.value("message", ""));
  } else if (event == "config_done") {
    result = configResultFromJson(j.at("result").dump(), "worker result");
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
    if (j.contains("device")) session.device = deviceInfoFromJson(j["device"].dump());
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
  try {
    return apply(parseEvent(line), index, count, sink, result, session);
  } catch (const TooDeep&) {
    throw Error(ErrorKind::InvalidInput,
                fmt::format("event nested more than {} levels deep", kMaxEventDepth));
  } catch (const json::exception& e) {
    // nlohmann's text after its "[json.exception.…] " tag.
    const std::string what = e.what();
    const auto tag_end = what.find("] ");
    throw Error(ErrorKind::InvalidInput,
                fmt::format("malformed event: {}",
                            tag_end == std::string::npos ? what : what.substr(tag_end + 2)));
  }
}

}  // namespace inferscope::cli
