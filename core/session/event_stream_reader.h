// The one reader of InferScope's NDJSON event streams: an isolation worker's events read by its
// parent, `inferscope-cli profile|sweep|trace|cudnn|tune --events ndjson` read by the GUI (the
// lessons' live run, the race view) or by a script. Every line of every stream has one envelope,
//   {"protocol":1,"event":"NAME", …the event's fields…}
// (docs/ARCHITECTURE.md, "Event streams"). The reader splits bytes into lines, checks the envelope
// and its version, and decodes the run events (what NdjsonSink writes) into typed values; other
// event sets (the tuner's tune_* events, core/tuner/tune_event.h) are handed on with their text,
// and names it does not know are handed on untouched, so a newer writer's extra events do not stop
// an older reader.
//
// A stream is read like any other input (a worker runs a user's model, and the model's own print()
// shares its stdout): a line that is not an event becomes an error item naming the line, never an
// exception that ends the stream, and a line is never held beyond a bound.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/device/device_info.h"
#include "core/engine/config_result.h"
#include "core/engine/event_sink.h"
#include "core/model/input_spec.h"

namespace inferscope {

// The envelope's version, the same for every event set. Writers may add events and fields without
// changing it (readers skip what they do not know); renaming or removing a field, or changing its
// type or meaning, raises it, and a reader refuses a version other than its own.
constexpr int kEventProtocol = 1;
// No event comes near this (a config_done with a 20 000-item timeline is a few MiB); a longer line
// is a model's output and is dropped instead of held.
constexpr std::size_t kMaxEventLineBytes = std::size_t{64} << 20;

// The run events: what NdjsonSink writes, an EventSink's calls as lines.
struct ConfigStartEvent {
  int index = 0;  // in the writer's plan
  int count = 0;
  OptimizationConfig config;
};
struct SampleEvent {
  Sample sample;  // latency_ms checked: a time above 0 ms
};
struct LogEvent {
  LogLevel level = LogLevel::Info;
  std::string message;
};
struct ConfigDoneEvent {
  ConfigResult result;  // as the writer analysed it
};
struct SessionDoneEvent {
  std::int64_t parameter_count = 0;
  std::vector<std::string> output_shapes;
  std::vector<InputSpec> inputs;
  std::optional<DeviceInfo> device;
};
using RunEvent =
    std::variant<ConfigStartEvent, SampleEvent, LogEvent, ConfigDoneEvent, SessionDoneEvent>;

// One line whose envelope was read.
struct EventLine {
  std::size_t line_number = 0;  // from 1, over the whole stream
  int protocol = 0;
  std::string name;             // "config_start", "tune_round", …
  std::string text;             // the line, for an event set's own decoder (parseTuneEvent)
  std::optional<RunEvent> run;  // a run event, decoded; empty for any other name
};

// What one line became: an event, or why it is not one.
struct StreamItem {
  // Why a line is not an event. A reader skips NotAnEvent lines (a model's print() shares the
  // stream); OtherVersion means the writer is another InferScope, worth telling the user.
  enum class Problem { None, NotAnEvent, OtherVersion, Truncated, TooLong };
  std::size_t line_number = 0;
  std::optional<EventLine> event;
  Problem problem = Problem::None;
  std::string error;  // when `event` is empty: "<origin>, line 7: …"
};

// One line, envelope and (for run events) fields; throws Error(InvalidInput) naming `origin`, the
// line number and the field.
EventLine parseEventLine(std::string_view line, std::size_t line_number, const std::string& origin,
                         int protocol = kEventProtocol);

class EventStreamReader {
 public:
  // `origin` names the writer in messages ("inferscope-cli's events", "the worker for bf16").
  explicit EventStreamReader(std::string origin, int protocol = kEventProtocol,
                             std::size_t max_line_bytes = kMaxEventLineBytes);

  // The complete lines in `bytes` (with what earlier calls left), in order. Blank lines are
  // skipped; a line over the bound is reported once and dropped up to its newline.
  std::vector<StreamItem> feed(std::string_view bytes);
  // The stream ended: a last line without its newline is reported as truncated.
  std::vector<StreamItem> finish();

  std::size_t linesRead() const { return line_number_; }

 private:
  StreamItem item(std::string_view line);

  std::string origin_;
  int protocol_;
  std::size_t max_line_bytes_;
  std::string pending_;  // the start of a line whose newline has not come yet
  std::size_t line_number_ = 0;
  bool dropping_ = false;  // inside a line over the bound: skipping to its newline
};

}  // namespace inferscope
