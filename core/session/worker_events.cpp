#include "core/session/worker_events.h"

#include <fmt/format.h>

#include <type_traits>
#include <utility>

#include "core/common/error.h"
#include "core/engine/result_analysis.h"

namespace inferscope {

bool applyWorkerEvent(const EventLine& event, int index, int count, EventSink& sink,
                      ConfigResult& result, SessionResult& session) {
  if (!event.run) return false;
  return std::visit(
      [&](const auto& e) {
        using Event = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<Event, SampleEvent>) {
          Sample sample = e.sample;
          sample.config_index = index;  // the worker's plan is this one config
          sink.onSample(sample);
        } else if constexpr (std::is_same_v<Event, ConfigStartEvent>) {
          sink.onConfigStart(index, count, e.config);
        } else if constexpr (std::is_same_v<Event, LogEvent>) {
          sink.onLog(e.level, e.message);
        } else if constexpr (std::is_same_v<Event, ConfigDoneEvent>) {
          result = e.result;
          result.index = index;
          // The parent analyses the series itself, with its own rules; a latency that is not a
          // time fails the config, naming the iteration, instead of reaching a ranking.
          try {
            analyseLatencies(result, session.request.batch);
          } catch (const Error& error) {
            result.status = ConfigStatus::Error;
            result.message = fmt::format("the worker reported {}", error.what());
          }
          return true;
        } else if constexpr (std::is_same_v<Event, SessionDoneEvent>) {
          session.parameter_count = e.parameter_count;
          session.output_shapes = e.output_shapes;
          if (e.device) session.device = *e.device;
          if (session.request.inputs.empty()) session.request.inputs = e.inputs;
        }
        return false;
      },
      *event.run);
}

bool applyWorkerEvent(std::string_view line, int index, int count, EventSink& sink,
                      ConfigResult& result, SessionResult& session) {
  return applyWorkerEvent(parseEventLine(line, 1, "worker event"), index, count, sink, result,
                          session);
}

}  // namespace inferscope
